import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The workspace packages' folders (package.json `workspaces`: `gateway`, `web`, `packages/*`). */
function workspaceFolders() {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return workspaces.flatMap((entry) => {
    if (!entry.endsWith('/*')) return [path.join(ROOT, entry)];
    const parent = path.join(ROOT, entry.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(parent, d.name));
  });
}

const WORKSPACES = workspaceFolders();

/**
 * A workspace package reaches another one by its name (`@site/content-model`): through its entry
 * point, as a dependency it declares. A relative path out of the package's folder would take
 * whatever file it names, unseen by the other package's exports and by the dependency graph.
 * Root-level test folders (e2e/, bench/, hardening/, wordpress/) are not packages: they may.
 */
const packageBoundaries = {
  rules: {
    'no-relative-import-outside': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          outside:
            "'{{source}}' leaves {{workspace}}/: import another workspace by its package name, or move what both need into packages/.",
        },
      },
      create(context) {
        const file = context.filename;
        const inside = (folder, target) => {
          const rel = path.relative(folder, target);
          return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
        };
        const workspace = WORKSPACES.find((folder) => inside(folder, file));
        if (!workspace) return {};
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          if (!source.value.startsWith('.')) return;
          if (inside(workspace, path.resolve(path.dirname(file), source.value))) return;
          context.report({
            node: source,
            messageId: 'outside',
            data: { source: source.value, workspace: path.relative(ROOT, workspace) },
          });
        };
        return {
          ImportDeclaration: check,
          ExportAllDeclaration: check,
          ExportNamedDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/src/gql/**',
      'gateway/src/generated/**',
      'content/**',
      'bench/results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { workspace: packageBoundaries },
    rules: { 'workspace/no-relative-import-outside': 'error' },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
