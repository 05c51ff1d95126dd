import { SERVERS } from './server-bundle.mjs';

/**
 * What both servers run with wherever they are started: `npm start`, the image (the Dockerfile's ENV,
 * checked by scripts/dockerfile.test.ts) and the hardening suite's child processes. glibc's malloc
 * raises its mmap threshold to the size of each large block freed, up to 32 MB; after the first
 * compressed responses, every compressor's buffers come from the heap arenas instead and are never
 * given back, so a busy web server's resident memory climbed by hundreds of megabytes with a flat
 * JavaScript heap. A fixed threshold keeps those buffers in mappings returned on free
 * (docs/decisions/0011-memory-under-compression.md). The environment can still override it.
 */
export const RUNTIME_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });

/**
 * The environments `npm start` / `npm run dev` give its processes. NODE_ENV=development is for the
 * gateway (sandbox, introspection). The web server and the build always use production: the
 * browser bundle is a production build, and a server render in development mode differs from it
 * (React's useId values, emotion's style labels), so no page would hydrate cleanly; a build made
 * with NODE_ENV=development would be a development bundle the production server cannot run.
 * @param {NodeJS.ProcessEnv} processEnv
 */
export function startEnvironments(processEnv) {
  const gateway = { ...RUNTIME_ENV, ...processEnv, NODE_ENV: processEnv.NODE_ENV ?? 'production' };
  const build = { ...gateway, NODE_ENV: 'production' };
  const gatewayPort = gateway.GATEWAY_PORT ?? '4000';
  const web = {
    ...build,
    GATEWAY_URL: gateway.GATEWAY_URL ?? `http://127.0.0.1:${gatewayPort}/graphql`,
  };
  return { gateway, web, build, gatewayPort };
}

/**
 * What `npm start` runs: each server's compiled JavaScript with plain `node`, as the image does
 * (docs/decisions/0001-compiled-production.md); with NODE_ENV=development (`npm run dev`) their
 * TypeScript sources through tsx, so stack traces name the sources.
 * @param {NodeJS.ProcessEnv} processEnv
 * @returns {{ name: 'gateway' | 'web', args: string[], env: NodeJS.ProcessEnv }[]}
 */
export function serverCommands(processEnv) {
  const envs = startEnvironments(processEnv);
  const fromSources = envs.gateway.NODE_ENV === 'development';
  return /** @type {const} */ (['gateway', 'web']).map((name) => ({
    name,
    args: fromSources ? ['--import', 'tsx', SERVERS[name].source] : [SERVERS[name].compiled],
    env: envs[name],
  }));
}
