// Publish to visible without the webhook: a post published through WordPress's REST API reaches
// the public blog list and the RSS feed of the real gateway and web server (each in a child process,
// as `npm start` runs them) within PAGE_CACHE_TTL of the change, with no purge anywhere (the gateway
// has no PURGE_SECRET, so WordPress's webhook, wherever it points, cannot reach it). The caches are
// caught at their worst: the list is fetched from WordPress just before the post is published, so
// each cache holds the old list for as long as it ever would. Real time is what is measured here.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from './lib/figures.js';
import { startChildGateway, type ChildGateway } from './lib/gateway.js';
import { startChildWeb, type ChildWeb } from './lib/web.js';
import { CONTRACT_SLUG_PREFIX, createPost, credentials, deletePost } from './lib/wordpress.js';

async function text(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, body: await res.text() };
}

/** The lifetimes of both services when neither CONTENT_CACHE_TTL nor PAGE_CACHE_TTL is set. */
const DEFAULT_LIFETIME_S = 30;
const SHORT_LIFETIME_S = 10;

interface Site {
  gw: ChildGateway;
  web: ChildWeb;
}

/** A gateway and a web server with the lifetimes given (their defaults when undefined). */
async function startSite(lifetimeS?: number): Promise<Site> {
  const gw = await startChildGateway({
    WORDPRESS_URL: credentials().url,
    ...(lifetimeS === undefined ? {} : { CONTENT_CACHE_TTL: String(lifetimeS) }),
  });
  try {
    const web = await startChildWeb({
      GATEWAY_URL: `${gw.url}/graphql`,
      ...(lifetimeS === undefined ? {} : { PAGE_CACHE_TTL: String(lifetimeS) }),
    });
    return { gw, web };
  } catch (error) {
    await gw.stop();
    throw error;
  }
}

const sites: { short?: Site; standard?: Site } = {};
const created = new Set<number>();

beforeAll(async () => {
  // Both at once: starting the services is most of the time this file takes.
  const [short, standard] = await Promise.allSettled([startSite(SHORT_LIFETIME_S), startSite()]);
  if (short.status === 'fulfilled') sites.short = short.value;
  if (standard.status === 'fulfilled') sites.standard = standard.value;
  for (const result of [short, standard]) if (result.status === 'rejected') throw result.reason;
}, 120_000);

afterAll(async () => {
  for (const id of created) await deletePost(id, true);
  for (const site of [sites.short, sites.standard]) {
    await site?.web.stop();
    await site?.gw.stop();
  }
});

interface Watched {
  /** Milliseconds from the publish request to the first request that got the post, per address. */
  shownMs: Record<string, number>;
  /**
   * Requests sent `boundMs` or more after WordPress had saved the post that still got the old
   * list (ms after the save), per address: the bound says there are none. A request counts from
   * when it was sent: the one that finds a page too old waits for its new render, and gets it.
   */
  lateOld: Record<string, number[]>;
}

const ADDRESSES = ['/blog/', '/feed.xml'] as const;

/**
 * Fills the site's caches with the blog list and the feed as WordPress has them, publishes a post,
 * and polls both addresses until it shows on each, or until `boundMs` + 15 s have passed (so that
 * a miss says how late it was).
 */
async function publishAndWatch(site: Site, boundMs: number): Promise<Watched> {
  const { gw, web } = site;
  const tag = randomBytes(4).toString('hex');
  const title = `Visible without webhook ${tag}`;
  const slug = `${CONTRACT_SLUG_PREFIX}no-webhook-${tag}`;
  // The old list, fetched from WordPress right now, in every cache.
  for (const address of ADDRESSES) {
    const before = await text(`${web.url}${address}`);
    expect(before.status, `${address}: ${web.output.slice(-5).join('')}`).toBe(200);
    expect(before.body, address).not.toContain(title);
  }

  const started = performance.now();
  const post = await createPost({
    slug,
    title,
    content: '<p>Published with no purge.</p>',
    status: 'publish',
  });
  // WordPress has saved it by now (perhaps a little earlier): the bound is counted from here.
  const saved = performance.now();
  created.add(post.id);
  try {
    const shownMs: Record<string, number> = {};
    const lateOld: Record<string, number[]> = { '/blog/': [], '/feed.xml': [] };
    while (
      Object.keys(shownMs).length < ADDRESSES.length &&
      performance.now() - started <= boundMs + 15_000
    ) {
      for (const address of ADDRESSES) {
        if (shownMs[address] !== undefined) continue;
        const sent = performance.now();
        const page = await text(`${web.url}${address}`);
        expect(page.status, `${address}: ${web.output.slice(-5).join('')}`).toBe(200);
        if (page.body.includes(title)) shownMs[address] = Math.round(sent - started);
        else if (sent - saved >= boundMs) lateOld[address]!.push(Math.round(sent - saved));
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // No purge reached the gateway: only the lifetimes can explain the post showing.
    expect(gw.logs.filter((l) => l.msg === 'cache purged')).toEqual([]);
    return { shownMs, lateOld };
  } finally {
    await deletePost(post.id, true);
    created.delete(post.id);
  }
}

/** The bound held on both addresses, and the post showed on both. */
function expectWithin(watched: Watched, boundMs: number): void {
  expect(watched.lateOld, `old list served ${boundMs} ms or more after the post was saved`).toEqual({
    '/blog/': [],
    '/feed.xml': [],
  });
  for (const address of ADDRESSES) {
    expect(watched.shownMs[address], `${address} never showed the post`).toBeDefined();
  }
}

describe('publish to visible without the webhook', () => {
  it(`shows on the blog list and the feed within the lifetime, at short lifetimes (${SHORT_LIFETIME_S} s)`, async () => {
    const watched = await publishAndWatch(sites.short!, SHORT_LIFETIME_S * 1000);
    expectWithin(watched, SHORT_LIFETIME_S * 1000);
    const ms = Math.max(...Object.values(watched.shownMs));
    figure(`publish-to-visible, no webhook, ${SHORT_LIFETIME_S} s lifetimes`, `${ms} ms`, watched.shownMs);
  }, 60_000);

  it(`shows on the blog list and the feed within ${DEFAULT_LIFETIME_S} s, at the default lifetimes`, async () => {
    const watched = await publishAndWatch(sites.standard!, DEFAULT_LIFETIME_S * 1000);
    expectWithin(watched, DEFAULT_LIFETIME_S * 1000);
    const ms = Math.max(...Object.values(watched.shownMs));
    figure(`publish-to-visible, no webhook, ${DEFAULT_LIFETIME_S} s lifetimes`, `${ms} ms`, watched.shownMs);
  }, 90_000);
});
