import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { graphqlDocuments } from './build/graphql-documents';
import { chakraThemeData } from './build/chakra-theme-data';
import { phoneMetadata } from './build/phone-metadata';
import { precompress } from './build/precompress';
import { imageFormats } from './build/image-formats';
import { siteIcon } from './build/site-icon';
import { devanagariFont } from './build/devanagari-font';

// One config for both builds: `vite build` (browser bundle + manifest) and
// `vite build --ssr src/entry-server.tsx` (the render function the Node server imports).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    graphqlDocuments(),
    chakraThemeData(),
    phoneMetadata(),
    react(),
    precompress(),
    imageFormats(),
    siteIcon(),
    devanagariFont(),
  ],
  publicDir: 'public',
  resolve: {
    // Browser bundle: packages' ES2015 builds where they have one (rxjs, under Apollo Client) rather
    // than ES5 builds with helper functions: smaller, and modern phones run classes natively.
    // React Router's production build (the same code with its development warnings off) comes
    // through the "production" condition, which Vite sets in both builds: its package exports name
    // only its development build (patches/react-router+*.patch adds the condition).
    conditions: ['es2015', ...defaultClientConditions],
  },
  build: {
    manifest: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: isSsrBuild
      ? {}
      : {
          // The boot module (written into every page) and the islands' entry (loaded on pages with
          // an island): the browser runs no router and no page-wide React.
          input: { boot: 'src/boot/boot.ts', islands: 'src/islands/entry.tsx' },
          // The islands' entry is imported by the boot module for its hydrateIsland export.
          preserveEntrySignatures: 'exports-only',
          treeshake: { moduleSideEffects: dropUnusedPackages },
        },
  },
  ssr: {
    // Bundle these into the server build so SSR and the browser run the same module instances.
    noExternal: [
      '@chakra-ui/react',
      '@ark-ui/react',
      '@pandacss/is-valid-prop',
      'lucide-react',
      'react-router',
      // Bundled, so production installs neither them nor, through their optional peer, TypeScript:
      // the browser gets the catalogues' library only in an island's chunk (decision 0013).
      'i18next',
      'react-i18next',
      'html-parse-stringify',
      'void-elements',
      'use-sync-external-store',
    ],
  },
}));

/**
 * hoist-non-react-statics (with react-is, which it needs) is a CommonJS package that fills tables
 * when it loads, so the bundler keeps it even when nothing calls it; emotion imports it only for
 * `withTheme`, which the site does not use (emotion's own source calls it "not tree-shakeable").
 * Declaring it free of side effects drops 1 KiB gzip from every page; it stays if code ever uses it.
 */
function dropUnusedPackages(id: string): boolean | undefined {
  return /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) ? false : undefined;
}
