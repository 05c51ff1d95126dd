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
  type HttpProblem,
} from './http.js';
export {
  createRateLimits,
  rateKeyForAddress,
  rateRule,
  type Admission,
  type LimitSetting,
  type Limiter,
  type RateLimits,
  type RateLimitsOptions,
  type RateLimitState,
  type RateRule,
  type RouteLimit,
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
export {
  createCachedValues,
  type CachedValues,
  type Found,
  type GetOptions,
  type Loaded,
  type ValuesStats,
} from './cache/values.js';
export {
  connectRedis,
  escapeGlob,
  openRedisLink,
  purgeChannelOf,
  REDIS_BACKOFF_MS,
  REDIS_COMMAND_TIMEOUT_MS,
  withDeadline,
  type RedisLink,
} from './redis-link.js';
export {
  apiSecurityHeaders,
  HSTS_VALUE,
  landingSecurityHeaders,
  newNonce,
  sandboxSecurityHeaders,
  siteSecurityHeaders,
  type HeaderSet,
} from './security-headers.js';
export {
  clientOf,
  isNamedProxy,
  normalizeAddress,
  parseTrustProxy,
  TrustProxyError,
  type ClientAddress,
  type ForwardedRequest,
  type TrustProxy,
} from './trust-proxy.js';
export {
  isPreviewType,
  PREVIEW_SECRET_MIN_LENGTH,
  PREVIEW_TOKEN_CLOCK_SKEW_S,
  PREVIEW_TOKEN_MAX_LIFETIME_S,
  PREVIEW_TYPES,
  signPreviewToken,
  verifyPreviewToken,
  type PreviewClaims,
  type PreviewRefusal,
  type PreviewType,
  type PreviewVerdict,
} from './preview-token.js';
