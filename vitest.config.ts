import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/server/**/*.test.ts',
      'web/build/**/*.test.ts',
      'bench/**/*.test.ts',
      'wordpress/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // These need a real Redis: `npm run test:redis` runs them with one.
    exclude: [...configDefaults.exclude, 'gateway/test/redis/**'],
    setupFiles: ['./test/setup-no-network.ts'],
    pool: 'threads',
    // A safety net, not a measure: on a busy shared machine a test that starts servers or loads a
    // module graph can take several seconds. No test asserts on time.
    testTimeout: 20_000,
  },
});
