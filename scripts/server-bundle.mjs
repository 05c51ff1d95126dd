// How the two Node servers are compiled for production (docs/decisions/0001-compiled-production.md):
// each entry point becomes one ES module file with the project's own code inlined (the workspace
// packages under packages/ included) and every installed package left as an import, so the runtime
// needs the production dependencies and nothing else. Vite (a devDependency of both workspaces)
// compiles them with scripts/server-gateway.vite.config.mjs and scripts/server-web.vite.config.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The two servers: the workspace each belongs to, its TypeScript entry point (what development, the
 * tests and the suites run through tsx) and the compiled file production runs with plain `node`;
 * paths relative to the repository root. `npm start` (scripts/start-env.mjs) and the build's freshness
 * check take them from here, and wordpress/test/compose.test.ts holds docker-compose.yml to them.
 */
export const SERVERS = {
  gateway: { workspace: 'gateway', source: 'gateway/src/main.ts', compiled: 'gateway/dist/main.js' },
  web: {
    workspace: 'web',
    source: 'web/server/main.server.ts',
    compiled: 'web/dist/node/main.server.js',
  },
};

/**
 * Modules find files next to them through `import.meta.url` (the repository root, the sandbox's
 * build, `createRequire`). Inlined into one file, they would all get the bundle's address instead, and
 * every such path would silently depend on where the bundle sits. Each module's `import.meta.url`,
 * `import.meta.dirname` and `import.meta.filename` are rewritten to the address its source file has,
 * relative to the bundle, so a compiled server resolves exactly what its sources resolve.
 * @param {string} outDir absolute folder of the bundle (a single file: no chunks elsewhere)
 * @returns {import('vite').Plugin}
 */
export function keepModuleLocations(outDir) {
  return {
    name: 'keep-module-locations',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (file.includes('/node_modules/') || !path.isAbsolute(file) || !code.includes('import.meta.')) {
        return null;
      }
      const rel = JSON.stringify(path.relative(outDir, file).split(path.sep).join('/'));
      const url = `new URL(${rel}, import.meta.url).href`;
      const replaced = code.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_whole, what) => {
        if (what === 'url') return `(${url})`;
        const filename = `__siteFileURLToPath(${url})`;
        return what === 'filename' ? `(${filename})` : `__siteDirname(${filename})`;
      });
      if (replaced === code) return null;
      const prelude = /\bimport\.meta\.(dirname|filename)\b/.test(code)
        ? "import { fileURLToPath as __siteFileURLToPath } from 'node:url';\n" +
          "import { dirname as __siteDirname } from 'node:path';\n"
        : '';
      return { code: prelude + replaced, map: null };
    },
  };
}

/**
 * The Vite configuration that compiles one of SERVERS.
 * @param {{ workspace: string, source: string, compiled: string }} server
 * @returns {import('vite').UserConfig}
 */
export function serverBundle(server) {
  const root = path.join(repoRoot, server.workspace);
  const entry = path.join(repoRoot, server.source);
  const outDir = path.dirname(path.join(repoRoot, server.compiled));
  return {
    root,
    // Neither server reads Vite's public folder or .env files: settings come from the environment
    // at run time (gateway/src/config.ts, web/server/config.server.ts), not at build time.
    publicDir: false,
    envDir: false,
    logLevel: 'warn',
    plugins: [keepModuleLocations(outDir)],
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      // Production runs Node 24; Node 20.19 is the oldest that runs the code (package.json engines).
      target: 'node20.19',
      minify: false,
      copyPublicDir: false,
      rolldownOptions: {
        // One file: the rewrite of import.meta above assumes every module ends up in it.
        output: { codeSplitting: false, entryFileNames: path.basename(server.compiled) },
      },
    },
    // Installed packages stay imports (resolved from node_modules at run time); the workspace packages
    // (linked, not installed) are compiled in, as Vite does for linked packages.
    ssr: { target: 'node' },
  };
}
