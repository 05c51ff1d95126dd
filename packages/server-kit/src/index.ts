// What the gateway and the web server share at the HTTP edge: who the client is (trusted proxies),
// per-visitor rate limits shared through Redis, security headers, request ids, ETags, the answers
// to errors, the link to Redis, and their caches with the one way to purge them (cache/).
export {
  createEdgeServer,
  escapeHtml,
  etagMatches,
  etagOf,
  problemOf,
  clientWentAway,
  sendJson,
} from './http.js';
export {
  createRateLimits,
  rateKeyForAddress,
  type Admission,
  type Limiter,
  type RateLimits,
} from './rate-limit.js';
export {
  createCaches,
  DERIVED,
  type Caches,
  type CachesOptions,
  type PurgeScope,
  type SharedTier,
} from './cache/caches.js';
export {
  connectRedisTier,
  createRedisLock,
  createRedisStore,
  redisKeys,
  type RedisTier,
} from './cache/redis.js';
export {
  createMemoryStore,
  createTieredStore,
  keptUntil,
  type Entry,
  type FlightLock,
  type MemoryStore,
  type NewLru,
  type SharedStore,
  type Store,
  type Times,
} from './cache/store.js';
export { createCachedValues, type GetOptions, type Loaded, type ValuesStats } from './cache/values.js';
export { connectRedis, withDeadline } from './redis-link.js';
export {
  apiSecurityHeaders,
  landingSecurityHeaders,
  newNonce,
  sandboxSecurityHeaders,
  siteSecurityHeaders,
} from './security-headers.js';
export {
  clientOf,
  isNamedProxy,
  parseTrustProxy,
  TrustProxyError,
  type ClientAddress,
  type TrustProxy,
} from './trust-proxy.js';
export {
  isPreviewType,
  PREVIEW_SECRET_MIN_LENGTH,
  PREVIEW_TOKEN_MAX_LIFETIME_S,
  signPreviewToken,
  verifyPreviewToken,
  type PreviewClaims,
  type PreviewType,
} from './preview-token.js';
