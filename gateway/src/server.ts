// The gateway as an object: Apollo Server over the schema, the content source chosen by config
// (WordPress over HTTP, or the embedded snapshot) behind the cache, and a context per request. The
// HTTP layer (http.ts) and the in-process tests both use it.
import { diskCache } from './media/disk-cache.js';
import { snapshotOriginals, wordpressOriginals, type Originals } from './media/originals.js';
import { mediaService, type MediaService } from './media/service.js';
import { randomUUID } from 'node:crypto';
import { ContentTimer } from './timing.js';
import {
  ApolloServer,
  HeaderMap,
  type ApolloServerPlugin,
  type GraphQLRequest,
  type GraphQLResponse,
} from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { connectRedisTier, createRateLimits, rateKeyForAddress, type Limiter } from '@site/server-kit';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { cachedSource } from './cache/cached-source.js';
import { createCaches } from './cache/caches.js';
import { requestSource } from './cache/data-age.js';
import { httpCachePlugin, rootFieldsOf } from './cache/http-cache.js';
import { purgeTags, type PurgeRequest } from './cache/purge.js';
import { persistedQueryCache } from './cache/redis.js';
import { ResponseCache } from './response-cache.js';
import type { GatewayConfig } from './config.js';
import type { GatewayContext } from './context.js';
import { createEnquiryService, type EnquiryDeps } from './enquiry/service.js';
import { createLoaders } from './loaders.js';
import { createDraftFetcher } from './preview/wordpress.js';
import { createLogger } from './logger.js';
import { PUBLIC_ERROR_CODES } from './resolvers/errors.js';
import { graphqlArmor } from './security/armor.js';
import { buildSchema } from './schema.js';
import { createWpApi } from './sources/api.js';
import { createEmbeddedSource } from './sources/embedded/source.js';
import type { Freshness, RestSource } from './sources/rest.js';
import { createWordPressClient } from './sources/wordpress/client.js';

export interface GatewayDeps {
  logger?: Logger;
  /** Clock of the cache (tests move time instead of waiting). */
  now?: () => number;
  /** Replaces the source the config would choose. */
  upstream?: RestSource;
  /** Outbox, delivery and rate-limit replacements or tuning (tests). */
  enquiries?: EnquiryDeps;
  /** Replaces where /media fetches originals from (tests). */
  mediaOriginals?: Originals;
}

export type SourceKind = 'wordpress' | 'embedded';

/** The gateway: what createGateway returns (notes on its members). */
export type Gateway = ReturnType<typeof createGateway>;

const MASKED_MESSAGE = 'Internal server error';
// graphql-js appends suggestions that reveal field and type names the client did not ask about.
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** Production errors: no stack, no schema suggestions, and a generic message for unexpected errors. */
export function formatErrorFor(production: boolean) {
  return (formatted: GraphQLFormattedError): GraphQLFormattedError => {
    if (!production) return formatted;
    const rawCode = formatted.extensions?.code;
    const isPublic = typeof rawCode === 'string' && PUBLIC_ERROR_CODES.has(rawCode);
    const code = isPublic ? rawCode : 'INTERNAL_SERVER_ERROR';
    const message = isPublic ? formatted.message.replace(SUGGESTION, '') : MASKED_MESSAGE;
    const extensions: Record<string, unknown> = { code };
    if (isPublic && typeof formatted.extensions?.argument === 'string') {
      extensions.argument = formatted.extensions.argument;
    }
    return {
      message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions,
    };
  };
}

/** The answer to a client over its limit: HTTP 429 with Retry-After, before anything runs. */
export function rateLimitedError(retryAfterS: number): GraphQLError {
  return new GraphQLError(`Too many requests: try again in ${retryAfterS} s`, {
    extensions: {
      code: 'RATE_LIMITED',
      http: { status: 429, headers: new HeaderMap([['retry-after', String(retryAfterS)]]) },
    },
  });
}

/**
 * Mutations spend from the stricter write bucket once the operation is known, before it executes;
 * operations that ask for a draft (each one a live WordPress request) from the preview bucket.
 */
function writeLimitPlugin(limits: { writes: Limiter; preview: Limiter }): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue, request }) {
          // Without `http` the operation was run in-process (tests, tools), not sent by a client.
          if (!operation || !request.http) return;
          const key = rateKeyForAddress(contextValue.clientIp);
          if (operation.operation === 'mutation') {
            const admission = await limits.writes.take(key);
            if (!admission.allowed) throw rateLimitedError(admission.retryAfterS);
          }
          if (rootFieldsOf(operation, document).has('preview')) {
            const admission = await limits.preview.take(key);
            if (!admission.allowed) throw rateLimitedError(admission.retryAfterS);
          }
        },
      };
    },
  };
}

const PLAIN_ADDRESSES_NOTE =
  "WordPress's REST API answers at ?rest_route= only, not under /wp-json/ (plain permalinks, or a web server that does not pass /wp-json/ on to WordPress): asking it there. Choose Settings > Permalinks > Post name so WordPress's own addresses also redirect to this site";

function chooseUpstream(
  config: GatewayConfig,
  logger: Logger,
  now?: () => number,
): { upstream: RestSource; kind: SourceKind } {
  if (config.wordpressUrl) {
    const client = createWordPressClient({
      baseUrl: config.wordpressUrl,
      timeoutMs: config.upstream.timeoutMs,
      retries: config.upstream.retries,
      maxResponseBytes: config.upstream.maxResponseBytes,
      breaker: {
        ...config.upstream.breaker,
        now,
        // One line per change of state: an outage is logged when it starts and when it ends.
        onStateChange: ({ from, to, failures }) => {
          if (to === 'open') {
            logger.warn(
              { from, failures, cooldownMs: config.upstream.breaker.cooldownMs },
              'WordPress keeps failing; circuit open, not asking it until the cool-down has passed',
            );
          } else if (to === 'closed') {
            logger.info({ from }, 'WordPress answered again; circuit closed');
          }
        },
      },
      onRetry: ({ url, attempt, delayMs, error }) =>
        logger.debug({ url, attempt, delayMs, err: error.message }, 'retrying WordPress request'),
      onPlainAddresses: () => logger.warn({ wordpress: config.wordpressUrl }, PLAIN_ADDRESSES_NOTE),
    });
    return { upstream: client, kind: 'wordpress' };
  }
  return { upstream: createEmbeddedSource({ dir: config.contentDir }), kind: 'embedded' };
}

/** Images come from where the content does: WordPress's hosts, or the snapshot's uploads/ folder. */
function createMedia(
  config: GatewayConfig,
  logger: Logger,
  deps: GatewayDeps,
): { service: MediaService; originals: Originals } {
  const originals =
    deps.mediaOriginals ??
    (config.wordpressUrl
      ? wordpressOriginals({
          wordpressUrl: config.wordpressUrl,
          extraHosts: config.media.hosts,
          maxBytes: config.media.maxOriginalBytes,
          timeoutMs: config.upstream.timeoutMs,
        })
      : snapshotOriginals(config.contentDir, config.media.maxOriginalBytes));
  const cache = diskCache({ dir: config.media.cacheDir, maxBytes: config.media.cacheMaxBytes });
  return { service: mediaService({ originals, cache, logger }), originals };
}

/** The snapshot's originals name no hosts: one list, so content options are made once. */
const NO_MEDIA_HOSTS: readonly string[] = [];

export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}) {
  const logger = deps.logger ?? createLogger(config);
  const chosen = deps.upstream
    ? { upstream: deps.upstream, kind: deps.upstream.kind }
    : chooseUpstream(config, logger, deps.now);
  const { upstream } = chosen;
  const shared = config.redis.url
    ? {
        url: config.redis.url,
        prefix: config.redis.prefix,
        name: 'lawfirm-gateway',
        timeoutMs: config.redis.timeoutMs,
      }
    : null;
  // With REDIS_URL every replica shares the caches, the loads and the purges (@site/server-kit).
  const redis = shared ? connectRedisTier({ ...shared, logger, now: deps.now }) : null;
  const caches = createCaches({ now: deps.now, ...(redis ? { shared: redis } : {}) });
  const source = cachedSource(upstream, caches, {
    ttlMs: config.cache.ttlMs,
    staleWhileRevalidateMs: config.cache.staleWhileRevalidateMs,
    staleIfErrorMaxAgeMs: config.cache.staleIfErrorMaxAgeMs,
    maxBytes: config.cache.maxBytes,
    // The loader may hold a key through every retry; others wait about one upstream timeout.
    lock: {
      holdMs: config.upstream.timeoutMs * (config.upstream.retries + 1) + 1000,
      waitMs: config.upstream.timeoutMs,
    },
    now: deps.now,
    logger,
  });
  const api = createWpApi(source);
  const upstreamApi = createWpApi(upstream);
  // Previews read drafts from WordPress itself, with the application password, never cached.
  const { wordpressUser, wordpressAppPassword } = config.enquiries;
  const drafts =
    config.previewSecret && config.wordpressUrl && wordpressUser && wordpressAppPassword
      ? createDraftFetcher({
          url: config.wordpressUrl,
          user: wordpressUser,
          appPassword: wordpressAppPassword,
          timeoutMs: config.upstream.timeoutMs,
          maxResponseBytes: config.upstream.maxResponseBytes,
        })
      : null;
  const production = config.nodeEnv === 'production';
  // With REDIS_URL every replica spends from the same buckets (memory while Redis is away).
  const rateLimits = createRateLimits({ redis: shared, logger, now: deps.now });
  const limits = {
    graphql: rateLimits.limiter('graphql', config.security.rateLimit.graphql),
    writes: rateLimits.limiter('writes', config.security.rateLimit.writes),
    preview: rateLimits.limiter('preview', config.security.rateLimit.preview),
  };
  const armor = graphqlArmor({ production });

  const server = new ApolloServer<GatewayContext>({
    schema: buildSchema(),
    csrfPrevention: true,
    // Depth, aliases, tokens, cost and directives are refused before execution (security/armor.ts).
    // Batched requests (a JSON array of operations) stay refused: Apollo's default.
    validationRules: armor.validationRules,
    parseOptions: armor.parseOptions,
    allowBatchedHttpRequests: false,
    // APQ is on by default; with Redis, a query registered on one replica is known to all.
    ...(redis
      ? {
          persistedQueries: {
            cache: persistedQueryCache(redis, config.redis.prefix, config.redis.timeoutMs),
          },
        }
      : {}),
    // http.ts drains connections first, then stops Apollo; Apollo's own handler would exit early.
    stopOnTerminationSignals: false,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: !production,
    hideSchemaDetailsFromClientErrors: production,
    formatError: formatErrorFor(production),
    plugins: [
      // The sandbox is served by http.ts (self-hosted); Apollo's landing page loads from a CDN.
      ApolloServerPluginLandingPageDisabled(),
      ...armor.plugins,
      writeLimitPlugin(limits),
      httpCachePlugin(config),
      {
        async requestDidStart() {
          return {
            async didEncounterErrors({ errors, contextValue }) {
              for (const error of errors) {
                const code = error.extensions?.code;
                if (code === undefined || code === 'INTERNAL_SERVER_ERROR') {
                  contextValue.logger.error(
                    { err: error.originalError ?? error, path: error.path },
                    'resolver error',
                  );
                }
              }
            },
          };
        },
      },
    ],
  });

  const media = createMedia(config, logger, deps);
  const enquiries = createEnquiryService(config, logger, {
    // ENQUIRY_RATE_LIMIT at once, then the same number again over each ENQUIRY_RATE_WINDOW.
    rateLimiter: rateLimits.limiter('enquiries', {
      perMinute: config.enquiries.rateLimit / (config.enquiries.rateWindowMs / 60_000),
      burst: config.enquiries.rateLimit,
    }),
    ...deps.enquiries,
  });

  let started: Promise<void> | null = null;
  const start = () =>
    (started ??= Promise.all([
      // WordPress's own named hosts, learned before the first body is sanitised (not awaited: a
      // WordPress that is down now is asked again on the next request).
      media.originals.hosts?.(),
      server.start().then(() => enquiries.start()),
      // Replicas that start together should share the cache from their first request.
      redis?.ready(2000),
      rateLimits.ready(2000),
    ]).then(() => undefined));

  const createContext = (
    options: {
      requestId?: string;
      logger?: Logger;
      clientIp?: string;
      /** Times this request's content reads, for the Server-Timing header. */
      timer?: ContentTimer;
      /** How old this request accepts cached answers, and where it learns how old they were (the Age header). */
      freshness?: Freshness;
    } = {},
  ): GatewayContext => {
    const requestId = options.requestId ?? randomUUID();
    // With a timer, this request's content reads are timed (Server-Timing); with a freshness, they
    // are bounded and their age is collected (the Age header). The API is per request then.
    const perRequest = options.freshness || options.timer;
    const requestApi = perRequest
      ? createWpApi(requestSource(source, options.freshness, options.timer))
      : api;
    return {
      config,
      source,
      upstream,
      api: requestApi,
      upstreamApi,
      loaders: createLoaders(requestApi),
      logger: options.logger ?? logger.child({ reqId: requestId }),
      requestId,
      clientIp: options.clientIp ?? 'local',
      enquiries,
      drafts,
      now: deps.now ?? Date.now,
      mediaHosts: () => media.originals.hosts?.() ?? NO_MEDIA_HOSTS,
      wordpressOrigin: () => media.originals.publicOrigin?.() ?? null,
    };
  };

  // A response may be as old as the content it was built from: never older than the content TTL.
  const responseCache = new ResponseCache(caches, {
    ttlMs: Math.min(config.cache.ttlMs, 10_000),
    ...(deps.now ? { now: deps.now } : {}),
  });

  return {
    config,
    logger,
    server,
    /** Whole responses of repeated read-only queries (see response-cache.ts). */
    responseCache,
    /**
     * Per-client limits: every /graphql request (http.ts), and mutations (checked before execution);
     * shared by every replica through Redis with REDIS_URL.
     */
    limits,
    /** The buckets behind every limit (the enquiries' too), for @fastify/rate-limit in http.ts. */
    rateLimits,
    sourceKind: chosen.kind,
    /** The uncached source (WordPress client or embedded snapshot). */
    upstream,
    /** The cached source resolvers read through. */
    source,
    /** Every cache of this gateway, and the one way to purge them. */
    caches,
    /** Where the caches live now: this process, or Redis (REDIS_URL), or memory while Redis is away. */
    cacheState: () => redis?.state() ?? 'memory',
    /** The caches' clock (milliseconds): what the age of an answer is counted on. */
    now: deps.now ?? Date.now,
    /** The enquiry outbox and its delivery to WordPress. */
    enquiries,
    /** WordPress's images, re-encoded for /media (media/). */
    media: media.service,
    createContext,
    /** One GraphQL operation in-process, with a fresh context. */
    async executeOperation<TData = Record<string, unknown>>(
      request: Omit<GraphQLRequest, 'query'> & { query: string },
      options: { requestId?: string; clientIp?: string } = {},
    ): Promise<GraphQLResponse<TData>> {
      await start();
      return server.executeOperation<TData>(request, { contextValue: createContext(options) });
    },
    /** Drops what a publish in WordPress made stale, here and in every replica; returns how many entries went. */
    purge: (request: PurgeRequest) => caches.purge(purgeTags(request)),
    start,
    async stop() {
      await source.idle();
      if (started) await server.stop();
      caches.close();
      redis?.close();
      rateLimits.close();
      await enquiries.stop();
    },
  };
}
