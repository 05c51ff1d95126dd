// The suites that need a real Redis; run by `npm run test:redis` (run.ts), which provides one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export default defineConfig({
  test: {
    root,
    include: ['gateway/test/redis/**/*.test.ts'],
    setupFiles: ['./test/setup-no-network.ts'],
    // Each file starts servers and child processes; one at a time keeps the machine quiet.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
