// Whether the site's production build is missing or older than what it is made from: the web build
// (web/dist: client and SSR bundles) and the two compiled servers (scripts/server-bundle.mjs).
// `npm start`, the browser tests, the hardening suite and scripts/runtime-stage.mjs use it to rebuild
// only when needed; a change to the build's config, its plugins or the installed packages counts as
// much as a change to the app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVERS } from './server-bundle.mjs';

/** Everything the build is made from, relative to the repository root. */
export const BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/build',
  'web/server',
  'web/vite.config.ts',
  'web/package.json',
  // The app and the web server import gateway modules by relative path.
  'gateway/src',
  'gateway/package.json',
  // The workspace packages are compiled into the servers.
  'packages',
  'scripts/server-bundle.mjs',
  'scripts/server-gateway.vite.config.mjs',
  'scripts/server-web.vite.config.mjs',
  'schema.graphql',
  'codegen.ts',
  'package.json',
  'package-lock.json',
];

/** What `npm run build` writes, relative to the repository root. */
export const BUILD_OUTPUTS = [
  'web/dist/client/.vite/manifest.json',
  'web/dist/server/entry-server.js',
  ...Object.values(SERVERS).map((server) => server.compiled),
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) {
    if (name === 'gql' || name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

export function buildIsStale(root) {
  const outputs = BUILD_OUTPUTS.map((rel) => path.join(root, rel));
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(root, p))));
  return sources > built;
}

/**
 * Runs `npm run build` in `root` when the build is missing or stale; returns whether it built.
 * Throws when the build fails.
 * @param {string} root
 * @param {{ env?: NodeJS.ProcessEnv, log?: (message: string) => void }} [options]
 */
export function buildIfStale(root, { env = process.env, log = console.log } = {}) {
  if (!buildIsStale(root)) return false;
  log('Building the site (the build is missing or older than its sources): npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.signal ?? r.status})`);
  return true;
}
