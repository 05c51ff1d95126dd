// Knip (`npm run knip`, part of `npm run validate`): files nobody imports, exports nobody uses,
// dependencies nobody needs and packages used without being declared by the workspace that uses them.
// Each workspace lists what runs by itself (servers, tools, tests, scripts); knip's plugins add what
// package.json scripts, Vite, Vitest, ESLint and GraphQL Codegen configs name.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // Named in docs and CI rather than package.json scripts, or loaded by path.
        'scripts/server-*.vite.config.mjs',
        'scripts/**/*.test.ts',
        'test/**/*.test.ts',
        'e2e/tests/**/*.test.ts',
        'hardening/*.test.ts',
        'hardening/lib/memory-probe.mjs',
        'bench/**/*.test.ts',
        'bench/lib/bare-server.mjs',
        'wordpress/contract/*.test.ts',
        'wordpress/contract/snapshot-report.ts',
        'wordpress/test/**/*.test.ts',
        'wordpress/scripts/smoke.mjs',
        'content/check.mjs',
      ],
      project: [
        '*.{js,ts}',
        'scripts/**/*.{mjs,ts,mts}',
        'test/**/*.ts',
        'e2e/**/*.{mjs,ts,mts}',
        'hardening/**/*.{mjs,ts}',
        'bench/**/*.{mjs,ts}',
        'wordpress/**/*.{mjs,ts}',
        'content/*.mjs',
      ],
      vitest: {
        config: ['vitest.config.ts', 'hardening/vitest.config.ts', 'wordpress/contract/vitest.config.ts'],
      },
    },
    gateway: {
      // src/main.ts and the tools are named by package.json scripts; the sandbox by its index.html.
      entry: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'sandbox/**/*.ts'],
      vite: { config: ['sandbox/vite.config.ts'] },
      vitest: { config: ['test/redis/vitest.config.ts'] },
    },
    web: {
      entry: [
        'server/main.server.ts',
        'src/entry-server.tsx',
        'src/**/*.test.{ts,tsx}',
        'server/**/*.test.ts',
        'build/**/*.test.ts',
      ],
      project: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'build/**/*.ts'],
    },
    'packages/*': {
      // Their entry points come from package.json `exports`.
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
  },
  // What codegen writes: every document's types, used or not.
  ignoreIssues: {
    'web/src/gql/**': ['exports', 'types'],
    'gateway/src/generated/**': ['exports', 'types'],
  },
  // PHP comes with the loopback WordPress's Debian packages (wordpress/scripts/up.sh), not from npm:
  // the contract tests run it to change WordPress's settings.
  ignoreBinaries: ['php'],
  // An export also used in its own module is not dead code; what is reported is what nothing uses.
  ignoreExportsUsedInFile: true,
  // A pattern above that matches nothing, or repeats what a plugin finds, fails the run: the list
  // stays true as files move.
  treatConfigHintsAsErrors: true,
};

export default config;
