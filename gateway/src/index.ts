// The gateway's public surface for other workspaces and tools.
export { ConfigError, loadConfig, type GatewayConfig } from './config.js';
export { createGateway, type Gateway, type GatewayDeps } from './server.js';
export {
  createHttpServer,
  gracefulShutdown,
  listen,
  PURGE_MAX_AGE_S,
  purgeHeaders,
  signBody,
} from './http.js';
export { createEmbeddedSource, readSnapshot, type ContentSnapshot } from './sources/embedded/source.js';
export { createWordPressClient, type WordPressClient } from './sources/wordpress/client.js';
export type { RestSource, RestQuery, RestResponse } from './sources/rest.js';
