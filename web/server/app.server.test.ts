import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createWebApp, type RenderModule } from './app.server';
import { loadWebConfig } from './config.server';
import { escapeHtml, signPreviewToken, type PreviewClaims } from '@site/server-kit';
import { jsonForScript } from '../src/islands/island-markup';
import type { RenderRequest } from '../src/entry-server';

const SITE = 'http://site.test';
/** What a post about this site's own templates might well contain, written by WordPress. */
const POST_TEXT = 'Our pages are cached with __CSP_NONCE__ in place of the nonce.';
/** A built script, long enough to be worth compressing. */
const SCRIPT = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `line ${i}`))};\n`;

/**
 * A stand-in for the server bundle: it writes the nonce it is given where the real one does (React
 * Router's hydration script, emotion's style elements) and shows the search like the blog list does.
 */
function fakeRenderer(): { renderer: RenderModule; calls: RenderRequest[] } {
  const calls: RenderRequest[] = [];
  const renderer: RenderModule = {
    async render(req) {
      calls.push(req);
      const url = new URL(req.url);
      const q = url.searchParams.get('q') ?? '';
      const status =
        url.pathname === '/down'
          ? 503
          : url.pathname === '/fail'
            ? 500
            : url.pathname.includes('.')
              ? 404
              : 200;
      return {
        kind: 'page',
        status,
        head: {
          title: q ? `Search: ${q}` : 'Articles',
          description: q ? `Articles about ${q}` : 'Articles',
          canonical: req.url,
          jsonLd: [{ '@type': 'SearchResultsPage', name: q }],
        },
        html:
          `<form role="search"><input name="q" value="${escapeHtml(q)}"></form><p>${escapeHtml(POST_TEXT)}</p>` +
          `<script nonce="${req.nonce}">window.__staticRouterHydrationData = ${jsonForScript({ q })}</script>`,
        styles: `<style data-emotion="css x" nonce="${req.nonce}">.x{color:red}</style>`,
        timing: 'render;dur=1.0',
        modules: [],
      };
    },
  };
  return { renderer, calls };
}

interface Site {
  url: string;
  calls: RenderRequest[];
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

async function closedPort(): Promise<number> {
  const server = http.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return Number(new URL(url).port);
}

/** The web server in this process over a client build of a few files and the stand-in renderer. */
async function startSite(env: Record<string, string> = {}, stand = fakeRenderer()): Promise<Site> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
  const client = path.join(dir, 'dist', 'client');
  mkdirSync(path.join(client, '.vite'), { recursive: true });
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  writeFileSync(
    path.join(client, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/entry-client-secret.js', isEntry: true } }),
  );
  writeFileSync(path.join(client, 'assets', '.build-info.json'), '{"commit":"secret"}');
  writeFileSync(path.join(client, 'favicon.ico'), 'icon');
  // A built script and the compressed copy the build writes beside it.
  writeFileSync(path.join(client, 'assets', 'app-1.js'), SCRIPT);
  writeFileSync(path.join(client, 'assets', 'app-1.js.br'), zlib.brotliCompressSync(SCRIPT));
  // A built font (web/build/devanagari-font.ts).
  writeFileSync(path.join(client, 'assets', 'noto-sans-devanagari-400-1.woff2'), 'wOF2 font');
  // A photograph with the smaller copies the build writes beside it, and one without.
  mkdirSync(path.join(client, 'images', 'people'), { recursive: true });
  writeFileSync(path.join(client, 'images', 'people', 'a.jpg'), 'JPEG, the largest');
  writeFileSync(path.join(client, 'images', 'people', 'a.jpg.avif'), 'AVIF');
  writeFileSync(path.join(client, 'images', 'people', 'a.jpg.webp'), 'WEBP, smaller');
  writeFileSync(path.join(client, 'images', 'b.png'), 'PNG');
  const config = {
    ...loadWebConfig({
      LOG_LEVEL: 'silent',
      SITE_URL: SITE,
      GATEWAY_URL: `http://127.0.0.1:${await closedPort()}/graphql`,
      CONTENT_DIR: dir,
      ...env,
    }),
    distDir: path.join(dir, 'dist'),
  };
  const app = createWebApp({
    config,
    renderer: stand.renderer,
    assets: { boot: '', entry: '/assets/entry-client-1.js', preload: [], css: [] },
    siteName: 'Law Partners',
    logger: pino({ level: 'silent' }),
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  cleanups.push(async () => {
    // Tests read a status or headers and leave the body: the client's keep-alive socket (undici holds
    // one for about as long as the server's 72 s keep-alive) must not hold the close until it times out.
    const closing = app.app.close();
    app.app.server.closeAllConnections();
    await closing;
    rmSync(dir, { recursive: true, force: true });
  });
  return { url, calls: stand.calls };
}

function nonceOf(res: Response): string {
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  return nonce!;
}

describe('the nonce', () => {
  it('lands only in the attributes the server writes, whatever the page or the address contains', async () => {
    const site = await startSite();
    for (const cacheState of ['MISS', 'HIT']) {
      const res = await fetch(`${site.url}/blog/?q=__CSP_NONCE__zz`);
      const body = await res.text();
      expect(res.headers.get('x-cache')).toBe(cacheState);
      const nonce = nonceOf(res);
      // The csp-nonce meta tag, the header's style, the print style, the JSON-LD, speculation rules
      // and boot scripts, the disclaimer's opener, and this test page's own inline script:
      expect(body.split(nonce).length - 1).toBe(8);
      const written = body
        .replaceAll(`<meta name="csp-nonce" content="${nonce}">`, '')
        .replaceAll(` nonce="${nonce}"`, '');
      expect(written).not.toContain(nonce);
      // The visitor's text and the post's are shown as they are.
      expect(body).toContain('<title>Search: __CSP_NONCE__zz</title>');
      expect(body).toContain('value="__CSP_NONCE__zz"');
      expect(body).toContain(POST_TEXT);
      expect(written).not.toMatch(/__CSP_NONCE_[0-9a-f]{32}__/);
    }
  });

  it('keeps the ETag of the same content across renders', async () => {
    const [a, b] = [await startSite(), await startSite()];
    const [ra, rb] = [await fetch(`${a.url}/blog`), await fetch(`${b.url}/blog`)];
    await Promise.all([ra.arrayBuffer(), rb.arrayBuffer()]);
    expect(ra.headers.get('etag')).toBeTruthy();
    expect(ra.headers.get('etag')).toBe(rb.headers.get('etag'));
  });
});

describe('the page cache key', () => {
  it('leaves out parameters no page reads: one render, of the clean address', async () => {
    const site = await startSite();
    const states: string[] = [];
    for (const query of [
      '',
      '?utm_source=news&utm_medium=email',
      '?fbclid=abc',
      '?gclid=1&cb=2',
      '?cb=31337',
    ]) {
      const res = await fetch(`${site.url}/${query}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      states.push(res.headers.get('x-cache')!);
    }
    expect(states).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT']);
    expect(site.calls.map((c) => c.url)).toEqual([`${SITE}/`]);
  });

  it('keeps the parameters a page reads, in one order, each once, as the page reads them', async () => {
    const site = await startSite();
    const addresses = [
      '/blog?q=bail&category=family-law&utm_source=x',
      '/blog?category=family-law&q=bail',
      '/blog?q=%20bail%20&category=family-law&q=other',
      '/blog?category=family-law&page=2&q=bail',
    ];
    for (const address of addresses) await (await fetch(site.url + address)).arrayBuffer();
    await (await fetch(`${site.url}/contact-us/?practice=Family-Law`)).arrayBuffer();
    await (await fetch(`${site.url}/contact-us/?practice=family-law&utm_campaign=spring`)).arrayBuffer();
    expect(site.calls.map((c) => c.url)).toEqual([
      `${SITE}/blog?category=family-law&q=bail`,
      `${SITE}/contact-us/?practice=family-law`,
    ]);
    // The page's own canonical link is the clean address too.
    const html = await (await fetch(`${site.url}/?utm_source=x`)).text();
    expect(html).toContain(`<link rel="canonical" href="${SITE}/">`);
  });

  it('cuts a search to the length the blog searches for', async () => {
    const site = await startSite();
    const long = 'a'.repeat(300);
    for (const q of [long, `${long}b`, `${'a'.repeat(200)}zzz`]) {
      await (await fetch(`${site.url}/blog?q=${q}`)).arrayBuffer();
    }
    expect(site.calls).toHaveLength(1);
    expect(new URL(site.calls[0]!.url).searchParams.get('q')).toHaveLength(200);
  });
});

describe('search renders', () => {
  it('are limited per visitor: 429 with Retry-After and no-store past the burst', async () => {
    const site = await startSite({
      RATE_LIMIT_SEARCH: '1',
      RATE_LIMIT_SEARCH_BURST: '3',
      TRUST_PROXY: 'loopback',
    });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${site.url}/blog?q=flood-${i}`);
      await res.text();
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(9).fill(429)]);
    expect(site.calls).toHaveLength(3);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused!.headers.get('cache-control')).toBe('no-store');
    expect(refused!.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused!.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);

    // Pages the cache holds, and pages without a search, are still served to that visitor.
    expect((await fetch(`${site.url}/blog?q=flood-0`)).status).toBe(200);
    expect((await fetch(`${site.url}/blog?utm_source=flood`)).status).toBe(200);
    // Another visitor has a budget of their own.
    const other = await fetch(`${site.url}/blog?q=flood-99`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(other.status).toBe(200);
    expect(site.calls).toHaveLength(5);
  });
});

describe('pages fetched ahead (Sec-Purpose: prefetch)', () => {
  it('are answered from the same page cache; a search no one asked for yet is not rendered ahead, and costs no budget', async () => {
    const site = await startSite({ RATE_LIMIT_SEARCH: '1', RATE_LIMIT_SEARCH_BURST: '1' });
    await (await fetch(`${site.url}/blog`)).text();
    const ahead = await fetch(`${site.url}/blog`, { headers: { 'sec-purpose': 'prefetch;prerender' } });
    await ahead.text();
    expect(ahead.status).toBe(200);
    expect(ahead.headers.get('x-cache')).toBe('HIT');
    expect(site.calls).toHaveLength(1);
    // A page not in the cache yet is rendered as for a visit.
    const uncached = await fetch(`${site.url}/about/`, { headers: { 'sec-purpose': 'prefetch' } });
    await uncached.text();
    expect(uncached.status).toBe(200);
    expect(site.calls).toHaveLength(2);
    for (const purpose of ['prefetch', 'prefetch;prerender']) {
      const search = await fetch(`${site.url}/blog?q=ahead`, { headers: { 'sec-purpose': purpose } });
      await search.text();
      expect(search.status).toBe(503);
      expect(search.headers.get('cache-control')).toBe('no-store');
    }
    expect(site.calls).toHaveLength(2);
    // The visitor's one search is still theirs.
    expect((await fetch(`${site.url}/blog?q=ahead`)).status).toBe(200);
  });
});

describe("WordPress's feed and sitemap addresses", () => {
  it('answer 301 with the feed and the sitemap, which readers and search consoles kept', async () => {
    const site = await startSite();
    for (const [address, to] of [
      ['/feed/', '/feed.xml'],
      ['/feed', '/feed.xml'],
      ['/feed/atom/', '/feed.xml'],
      ['/wp-sitemap.xml', '/sitemap.xml'],
      ['/sitemap_index.xml', '/sitemap.xml'],
    ]) {
      const res = await fetch(site.url + address, { redirect: 'manual' });
      expect(res.status, address).toBe(301);
      expect(res.headers.get('location'), address).toBe(to);
    }
  });
});

describe('files', () => {
  it('never serves a dot-file or a dot-folder of the build', async () => {
    const site = await startSite();
    for (const address of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/.build-info.json']) {
      const res = await fetch(site.url + address);
      const body = await res.text();
      expect(res.status, address).toBe(404);
      expect(body, address).not.toContain('secret');
    }
    expect((await fetch(`${site.url}/favicon.ico`)).status).toBe(200);
  });

  it("serves the build's compressed copy to a client that takes it, with the file's own type", async () => {
    const site = await startSite();
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${site.url}/assets/app-1.js`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.body.toString()).toBe(SCRIPT);
    // The compressed copy is not a file of the site.
    expect((await fetch(`${site.url}/assets/app-1.js.br`)).status).toBe(404);
  });

  it('serves a built font as font/woff2, cached for a year like every hashed file', async () => {
    const site = await startSite();
    const res = await fetch(`${site.url}/assets/noto-sans-devanagari-400-1.woff2`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/woff2');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // WOFF2 is compressed already.
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('wOF2 font');
  });

  it("sends a photograph in the best format the browser takes, at the photograph's own address", async () => {
    const site = await startSite();
    const get = async (address: string, accept?: string) => {
      const res = await fetch(site.url + address, accept ? { headers: { accept } } : {});
      // Whether the answer varies by Accept (accept-encoding is @fastify/static's own).
      const varies = (res.headers.get('vary') ?? '')
        .split(',')
        .some((v) => v.trim().toLowerCase() === 'accept');
      return [res.status, res.headers.get('content-type'), varies, await res.text()];
    };
    const avifFirst = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
    expect(await get('/images/people/a.jpg', avifFirst)).toEqual([200, 'image/avif', true, 'AVIF']);
    expect(await get('/images/people/a.jpg?v=2', avifFirst)).toEqual([200, 'image/avif', true, 'AVIF']);
    expect(await get('/images/people/a.jpg', 'image/webp,*/*')).toEqual([
      200,
      'image/webp',
      true,
      'WEBP, smaller',
    ]);
    expect(await get('/images/people/a.jpg', 'image/avif;q=0,image/webp')).toEqual([
      200,
      'image/webp',
      true,
      'WEBP, smaller',
    ]);
    expect(await get('/images/people/a.jpg', '*/*')).toEqual([200, 'image/jpeg', true, 'JPEG, the largest']);
    expect(await get('/images/people/a.jpg')).toEqual([200, 'image/jpeg', true, 'JPEG, the largest']);
    // No copies: the same answer for every browser, so nothing varies.
    expect(await get('/images/b.png', avifFirst)).toEqual([200, 'image/png', false, 'PNG']);
    // The copies differ in their ETags, so a cache never mixes them up.
    const tags = await Promise.all(
      [avifFirst, 'image/webp', '*/*'].map(async (accept) =>
        (await fetch(`${site.url}/images/people/a.jpg`, { headers: { accept } })).headers.get('etag'),
      ),
    );
    expect(new Set(tags).size).toBe(3);
  });

  it('answers 304 to a weak or listed ETag of a file, as it does for pages', async () => {
    const site = await startSite();
    // Plain requests, as a browser revalidates: fetch() adds Cache-Control: no-cache to a request
    // with If-None-Match, which @fastify/send answers with the whole file (an end-to-end reload).
    const get = (address: string, headers: Record<string, string> = {}) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(site.url + address, { headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res));
          })
          .on('error', reject);
      });
    for (const address of ['/favicon.ico', '/assets/app-1.js']) {
      const etag = (await get(address)).headers.etag!;
      expect(etag, address).toBeTruthy();
      const bare = etag.replace(/^W\//, '');
      for (const header of [etag, bare, `W/${bare}`, `"other", ${etag}`, '*']) {
        const res = await get(address, { 'if-none-match': header });
        expect([address, header, res.statusCode]).toEqual([address, header, 304]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      expect((await get(address, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
  });

  it('compresses pages for clients that accept it', async () => {
    const site = await startSite();
    const first = await fetch(`${site.url}/blog`);
    const html = await first.text();
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const body = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
        http
          .get(`${site.url}/blog`, { headers: { 'accept-encoding': accept } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
      expect(body.encoding).toBe(accept);
      // The same page (a cache hit), with this response's nonce where the first had its own.
      const text = decode(body.bytes).toString();
      const nonce = /name="csp-nonce" content="([^"]+)"/;
      expect(text.replaceAll(nonce.exec(text)![1]!, 'N')).toBe(html.replaceAll(nonce.exec(html)![1]!, 'N'));
    }
  });
});

describe('X-Request-Id', () => {
  it('is echoed and passed on when it is a short plain token, and replaced otherwise', async () => {
    const site = await startSite();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const sent = ['edge-1f2e.3d_4c:5', '<script>alert(1)</script>', 'a b', 'x'.repeat(129), ''];
    const echoed: string[] = [];
    for (const [i, id] of sent.entries()) {
      const res = await fetch(`${site.url}/blog?q=id-${i}`, { headers: { 'x-request-id': id } });
      await res.arrayBuffer();
      echoed.push(res.headers.get('x-request-id')!);
    }
    expect(echoed[0]).toBe('edge-1f2e.3d_4c:5');
    for (const id of echoed.slice(1)) expect(id).toMatch(uuid);
    expect(site.calls.map((c) => c.requestId)).toEqual(echoed);
  });
});

describe('server errors', () => {
  it('are never stored by a shared cache; a 404 may be, briefly', async () => {
    const site = await startSite();
    const cacheControl = async (address: string, init?: RequestInit) => {
      const res = await fetch(site.url + address, init);
      await res.arrayBuffer();
      return [res.status, res.headers.get('cache-control')];
    };
    expect(await cacheControl('/down')).toEqual([503, 'no-store']);
    expect(await cacheControl('/fail')).toEqual([500, 'no-store']);
    // Twice: a server error is rendered again, not served from the page cache.
    expect(await cacheControl('/down')).toEqual([503, 'no-store']);
    expect(await cacheControl('/missing.page')).toEqual([404, 'public, max-age=0, s-maxage=10']);
    const graphql = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ site { name } }"}',
    };
    // The gateway is not listening.
    expect(await cacheControl('/graphql', graphql)).toEqual([502, 'no-store']);
    expect(await cacheControl('/purge', { method: 'POST', body: '{}' })).toEqual([502, 'no-store']);
  });

  it("are no-store through the /graphql pass-through, whatever the gateway's answer said", async () => {
    const gateway = http.createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json', 'cache-control': 'public, max-age=600' });
      res.end('{"errors":[{"message":"boom"}]}');
    });
    const gatewayUrl = await listen(gateway);
    cleanups.push(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
    const site = await startSite({ GATEWAY_URL: `${gatewayUrl}/graphql` });
    const res = await fetch(`${site.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ site { name } }"}',
    });
    expect(await res.text()).toContain('boom');
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('HSTS', () => {
  it('is sent by default when the site is https, and not when it is http', async () => {
    const secure = await startSite({ SITE_URL: 'https://site.test' });
    const plain = await startSite({ SITE_URL: 'http://site.test' });
    const hsts = async (site: Site) =>
      (await fetch(`${site.url}/healthz`)).headers.get('strict-transport-security');
    expect(await hsts(secure)).toMatch(/^max-age=\d{7,}/);
    expect(await hsts(plain)).toBeNull();
  });
});

describe('the /graphql pass-through', () => {
  it("keeps the gateway's policy on a page the gateway wrote for a browser, and the site's on data", async () => {
    const gatewayPolicy = "default-src 'none'; style-src 'nonce-gw1'; frame-ancestors 'none'";
    const gateway = http.createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': gatewayPolicy,
        });
        res.end('<!doctype html><style nonce="gw1">body{margin:0}</style><h1>GraphQL</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-security-policy': gatewayPolicy });
      res.end('{"data":{"site":{"name":"Law Partners"}}}');
    });
    const gatewayUrl = await listen(gateway);
    cleanups.push(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
    const site = await startSite({ GATEWAY_URL: `${gatewayUrl}/graphql` });

    const page = await fetch(`${site.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<h1>GraphQL</h1>');
    expect(page.headers.get('content-security-policy')).toBe(gatewayPolicy);

    const data = await fetch(`${site.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ site { name } }"}',
    });
    await data.text();
    const policy = data.headers.get('content-security-policy') ?? '';
    expect(policy).not.toBe(gatewayPolicy);
    expect(policy).toContain("object-src 'none'");
  });
});

describe('the /media pass-through', () => {
  it('asks the gateway with the Accept and revalidation headers only, and relays what describes the image', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const gateway = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      res.writeHead(200, {
        'content-type': 'image/avif',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: '"v1"',
        vary: 'accept',
        'set-cookie': 'not=relayed',
      });
      res.end(Buffer.from('avif bytes'));
    });
    const gatewayUrl = await listen(gateway);
    cleanups.push(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
    const site = await startSite({ GATEWAY_URL: `${gatewayUrl}/graphql` });

    const image = await fetch(`${site.url}/media/L3dwLWNvbnRlbnQvdXBsb2Fkcy9hLmpwZw/640`, {
      headers: { accept: 'image/avif', cookie: 'session=secret', 'x-forwarded-for': '10.0.0.1' },
    });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).toString()).toBe('avif bytes');
    expect(image.headers.get('content-type')).toBe('image/avif');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('vary')).toMatch(/accept/i);
    expect(image.headers.get('set-cookie')).toBeNull();
    expect(seen[0]?.accept).toBe('image/avif');
    expect(seen[0]?.cookie).toBeUndefined();
    const again = await fetch(`${site.url}/media/L3dwLWNvbnRlbnQvdXBsb2Fkcy9hLmpwZw/640`, {
      headers: { 'if-none-match': '"v1"' },
    });
    expect(again.status).toBe(304);
  });

  it('sends the default image, not cached, while the gateway is away', async () => {
    const site = await startSite();
    const image = await fetch(`${site.url}/media/L3dwLWNvbnRlbnQvdXBsb2Fkcy9hLmpwZw/640`, {
      redirect: 'manual',
    });
    expect(image.status).toBe(302);
    expect(image.headers.get('location')).toBe('/images/default-featured.jpg');
    expect(image.headers.get('cache-control')).toBe('no-store');
  });
});

describe('previews (/preview/{type}/{id}?token=...)', () => {
  const SECRET = 'a-preview-secret-shared-with-wordpress-0123';
  const inMinutes = (m: number) => Math.floor(Date.now() / 1000) + m * 60;
  const link = (claims: Partial<PreviewClaims> = {}, secret = SECRET) => {
    const c: PreviewClaims = { type: 'post', id: 199, user: 1, exp: inMinutes(5), ...claims };
    return `/preview/${c.type}/${c.id}?token=${encodeURIComponent(signPreviewToken(secret, c))}`;
  };
  const expectPrivate = (res: Response) => {
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('x-cache')).toBeNull();
  };

  it('are refused with 403 and nothing rendered while PREVIEW_SECRET is unset', async () => {
    const site = await startSite();
    const res = await fetch(`${site.url}${link()}`);
    expect(res.status).toBe(403);
    expectPrivate(res);
    expect(await res.text()).toContain('Previews are not set up');
    expect(site.calls).toHaveLength(0);
  });

  it('render a valid link for this request alone: every request renders again, none is kept', async () => {
    const site = await startSite({ PREVIEW_SECRET: SECRET, TRUST_PROXY: 'loopback' });
    const address = link();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${site.url}${address}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(res.status).toBe(200);
      expectPrivate(res);
      expect(res.headers.get('content-security-policy')).toContain(`'nonce-`);
      await res.text();
    }
    expect(site.calls).toHaveLength(3);
    // The render sees the token (the gateway checks it again) and who the visitor is.
    expect(site.calls[0]!.url).toBe(`${SITE}${address}`);
    expect(site.calls[0]!.forwardedFor).toBe('203.0.113.9');
    // HEAD is answered the same way.
    const head = await fetch(`${site.url}${address}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectPrivate(head);
  });

  it.each([
    ['no token', () => '/preview/post/199'],
    ['an empty token', () => '/preview/post/199?token='],
    ['a token signed with another secret', () => link({}, `${SECRET}-other`)],
    ['an expired token', () => link({ exp: inMinutes(-1) })],
    ['a token good for an hour', () => link({ exp: inMinutes(60) })],
    ['a token for another post', () => link({ id: 198 }).replace('/198?', '/199?')],
    ['a token for a page with the same id', () => link({ type: 'page' }).replace('/page/', '/post/')],
    [
      'a tampered signature',
      () =>
        link().replace(
          /(%2E|\.)([A-Za-z0-9_-])([A-Za-z0-9_-]{42})$/,
          (_m, dot, c, rest) => `${dot}${c === 'A' ? 'B' : 'A'}${rest}`,
        ),
    ],
  ])('answer 403 with nothing of the draft for %s, without rendering', async (_name, make) => {
    const site = await startSite({ PREVIEW_SECRET: SECRET });
    const address = make();
    const res = await fetch(`${site.url}${address}`);
    expect(res.status, address).toBe(403);
    expectPrivate(res);
    const body = await res.text();
    expect(body).toContain('Preview link not valid');
    expect(body).not.toContain(POST_TEXT.slice(0, 20));
    expect(site.calls).toHaveLength(0);
  });

  it('answer 404 for an address that names no previewable type', async () => {
    const site = await startSite({ PREVIEW_SECRET: SECRET });
    const res = await fetch(`${site.url}/preview/attachment/5?token=x`);
    expect(res.status).toBe(404);
    expectPrivate(res);
    expect(site.calls).toHaveLength(0);
  });

  it('are limited per visitor (RATE_LIMIT_PREVIEW): 429, not rendered, past the burst', async () => {
    const site = await startSite({ PREVIEW_SECRET: SECRET, RATE_LIMIT_PREVIEW: '2' });
    const address = link();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${site.url}${address}`);
      await res.text();
      statuses.push(res.status);
      if (res.status === 429) expectPrivate(res);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(site.calls).toHaveLength(2);
  });
});
