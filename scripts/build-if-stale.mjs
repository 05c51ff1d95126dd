// `node scripts/build-if-stale.mjs`: `npm run build` unless the build is fresh (build-freshness.mjs).
// `npm run bench` starts with it: in CI the browser tests have just built the same tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-freshness.mjs';

try {
  buildIfStale(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
