// The gateway's HTTP face on Fastify: /graphql (Apollo Server through @as-integrations/fastify, with
// the response cache in front of it), /healthz, the signed /purge webhook, and the self-hosted
// GraphiQL sandbox in development (@fastify/static). Who the client is comes from Fastify's
// `trustProxy`; per-visitor limits from @fastify/rate-limit over the shared buckets
// (@site/server-kit). Answers are not compressed here: the gateway's peers are the web server and
// proxies on the same host or network, and the web server compresses what goes to browsers.
import { mediaRoutes } from './media/route.js';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import fastifyStatic from '@fastify/static';
import {
  apiSecurityHeaders,
  clientOf,
  createEdgeServer,
  etagMatches,
  etagOf,
  isNamedProxy,
  landingSecurityHeaders,
  newNonce,
  problemOf,
  clientWentAway,
  rateKeyForAddress,
  sandboxSecurityHeaders,
  sendJson,
  type ClientAddress,
} from '@site/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteHandlerMethod } from 'fastify';
import type { Logger } from 'pino';
import { ageSeconds, DataAge, requestMaxAgeMs } from './cache/data-age.js';
import { UNCACHEABLE } from './cache/http-cache.js';
import { purgeRequestSchema } from './cache/purge.js';
import type { GatewayContext } from './context.js';
import { graphqlLandingPage } from './graphql-page.js';
import type { CachedResponse, ResponseSlot } from './response-cache.js';
import type { Gateway } from './server.js';
import { ContentTimer, serverTiming } from './timing.js';

export const SANDBOX_DIR = fileURLToPath(new URL('../sandbox/dist', import.meta.url));
/** The sandbox's assets are served under /graphql so a proxy that forwards /graphql* serves them too. */
export const SANDBOX_BASE = '/graphql/sandbox/';

export interface HttpOptions {
  maxBodyBytes?: number;
  sandboxDir?: string;
}

/**
 * A signed purge is accepted for this long after its X-Purge-Timestamp, so a captured request cannot
 * be replayed later; a timestamp may run this far ahead of the gateway's clock (skew between hosts).
 */
export const PURGE_MAX_AGE_S = 300;
export const PURGE_MAX_SKEW_S = 60;

/** The message a purge signature covers: the timestamp, a dot, then the raw body. */
function purgeMac(secret: string, timestamp: string, body: string | Buffer) {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body);
}

/**
 * Why X-Purge-Timestamp (Unix seconds, digits only) is refused at `nowMs`, or null when it is within
 * PURGE_MAX_AGE_S in the past and PURGE_MAX_SKEW_S in the future.
 */
export function purgeTimestampProblem(header: string | string[] | undefined, nowMs: number): string | null {
  if (typeof header !== 'string' || !/^[0-9]{1,12}$/.test(header)) {
    return 'Missing or malformed X-Purge-Timestamp (expected Unix seconds)';
  }
  const age = nowMs / 1000 - Number(header);
  if (age > PURGE_MAX_AGE_S) return 'Purge timestamp is too old';
  if (age < -PURGE_MAX_SKEW_S) return 'Purge timestamp is in the future';
  return null;
}

/**
 * `sha256=<hex>` of HMAC-SHA256("{timestamp}.{raw body}") under the shared secret, compared in
 * constant time. The timestamp is signed so that it cannot be moved forward on a captured request.
 */
export function verifySignature(
  secret: string,
  body: Buffer,
  header: string | string[] | undefined,
  timestamp: string | string[] | undefined,
): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^sha256=([0-9a-fA-F]{64})$/.exec(value.trim()) : null;
  if (!match || typeof timestamp !== 'string') return false;
  const expected = purgeMac(secret, timestamp, body).digest();
  const given = Buffer.from(match[1] as string, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signBody(secret: string, body: string | Buffer, timestamp: number | string): string {
  return `sha256=${purgeMac(secret, String(timestamp), body).digest('hex')}`;
}

/** The headers of a purge signed now (or at `nowMs`), as the WordPress plugin sends them. */
export function purgeHeaders(
  secret: string,
  body: string | Buffer,
  nowMs: number = Date.now(),
): { 'x-purge-timestamp': string; 'x-purge-signature': string } {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { 'x-purge-timestamp': timestamp, 'x-purge-signature': signBody(secret, body, timestamp) };
}

/**
 * A request's logger, made the first time it is used: at the production log level most requests log
 * nothing, and a pino child (its bindings serialised) is not free on the hot path.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  return new Proxy(parent, {
    get(_target, prop) {
      child ??= parent.child(bindings);
      const value: unknown = Reflect.get(child, prop, child);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(child) : value;
    },
  });
}

/** A visitor over their limit; the error handler answers it in the shape GraphQL clients read. */
class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterS: number) {
    super(`Too many requests: try again in ${retryAfterS} s`);
  }
}

/** What one request carries from hook to handler. */
interface RequestState {
  log: Logger;
  started: number;
  client?: ClientAddress;
  /** A GraphQL request's content reads (Server-Timing), and the age of its content (Age). */
  timer?: ContentTimer;
  freshness?: DataAge;
}

/** The methods a route answers, or refuses with 405. */
const METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

/** A Host header a URL can be built from (the integration builds Apollo's request URL from it). */
const READABLE_HOST = /^[A-Za-z0-9._~-]*(?::\d*)?$|^\[[0-9A-Fa-f:.]+\](?::\d*)?$/;

const SANDBOX_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

/** A GET that carries an operation: its text, or (persisted queries) its hash in `extensions`. */
function isGraphqlGet(url: string): boolean {
  const q = url.indexOf('?');
  if (q === -1) return false;
  const params = new URLSearchParams(url.slice(q + 1));
  return params.has('query') || params.has('extensions');
}

/** A browser opening /graphql (the README links it): a page, never a GraphQL error. */
function wantsPage(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    (request.headers.accept ?? '').includes('text/html') &&
    !isGraphqlGet(request.url)
  );
}

/**
 * The gateway on Fastify, ready to listen (`listen`), for a gateway that has been started (or will
 * be before the first request).
 */
export function createHttpServer(gateway: Gateway, options: HttpOptions = {}): FastifyInstance {
  const { config } = gateway;
  const trust = config.security.trustProxy;
  const maxBodyBytes = options.maxBodyBytes ?? config.security.maxBodyBytes;
  const sandboxDir = options.sandboxDir ?? SANDBOX_DIR;
  const securityHeaders = apiSecurityHeaders(config.security.hsts);
  const securityHeaderList = Object.entries(securityHeaders).flat();
  const logInfo = gateway.logger.isLevelEnabled('info');
  const states = new WeakMap<FastifyRequest, RequestState>();
  /** Bytes of answers written from the response cache, for the request log. */
  const hitBytes = new WeakMap<ServerResponse, number>();

  // The request log is written here, with the request's id (lazyChild). Bodies are left unparsed: a
  // POSTed query answered moments ago is answered again from its exact bytes; Apollo decides on the rest.
  const app = createEdgeServer({
    trust,
    bodyLimit: maxBodyBytes,
    // GET /graphql is a page or a query; HEAD is neither, and is refused like any other method.
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientError: (_status, reason) => ({
      headers: { ...securityHeaders, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ error: reason }),
    }),
  });

  /** Every answer but a response-cache hit gets the policy and the id here (a page replaces the policy). */
  function applyBaseHeaders(reply: FastifyReply) {
    reply.headers(securityHeaders);
    reply.header('x-request-id', reply.request.id);
  }

  const stateOf = (request: FastifyRequest) => states.get(request) as RequestState;

  /** Who sent the request (GATEWAY_TRUST_PROXY); without X-Forwarded-For from a named proxy, the proxy itself. */
  function clientOfRequest(request: FastifyRequest): ClientAddress {
    const state = stateOf(request);
    state.client ??= clientOf(request, trust);
    return state.client;
  }

  app.addHook('onRequest', (request, reply, done) => {
    const state: RequestState = {
      log: lazyChild(gateway.logger, { reqId: request.id }),
      started: performance.now(),
    };
    states.set(request, state);
    // What the site sends on every page view gets its headers once its answer is known: a cache
    // hit writes them with the answer in one go.
    if (request.method !== 'POST' || request.url !== '/graphql') applyBaseHeaders(reply);
    // Nothing here is built from a forwarded host or scheme, which a trusted hop may pass on from
    // anyone: Apollo's request URL (the integration builds it from the host) must not fail on a
    // visitor's garbage, and a Host no URL can carry is the client's mistake.
    delete request.headers['x-forwarded-host'];
    delete request.headers['x-forwarded-proto'];
    if (!READABLE_HOST.test(request.headers.host ?? '')) {
      // Answered here: the request goes no further (done is not called).
      applyBaseHeaders(reply);
      void sendJson(reply, 400, { error: 'Invalid Host header' });
      return;
    }
    // At the production level (warn) nothing is logged per request: no listener either.
    if (logInfo) {
      const res = reply.raw;
      res.once('finish', () => {
        state.log.info(
          {
            method: request.method,
            path: request.url.split('?')[0]?.slice(0, 200),
            status: res.statusCode,
            ms: Math.round((performance.now() - state.started) * 10) / 10,
            bytes: Number(reply.getHeader('content-length') ?? hitBytes.get(res) ?? 0),
          },
          'request',
        );
      });
    }
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    if (clientWentAway(error)) {
      (states.get(request)?.log ?? gateway.logger).info('connection closed before the answer was sent');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    applyBaseHeaders(reply);
    if (error instanceof RateLimited) {
      return sendJson(
        reply,
        429,
        { errors: [{ message: error.message, extensions: { code: 'RATE_LIMITED' } }] },
        { 'retry-after': String(error.retryAfterS) },
      );
    }
    const problem = problemOf(error, maxBodyBytes);
    if (problem.status === 413) {
      // Stop reading the rest of an oversized upload.
      return sendJson(reply, 413, { error: problem.message }, { connection: 'close' });
    }
    if (problem.status >= 500)
      (states.get(request)?.log ?? gateway.logger).error({ err: error }, 'request failed');
    return sendJson(reply, problem.status, { error: problem.message });
  });

  app.setNotFoundHandler((_request, reply) => sendJson(reply, 404, { error: 'Not found' }));

  /**
   * The oldest content the request accepts (its `Cache-Control: max-age`, see cache/data-age.ts),
   * believed only from a proxy GATEWAY_TRUST_PROXY names by address: the web server, which sends its
   * own in place of a visitor's. Anyone else could make every request a WordPress request.
   */
  function maxAgeOf(request: FastifyRequest): number | undefined {
    const header = request.headers['cache-control'];
    return header !== undefined && isNamedProxy(trust, request.socket.remoteAddress)
      ? requestMaxAgeMs(header)
      : undefined;
  }

  /**
   * A stored answer, with the policy and its own headers in one flat list: the busiest path of the
   * gateway (every page the web server renders asks the same few queries) does no per-header work.
   */
  function sendHit(request: FastifyRequest, reply: FastifyReply, hit: CachedResponse) {
    reply.hijack();
    const res = reply.raw;
    if (logInfo) hitBytes.set(res, hit.bytes.length);
    res.writeHead(200, [
      ...securityHeaderList,
      'x-request-id',
      request.id,
      'content-type',
      hit.contentType,
      'content-length',
      String(hit.bytes.length),
      'x-response-cache',
      'hit',
      'cache-control',
      UNCACHEABLE,
      'age',
      String(ageSeconds(hit.askedAt, gateway.now())),
      'server-timing',
      serverTiming(0, performance.now() - stateOf(request).started),
    ]);
    res.end(hit.bytes);
  }

  /**
   * What a browser opening /graphql gets: the sandbox, whose own script elements carry this
   * response's nonce (nothing else may run), or when it is off a page on what this is and how to
   * use it.
   */
  async function browserPage(reply: FastifyReply) {
    const nonce = newNonce();
    let html = config.sandbox ? '' : graphqlLandingPage(config, nonce);
    if (config.sandbox) {
      try {
        html = await readFile(path.join(sandboxDir, 'index.html'), 'utf8');
      } catch {
        return reply
          .code(503)
          .header('content-type', 'text/plain; charset=utf-8')
          .send('The GraphQL sandbox is not built. Run: npm run build:sandbox -w gateway\n');
      }
    }
    return reply
      .headers({
        ...(config.sandbox ? sandboxSecurityHeaders : landingSecurityHeaders)(config.security.hsts, nonce),
        'content-type': 'text/html; charset=utf-8',
        // The sandbox's assets have fingerprinted names; the page itself must always be fresh.
        'cache-control': 'no-cache',
        // The same address answers a GraphQL client with JSON: a cache must keep the two apart.
        ...(config.sandbox ? {} : { vary: 'accept' }),
      })
      .send(config.sandbox ? html.replaceAll('<script', `<script nonce="${nonce}"`) : html);
  }

  /** Apollo behind the integration's handler, made on the first query (Apollo must have started). */
  const apolloHandler = () =>
    fastifyApolloHandler<GatewayContext>(gateway.server, {
      context: async (request) => {
        const { log, timer, freshness } = stateOf(request);
        return gateway.createContext({
          requestId: request.id,
          logger: log,
          clientIp: clientOfRequest(request).ip,
          timer,
          freshness,
        });
      },
    });
  let apollo: ReturnType<typeof apolloHandler> | null = null;

  async function graphql(request: FastifyRequest, reply: FastifyReply) {
    const state = stateOf(request);
    const method = request.method;
    if (wantsPage(request)) return browserPage(reply);
    const maxAgeMs = maxAgeOf(request);
    let slot: ResponseSlot | null = null;
    if (method === 'POST') {
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const type = request.headers['content-type'] ?? '';
      const json = /^application\/(graphql-response\+)?json\b/i.test(type) && raw.trim() !== '';
      // The exact body of a query answered moments ago: its answer, without parsing anything.
      const hit = json ? gateway.responseCache.get(raw, maxAgeMs) : undefined;
      if (hit) return sendHit(request, reply, hit);
      applyBaseHeaders(reply);
      if (json) {
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return sendJson(reply, 400, {
            errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
          });
        }
        // Only JSON bodies reach here, so CSRF prevention would have let this request through. The
        // key is the raw body, whose answer was looked up above: this decides whether to store it.
        slot = gateway.responseCache.keyFor(body, raw);
        request.body = body;
      } else {
        // Apollo decides: a text/plain or form body is refused by CSRF prevention.
        request.body = raw;
      }
    }
    const timer = (state.timer = new ContentTimer());
    const freshness = (state.freshness = new DataAge(maxAgeMs));
    apollo ??= apolloHandler();
    const answered: unknown = await apollo.call(app, request as never, reply as never);
    reply.header('server-timing', serverTiming(timer.ms, performance.now() - state.started));
    // How old the content is: the web server keeps its page only for what is left of its lifetime.
    reply.header('age', String(ageSeconds(freshness.askedAt, gateway.now())));
    // Errors Apollo answers before any plugin runs (CSRF, bad requests) carry no policy: never stored.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', UNCACHEABLE);
    // An incremental answer is already streaming.
    if (typeof answered !== 'string') return answered;
    if (slot) {
      gateway.responseCache.set(
        slot,
        reply.statusCode,
        String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        answered,
        freshness.askedAt,
      );
    }
    // A GET answer (see cache/http-cache.ts) is revalidated by browsers and CDNs with its ETag.
    if (method === 'GET' && reply.statusCode === 200 && reply.getHeader('cache-control') !== UNCACHEABLE) {
      const etag = etagOf(answered);
      reply.header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        reply.removeHeader('content-type');
        return reply.code(304).send();
      }
    }
    return answered;
  }

  // The web server renders pages through the gateway without X-Forwarded-For: its own requests are
  // bounded by its page cache, not by a visitor's limit. Only a peer GATEWAY_TRUST_PROXY names by
  // address counts as that (see trust-proxy.ts); everyone else spends from a bucket.
  const limited = gateway.limits.graphql.route({
    key: (request) => rateKeyForAddress(clientOfRequest(request).ip),
    exempt: (request) => clientOfRequest(request).fromProxy || wantsPage(request),
    refused: (_request, retryAfterS) => new RateLimited(retryAfterS),
  });

  gateway.rateLimits.register(app);
  app.register(mediaRoutes(gateway.media));

  app.register(async (scope) => {
    /** A route for `methods`, and 405 with Allow for any other method at its address. */
    const only = (
      methods: HTTPMethods[],
      url: string,
      handler: RouteHandlerMethod,
      limit: typeof limited = false,
    ) => {
      scope.route({ method: methods, url, handler, config: { rateLimit: limit } });
      scope.route({
        method: METHODS.filter((method) => !methods.includes(method)),
        url,
        handler: (_request, reply) =>
          sendJson(reply, 405, { error: 'Method not allowed' }, { allow: methods.join(', ') }),
      });
    };
    only(['GET', 'HEAD'], '/healthz', healthz);
    only(['GET', 'POST'], '/graphql', graphql, limited);
    // Publishing in bulk sends a purge per item: the general bucket, not the write one.
    if (config.purgeSecret) only(['POST'], '/purge', purge, limited);
    if (config.sandbox) {
      await scope.register(async (sandbox) => {
        // The sandbox's policy, not the API's, on its files.
        sandbox.addHook('onRequest', (_request, reply, done) => {
          reply.headers(sandboxSecurityHeaders(config.security.hsts));
          done();
        });
        await sandbox.register(fastifyStatic, {
          root: sandboxDir,
          prefix: SANDBOX_BASE,
          decorateReply: false,
          dotfiles: 'ignore',
          index: false,
          // Vite fingerprints asset names.
          maxAge: '365d',
          immutable: true,
          setHeaders: (reply, file) => {
            const type = SANDBOX_TYPES[path.extname(file)];
            if (type) reply.header('content-type', type);
          },
        });
      });
    }
  });

  function healthz(_request: FastifyRequest, reply: FastifyReply) {
    return sendJson(reply, 200, { ok: true, source: gateway.sourceKind, cache: gateway.cacheState() });
  }

  async function purge(request: FastifyRequest, reply: FastifyReply) {
    const { log } = stateOf(request);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const timestamp = request.headers['x-purge-timestamp'];
    const now = Date.now();
    const stale = purgeTimestampProblem(timestamp, now);
    if (stale) {
      // Both clocks in the log: a WordPress host whose clock drifted shows up as the cause.
      const given = String(timestamp ?? '').slice(0, 32);
      log.warn({ timestamp: given, now: Math.floor(now / 1000) }, `purge refused: ${stale}`);
      return sendJson(reply, 401, { error: stale });
    }
    if (!verifySignature(config.purgeSecret!, raw, request.headers['x-purge-signature'], timestamp)) {
      log.warn('purge refused: bad signature');
      return sendJson(reply, 401, { error: 'Invalid signature' });
    }
    let parsed;
    try {
      parsed = purgeRequestSchema.safeParse(JSON.parse(raw.toString('utf8')));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      return sendJson(reply, 400, {
        error: 'Expected {"type": "post|page|practice_area|attachment|category", "id"?, "slug"?}',
      });
    }
    const purged = await gateway.purge(parsed.data);
    log.info({ purge: parsed.data, purged }, 'cache purged');
    return sendJson(reply, 200, { ok: true, purged });
  }

  return app;
}

/** Listens on `host:port`; rejects when it cannot (the port is taken). */
export async function listen(app: FastifyInstance, port: number, host: string): Promise<void> {
  await app.listen({ port, host });
}

/**
 * Stop taking connections, let requests in flight finish (up to `timeoutMs`), then stop Apollo.
 * Returns a function that runs the shutdown (also bound to SIGTERM and SIGINT when `signals` is set).
 */
export function gracefulShutdown(
  app: FastifyInstance,
  gateway: Gateway,
  options: { timeoutMs?: number; signals?: boolean; exit?: (code: number) => void } = {},
): () => Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let shutting: Promise<void> | null = null;
  const shutdown = () =>
    (shutting ??= (async () => {
      gateway.logger.info('shutting down');
      // Fastify closes idle keep-alive connections at once and each busy one once its request is
      // answered; whatever still runs after `timeoutMs` is cut off.
      const force = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
      force.unref();
      await app.close();
      clearTimeout(force);
      await gateway.stop();
      gateway.logger.info('stopped');
    })());
  if (options.signals) {
    const exit = options.exit ?? ((code: number) => process.exit(code));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        shutdown().then(
          () => exit(0),
          (error: unknown) => {
            gateway.logger.error({ err: error }, 'shutdown failed');
            exit(1);
          },
        );
      });
    }
  }
  return shutdown;
}
