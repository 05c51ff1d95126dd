// A post published in WordPress, with no webhook, reaches every page, list, feed and GraphQL answer
// of the site within PAGE_CACHE_TTL (30 s) of the change: the real gateway (cache, response cache,
// HTTP server) over a fake WordPress, and the real web server (page cache, feeds, /graphql
// pass-through) with a stand-in renderer that asks the gateway with the fetch the server gives it,
// as the server bundle does. One clock drives both caches; no test waits on the wall clock.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, createHttpServer, listen, loadConfig, type Gateway } from '@site/gateway';
import { startFakeWordPress, type FakeWordPress } from '@site/gateway/test/fake-wordpress.js';
import { fixtureSnapshot, POSTS } from '@site/gateway/test/fixtures/snapshot.js';
import { createWebApp, type RenderModule } from './app.server';
import { loadWebConfig } from './config.server';
import { escapeHtml } from '@site/server-kit';

const TTL_S = 30;
const NEW_TITLE = 'Interim Maintenance After the 2026 Amendment';
const LIST_QUERY = '{ posts(first: 5) { nodes { title } } }';

/** The server bundle's part that matters here: one GraphQL question, asked with the fetch given. */
const renderer: RenderModule = {
  async render(req) {
    const ask = req.fetch ?? fetch;
    const res = await ask(req.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': req.requestId },
      body: JSON.stringify({ query: LIST_QUERY }),
    });
    const json = (await res.json()) as { data?: { posts?: { nodes: Array<{ title: string }> } } };
    const titles = json.data?.posts?.nodes.map((n) => n.title) ?? [];
    return {
      kind: 'page',
      status: json.data?.posts ? 200 : 503,
      head: null,
      html: `<ul>${titles.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`,
      styles: '',
      timing: '',
      modules: [],
    };
  },
};

let t = Date.UTC(2026, 5, 1, 9);
const clock = () => t;
let wp: FakeWordPress;
let gateway: Gateway;
let gatewayServer: FastifyInstance;
let web: ReturnType<typeof createWebApp>;
let webUrl: string;
let dir: string;

beforeAll(async () => {
  wp = await startFakeWordPress({ snapshot: fixtureSnapshot() });
  gateway = createGateway(
    loadConfig({
      NODE_ENV: 'test',
      WORDPRESS_URL: wp.url,
      UPSTREAM_RETRIES: '0',
      RATE_LIMIT_GRAPHQL: '0',
      CONTENT_CACHE_TTL: String(TTL_S),
      STALE_WHILE_REVALIDATE: '300',
    }),
    { now: clock, logger: pino({ level: 'silent' }) },
  );
  await gateway.start();
  gatewayServer = createHttpServer(gateway);
  await listen(gatewayServer, 0, '127.0.0.1');
  const gatewayUrl = `http://127.0.0.1:${(gatewayServer.server.address() as AddressInfo).port}/graphql`;

  dir = mkdtempSync(path.join(os.tmpdir(), 'content-age-'));
  web = createWebApp({
    config: {
      ...loadWebConfig({
        LOG_LEVEL: 'silent',
        SITE_URL: 'http://site.test',
        GATEWAY_URL: gatewayUrl,
        CONTENT_DIR: dir,
        PAGE_CACHE_TTL: String(TTL_S),
      }),
      distDir: path.join(dir, 'dist'),
    },
    renderer,
    assets: { boot: '', entry: '/assets/entry-client.js', preload: [], css: [] },
    siteName: 'Law Partners',
    logger: pino({ level: 'silent' }),
    now: clock,
  });
  await web.app.listen({ port: 0, host: '127.0.0.1' });
  webUrl = `http://127.0.0.1:${(web.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await web?.app.close();
  await gatewayServer?.close();
  await gateway?.stop();
  await wp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The editor publishes a post dated after every other: it tops every list. */
function publish(): void {
  const snapshot = fixtureSnapshot();
  const newest = structuredClone(POSTS[0]!);
  const date = '2026-06-01T09:00:01';
  Object.assign(newest, {
    id: 900,
    slug: 'interim-maintenance-amendment',
    date,
    date_gmt: date,
    modified: date,
    modified_gmt: date,
    link: 'https://cms.test/interim-maintenance-amendment/',
    title: { rendered: NEW_TITLE },
  });
  (snapshot.posts as unknown[]).push(newest);
  wp.setSnapshot(snapshot);
}

interface Seen {
  at: number;
  shows: boolean;
  cache: string | null;
}

async function page(pathname: string): Promise<Seen> {
  const res = await fetch(`${webUrl}${pathname}`);
  const body = await res.text();
  expect(res.status, pathname).toBe(200);
  return { at: t, shows: body.includes(escapeHtml(NEW_TITLE)), cache: res.headers.get('x-cache') };
}

/** What a browser's navigation asks: through the web server's /graphql, as the site's client does. */
async function graphqlThroughSite(): Promise<Seen> {
  const res = await fetch(`${webUrl}/graphql`, {
    method: 'POST',
    // A reload sends this; it must not make the gateway skip its cache, nor be needed to see a change.
    headers: { 'content-type': 'application/json', 'cache-control': 'max-age=0' },
    body: JSON.stringify({ query: LIST_QUERY }),
  });
  const body = await res.text();
  expect(res.status).toBe(200);
  return { at: t, shows: body.includes(NEW_TITLE), cache: res.headers.get('x-response-cache') };
}

describe('a post published without the webhook', () => {
  it(`shows on every page, list, feed and GraphQL answer at most ${TTL_S} s after it was published`, async () => {
    const start = t;
    // Everything is cached from WordPress as it was.
    const seen: Record<string, Seen[]> = { '/blog/': [], '/news/': [], '/feed.xml': [], '/graphql': [] };
    seen['/blog/']!.push(await page('/blog/'));
    seen['/feed.xml']!.push(await page('/feed.xml'));
    seen['/graphql']!.push(await graphqlThroughSite());
    const requestsBefore = wp.stats.requests;

    t = start + 1_000;
    publish();
    const publishedAt = t;

    // A visitor every second for 45 s. /news/ is first asked for 23 s after the change: its page is
    // rendered from the gateway's copy of the list, then already 24 s old.
    for (let s = 1; s <= 45; s += 1) {
      t = start + s * 1_000;
      seen['/blog/']!.push(await page('/blog/'));
      if (s >= 24) seen['/news/']!.push(await page('/news/'));
      seen['/feed.xml']!.push(await page('/feed.xml'));
      seen['/graphql']!.push(await graphqlThroughSite());
      await gateway.source.idle();
    }

    for (const [name, views] of Object.entries(seen)) {
      const late = views.filter((v) => v.at - publishedAt >= TTL_S * 1000);
      expect(late.length, name).toBeGreaterThan(0);
      expect(
        late.filter((v) => !v.shows).map((v) => (v.at - publishedAt) / 1000),
        `${name}: seconds after publishing at which the old list was still served`,
      ).toEqual([]);
      // Once shown, never taken back.
      const first = views.findIndex((v) => v.shows);
      expect(
        views.slice(first).every((v) => v.shows),
        name,
      ).toBe(true);
    }

    // The caches still did their work: most views were answered from the page cache, and WordPress
    // was asked for the post list a handful of times in 45 s, not once per view.
    const hits = seen['/blog/']!.filter((v) => v.cache === 'HIT').length;
    expect(hits).toBeGreaterThanOrEqual(30);
    const perList = new Map<string, number>();
    for (const l of wp.stats.log.filter((l) => l.startsWith('/posts?')))
      perList.set(l, (perList.get(l) ?? 0) + 1);
    // The page's list and the feed's: asked at the start and once more when too old to keep.
    expect(perList.size).toBe(2);
    for (const [list, n] of perList) expect(n, list).toBeLessThanOrEqual(2);
    expect(wp.stats.requests - requestsBefore).toBeLessThanOrEqual(4);
  });

  it('tells a shared cache in front to keep a GraphQL answer only for what is left of its lifetime', async () => {
    const get = async () => {
      const res = await fetch(`${webUrl}/graphql?query=${encodeURIComponent(LIST_QUERY)}`, {
        headers: { 'apollo-require-preflight': '1' },
      });
      expect(res.status).toBe(200);
      await res.text();
      return { cacheControl: res.headers.get('cache-control'), age: res.headers.get('age') };
    };
    // Everything cached is too old by now: asked for again.
    t += 100_000;
    expect(await get()).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=25, stale-while-revalidate=5, stale-if-error=86400',
      age: null,
    });
    // 10 s later the same content has 15 s left as it is, 20 s in all.
    t += 10_000;
    expect(await get()).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=15, stale-while-revalidate=5, stale-if-error=86400',
      age: null,
    });
  });
});

describe('a page past its lifetime whose re-render fails', () => {
  it('is served as it was, and kept serving a refresh window while a re-render is tried behind it', async () => {
    let now = Date.UTC(2026, 5, 1, 9);
    let version = 'v1';
    let renders = 0;
    const failing: RenderModule = {
      async render() {
        renders += 1;
        const down = version === 'down';
        return {
          kind: 'page',
          status: down ? 503 : 200,
          head: null,
          html: down ? '<p>Failed to load articles</p>' : `<p>${version}</p>`,
          styles: '',
          timing: '',
          modules: [],
        };
      },
    };
    const site = mkdtempSync(path.join(os.tmpdir(), 'content-age-fail-'));
    const app = createWebApp({
      config: {
        ...loadWebConfig({
          LOG_LEVEL: 'silent',
          SITE_URL: 'http://site.test',
          GATEWAY_URL: 'http://127.0.0.1:9/graphql',
          CONTENT_DIR: site,
          PAGE_CACHE_TTL: '30',
        }),
        distDir: path.join(site, 'dist'),
      },
      renderer: failing,
      assets: { boot: '', entry: '/assets/entry-client.js', preload: [], css: [] },
      siteName: 'Law Partners',
      logger: pino({ level: 'silent' }),
      now: () => now,
    });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    const view = async () => {
      const res = await fetch(`${base}/blog/`);
      const body = await res.text();
      return { status: res.status, cache: res.headers.get('x-cache'), v1: body.includes('<p>v1</p>') };
    };
    try {
      const start = now;
      expect(await view()).toEqual({ status: 200, cache: 'MISS', v1: true });
      version = 'down';
      now = start + 31_000;
      expect(await view()).toEqual({ status: 200, cache: 'STALE-IF-ERROR', v1: true });
      expect(renders).toBe(2);
      // The next visitor does not wait for a failing render: the page at once, one render behind it.
      now = start + 32_000;
      expect(await view()).toEqual({ status: 200, cache: 'STALE', v1: true });
      // Once the window is over and the content service is back, the new page.
      version = 'v2';
      now = start + 36_000;
      const back = await view();
      expect(back).toEqual({ status: 200, cache: 'MISS', v1: false });
    } finally {
      await app.app.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
