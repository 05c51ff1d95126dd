// What a query asks for below the field being resolved, so a resolver can ask WordPress for no more
// than that (the posts list asks for each post's robots choice only when `nodes { noindex }` is
// selected; sources/api.ts, ROBOTS_FIELDS).
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the selection below the resolved field reaches `path` (field names, outermost first),
 * through named and inline fragments alike. Directives are not weighed: a field under
 * `@skip(if: true)` still counts, which costs a few bytes and never a wrong answer.
 */
export function selects(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  path: readonly string[],
): boolean {
  const walk = (
    set: SelectionSetNode | undefined,
    rest: readonly string[],
    seen: ReadonlySet<string>,
  ): boolean => {
    if (rest.length === 0) return true;
    if (!set) return false;
    const [name, ...tail] = rest;
    return set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD)
        return selection.name.value === name && walk(selection.selectionSet, tail, seen);
      if (selection.kind === Kind.INLINE_FRAGMENT) return walk(selection.selectionSet, rest, seen);
      const fragment = info.fragments[selection.name.value];
      if (!fragment || seen.has(selection.name.value)) return false;
      return walk(fragment.selectionSet, rest, new Set([...seen, selection.name.value]));
    });
  };
  return info.fieldNodes.some((node) => walk(node.selectionSet, path, new Set()));
}
