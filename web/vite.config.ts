import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { graphqlDocuments } from './build/graphql-documents';

// One config for both builds: `vite build` (browser bundle + manifest) and
// `vite build --ssr src/entry-server.tsx` (the render function the Node server imports).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [graphqlDocuments(), react()],
  publicDir: 'public',
  build: {
    manifest: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: isSsrBuild ? {} : { input: 'src/entry-client.tsx' },
  },
  ssr: {
    // Bundle these into the server build so SSR and the browser run the same module instances.
    noExternal: ['@chakra-ui/react', '@ark-ui/react', '@pandacss/is-valid-prop', 'lucide-react'],
  },
}));
