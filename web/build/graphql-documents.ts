import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const DEFINITION = /^\s*(query|mutation|subscription|fragment)\s+([_A-Za-z][_0-9A-Za-z]*)/m;
const GENERATED = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*;$/gm;

/**
 * Replaces each `graphql(`...`)` call with the document codegen generated for it, inlined.
 * The client preset's `graphql()` looks documents up in one table holding every document of the
 * app (and a shared module cannot be split between chunks), so without this every route would ship
 * every other route's queries in the first download.
 */
export function graphqlDocuments(
  generatedFile = path.resolve(import.meta.dirname, '../src/gql/graphql.ts'),
): Plugin {
  let cache: { mtime: number; docs: Map<string, string> } | null = null;
  const documents = (): Map<string, string> => {
    const mtime = statSync(generatedFile).mtimeMs;
    if (cache?.mtime !== mtime) {
      const docs = new Map<string, string>();
      for (const m of readFileSync(generatedFile, 'utf8').matchAll(GENERATED)) docs.set(m[1]!, m[2]!);
      cache = { mtime, docs };
    }
    return cache.docs;
  };
  return {
    name: 'site:graphql-documents',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.(tsx?|jsx?)$/.test(id) || id.includes('/node_modules/') || id.includes('/src/gql/'))
        return null;
      if (!code.includes('graphql(`')) return null;
      const docs = documents();
      const out = code.replace(CALL, (_match, source: string) => {
        const def = DEFINITION.exec(source);
        if (!def) throw new Error(`${id}: graphql() document without a named operation or fragment`);
        const [, kind, name] = def;
        const exported = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        const json = docs.get(exported);
        if (!json) throw new Error(`${id}: ${exported} is not generated yet; run npm run codegen`);
        return `(${json})`;
      });
      return { code: out, map: null };
    },
  };
}
