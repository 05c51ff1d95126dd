// Builds the offline GraphQL sandbox: `npm run build:sandbox -w gateway` -> gateway/sandbox/dist,
// served by the gateway under /graphql (assets under /graphql/sandbox/).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/graphql/sandbox/',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // GraphiQL and its editor are large by nature; this is a development tool, not the site.
    chunkSizeWarningLimit: 8000,
    rolldownOptions: {
      onwarn(warning, warn) {
        // GraphiQL's dependencies mark React client modules; irrelevant in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  worker: { format: 'es' },
});
