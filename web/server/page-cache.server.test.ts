import { describe, expect, it } from 'vitest';
import { createMemoryStore, DERIVED, keptUntil, type SharedTier } from '@site/server-kit';
import { LRUCache } from 'lru-cache';
import { createCaches } from './caches.server';
import { createPageCache, RenderFailed, type CachedPage, type PageCache } from './page-cache.server';

/** A shared store in memory (Redis stands in for it in production), shared by several replicas, that can be taken down. */
function sharedStore(clock: { t: number }) {
  const pages = createMemoryStore({ lru: (o) => new LRUCache(o), maxBytes: 10_000_000, now: () => clock.t });
  const retained: number[] = [];
  let up = true;
  let reads = 0;
  const tier: SharedTier = {
    store: {
      async get(key) {
        reads += 1;
        return pages.get(key);
      },
      async set(key, entry) {
        retained.push(keptUntil(entry) - clock.t);
        pages.put(key, entry);
      },
      deleteByTag: async (tag) => pages.deleteByTag(tag),
      clear: async () => void pages.clear(),
    },
    lock: { acquire: async () => async () => {}, wait: async () => {} },
    available: () => up,
    failed: () => {},
    succeeded: () => {},
    publish: async () => {},
    onPurge: () => {},
  };
  return {
    tier,
    pages,
    retained,
    down: () => void (up = false),
    get reads() {
      return reads;
    },
  };
}

function replica(tier: SharedTier | undefined, clock: { t: number }) {
  const caches = createCaches({ now: () => clock.t, ...(tier ? { shared: tier } : {}) });
  return { caches, pages: createPageCache(caches, { ttlMs: 30_000, maxStaleMs: 60_000 }) };
}

/** A page rendered from content `contentAgeMs` old. */
const page = (html: string, status = 200): CachedPage => ({
  status,
  html,
  noncePlaceholder: '__NONCE__',
  etag: `"${html}"`,
});

/** Renders `html` now from content `contentAgeMs` old, unless a page may be served. */
async function serve(pages: PageCache, clock: { t: number }, key: string, html: string, contentAgeMs = 0) {
  const found = await pages.get(key, async () => ({ value: page(html), askedAt: clock.t - contentAgeMs }));
  return { state: found.state, html: (found.entry.value as CachedPage).html };
}

describe('page cache', () => {
  it('keeps pages in memory by default, fresh then stale then expired, then drops them', async () => {
    const clock = { t: 0 };
    const { pages } = replica(undefined, clock);
    expect(await pages.lookup('/')).toBe('miss');
    await serve(pages, clock, '/', 'a');
    // 30 s of lifetime: the last sixth (5 s) served while it is re-rendered.
    clock.t = 24_999;
    expect(await pages.lookup('/')).toBe('fresh');
    clock.t = 25_000;
    expect(await pages.lookup('/')).toBe('stale');
    clock.t = 30_000;
    expect(await pages.lookup('/')).toBe('expired');
    // Kept maxStaleMs (60 s) past its lifetime, for when a re-render fails.
    clock.t = 90_000;
    expect(await pages.lookup('/')).toBe('expired');
    clock.t = 90_001;
    expect(await pages.lookup('/')).toBe('miss');
  });

  it('serves a stale page at once and re-renders it in the background, once', async () => {
    const clock = { t: 0 };
    const { pages } = replica(undefined, clock);
    await serve(pages, clock, '/', 'old');
    clock.t = 26_000;
    let renders = 0;
    let finish: () => void = () => {};
    const render = async () => {
      renders += 1;
      await new Promise<void>((r) => (finish = r));
      return { value: page('new'), askedAt: clock.t };
    };
    expect((await pages.get('/', render)).state).toBe('stale');
    expect((await pages.get('/', render)).state).toBe('stale');
    finish();
    await new Promise((r) => setImmediate(r));
    expect(renders).toBe(1);
    expect(await serve(pages, clock, '/', 'unused')).toEqual({ state: 'fresh', html: 'new' });
  });

  it('counts a page’s lifetime from the age of its content, not from when it was rendered', async () => {
    const clock = { t: 100_000 };
    const { pages } = replica(undefined, clock);
    // Rendered now from gateway answers 20 s old: 5 s as it is, 5 s more while re-rendered.
    await serve(pages, clock, '/blog/', 'list', 20_000);
    clock.t = 104_999;
    expect(await pages.lookup('/blog/')).toBe('fresh');
    clock.t = 105_000;
    expect(await pages.lookup('/blog/')).toBe('stale');
    clock.t = 110_000;
    expect(await pages.lookup('/blog/')).toBe('expired');
  });

  it('serves the last good page when a re-render fails, and keeps serving it a refresh window, unless purged', async () => {
    const clock = { t: 0 };
    const { caches, pages } = replica(undefined, clock);
    await serve(pages, clock, '/', 'good');
    clock.t = 31_000;
    const failing = async () => {
      throw new RenderFailed(page('down', 503));
    };
    const kept = await pages.get('/', failing);
    expect(kept.state).toBe('stale-if-error');
    expect((kept.entry.value as CachedPage).html).toBe('good');
    clock.t = 35_999;
    expect(await pages.lookup('/')).toBe('stale');
    clock.t = 36_000;
    expect(await pages.lookup('/')).toBe('expired');
    // After a purge there is nothing to serve in its place: the failure stands.
    await caches.purge([DERIVED]);
    await expect(pages.get('/', failing)).rejects.toBeInstanceOf(RenderFailed);
    expect(await pages.lookup('/')).toBe('miss');
  });

  it('shares pages between replicas through the shared store', async () => {
    const clock = { t: 0 };
    const shared = sharedStore(clock);
    const a = replica(shared.tier, clock).pages;
    const b = replica(shared.tier, clock).pages;
    await serve(a, clock, '/blog/', 'list');
    expect(await serve(b, clock, '/blog/', 'not rendered')).toEqual({ state: 'fresh', html: 'list' });
    // Now in b's memory too: a fresh copy is served without asking the store.
    const reads = shared.reads;
    await b.lookup('/blog/');
    expect(shared.reads).toBe(reads);
  });

  it('carries the age of a page’s content to the other replicas, and keeps it in the store no longer than useful', async () => {
    const clock = { t: 0 };
    const shared = sharedStore(clock);
    const a = replica(shared.tier, clock).pages;
    const b = replica(shared.tier, clock).pages;
    // Rendered by a from content 20 s old: 10 s of lifetime left, then kept maxStaleMs (60 s).
    await serve(a, clock, '/blog/', 'list', 20_000);
    expect(shared.retained).toEqual([10_000 + 60_000]);
    clock.t = 4_999;
    expect(await b.lookup('/blog/')).toBe('fresh');
    // Stored only 5 s ago, but its content is 25 s old: b re-renders it as a would.
    clock.t = 5_000;
    expect(await b.lookup('/blog/')).toBe('stale');
    clock.t = 10_000;
    expect(await b.lookup('/blog/')).toBe('expired');
  });

  it('drops pages everywhere on a purge, and treats a page missing from the store as missing', async () => {
    const clock = { t: 0 };
    const shared = sharedStore(clock);
    const a = replica(shared.tier, clock);
    const b = replica(shared.tier, clock).pages;
    await serve(a.pages, clock, '/', 'old');
    await b.lookup('/');
    clock.t = 31_000;
    await a.caches.purge([DERIVED]);
    expect(shared.pages.size).toBe(0);
    // b still holds a copy in memory, but the shared store says the page is gone.
    expect(await b.lookup('/')).toBe('miss');
  });

  it('serves memory while the shared store is down', async () => {
    const clock = { t: 0 };
    const shared = sharedStore(clock);
    const { pages } = replica(shared.tier, clock);
    await serve(pages, clock, '/', 'kept');
    shared.down();
    clock.t = 26_000;
    expect(await serve(pages, clock, '/', 'not rendered')).toEqual({ state: 'stale', html: 'kept' });
    await serve(pages, clock, '/new', 'new');
    expect(await pages.lookup('/new')).toBe('fresh');
  });

  it('does not keep a page whose render started before a purge, and starts a new render', async () => {
    const clock = { t: 0 };
    const shared = sharedStore(clock);
    const { caches, pages } = replica(shared.tier, clock);
    let finishOld: () => void = () => {};
    let started: () => void = () => {};
    const rendering = new Promise<void>((r) => (started = r));
    const old = pages.get('/', async () => {
      started();
      await new Promise<void>((r) => (finishOld = r));
      return { value: page('before'), askedAt: 0 };
    });
    await rendering;
    await caches.purge([DERIVED]);
    let renders = 0;
    const fresh = pages.get('/', async () => {
      renders += 1;
      return { value: page('after'), askedAt: 0 };
    });
    expect(((await fresh).entry.value as CachedPage).html).toBe('after');
    finishOld();
    expect(((await old).entry.value as CachedPage).html).toBe('before');
    expect(renders).toBe(1);
    expect(await serve(pages, clock, '/', 'unused')).toEqual({ state: 'fresh', html: 'after' });
    expect((shared.pages.peek('page:/')?.value as CachedPage).html).toBe('after');
  });

  it('keeps a redirect like a page, for the lifetime of the content it followed', async () => {
    const clock = { t: 0 };
    const { pages } = replica(undefined, clock);
    let renders = 0;
    const render = async () => {
      renders += 1;
      return { value: { redirect: { status: 301, location: '/blog/a-post' } }, askedAt: clock.t };
    };
    expect((await pages.get('/a-post/', render)).entry.value).toEqual({
      redirect: { status: 301, location: '/blog/a-post' },
    });
    clock.t = 24_999;
    expect((await pages.get('/a-post/', render)).state).toBe('fresh');
    expect(renders).toBe(1);
    clock.t = 30_000;
    expect((await pages.get('/a-post/', render)).state).toBe('miss');
    expect(renders).toBe(2);
  });
});
