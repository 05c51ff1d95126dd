// The contract suite against the loopback WordPress (`npm run test:wordpress`, after
// `npm run wordpress:up`). Its own config so the root `npm test` never runs it. Files run one at a
// time: they write to the same WordPress and one of them stops it for a while.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default defineConfig({
  test: {
    root,
    include: ['wordpress/contract/**/*.test.ts'],
    setupFiles: ['./test/setup-no-network.ts'],
    globalSetup: ['./wordpress/contract/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
