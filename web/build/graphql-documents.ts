import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/** A `graphql(`...`)` call in a module: where it is and the document text it passes. */
interface GraphqlCall {
  start: number;
  end: number;
  source: string;
}

/** codegen's generated `graphql()` (web/src/gql/gql.ts): a document's source text to its document. */
type GeneratedGraphql = (source: string) => unknown;

/**
 * Replaces each `graphql(`...`)` call with the document codegen generated for it, inlined.
 * The client preset's `graphql()` looks documents up in one table holding every document of the
 * app (and a shared module cannot be split between chunks), so without this every route would ship
 * every other route's queries in the first download.
 *
 * The documents come from that generated `graphql()` itself, loaded at build time: it answers the
 * document codegen made for exactly the source text the call passes, so this needs no knowledge of
 * codegen's file layout or naming. The calls are found in the module's syntax tree. A call codegen
 * has no document for (changed since the last `npm run codegen`), or one that does not pass a
 * plain template literal, fails the build: left as it is, it would pull the whole table in.
 */
export function graphqlDocuments(
  generatedModule = path.resolve(import.meta.dirname, '../src/gql/gql.ts'),
): Plugin {
  let generated: Promise<GeneratedGraphql> | undefined;
  return {
    name: 'site:graphql-documents',
    enforce: 'pre',
    async transform(code, id) {
      const lang = /\.([jt]sx?)$/.exec(id)?.[1] as 'js' | 'jsx' | 'ts' | 'tsx' | undefined;
      if (!lang || id.includes('/node_modules/') || id.includes('/src/gql/')) return null;
      if (!code.includes('graphql(')) return null;
      const calls = graphqlCalls(this.parse(code, { lang }), (message) => this.error(`${id}: ${message}`));
      if (calls.length === 0) return null;
      generated ??= loadGeneratedGraphql(generatedModule);
      const graphql = await generated;
      let out = '';
      let from = 0;
      for (const call of calls) {
        const document = graphql(call.source);
        if (!isDocument(document)) {
          this.error(
            `${id}: no generated document for the graphql() call at ${call.start}; run npm run codegen`,
          );
        }
        out += `${code.slice(from, call.start)}(${JSON.stringify(document)})`;
        from = call.end;
      }
      return { code: out + code.slice(from), map: null };
    },
  };
}

async function loadGeneratedGraphql(file: string): Promise<GeneratedGraphql> {
  const mod = (await tsImport(file, import.meta.url)) as { graphql?: unknown };
  if (typeof mod.graphql !== 'function') throw new Error(`${file} exports no graphql(); run npm run codegen`);
  return mod.graphql as GeneratedGraphql;
}

/** What codegen generates for a document: a GraphQL DocumentNode (the generated graphql() answers {} for unknown text). */
function isDocument(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Document' &&
    Array.isArray((value as { definitions?: unknown }).definitions)
  );
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * The `graphql(...)` calls of a module's syntax tree (ESTree), in source order. Each must pass one
 * template literal without substitutions, as codegen reads them; `fail` is told of any other.
 */
function graphqlCalls(program: unknown, fail: (message: string) => never): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isNode(value)) return;
    const callee = value.callee;
    if (
      value.type === 'CallExpression' &&
      isNode(callee) &&
      callee.type === 'Identifier' &&
      callee.name === 'graphql'
    ) {
      const [argument, ...rest] = value.arguments as unknown[];
      const quasis =
        isNode(argument) && argument.type === 'TemplateLiteral' ? (argument.quasis as Node[]) : [];
      const source = quasis.length === 1 ? (quasis[0]!.value as { cooked?: string | null }).cooked : null;
      if (rest.length > 0 || typeof source !== 'string') {
        fail(`the graphql() call at ${value.start} must pass one template literal without substitutions`);
      }
      calls.push({ start: value.start, end: value.end, source });
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'type' && typeof child === 'object') visit(child);
    }
  };
  visit(program);
  return calls.sort((a, b) => a.start - b.start);
}
