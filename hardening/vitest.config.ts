import { defineConfig } from 'vitest/config';

// The hardening suite (npm run test:hardening): real servers, real sockets, one file at a time so
// the load test has the machine to itself.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['hardening/**/*.test.ts'],
    setupFiles: ['./test/setup-no-network.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
