import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { pino, type Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import type { WebConfig } from './config.server';
import { StaticFiles } from './static.server';
import { PageCache, etagMatches, type CachedPage } from './page-cache.server';
import { connectRedisPages } from './redis.server';
import { newNoncePlaceholder, renderDocument, type Assets } from './html.server';
import { newNonce, securityHeaders } from './headers.server';
import { clientAddress } from '../../gateway/src/security/trust-proxy.js';
import { createTokenBuckets } from '../../gateway/src/security/token-bucket.js';
import { rateKeyForAddress } from '../../gateway/src/rate-limit.js';
import { isDecodablePath } from './paths.server';
import { pageUrl } from './page-url.server';
import { requestIdFrom } from './request-id.server';
import { createFeeds } from './feeds.server';
import { ContentAge, relayedCacheControl, sharedCacheControl } from './content-age.server';
import type { RenderRequest, RenderResult } from '../src/entry-server';

/**
 * A request the browser sends to fetch a page ahead of a visit (speculation rules' prefetch or
 * prerender, <link rel=prefetch>): `Sec-Purpose: prefetch` (with `;prerender` for a prerender), or
 * the older `Purpose: prefetch`. It is answered from the same page cache as a visit.
 */
export function isSpeculative(req: IncomingMessage): boolean {
  const purpose = String(req.headers['sec-purpose'] ?? req.headers['purpose'] ?? '');
  return /(^|[\s;,])prefetch\b/.test(purpose);
}

export interface RenderModule {
  render(req: RenderRequest): Promise<RenderResult>;
}

export interface WebAppDeps {
  config: WebConfig;
  renderer: RenderModule;
  assets: Assets;
  siteName: string;
  logger?: Logger;
  /** Clock of the page cache and the feeds (tests move time instead of waiting). */
  now?: () => number;
}

const PAGE_PATH_MAX = 2048;

/** A cached page as UTF-8 pieces around its nonce placeholders, split once per page. */
const pieces = new WeakMap<CachedPage, Buffer[]>();

/**
 * The page with this response's nonce where its render wrote its placeholder, and nowhere else. (A
 * page without one is not served from the cache; were it, its scripts would not run, and no text of
 * it would turn into the nonce.)
 */
function withNonce(page: CachedPage, nonce: string): Buffer {
  let parts = pieces.get(page);
  if (!parts) {
    const { html, noncePlaceholder } = page;
    parts = (noncePlaceholder ? html.split(noncePlaceholder) : [html]).map((p) => Buffer.from(p));
    pieces.set(page, parts);
  }
  const nonceBytes = Buffer.from(nonce);
  const out: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(nonceBytes);
    out.push(part);
  });
  return Buffer.concat(out);
}

function etagOf(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
}

/** The web server's request handler: static files, the /graphql pass-through, and cached SSR. */
export function createWebApp(deps: WebAppDeps) {
  const { config } = deps;
  const logger = deps.logger ?? pino({ level: config.LOG_LEVEL });
  const gateway = new URL(config.GATEWAY_URL);
  const imgOrigins = ['https:'];
  const staticFiles = new StaticFiles([
    { prefix: '/assets/', dir: path.join(config.distDir, 'client', 'assets'), immutable: true },
    { prefix: '/images/', dir: path.join(config.distDir, 'client', 'images'), immutable: false },
    { prefix: '/wp-content/uploads/', dir: path.join(config.CONTENT_DIR, 'uploads'), immutable: false },
    { prefix: '/', dir: path.join(config.distDir, 'client'), immutable: false },
  ]);
  // With REDIS_URL, replicas share rendered pages and drop them when any gateway is purged.
  const redisPages = config.REDIS_URL
    ? connectRedisPages({
        url: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        timeoutMs: config.REDIS_TIMEOUT_MS,
        logger,
        onPurge: () => {
          pages.clear();
          redirects.clear();
          feeds.clear();
        },
      })
    : null;
  const now = deps.now ?? Date.now;
  const pages = new PageCache({
    ttlMs: config.PAGE_CACHE_TTL * 1000,
    maxStaleMs: config.PAGE_CACHE_MAX_STALE * 1000,
    now,
    ...(redisPages ? { shared: redisPages.store } : {}),
  });
  const hsts = config.HSTS === 'on';
  const searchRenders = createTokenBuckets({
    perMinute: config.RATE_LIMIT_SEARCH,
    burst: config.RATE_LIMIT_SEARCH_BURST,
  });
  const redirects = new LRUCache<string, { status: number; location: string }>({ max: 1000 });
  const feeds = createFeeds({ config, logger, now });

  async function renderPage(
    url: string,
    requestId: string,
  ): Promise<{ page: CachedPage | null; redirect?: { status: number; location: string } }> {
    const noncePlaceholder = newNoncePlaceholder();
    // The render asks the gateway for content young enough to keep, and learns how old it got.
    const content = new ContentAge(pages.lifetime.gatewayMaxAgeS, now);
    const result = await deps.renderer.render({
      url,
      gatewayUrl: config.GATEWAY_URL,
      requestId,
      nonce: noncePlaceholder,
      fetch: content.wrap(fetch),
    });
    if (result.kind === 'redirect')
      return { page: null, redirect: { status: result.status, location: result.location } };
    if (result.routeError)
      logger.error({ requestId, url, status: result.status, err: result.routeError }, 'route error');
    const html = renderDocument({
      ...result,
      assets: deps.assets,
      siteName: deps.siteName,
      defaultImage: new URL('/images/default-featured.jpg', config.SITE_URL).href,
      nonce: noncePlaceholder,
    });
    return {
      page: {
        status: result.status,
        html,
        noncePlaceholder,
        // Without the placeholder, which is new for every render: the same content keeps its ETag
        // across renders and replicas.
        etag: etagOf(html.replaceAll(noncePlaceholder, '')),
        storedAt: now(),
        ...pages.timesFor(content.ageMs()),
        timing: result.timing,
      },
    };
  }

  function sendPage(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    cacheState: string,
    started: number,
  ): void {
    const nonce = newNonce();
    const headers: Record<string, string> = {
      ...securityHeaders({ nonce, hsts, imgOrigins }),
      'Content-Type': 'text/html; charset=utf-8',
      // A server error is never kept by a shared cache: it would go on serving the outage.
      'Cache-Control':
        page.status === 200
          ? sharedCacheControl(page, now())
          : page.status >= 500
            ? 'no-store'
            : sharedCacheControl(page, now(), page.status),
      ETag: page.etag,
      Vary: 'Accept-Encoding',
      'X-Cache': cacheState,
      // A fresh render says where its time went (WordPress or cache, gateway, render); a cached page
      // only how it was served.
      'Server-Timing': [
        `page;desc="${cacheState}";dur=${(performance.now() - started).toFixed(1)}`,
        ...(cacheState === 'MISS' && page.timing ? [page.timing] : []),
      ].join(', '),
    };
    if (page.status === 200 && etagMatches(req.headers['if-none-match'], page.etag)) {
      // The browser keeps the HTML it has, whose scripts carry the nonce of the response that
      // delivered it: a 304 must not replace that policy with a new nonce.
      delete headers['Content-Security-Policy'];
      res.removeHeader('Content-Security-Policy');
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body: Buffer = withNonce(page, nonce);
    if (/\bbr\b/.test(accept)) {
      body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      headers['Content-Encoding'] = 'br';
    } else if (/\bgzip\b/.test(accept)) {
      body = zlib.gzipSync(body, { level: 6 });
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendNotAhead(res: ServerResponse): void {
    res.writeHead(503, {
      ...securityHeaders({ hsts, imgOrigins }),
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end('Not rendered ahead of a visit');
  }

  function sendError(res: ServerResponse, status: number, message: string): void {
    const nonce = newNonce();
    res.writeHead(status, {
      ...securityHeaders({ nonce, hsts, imgOrigins }),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(
      `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error! | ${deps.siteName}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;padding:2rem"><h1>Unexpected Application Error!</h1><p>${status} ${message}</p><p><a href="/">Return to Home</a></p></body></html>`,
    );
  }

  /** One visitor asked for more searches than RATE_LIMIT_SEARCH renders. */
  function sendTooManySearches(res: ServerResponse, retryAfterS: number): void {
    res.writeHead(429, {
      ...securityHeaders({ nonce: newNonce(), hsts, imgOrigins }),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterS),
    });
    res.end(
      `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many searches | ${deps.siteName}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;padding:2rem"><h1>Too many searches</h1><p>Please try again in ${retryAfterS} seconds.</p><p><a href="/blog">All articles</a> · <a href="/">Return to Home</a></p></body></html>`,
    );
  }

  /** The visitor's address: X-Forwarded-For is believed only from TRUST_PROXY's proxies. */
  const clientIpOf = (req: IncomingMessage) =>
    clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.TRUST_PROXY).ip;

  /** The request body, refused past MAX_BODY_KB (null: a 413 has been sent). */
  function readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | null> {
    const limit = config.MAX_BODY_KB * 1024;
    return new Promise((resolve, reject) => {
      const tooLarge = () => {
        req.removeAllListeners('data');
        res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
        // Once the answer is out, drop the connection rather than read the rest of the upload.
        res.end(JSON.stringify({ errors: [{ message: `Request body larger than ${limit} bytes` }] }), () =>
          req.socket.destroy(),
        );
        resolve(null);
      };
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) return tooLarge();
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks, size)));
      req.on('error', reject);
    });
  }

  async function proxyGraphql(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const body = await readBody(req, res);
    if (!body) return;
    const headers = { ...req.headers, host: gateway.host, 'x-request-id': requestId } as Record<
      string,
      string | string[] | undefined
    >;
    // The gateway believes this server (loopback) and limits each visitor by this address; what a
    // visitor wrote in the header is only believed as far as TRUST_PROXY allows.
    headers['x-forwarded-for'] = clientIpOf(req);
    // The gateway takes this server's bound on the age of content, never a visitor's (content-age.server.ts).
    delete headers['cache-control'];
    if (pages.lifetime.gatewayMaxAgeS !== undefined) {
      headers['cache-control'] = `max-age=${pages.lifetime.gatewayMaxAgeS}`;
    }
    delete headers.connection;
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
    const upstream = http.request(
      {
        hostname: gateway.hostname,
        port: gateway.port,
        path: gateway.pathname + (req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''),
        method: req.method,
        headers,
      },
      (up) => {
        // The site's own security headers (already set on `res`) replace the gateway's, except the
        // policy of a page the gateway wrote for a browser (its landing page or sandbox): that page's
        // styles and scripts carry the gateway's nonce, which only the gateway's policy names.
        if (
          String(up.headers['content-type'] ?? '').startsWith('text/html') &&
          up.headers['content-security-policy']
        )
          res.removeHeader('Content-Security-Policy');
        const passed = Object.fromEntries(
          Object.entries(up.headers).filter(([name]) => !res.hasHeader(name)),
        );
        // A shared cache keeps a public answer only for what is left of its content's lifetime.
        const policy = up.headers['cache-control'];
        const relayed = relayedCacheControl(policy, up.headers.age, now(), pages.lifetime);
        if (relayed !== policy) {
          passed['cache-control'] = relayed;
          delete passed.age;
        }
        // A server error is never kept by a shared cache, whatever the gateway said.
        if ((up.statusCode ?? 502) >= 500) passed['cache-control'] = 'no-store';
        res.writeHead(up.statusCode ?? 502, passed);
        up.pipe(res);
      },
    );
    upstream.setTimeout(15_000, () => upstream.destroy(new Error('gateway timeout')));
    upstream.on('error', (err) => {
      logger.warn({ requestId, err: err.message }, 'gateway unreachable');
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(
          JSON.stringify({
            errors: [{ message: 'The content service is unavailable', extensions: { code: 'BAD_GATEWAY' } }],
          }),
        );
      } else res.destroy();
    });
    upstream.end(body);
  }

  /**
   * WordPress's publish webhook, addressed to the public site. The gateway checks the signature and
   * drops the content it names; once it has accepted, every rendered page and feed is dropped too
   * (a post shows on lists, feeds and the sitemap as well as its own page) so the next visitor
   * sees the change within a second, not after the page cache's TTL.
   */
  async function purge(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 64 * 1024) {
        res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
        res.end(JSON.stringify({ error: 'Request body too large' }));
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const signature = req.headers['x-purge-signature'];
    // Signed together with the body: the gateway refuses a purge without it, or an old one.
    const timestamp = req.headers['x-purge-timestamp'];
    let upstream: Response;
    try {
      upstream = await fetch(new URL('/purge', gateway), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-forwarded-for': clientIpOf(req),
          ...(typeof signature === 'string' ? { 'x-purge-signature': signature } : {}),
          ...(typeof timestamp === 'string' ? { 'x-purge-timestamp': timestamp } : {}),
        },
        body: Buffer.concat(chunks),
        signal: AbortSignal.timeout(5000),
      });
    } catch (err) {
      logger.warn({ requestId, err: String(err) }, 'purge: gateway unreachable');
      res.writeHead(502, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ error: 'Gateway unreachable' }));
      return;
    }
    const text = await upstream.text();
    if (upstream.ok) {
      pages.clear();
      redirects.clear();
      feeds.clear();
      logger.info({ requestId }, 'purge: page cache cleared');
    }
    res.writeHead(upstream.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    // Every answer (pages, files, /graphql, redirects, errors) carries the policy with a nonce of
    // its own; a page replaces it with the nonce its HTML uses.
    const baseHeaders = securityHeaders({ nonce: newNonce(), hsts, imgOrigins });
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    const rawUrl = req.url ?? '/';
    if (rawUrl.length > PAGE_PATH_MAX) return sendError(res, 414, 'URI Too Long');
    let url: URL;
    try {
      url = new URL(rawUrl, config.SITE_URL);
    } catch {
      return sendError(res, 400, 'Bad Request');
    }
    if (!isDecodablePath(url.pathname)) return sendError(res, 400, 'Bad Request');
    if (url.pathname === '/graphql') return proxyGraphql(req, res, requestId);
    if (url.pathname === '/purge' && req.method === 'POST') return purge(req, res, requestId);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('Method Not Allowed');
      return;
    }
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ ok: true, cache: redisPages?.state() ?? 'memory' }));
      return;
    }
    const staticHeaders = baseHeaders;
    if (feeds.handles(url.pathname)) return feeds.serve(req, res, url.pathname, staticHeaders, requestId);
    if (await staticFiles.serve(req, res, url.pathname, staticHeaders)) return;

    // Only the parameters a page reads make another page (page-url.server.ts); the render sees the
    // same clean address.
    const address = pageUrl(url);
    const key = address.pathname + address.search;
    const found = await pages.lookup(key);
    // A page stored by an earlier version (in the shared store) has no placeholder of its own.
    const hit = found.state !== 'miss' && !found.page.noncePlaceholder ? { state: 'miss' as const } : found;
    if (hit.state === 'fresh') return sendPage(req, res, hit.page, 'HIT', started);
    if (hit.state === 'miss' && address.search) {
      // A browser fetching ahead (speculation rules, <link rel=prefetch>) of a search or filter no
      // one has asked for yet: not rendered, and none of the visitor's search budget spent on a
      // page they may never open. The browser drops a speculative answer that is not a 200, and
      // asks again if the visitor does open the link.
      if (isSpeculative(req)) return sendNotAhead(res);
      // Every search (or filter) can be a page no one asked for before: each visitor gets a
      // bounded number of them rendered, so a flood of them cannot busy the renderer and the
      // gateway, or push real pages out of the cache.
      const admission = searchRenders.take(rateKeyForAddress(clientIpOf(req)));
      if (!admission.allowed) return sendTooManySearches(res, admission.retryAfterS);
    }
    const refresh = () =>
      pages.singleFlight(key, async () => {
        const out = await renderPage(address.href, requestId);
        if (out.redirect) {
          redirects.set(key, out.redirect);
          return null;
        }
        // Server errors are never cached: the next request tries again.
        if (!out.page || out.page.status >= 500) return out.page;
        return pages.set(key, out.page);
      });
    if (hit.state === 'stale') {
      refresh().catch((err: unknown) =>
        logger.warn({ requestId, err: String(err) }, 'background re-render failed'),
      );
      return sendPage(req, res, hit.page, 'STALE', started);
    }
    try {
      const page = await refresh();
      // Past its lifetime, and the re-render failed (the gateway down): the last good page beats an
      // error, and is kept a refresh window longer rather than rendered again for every visitor.
      if (page && page.status >= 500 && hit.state === 'expired') {
        pages.keepServing(key, hit.page);
        return sendPage(req, res, hit.page, 'STALE-IF-ERROR', started);
      }
      if (!page) {
        const redirect = redirects.get(key);
        if (redirect) {
          res.writeHead(redirect.status, {
            ...staticHeaders,
            Location: redirect.location,
            'Cache-Control': 'public, max-age=3600',
          });
          res.end();
          return;
        }
        return sendError(res, 500, 'Internal Server Error');
      }
      sendPage(req, res, page, 'MISS', started);
    } catch (err) {
      logger.error(
        { requestId, url: key, err: err instanceof Error ? err.stack : String(err) },
        'render failed',
      );
      if (hit.state === 'expired') {
        pages.keepServing(key, hit.page);
        return sendPage(req, res, hit.page, 'STALE-IF-ERROR', started);
      }
      sendError(res, 500, 'Internal Server Error');
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error({ err: err instanceof Error ? err.stack : String(err) }, 'unhandled request error');
      if (!res.headersSent) sendError(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  // A request Node cannot parse (bad request line, oversized headers) never reaches handle():
  // answer it here, with the same security headers, instead of Node's bare default.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const reason = http.STATUS_CODES[status] ?? 'Bad Request';
    const headers = Object.entries({
      ...securityHeaders({ nonce: newNonce(), hsts, imgOrigins }),
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(reason)),
      Connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${reason}`);
  });
  server.keepAliveTimeout = 65_000;
  return {
    server,
    pages,
    logger,
    /** Resolves once the shared page cache is connected (at once without one), or false after `timeoutMs`. */
    ready: (timeoutMs: number) => redisPages?.ready(timeoutMs) ?? Promise.resolve(true),
    close: () => redisPages?.close(),
  };
}
