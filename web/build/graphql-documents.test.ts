import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSync } from 'vite';
import { HeaderSiteFragmentDoc } from '../src/gql/graphql';
import { graphqlDocuments } from './graphql-documents';

type Transform = (
  this: { parse(code: string, options: { lang: string }): unknown; error(message: string): never },
  code: string,
  id: string,
) => Promise<{ code: string } | null>;

const context = {
  parse: (code: string, options: { lang: string }) =>
    parseSync(`module.${options.lang}`, code, options as Parameters<typeof parseSync>[2]).program,
  error(message: string): never {
    throw new Error(message);
  },
};

const DOCUMENT = { kind: 'Document', definitions: [{ kind: 'OperationDefinition', name: 'Q' }] };
const SOURCE = '\n  query Q {\n    site { name }\n  }\n';

/** A stand-in for codegen's gql.ts: its graphql() answers {} for text it has no document for. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'graphql-documents-'));
const generated = path.join(dir, 'gql.ts');
writeFileSync(
  generated,
  `const documents: Record<string, unknown> = { ${JSON.stringify(SOURCE)}: ${JSON.stringify(DOCUMENT)} };\n` +
    'export function graphql(source: string) { return documents[source] ?? {}; }\n',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const transformWith = (module: string) =>
  (graphqlDocuments(module).transform as unknown as Transform).bind(context);

describe('graphql-documents', () => {
  it('inlines the generated document of each call, wherever it is in the module', async () => {
    const code = [
      "import { graphql } from '../gql';",
      '// Brief §4: the firm’s name ✓ (text before the call that is not ASCII)',
      `export const A = graphql(\`${SOURCE}\`);`,
      `const nested = { list: [load(graphql(\`${SOURCE}\`), 'x')] };`,
    ].join('\n');
    const out = (await transformWith(generated)(code, '/site/web/src/a.tsx'))!.code;
    expect(out).not.toContain('graphql(`');
    expect(out.split(JSON.stringify(DOCUMENT))).toHaveLength(3);
    expect(out).toContain(`export const A = (${JSON.stringify(DOCUMENT)});`);
    expect(out).toContain(`[load((${JSON.stringify(DOCUMENT)}), 'x')]`);
    expect(out).toContain('the firm’s name ✓');
  });

  it('gives the documents codegen generated for the site', async () => {
    const header = path.resolve(import.meta.dirname, '../src/components/layout/Header.tsx');
    const generatedBySite = path.resolve(import.meta.dirname, '../src/gql/gql.ts');
    const out = (await transformWith(generatedBySite)(readFileSync(header, 'utf8'), header))!;
    expect(out.code).toContain(`(${JSON.stringify(HeaderSiteFragmentDoc)})`);
    expect(out.code).not.toContain('graphql(`');
  });

  it('fails the build for a document codegen has not seen, rather than shipping every document', async () => {
    const code = 'export const B = graphql(`query Other { site { name } }`);';
    await expect(transformWith(generated)(code, '/site/web/src/b.ts')).rejects.toThrow(
      /b\.ts: no generated document .*npm run codegen/,
    );
  });

  it('fails the build for a call codegen cannot read', async () => {
    for (const code of [
      'const q = `query Q { a }`; export const C = graphql(q);',
      'export const C = graphql(`query Q { ${field} }`);',
    ]) {
      await expect(transformWith(generated)(code, '/site/web/src/c.ts')).rejects.toThrow(
        /one template literal without substitutions/,
      );
    }
  });

  it('leaves modules without calls, dependencies and the generated files alone', async () => {
    const transform = transformWith(path.join(dir, 'missing.ts'));
    expect(await transform('export const x = 1;', '/site/web/src/x.ts')).toBeNull();
    expect(await transform('const graphqlClient = graphqlish(1);', '/site/web/src/y.ts')).toBeNull();
    const call = `graphql(\`${SOURCE}\`)`;
    expect(await transform(call, '/site/node_modules/pkg/index.js')).toBeNull();
    expect(await transform(call, '/site/web/src/gql/gql.ts')).toBeNull();
    expect(await transform(call, '/site/web/src/styles.css')).toBeNull();
  });
});
