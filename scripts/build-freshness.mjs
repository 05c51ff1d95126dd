// Whether the site's production build (web/dist) is missing or older than what it is made from.
// `npm start`, the browser tests and the hardening suite use it to rebuild only when needed; a change to the build's
// config, its plugins or the installed packages counts as much as a change to the app.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything the two bundles are made from, relative to the repository root. */
export const BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/build',
  'web/vite.config.ts',
  'web/package.json',
  // The app imports gateway modules (the contact form's rules) by relative path.
  'gateway/src',
  'schema.graphql',
  'codegen.ts',
  'package-lock.json',
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
  const manifest = path.join(root, 'web/dist/client/.vite/manifest.json');
  const serverEntry = path.join(root, 'web/dist/server/entry-server.js');
  if (!existsSync(manifest) || !existsSync(serverEntry)) return true;
  const sources = Math.max(...BUILD_INPUTS.map((p) => newestMtime(path.join(root, p))));
  return sources > statSync(manifest).mtimeMs;
}
