import {
  parse,
  Kind,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type FieldNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { selects } from './selection.js';

/** The info of the query's first top-level field, as a resolver of it receives it. */
function infoOf(query: string) {
  const doc = parse(query);
  const operation = doc.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const fragments = Object.fromEntries(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments };
}

describe('selects', () => {
  it('follows a path of fields', () => {
    expect(selects(infoOf('{ posts { nodes { slug noindex } } }'), ['nodes', 'noindex'])).toBe(true);
    expect(selects(infoOf('{ posts { nodes { slug } totalCount } }'), ['nodes', 'noindex'])).toBe(false);
    // The same name elsewhere is not the path.
    expect(selects(infoOf('{ posts { nodes { seo { noindex } } } }'), ['nodes', 'noindex'])).toBe(false);
    expect(selects(infoOf('{ posts { totalCount } }'), ['nodes'])).toBe(false);
  });

  it('looks through named and inline fragments, and a fragment that spreads itself ends', () => {
    const named = `query { posts { ...List } }
      fragment List on PostList { nodes { ...Entry } }
      fragment Entry on Post { slug ... on Post { noindex } }`;
    expect(selects(infoOf(named), ['nodes', 'noindex'])).toBe(true);
    const looped = `query { posts { ...A } } fragment A on PostList { ...A totalCount }`;
    expect(selects(infoOf(looped), ['nodes', 'noindex'])).toBe(false);
    expect(selects(infoOf('query { posts { ...Missing } }'), ['nodes'])).toBe(false);
  });
});
