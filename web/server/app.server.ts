import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { pino, type Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import type { WebConfig } from './config.server';
import { StaticFiles } from './static.server';
import { PageCache, type CachedPage } from './page-cache.server';
import { NONCE_PLACEHOLDER, renderDocument, type Assets } from './html.server';
import { newNonce, securityHeaders } from './headers.server';
import { createFeeds } from './feeds.server';
import type { RenderRequest, RenderResult } from '../src/entry-server';

export interface RenderModule {
  render(req: RenderRequest): Promise<RenderResult>;
}

export interface WebAppDeps {
  config: WebConfig;
  renderer: RenderModule;
  assets: Assets;
  siteName: string;
  logger?: Logger;
}

const PAGE_PATH_MAX = 2048;

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
  const pages = new PageCache({
    ttlMs: config.PAGE_CACHE_TTL * 1000,
    maxStaleMs: config.PAGE_CACHE_MAX_STALE * 1000,
  });
  const hsts = config.HSTS === 'on';
  const redirects = new LRUCache<string, { status: number; location: string }>({ max: 1000 });
  const feeds = createFeeds({ config, logger });

  async function renderPage(
    url: string,
    requestId: string,
  ): Promise<{ page: CachedPage | null; redirect?: { status: number; location: string } }> {
    const result = await deps.renderer.render({
      url,
      gatewayUrl: config.GATEWAY_URL,
      requestId,
      nonce: NONCE_PLACEHOLDER,
    });
    if (result.kind === 'redirect')
      return { page: null, redirect: { status: result.status, location: result.location } };
    if (result.routeError)
      logger.error({ requestId, url, status: result.status, err: result.routeError }, 'route error');
    const html = renderDocument({ ...result, assets: deps.assets, siteName: deps.siteName });
    return { page: { status: result.status, html, etag: etagOf(html), storedAt: Date.now() } };
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
      'Cache-Control':
        page.status === 200
          ? `public, max-age=0, s-maxage=${config.PAGE_CACHE_TTL}, stale-while-revalidate=60, stale-if-error=86400`
          : 'public, max-age=0, s-maxage=10',
      ETag: page.etag,
      Vary: 'Accept-Encoding',
      'X-Cache': cacheState,
      'Server-Timing': `page;desc="${cacheState}";dur=${(performance.now() - started).toFixed(1)}`,
    };
    if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
      // The browser keeps the HTML it has, whose scripts carry the nonce of the response that
      // delivered it: a 304 must not replace that policy with a new nonce.
      delete headers['Content-Security-Policy'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const html = page.html.replaceAll(NONCE_PLACEHOLDER, nonce);
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body: Buffer = Buffer.from(html);
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

  function proxyGraphql(req: IncomingMessage, res: ServerResponse, requestId: string): void {
    const headers = { ...req.headers, host: gateway.host, 'x-request-id': requestId } as Record<
      string,
      string | string[] | undefined
    >;
    const remote = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${remote}`
      : remote;
    delete headers.connection;
    const upstream = http.request(
      {
        hostname: gateway.hostname,
        port: gateway.port,
        path: gateway.pathname + (req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''),
        method: req.method,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-content-type-options': 'nosniff' });
        up.pipe(res);
      },
    );
    upstream.setTimeout(15_000, () => upstream.destroy(new Error('gateway timeout')));
    upstream.on('error', (err) => {
      logger.warn({ requestId, err: err.message }, 'gateway unreachable');
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            errors: [{ message: 'The content service is unavailable', extensions: { code: 'BAD_GATEWAY' } }],
          }),
        );
      } else res.destroy();
    });
    req.pipe(upstream);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const requestId = String(req.headers['x-request-id'] ?? '').slice(0, 64) || randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const rawUrl = req.url ?? '/';
    if (rawUrl.length > PAGE_PATH_MAX) return sendError(res, 414, 'URI Too Long');
    let url: URL;
    try {
      url = new URL(rawUrl, config.SITE_URL);
    } catch {
      return sendError(res, 400, 'Bad Request');
    }
    if (url.pathname === '/graphql') return proxyGraphql(req, res, requestId);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('Method Not Allowed');
      return;
    }
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ ok: true }));
      return;
    }
    const staticHeaders = securityHeaders({ hsts, imgOrigins });
    if (feeds.handles(url.pathname)) return feeds.serve(req, res, url.pathname, staticHeaders, requestId);
    if (await staticFiles.serve(req, res, url.pathname, staticHeaders)) return;

    const key = url.pathname + url.search;
    const hit = pages.lookup(key);
    if (hit.state === 'fresh') return sendPage(req, res, hit.page, 'HIT', started);
    const refresh = () =>
      pages.singleFlight(key, async () => {
        const out = await renderPage(url.href, requestId);
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
      if (hit.state === 'expired') return sendPage(req, res, hit.page, 'STALE-IF-ERROR', started);
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
  server.keepAliveTimeout = 65_000;
  return { server, pages, logger };
}
