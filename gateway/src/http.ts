// The gateway's HTTP face on node:http: /graphql (Apollo Server through a small adapter), /healthz,
// the signed /purge webhook, and the self-hosted GraphiQL sandbox in development.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ContentTimer, serverTiming } from './timing.js';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeaderMap } from '@apollo/server';
import type { Logger } from 'pino';
import { ageSeconds, DataAge, requestMaxAgeMs } from './cache/data-age.js';
import { etagMatches, etagOf, UNCACHEABLE } from './cache/http-cache.js';
import { purgeRequestSchema } from './cache/purge.js';
import { rateKeyForAddress } from './rate-limit.js';
import { graphqlLandingPage } from './graphql-page.js';
import {
  apiSecurityHeaders,
  landingSecurityHeaders,
  newNonce,
  sandboxSecurityHeaders,
} from './security/headers.js';
import type { Admission } from './security/token-bucket.js';
import { clientAddress, type ClientAddress } from './security/trust-proxy.js';
import type { CachedResponse } from './response-cache.js';
import type { Gateway } from './server.js';

export const MAX_BODY_BYTES = 1024 * 1024;
export const SANDBOX_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'sandbox',
  'dist',
);
/** The sandbox's assets are served under /graphql so a proxy that forwards /graphql* serves them too. */
export const SANDBOX_BASE = '/graphql/sandbox/';

export interface HttpOptions {
  maxBodyBytes?: number;
  sandboxDir?: string;
}

class BodyTooLargeError extends Error {}

/** The client behind each keep-alive connection's requests that carry no X-Forwarded-For. */
const peerClients = new WeakMap<Socket, ClientAddress>();

/** Bytes of answers written from the response cache, for the request log (info level only). */
const hitBytes = new WeakMap<http.ServerResponse, number>();

const CONTENT_TYPES: Record<string, string> = {
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

/** Accept the caller's X-Request-Id when it is a sane token, so one id follows a request across services. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError());
  // Plain stream events rather than `for await`: this runs for every GraphQL request, and the async
  // iterator costs more than the small body it reads. Past the limit the rest is read and dropped.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => {
      if (!failed) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.once('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
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

function headerMapOf(req: http.IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

function wantsHtml(req: http.IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

/** A GET that carries an operation: its text, or (persisted queries) its hash in `extensions`. */
function isGraphqlGet(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('query') || params.has('extensions');
}

/** 429 with Retry-After, in the shape GraphQL clients read errors in. */
function sendTooMany(res: http.ServerResponse, admission: Admission) {
  sendJson(
    res,
    429,
    {
      errors: [
        {
          message: `Too many requests: try again in ${admission.retryAfterS} s`,
          extensions: { code: 'RATE_LIMITED' },
        },
      ],
    },
    { 'retry-after': String(admission.retryAfterS) },
  );
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

export function createHttpServer(gateway: Gateway, options: HttpOptions = {}): http.Server {
  const { config } = gateway;
  const maxBodyBytes = options.maxBodyBytes ?? config.security.maxBodyBytes;
  const sandboxDir = options.sandboxDir ?? SANDBOX_DIR;
  const securityHeaders = apiSecurityHeaders(config.security.hsts);
  const securityHeaderList = Object.entries(securityHeaders).flat();

  /** The TCP peer as a client in its own right: a fact of the connection, read once. */
  function peerOf(req: http.IncomingMessage): ClientAddress {
    let client = peerClients.get(req.socket);
    if (!client) {
      client = clientAddress(req.socket.remoteAddress, undefined, config.security.trustProxy);
      peerClients.set(req.socket, client);
    }
    return client;
  }

  /** Who sent the request; without X-Forwarded-For that is the peer. */
  function clientOf(req: http.IncomingMessage): ClientAddress {
    const forwarded = req.headers['x-forwarded-for'];
    if (forwarded === undefined) return peerOf(req);
    return clientAddress(req.socket.remoteAddress, forwarded, config.security.trustProxy);
  }

  /**
   * The oldest content the request accepts (its `Cache-Control: max-age`, see cache/data-age.ts),
   * believed only from a proxy GATEWAY_TRUST_PROXY names by address: the web server, which sends its
   * own in place of a visitor's. Anyone else could make every request a WordPress request.
   */
  function maxAgeOf(req: http.IncomingMessage): number | undefined {
    const header = req.headers['cache-control'];
    return header !== undefined && peerOf(req).fromProxy ? requestMaxAgeMs(header) : undefined;
  }

  function applyBaseHeaders(res: http.ServerResponse, requestId: string) {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader('x-request-id', requestId);
  }

  /**
   * A stored answer, with the policy and its own headers in one flat list: the busiest path of the
   * gateway (every page the web server renders asks the same few queries) does no per-header work.
   */
  function sendHit(res: http.ServerResponse, requestId: string, hit: CachedResponse, started: number) {
    if (gateway.logger.isLevelEnabled('info')) hitBytes.set(res, hit.bytes.length);
    res.writeHead(200, [
      ...securityHeaderList,
      'x-request-id',
      requestId,
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
      serverTiming(0, performance.now() - started),
    ]);
    res.end(hit.bytes);
  }

  async function graphql(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    search: string,
    log: Logger,
    requestId: string,
    clientIp: string,
  ) {
    const method = (req.method ?? 'GET').toUpperCase();
    const started = performance.now();
    const maxAgeMs = maxAgeOf(req);
    let body: unknown = undefined;
    let cacheKey: string | null = null;
    if (method === 'POST') {
      const raw = (await readBody(req, maxBodyBytes)).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      const json = /^application\/(graphql-response\+)?json\b/i.test(type) && raw.trim() !== '';
      // The exact body of a query answered moments ago: its answer, without parsing anything.
      const hit = json ? gateway.responseCache.get(raw, maxAgeMs) : undefined;
      if (hit) return sendHit(res, requestId, hit, started);
      applyBaseHeaders(res, requestId);
      if (json) {
        try {
          body = JSON.parse(raw);
        } catch {
          sendJson(res, 400, {
            errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
          });
          return;
        }
        // Only JSON bodies reach here, so CSRF prevention would have let this request through. The
        // key is the raw body, whose answer was looked up above: this decides whether to store it.
        cacheKey = gateway.responseCache.keyFor(body, raw);
      } else {
        // Apollo decides: a text/plain or form body is refused by CSRF prevention.
        body = raw;
      }
    } else {
      applyBaseHeaders(res, requestId);
    }
    const timer = new ContentTimer();
    const freshness = new DataAge(maxAgeMs);
    const response = await gateway.server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method, headers: headerMapOf(req), search, body },
      context: async () => gateway.createContext({ requestId, logger: log, clientIp, timer, freshness }),
    });
    res.statusCode = response.status ?? 200;
    for (const [key, value] of response.headers) res.setHeader(key, value);
    res.setHeader('server-timing', serverTiming(timer.ms, performance.now() - started));
    // How old the content is: the web server keeps its page only for what is left of its lifetime.
    res.setHeader('age', String(ageSeconds(freshness.askedAt, gateway.now())));
    // Errors Apollo answers before any plugin runs (CSRF, bad requests) carry no policy: never stored.
    if (!res.hasHeader('cache-control')) res.setHeader('cache-control', UNCACHEABLE);
    if (response.body.kind === 'complete') {
      if (cacheKey) {
        gateway.responseCache.set(
          cacheKey,
          res.statusCode,
          String(response.headers.get('content-type') ?? 'application/json; charset=utf-8'),
          response.body.string,
          freshness.askedAt,
        );
      }
      // A GET answer (see cache/http-cache.ts) is revalidated by browsers and CDNs with its ETag.
      if (method === 'GET' && res.statusCode === 200 && res.getHeader('cache-control') !== UNCACHEABLE) {
        const etag = etagOf(response.body.string);
        res.setHeader('etag', etag);
        if (etagMatches(req.headers['if-none-match'], etag)) {
          res.statusCode = 304;
          res.removeHeader('content-type');
          res.end();
          return;
        }
      }
      res.setHeader('content-length', Buffer.byteLength(response.body.string));
      res.end(response.body.string);
      return;
    }
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  }

  async function sandbox(res: http.ServerResponse, relative: string) {
    const file = path.resolve(sandboxDir, relative);
    if (!file.startsWith(sandboxDir + path.sep)) {
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      if (relative === 'index.html') {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The GraphQL sandbox is not built. Run: npm run build:sandbox -w gateway\n');
      } else {
        sendJson(res, 404, { error: 'Not found' });
      }
      return;
    }
    const ext = path.extname(file);
    const nonce = newNonce();
    // The page's own script elements carry this response's nonce; nothing else may run.
    if (relative === 'index.html') {
      content = Buffer.from(content.toString('utf8').replaceAll('<script', `<script nonce="${nonce}"`));
    }
    res.writeHead(200, {
      ...sandboxSecurityHeaders(config.security.hsts, nonce),
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'content-length': content.length,
      // Vite fingerprints asset names; the page itself must always be fresh.
      'cache-control': relative === 'index.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    res.end(content);
  }

  /** What a browser opening /graphql gets when the sandbox is off: what this is and how to use it. */
  function landingPage(res: http.ServerResponse) {
    const nonce = newNonce();
    const body = graphqlLandingPage(config, nonce);
    res.writeHead(200, {
      ...landingSecurityHeaders(config.security.hsts, nonce),
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-cache',
      // The same address answers a GraphQL client with JSON: a cache must keep the two apart.
      vary: 'accept',
    });
    res.end(body);
  }

  async function purgeRoute(req: http.IncomingMessage, res: http.ServerResponse, log: Logger) {
    if (!config.purgeSecret) {
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    const raw = await readBody(req, maxBodyBytes);
    const timestamp = req.headers['x-purge-timestamp'];
    const now = Date.now();
    const stale = purgeTimestampProblem(timestamp, now);
    if (stale) {
      // Both clocks in the log: a WordPress host whose clock drifted shows up as the cause.
      const given = String(timestamp ?? '').slice(0, 32);
      log.warn({ timestamp: given, now: Math.floor(now / 1000) }, `purge refused: ${stale}`);
      sendJson(res, 401, { error: stale });
      return;
    }
    if (!verifySignature(config.purgeSecret, raw, req.headers['x-purge-signature'], timestamp)) {
      log.warn('purge refused: bad signature');
      sendJson(res, 401, { error: 'Invalid signature' });
      return;
    }
    let parsed;
    try {
      parsed = purgeRequestSchema.safeParse(JSON.parse(raw.toString('utf8')));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      sendJson(res, 400, {
        error: 'Expected {"type": "post|page|practice_area|attachment|category", "id"?, "slug"?}',
      });
      return;
    }
    const purged = await gateway.purge(parsed.data);
    log.info({ purge: parsed.data, purged }, 'cache purged');
    sendJson(res, 200, { ok: true, purged });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse, log: Logger, requestId: string) {
    const method = (req.method ?? 'GET').toUpperCase();
    // What the site sends on every page view needs no URL parsing.
    const plainGraphqlPost = method === 'POST' && req.url === '/graphql';
    // The early cache hit writes the policy with its answer in one go; every other answer gets it
    // now (errors included; a route may replace it: the sandbox page).
    if (!plainGraphqlPost) applyBaseHeaders(res, requestId);
    let pathname = '/graphql';
    let search = '';
    if (!plainGraphqlPost) {
      try {
        ({ pathname, search } = new URL(req.url ?? '/', 'http://gateway.local'));
      } catch {
        return sendJson(res, 400, { error: 'Bad request' });
      }
    }
    // The web server renders pages through the gateway without X-Forwarded-For: its own requests
    // are bounded by its page cache, not by a visitor's limit. Only a peer GATEWAY_TRUST_PROXY names
    // by address counts as that (see trust-proxy.ts); everyone else spends from a bucket.
    const client = clientOf(req);
    const admit = () => client.fromProxy || gateway.limits.graphql.take(rateKeyForAddress(client.ip));

    if (pathname === '/healthz') {
      if (method !== 'GET' && method !== 'HEAD')
        return sendJson(res, 405, { error: 'Method not allowed' }, { allow: 'GET, HEAD' });
      return sendJson(res, 200, { ok: true, source: gateway.sourceKind, cache: gateway.cacheState() });
    }
    if (pathname === '/graphql' || pathname === '/graphql/') {
      // A browser opening the address (the README links it): a page, never a GraphQL error.
      if (method === 'GET' && wantsHtml(req) && !isGraphqlGet(search)) {
        return config.sandbox ? sandbox(res, 'index.html') : landingPage(res);
      }
      if (method !== 'GET' && method !== 'POST') {
        return sendJson(res, 405, { error: 'Method not allowed' }, { allow: 'GET, POST' });
      }
      const admission = admit();
      if (admission !== true && !admission.allowed) {
        applyBaseHeaders(res, requestId);
        return sendTooMany(res, admission);
      }
      return graphql(req, res, search, log, requestId, client.ip);
    }
    if (pathname.startsWith(SANDBOX_BASE) && config.sandbox && method === 'GET') {
      let relative: string;
      try {
        relative = decodeURIComponent(pathname.slice(SANDBOX_BASE.length));
      } catch {
        return sendJson(res, 404, { error: 'Not found' });
      }
      return sandbox(res, relative);
    }
    if (pathname === '/purge') {
      if (method !== 'POST') {
        return sendJson(res, config.purgeSecret ? 405 : 404, {
          error: config.purgeSecret ? 'Method not allowed' : 'Not found',
        });
      }
      // Publishing in bulk sends a purge per item: the general bucket, not the write one.
      const admission = admit();
      if (admission !== true && !admission.allowed) return sendTooMany(res, admission);
      return purgeRoute(req, res, log);
    }
    sendJson(res, 404, { error: 'Not found' });
  }

  const server = http.createServer((req, res) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const log = lazyChild(gateway.logger, { reqId: requestId });
    const started = performance.now();
    // At the production level (warn) nothing is logged per request: no listener either.
    if (gateway.logger.isLevelEnabled('info')) {
      res.on('finish', () => {
        log.info(
          {
            method: req.method,
            path: (req.url ?? '').split('?')[0]?.slice(0, 200),
            status: res.statusCode,
            ms: Math.round((performance.now() - started) * 10) / 10,
            bytes: Number(res.getHeader('content-length') ?? hitBytes.get(res) ?? 0),
          },
          'request',
        );
      });
    }
    route(req, res, log, requestId).catch((error: unknown) => {
      if (!res.headersSent) applyBaseHeaders(res, requestId);
      if (error instanceof BodyTooLargeError) {
        sendJson(
          res,
          413,
          { error: `Request body larger than ${maxBodyBytes} bytes` },
          { connection: 'close' },
        );
        // Stop reading the rest of an oversized upload.
        req.resume();
        return;
      }
      log.error({ err: error }, 'request failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal server error' });
      else res.destroy();
    });
  });
  // A request Node cannot parse (bad request line, oversized headers) never reaches the handler:
  // answer it here, with the same headers, instead of Node's bare default.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ error: http.STATUS_CODES[status] });
    const headers = Object.entries({ ...securityHeaders, 'content-type': 'application/json; charset=utf-8' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Stop taking connections, let requests in flight finish (up to `timeoutMs`), then stop Apollo.
 * Returns a function that runs the shutdown (also bound to SIGTERM and SIGINT when `signals` is set).
 */
export function gracefulShutdown(
  server: http.Server,
  gateway: Gateway,
  options: { timeoutMs?: number; signals?: boolean; exit?: (code: number) => void } = {},
): () => Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let shutting: Promise<void> | null = null;
  const shutdown = () =>
    (shutting ??= (async () => {
      gateway.logger.info('shutting down');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections go as soon as their request is answered, not at their idle timeout.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      force.unref();
      await closed;
      clearInterval(sweep);
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
