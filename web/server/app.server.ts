// The web server on Fastify: the built files (@fastify/static, compressed at build time), the
// /graphql pass-through to the gateway, the /purge webhook, the crawler feeds, and every page
// rendered on the server behind the page cache. Responses are compressed by @fastify/compress; who
// the visitor is comes from Fastify's `trustProxy` (TRUST_PROXY); renders of searches are limited
// per visitor by @fastify/rate-limit over buckets shared through Redis (@site/server-kit).
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { DEFAULT_IMAGE } from '@site/content-model';
import {
  clientOf,
  connectRedisTier,
  createEdgeServer,
  createRateLimits,
  DERIVED,
  etagMatches,
  etagOf,
  isPreviewType,
  newNonce,
  problemOf,
  clientWentAway,
  rateKeyForAddress,
  sendJson,
  siteSecurityHeaders,
  verifyPreviewToken,
  type Loaded,
  type Times,
} from '@site/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import type { WebConfig } from './config.server';
import { ContentAge, relayedCacheControl, sharedCacheControl } from './content-age.server';
import { createFeeds, FEED_PATHS, WORDPRESS_FEED_ADDRESSES } from './feeds.server';
import { newNoncePlaceholder, renderDocument, type Assets } from './html.server';
import { createPageCache, RenderFailed, type CachedPage, type Rendered } from './page-cache.server';
import { pageUrl } from './page-url.server';
import { isDecodablePath } from './paths.server';
import { createCaches } from './caches.server';
import { chooseImageCopy, readImageCopies } from './image-formats.server';
import type { RenderRequest, RenderResult } from '../src/entry-server';

/** Every answer at /preview/*: kept by no cache, browser or shared. */
const PREVIEW_CACHE_CONTROL = 'private, no-store';

/**
 * A request the browser sends to fetch a page ahead of a visit (speculation rules' prefetch or
 * prerender, <link rel=prefetch>): `Sec-Purpose: prefetch` (with `;prerender` for a prerender), or
 * the older `Purpose: prefetch`. It is answered from the same page cache as a visit.
 */
export function isSpeculative(request: Pick<FastifyRequest, 'headers'>): boolean {
  const purpose = String(request.headers['sec-purpose'] ?? request.headers['purpose'] ?? '');
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
  /** Clock of the page cache, the feeds and the search limit (tests move time instead of waiting). */
  now?: () => number;
}

const PAGE_PATH_MAX = 2048;
/** The webhook's body is a few dozen bytes of JSON. */
const PURGE_BODY_MAX = 64 * 1024;
/**
 * Gateway replicas learn of a purge from the same message, each a moment apart; a page rendered in
 * that moment may hold content a lagging replica had not dropped yet. A second drop settles it.
 */
export const PURGE_SETTLE_MS = 500;

/**
 * Compression of what goes to browsers: pages and feeds as they are sent (brotli at a quality that
 * costs a page a millisecond or two, gzip for the rest), the /graphql answers passed on. The built
 * files are compressed once, at the highest quality, by the build (web/build/precompress.ts).
 */
export const COMPRESSION: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  // A 256 KB window (brotli's default is 4 MB) covers the largest page, so the bytes sent are the
  // same, and each response in flight holds a sixteenth of the buffer.
  brotliOptions: {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
  },
  zlibOptions: { level: 6 },
  // A page (150-300 KB; brotli at this quality takes about 2 ms) is compressed in one go and leaves
  // with its headers, not streamed: streamed, the headers went first and the body 2-3 ms later, in
  // two pieces, and the browser painted the empty page in between, then the page's top alone, and
  // parsed, styled and laid out the rest in a long task after that first paint (a low-tier phone's
  // main thread busy for up to 0.75 s after the page appears; docs/decisions/0015). Larger answers
  // still stream.
  syncThreshold: 512 * 1024,
  // Request bodies are read as sent: a compressed one would be a way past the body limit.
  globalDecompression: false,
};

/**
 * The files the site serves, by extension, and the type each is served with; any other file in
 * the build (a source map, a compressed copy) is not served.
 */
const FILE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.html': 'text/html; charset=utf-8',
};

const fileType = (urlPath: string) => FILE_TYPES[path.extname(urlPath.split('?')[0] ?? '').toLowerCase()];

/** The X-Cache header: how a page was served. */
const X_CACHE = { fresh: 'HIT', stale: 'STALE', miss: 'MISS', 'stale-if-error': 'STALE-IF-ERROR' } as const;

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
  return Buffer.concat(parts.flatMap((part, i) => (i > 0 ? [nonceBytes, part] : [part])));
}

/** What one request carries from its first hook to its handler. */
interface RequestState {
  started: number;
  url: URL;
}

/** The web server: static files, the /graphql pass-through, feeds and cached SSR. */
export function createWebApp(deps: WebAppDeps) {
  const { config } = deps;
  const logger = deps.logger ?? pino({ level: config.LOG_LEVEL });
  const gateway = new URL(config.GATEWAY_URL);
  const trust = config.TRUST_PROXY;
  const imgOrigins = ['https:'];
  const hsts = config.HSTS === 'on';
  const now = deps.now ?? Date.now;
  const clientDir = path.join(config.distDir, 'client');
  const states = new WeakMap<FastifyRequest, RequestState>();

  const shared = config.REDIS_URL
    ? {
        url: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        name: 'lawfirm-web',
        timeoutMs: config.REDIS_TIMEOUT_MS,
      }
    : null;
  // With REDIS_URL, replicas share rendered pages and feeds, and drop them when any gateway is purged.
  const redis = shared ? connectRedisTier({ ...shared, logger, now }) : null;
  const caches = createCaches({ now, ...(redis ? { shared: redis } : {}), settleMs: PURGE_SETTLE_MS });
  const pages = createPageCache(caches, {
    ttlMs: config.PAGE_CACHE_TTL * 1000,
    maxStaleMs: config.PAGE_CACHE_MAX_STALE * 1000,
  });
  // ...and spend from the same search buckets, whichever replica a visitor reaches.
  const limits = createRateLimits({ redis: shared, logger, now });
  const searchRenders = limits.limiter('search', {
    perMinute: config.RATE_LIMIT_SEARCH,
    burst: config.RATE_LIMIT_SEARCH_BURST,
  });
  // Previews render a draft for each request (nothing is cached): a bounded number per visitor.
  const previewRenders = limits.limiter('preview', {
    perMinute: config.RATE_LIMIT_PREVIEW,
    burst: Math.max(1, Math.min(10, config.RATE_LIMIT_PREVIEW)),
  });
  const feeds = createFeeds({ config, logger, now, caches });

  // Bodies are passed on as they came (the /graphql pass-through, the webhook), up to the limit.
  const app = createEdgeServer({
    trust,
    bodyLimit: config.MAX_BODY_KB * 1024,
    keepAliveTimeout: 65_000,
    // Long addresses reach the page handler, which answers 414 past PAGE_PATH_MAX.
    routerOptions: { maxParamLength: PAGE_PATH_MAX * 2 },
    clientError: (_status, reason) => ({
      headers: {
        ...siteSecurityHeaders({ nonce: newNonce(), hsts, imgOrigins }),
        'content-type': 'text/plain; charset=utf-8',
      },
      body: reason,
    }),
    // An address the router cannot decode: the same 400 page as one the page handler refuses.
    frameworkErrors: (_error, _request, reply) => {
      applyBaseHeaders(reply);
      return sendError(reply, 400, 'Bad Request');
    },
  });

  /**
   * Every answer (pages, files, /graphql, redirects, errors) carries the policy with a nonce of its
   * own; a page replaces it with the nonce its HTML uses.
   */
  function applyBaseHeaders(reply: FastifyReply) {
    reply.headers(siteSecurityHeaders({ nonce: newNonce(), hsts, imgOrigins }));
    reply.header('x-request-id', reply.request.id);
  }

  /**
   * A page of the server's own (an error, a refusal), which no cache keeps: `heading`, `text` and
   * `links` onwards; `headers` are added.
   */
  function sendErrorPage(
    reply: FastifyReply,
    status: number,
    heading: string,
    text: string,
    headers: Record<string, string> = {},
    links = '<p><a href="/">Return to Home</a></p>',
  ) {
    return reply
      .code(status)
      .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers })
      .send(
        `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} | ${deps.siteName}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;padding:2rem"><h1>${heading}</h1><p>${text}</p>${links}</body></html>`,
      );
  }

  const sendError = (reply: FastifyReply, status: number, message: string) =>
    sendErrorPage(reply, status, 'Unexpected Application Error!', `${status} ${message}`);

  function sendNotAhead(reply: FastifyReply) {
    return reply
      .code(503)
      .headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .send('Not rendered ahead of a visit');
  }

  /** The visitor's address: X-Forwarded-For is believed only from TRUST_PROXY's proxies. */
  const clientIpOf = (request: FastifyRequest) => clientOf(request, trust).ip;

  app.addHook('onRequest', async (request, reply) => {
    applyBaseHeaders(reply);
    const rawUrl = request.url;
    if (rawUrl.length > PAGE_PATH_MAX) return sendError(reply, 414, 'URI Too Long');
    let url: URL;
    try {
      url = new URL(rawUrl, config.SITE_URL);
    } catch {
      return sendError(reply, 400, 'Bad Request');
    }
    if (!isDecodablePath(url.pathname)) return sendError(reply, 400, 'Bad Request');
    states.set(request, { started: performance.now(), url });
  });

  app.setErrorHandler((error, request, reply) => {
    if (clientWentAway(error)) {
      logger.info({ requestId: request.id }, 'connection closed before the answer was sent');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    applyBaseHeaders(reply);
    const problem = problemOf(error, request.routeOptions.bodyLimit ?? config.MAX_BODY_KB * 1024);
    if (problem.status === 413) {
      // Once the answer is out, the connection goes rather than the rest of the upload being read.
      return sendJson(reply, 413, { errors: [{ message: problem.message }] }, { connection: 'close' });
    }
    if (problem.status >= 500) {
      logger.error(
        { requestId: request.id, err: error instanceof Error ? error.stack : String(error) },
        'unhandled request error',
      );
    }
    return sendError(
      reply,
      problem.status,
      problem.status >= 500 ? 'Internal Server Error' : problem.message,
    );
  });

  // Any other method on a page's address; GET and HEAD of an address no route has are pages (the
  // built files hand a missing file over here too).
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return page(request, reply);
    return reply
      .code(405)
      .headers({ allow: 'GET, HEAD', 'content-type': 'text/plain' })
      .send('Method Not Allowed');
  });

  app.register(fastifyCompress, COMPRESSION);
  limits.register(app);

  const defaultImageUrl = new URL(DEFAULT_IMAGE.url, config.SITE_URL).href;

  /** The HTML document of a rendered page, its scripts carrying `nonce`; what its route's error boundary showed is logged. */
  function documentOf(
    result: Extract<RenderResult, { kind: 'page' }>,
    nonce: string,
    requestId: string,
    url: string,
  ): string {
    if (result.routeError)
      logger.error({ requestId, url, status: result.status, err: result.routeError }, 'route error');
    return renderDocument({
      ...result,
      assets: deps.assets,
      siteName: deps.siteName,
      defaultImage: defaultImageUrl,
      origin: config.SITE_URL,
      nonce,
    });
  }

  /** A render of `url` as the page cache keeps it; a server error is thrown (RenderFailed), never kept. */
  async function renderPage(url: string, requestId: string): Promise<Loaded<Rendered>> {
    const noncePlaceholder = newNoncePlaceholder();
    // The render asks the gateway for content young enough to keep, and learns how old it got: the
    // page lives as long as the oldest content it was built from.
    const content = new ContentAge(pages.lifetime.gatewayMaxAgeS, now);
    const askedAt = () => now() - content.ageMs();
    const result = await deps.renderer.render({
      url,
      gatewayUrl: config.GATEWAY_URL,
      requestId,
      nonce: noncePlaceholder,
      fetch: content.wrap(fetch),
    });
    if (result.kind === 'redirect')
      return {
        value: { redirect: { status: result.status, location: result.location } },
        askedAt: askedAt(),
      };
    const html = documentOf(result, noncePlaceholder, requestId, url);
    const page: CachedPage = {
      status: result.status,
      html,
      noncePlaceholder,
      // Without the placeholder, which is new for every render: the same content keeps its ETag
      // across renders and replicas.
      etag: etagOf(html.replaceAll(noncePlaceholder, '')),
      timing: result.timing,
    };
    // Server errors are never kept: the next request tries again.
    if (page.status >= 500) throw new RenderFailed(page);
    return { value: page, askedAt: askedAt() };
  }

  /** `times`: until when the page is served (none for a server error, which is never kept). */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    times: Times | undefined,
    cacheState: string,
  ) {
    const nonce = newNonce();
    const started = states.get(request)?.started ?? performance.now();
    reply.headers({
      ...siteSecurityHeaders({ nonce, hsts, imgOrigins }),
      'content-type': 'text/html; charset=utf-8',
      // A server error is never kept by a shared cache: it would go on serving the outage.
      'cache-control':
        page.status >= 500 || !times ? 'no-store' : sharedCacheControl(times, now(), page.status),
      etag: page.etag,
      vary: 'Accept-Encoding',
      'x-cache': cacheState,
      // A fresh render says where its time went (WordPress or cache, gateway, render); a cached page
      // only how it was served.
      'server-timing': [
        `page;desc="${cacheState}";dur=${(performance.now() - started).toFixed(1)}`,
        ...(cacheState === 'MISS' && page.timing ? [page.timing] : []),
      ].join(', '),
    });
    if (page.status === 200 && etagMatches(request.headers['if-none-match'], page.etag)) {
      // The browser keeps the HTML it has, whose scripts carry the nonce of the response that
      // delivered it: a 304 must not replace that policy with a new nonce.
      reply.removeHeader('content-security-policy');
      return reply.code(304).send();
    }
    return reply.code(page.status).send(withNonce(page, nonce));
  }

  /** Each render limit's check, once @fastify/rate-limit has loaded (none for a limit that is off). */
  const limitChecks: Partial<
    Record<'searches' | 'previews', ReturnType<FastifyInstance['createRateLimit']>>
  > = {};

  /**
   * Whether this visitor has had all the renders of `what` its limit allows (RATE_LIMIT_SEARCH,
   * RATE_LIMIT_PREVIEW); if so the 429 page is sent, with `headers` and `links` as sendErrorPage's.
   */
  async function overLimit(
    what: 'searches' | 'previews',
    request: FastifyRequest,
    reply: FastifyReply,
    headers: Record<string, string>,
    links: string,
  ) {
    const verdict = await limitChecks[what]?.(request);
    if (!verdict || verdict.isAllowed || !verdict.isExceeded) return false;
    const retryAfterS = verdict.ttlInSeconds;
    const text = `Please try again in ${retryAfterS} seconds.`;
    const retry = { 'retry-after': String(retryAfterS) };
    void sendErrorPage(reply, 429, `Too many ${what}`, text, { ...headers, ...retry }, links);
    return true;
  }

  /** What every answer at /preview/* carries: for the editor who asked only, and for no index. */
  const PREVIEW_HEADERS = {
    'cache-control': PREVIEW_CACHE_CONTROL,
    'x-robots-tag': 'noindex, nofollow',
    // The address holds the token: no page linked from a draft learns it.
    'referrer-policy': 'no-referrer',
  } as const;

  /**
   * /preview/{type}/{id}?token=...: a draft for the editor WordPress's Preview button sent here. The
   * token is checked here first (a bad one costs no render and no gateway request), then the page is
   * rendered for this request alone: never from or into the page cache or Redis, and nothing a
   * browser, proxy or search engine may keep or index.
   */
  async function previewPage(request: FastifyRequest, reply: FastifyReply) {
    const state = states.get(request);
    if (!state) return sendError(reply, 400, 'Bad Request');
    reply.headers(PREVIEW_HEADERS);
    if (await overLimit('previews', request, reply, PREVIEW_HEADERS, '')) return reply;
    const match = /^\/preview\/([a-z_]+)\/([0-9]+)\/?$/.exec(state.url.pathname);
    if (!match || !isPreviewType(match[1])) {
      return sendErrorPage(reply, 404, 'Not Found', 'There is no such preview address.', PREVIEW_HEADERS);
    }
    if (!config.PREVIEW_SECRET) {
      return sendErrorPage(
        reply,
        403,
        'Previews are not set up',
        'This site does not show drafts: set PREVIEW_SECRET on the site and in WordPress to turn previews on.',
        PREVIEW_HEADERS,
      );
    }
    const checked = verifyPreviewToken(
      config.PREVIEW_SECRET,
      state.url.searchParams.get('token'),
      { type: match[1], id: match[2] as string },
      Date.now(),
    );
    if (!checked.ok) {
      logger.info({ requestId: request.id, reason: checked.reason }, 'preview refused');
      return sendErrorPage(
        reply,
        403,
        'Preview link not valid',
        'Preview links work for ten minutes. Open the preview again from the WordPress editor.',
        PREVIEW_HEADERS,
      );
    }
    const nonce = newNonce();
    let result: RenderResult;
    try {
      result = await deps.renderer.render({
        url: state.url.href,
        gatewayUrl: config.GATEWAY_URL,
        requestId: request.id,
        nonce,
        // The gateway limits previews per visitor, as this server does.
        forwardedFor: clientIpOf(request),
      });
    } catch (err) {
      logger.error(
        { requestId: request.id, err: err instanceof Error ? err.stack : String(err) },
        'preview render failed',
      );
      return sendError(reply, 500, 'Internal Server Error');
    }
    if (result.kind === 'redirect') {
      return reply
        .code(result.status)
        .headers({ location: result.location, ...PREVIEW_HEADERS })
        .send();
    }
    const html = documentOf(result, nonce, request.id, state.url.pathname);
    return reply
      .code(result.status)
      .headers({
        ...siteSecurityHeaders({ nonce, hsts, imgOrigins }),
        ...PREVIEW_HEADERS,
        'content-type': 'text/html; charset=utf-8',
      })
      .send(html);
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const state = states.get(request);
    if (!state) return sendError(reply, 400, 'Bad Request');
    const requestId = request.id;
    // Only the parameters a page reads make another page (page-url.server.ts); the render sees the
    // same clean address.
    const address = pageUrl(state.url);
    const key = address.pathname + address.search;
    if (address.search && (await pages.lookup(key)) === 'miss') {
      // A browser fetching ahead (speculation rules, <link rel=prefetch>) of a search or filter no
      // one has asked for yet: not rendered, and none of the visitor's search budget spent on a
      // page they may never open. The browser drops a speculative answer that is not a 200, and
      // asks again if the visitor does open the link.
      if (isSpeculative(request)) return sendNotAhead(reply);
      // Every search (or filter) can be a page no one asked for before: each visitor gets a
      // bounded number of them rendered, so a flood of them cannot busy the renderer and the
      // gateway, or push real pages out of the cache.
      const links = '<p><a href="/blog">All articles</a> · <a href="/">Return to Home</a></p>';
      if (await overLimit('searches', request, reply, {}, links)) return reply;
    }
    let found;
    try {
      found = await pages.get(
        key,
        () => renderPage(address.href, requestId),
        (err, { background }) => {
          // A server error is a page like any other (its route logged why), just not one to keep.
          if (err instanceof RenderFailed) return;
          if (background) logger.warn({ requestId, err: String(err) }, 'background re-render failed');
          else logger.error({ requestId, url: key, err: err.stack ?? String(err) }, 'render failed');
        },
      );
    } catch (err) {
      // No earlier page could stand in for the failed render (page-cache.server.ts).
      if (err instanceof RenderFailed) return sendPage(request, reply, err.page, undefined, 'MISS');
      return sendError(reply, 500, 'Internal Server Error');
    }
    const { entry } = found;
    if ('redirect' in entry.value) {
      const { status, location } = entry.value.redirect;
      return reply.code(status).headers({ location, 'cache-control': 'public, max-age=3600' }).send();
    }
    return sendPage(request, reply, entry.value, entry, X_CACHE[found.state]);
  }

  /**
   * Sends the request on to the gateway at `path` with `headers` (and the gateway's host and the
   * request's id), and its answer back: `relay` copies what it keeps of the gateway's headers, and a
   * server error is never kept by a shared cache, whatever the gateway said. `unreachable` answers
   * when the gateway does not (or not within `timeoutMs`).
   */
  function passThrough(
    request: FastifyRequest,
    reply: FastifyReply,
    to: { path: string; headers: http.OutgoingHttpHeaders; body?: Buffer; timeoutMs: number },
    relay: (up: http.IncomingMessage) => void,
    unreachable: () => FastifyReply,
  ) {
    const headers = { ...to.headers, host: gateway.host, 'x-request-id': request.id };
    return new Promise<FastifyReply>((resolve) => {
      const upstream = http.request(
        { hostname: gateway.hostname, port: gateway.port, path: to.path, method: request.method, headers },
        (up) => {
          relay(up);
          if ((up.statusCode ?? 502) >= 500) reply.header('cache-control', 'no-store');
          resolve(reply.code(up.statusCode ?? 502).send(up));
        },
      );
      upstream.setTimeout(to.timeoutMs, () => upstream.destroy(new Error('gateway timeout')));
      upstream.on('error', (err) => {
        logger.warn({ requestId: request.id, err: err.message }, 'gateway unreachable');
        if (reply.sent) return void reply.raw.destroy();
        resolve(unreachable());
      });
      upstream.end(to.body);
    });
  }

  /**
   * /media/* is the gateway's (its media/ folder): WordPress's images from this origin. Only what
   * decides the answer goes on (the format by Accept, a revalidation); only what describes it
   * comes back.
   */
  function proxyMedia(request: FastifyRequest, reply: FastifyReply) {
    const headers: http.OutgoingHttpHeaders = {};
    for (const name of ['accept', 'if-none-match'] as const) {
      const value = request.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    return passThrough(
      request,
      reply,
      { path: request.url, headers, timeoutMs: 30_000 },
      (up) => {
        for (const name of MEDIA_HEADERS) {
          const value = up.headers[name];
          if (value !== undefined) reply.header(name, value);
        }
      },
      // The site's own picture rather than a broken one; asked again next time.
      () => reply.code(302).header('cache-control', 'no-store').header('location', DEFAULT_IMAGE.url).send(),
    );
  }

  /** Sends the request on to the gateway, with this server's word on who the visitor is. */
  function proxyGraphql(request: FastifyRequest, reply: FastifyReply) {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    // The gateway believes this server (loopback) and limits each visitor by this address; what a
    // visitor wrote in the header is only believed as far as TRUST_PROXY allows, and what a visitor
    // says of the host and scheme is not passed on at all.
    headers['x-forwarded-for'] = clientIpOf(request);
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-proto'];
    // The gateway takes this server's bound on the age of content, never a visitor's (content-age.server.ts).
    delete headers['cache-control'];
    if (pages.lifetime.gatewayMaxAgeS !== undefined) {
      headers['cache-control'] = `max-age=${pages.lifetime.gatewayMaxAgeS}`;
    }
    delete headers.connection;
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return passThrough(
      request,
      reply,
      { path: gateway.pathname + search, headers, body, timeoutMs: 15_000 },
      (up) => {
        // The site's own security headers (already on the reply) replace the gateway's, except the
        // policy of a page the gateway wrote for a browser (its landing page or sandbox): that
        // page's styles and scripts carry the gateway's nonce, which only the gateway's policy names.
        if (
          String(up.headers['content-type'] ?? '').startsWith('text/html') &&
          up.headers['content-security-policy']
        )
          reply.removeHeader('content-security-policy');
        for (const [name, value] of Object.entries(up.headers)) {
          if (value === undefined || HOP_BY_HOP.has(name) || reply.hasHeader(name)) continue;
          reply.header(name, value);
        }
        // A shared cache keeps a public answer only for what is left of its content's lifetime.
        const policy = up.headers['cache-control'];
        const relayed = relayedCacheControl(policy, up.headers.age, now(), pages.lifetime);
        if (relayed !== policy) {
          if (relayed === undefined) reply.removeHeader('cache-control');
          else reply.header('cache-control', relayed);
          reply.removeHeader('age');
        }
      },
      () =>
        sendJson(reply, 502, {
          errors: [{ message: 'The content service is unavailable', extensions: { code: 'BAD_GATEWAY' } }],
        }),
    );
  }

  /**
   * WordPress's publish webhook, addressed to the public site. The gateway checks the signature and
   * drops the content it names; once it has accepted, every rendered page and feed is dropped too
   * (a post shows on lists, feeds and the sitemap as well as its own page) so the next visitor
   * sees the change within a second, not after the page cache's TTL.
   */
  async function purge(request: FastifyRequest, reply: FastifyReply) {
    const signature = request.headers['x-purge-signature'];
    // Signed together with the body: the gateway refuses a purge without it, or an old one.
    const timestamp = request.headers['x-purge-timestamp'];
    let upstream: Response;
    try {
      upstream = await fetch(new URL('/purge', gateway), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': request.id,
          'x-forwarded-for': clientIpOf(request),
          ...(typeof signature === 'string' ? { 'x-purge-signature': signature } : {}),
          ...(typeof timestamp === 'string' ? { 'x-purge-timestamp': timestamp } : {}),
        },
        // The bytes as they came: the signature covers them.
        body: Buffer.concat([Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)]),
        signal: AbortSignal.timeout(5000),
      });
    } catch (err) {
      logger.warn({ requestId: request.id, err: String(err) }, 'purge: gateway unreachable');
      return sendJson(reply, 502, { error: 'Gateway unreachable' });
    }
    const text = await upstream.text();
    if (upstream.ok) {
      // Everything this server keeps is built from content: any purge drops it.
      await caches.purge([DERIVED]);
      logger.info({ requestId: request.id }, 'purge: page cache cleared');
    }
    return reply
      .code(upstream.status)
      .headers({ 'content-type': 'application/json', 'cache-control': 'no-store' })
      .send(text);
  }

  app.register(async (scope) => {
    // createRateLimit is @fastify/rate-limit's, decorated once it has loaded.
    for (const [what, limiter] of [
      ['searches', searchRenders],
      ['previews', previewRenders],
    ] as const) {
      const route = limiter.route({
        key: (request) => rateKeyForAddress(clientIpOf(request)),
        refused: (_request, retryAfterS) => Object.assign(new Error(`Too many ${what}`), { retryAfterS }),
      });
      if (route) limitChecks[what] = scope.createRateLimit(route);
    }

    scope.route({
      method: ['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT'],
      url: '/graphql',
      handler: proxyGraphql,
    });
    scope.route({ method: ['GET', 'HEAD'], url: '/media/*', handler: proxyMedia });
    scope.post('/purge', { bodyLimit: PURGE_BODY_MAX }, purge);
    scope.get('/healthz', (_request, reply) =>
      sendJson(reply, 200, { ok: true, cache: redis?.state() ?? 'memory' }),
    );
    for (const feed of FEED_PATHS) {
      scope.get(feed, (request, reply) => feeds.serve(request, reply, feed, request.id));
    }
    for (const [from, to] of Object.entries(WORDPRESS_FEED_ADDRESSES)) {
      scope.get(from, (_request, reply) =>
        reply.code(301).headers({ location: to, 'cache-control': 'public, max-age=86400' }).send(),
      );
    }
    scope.route({ method: ['GET', 'HEAD'], url: '/preview/*', handler: previewPage });
    scope.get('/*', page);

    await scope.register(async (files) => {
      // The site's photographs in the best format the browser takes, at their one address: the
      // static handler reads the raw URL, so pointing it at the copy sends that file (its own type,
      // length and ETag).
      const imagesDir = path.join(clientDir, 'images');
      const imageCopies = readImageCopies(imagesDir);
      files.addHook('onRequest', async (request, reply) => {
        if (!request.url.startsWith('/images/')) return;
        const [pathname = '', query] = request.raw.url!.split(/\?(.*)/s, 2);
        const choice = chooseImageCopy(
          pathname.slice('/images/'.length),
          request.headers.accept,
          imageCopies,
        );
        if (!choice.negotiable) return;
        reply.header('vary', 'Accept');
        if (choice.copy) request.raw.url = `/images/${choice.copy}${query ? `?${query}` : ''}`;
      });
      // The site's types, whichever copy (compressed or not) @fastify/send picked.
      files.addHook('onSend', async (request, reply, payload) => {
        const type = fileType(request.url);
        if (type && reply.hasHeader('content-type')) reply.header('content-type', type);
        return payload;
      });
      const mount = (prefix: string, root: string, immutable: boolean, extra: object = {}) =>
        files.register(fastifyStatic, {
          root,
          prefix,
          decorateReply: false,
          index: false,
          // Dot-files and dot-folders are the build's and the server's own (Vite's
          // .vite/manifest.json, an editor's or a deploy tool's files), never the site's.
          dotfiles: 'ignore',
          // The build writes a .br and a .gz beside each compressible file.
          preCompressed: true,
          cacheControl: false,
          allowedPath: (pathname: string) => fileType(pathname) !== undefined,
          setHeaders: (reply: FastifyReply) => {
            // Hashed file names never change: cache them for a year.
            reply.header(
              'cache-control',
              immutable
                ? 'public, max-age=31536000, immutable'
                : 'public, max-age=86400, stale-while-revalidate=604800',
            );
          },
          ...extra,
        });
      await mount('/assets/', path.join(clientDir, 'assets'), true);
      await mount('/images/', imagesDir, false);
      await mount('/wp-content/uploads/', path.join(config.CONTENT_DIR, 'uploads'), false);
      // The build's own top-level files (favicon.ico, logo.svg), each a route of its own: every
      // other address is a page.
      await mount('/', clientDir, false, { wildcard: false, globIgnore: ['assets/**', 'images/**'] });
    });
  });

  app.addHook('onClose', async () => {
    caches.close();
    redis?.close();
    limits.close();
  });

  return {
    /** The server: `app.listen()`, `app.inject()`; `app.close()` also closes the links to Redis. */
    app,
    pages,
    logger,
    /** Resolves once the shared page cache and limits are connected (at once without Redis), or false after `timeoutMs`. */
    ready: async (timeoutMs: number) => {
      const [shared, limited] = await Promise.all([redis?.ready(timeoutMs) ?? true, limits.ready(timeoutMs)]);
      return shared && limited;
    },
  };
}

/** What the media pass-through copies from the gateway's answer. */
const MEDIA_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'vary',
  'location',
] as const;

/** Headers of one connection, which the pass-through never copies from the gateway's answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
