// The gateway as an object: Apollo Server over the schema, the content source chosen by config
// (WordPress over HTTP, or the embedded snapshot) behind the cache, and a context per request. The
// HTTP layer (http.ts) and the in-process tests both use it.
import { randomUUID } from 'node:crypto';
import { ApolloServer, type GraphQLRequest, type GraphQLResponse } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { cachedSource, type CachedSource } from './cache/cached-source.js';
import type { Cache } from './cache/cache.js';
import { createMemoryCache } from './cache/memory.js';
import { purge, type PurgeRequest } from './cache/purge.js';
import type { GatewayConfig } from './config.js';
import type { GatewayContext } from './context.js';
import { createLoaders } from './loaders.js';
import { createLogger } from './logger.js';
import { PUBLIC_ERROR_CODES } from './resolvers/errors.js';
import { buildSchema } from './schema.js';
import { createWpApi } from './sources/api.js';
import { createEmbeddedSource } from './sources/embedded/source.js';
import type { RestSource } from './sources/rest.js';
import { createWordPressClient } from './sources/wordpress/client.js';

export interface GatewayDeps {
  logger?: Logger;
  /** Clock of the cache (tests move time instead of waiting). */
  now?: () => number;
  /** Replaces the source the config would choose. */
  upstream?: RestSource;
  cache?: Cache;
}

export type SourceKind = 'wordpress' | 'embedded';

export interface Gateway {
  readonly config: GatewayConfig;
  readonly logger: Logger;
  readonly server: ApolloServer<GatewayContext>;
  readonly sourceKind: SourceKind;
  /** The uncached source (WordPress client or embedded snapshot). */
  readonly upstream: RestSource;
  /** The cached source resolvers read through. */
  readonly source: CachedSource;
  readonly cache: Cache;
  createContext(options?: { requestId?: string; logger?: Logger }): GatewayContext;
  /** One GraphQL operation in-process, with a fresh context. */
  executeOperation<TData = Record<string, unknown>>(
    request: Omit<GraphQLRequest, 'query'> & { query: string },
    options?: { requestId?: string },
  ): Promise<GraphQLResponse<TData>>;
  purge(request: PurgeRequest): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

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

function chooseUpstream(config: GatewayConfig, logger: Logger): { upstream: RestSource; kind: SourceKind } {
  if (config.wordpressUrl) {
    const client = createWordPressClient({
      baseUrl: config.wordpressUrl,
      timeoutMs: config.upstream.timeoutMs,
      retries: config.upstream.retries,
      onRetry: ({ url, attempt, delayMs, error }) =>
        logger.debug({ url, attempt, delayMs, err: error.message }, 'retrying WordPress request'),
    });
    return { upstream: client, kind: 'wordpress' };
  }
  return { upstream: createEmbeddedSource({ dir: config.contentDir }), kind: 'embedded' };
}

export function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Gateway {
  const logger = deps.logger ?? createLogger(config);
  const chosen = deps.upstream
    ? { upstream: deps.upstream, kind: deps.upstream.kind }
    : chooseUpstream(config, logger);
  const { upstream } = chosen;
  const cache = deps.cache ?? createMemoryCache({ maxBytes: config.cache.maxBytes, now: deps.now });
  const source = cachedSource(upstream, cache, {
    ttlMs: config.cache.ttlMs,
    staleWhileRevalidateMs: config.cache.staleWhileRevalidateMs,
    staleIfErrorMaxAgeMs: config.cache.staleIfErrorMaxAgeMs,
    now: deps.now,
    logger,
  });
  const api = createWpApi(source);
  const upstreamApi = createWpApi(upstream);
  const production = config.nodeEnv === 'production';

  const server = new ApolloServer<GatewayContext>({
    schema: buildSchema(),
    csrfPrevention: true,
    // http.ts drains connections first, then stops Apollo; Apollo's own handler would exit early.
    stopOnTerminationSignals: false,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: !production,
    hideSchemaDetailsFromClientErrors: production,
    formatError: formatErrorFor(production),
    plugins: [
      // The sandbox is served by http.ts (self-hosted); Apollo's landing page loads from a CDN.
      ApolloServerPluginLandingPageDisabled(),
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

  let started: Promise<void> | null = null;
  const start = () => (started ??= server.start());

  const createContext: Gateway['createContext'] = (options = {}) => {
    const requestId = options.requestId ?? randomUUID();
    return {
      config,
      source,
      upstream,
      api,
      upstreamApi,
      loaders: createLoaders(api),
      logger: options.logger ?? logger.child({ reqId: requestId }),
      requestId,
    };
  };

  return {
    config,
    logger,
    server,
    sourceKind: chosen.kind,
    upstream,
    source,
    cache,
    createContext,
    async executeOperation<TData>(
      request: Omit<GraphQLRequest, 'query'> & { query: string },
      options: { requestId?: string } = {},
    ) {
      await start();
      return server.executeOperation<TData>(request, { contextValue: createContext(options) });
    },
    purge: (request) => purge(cache, request),
    start,
    async stop() {
      await source.idle();
      if (started) await server.stop();
    },
  };
}
