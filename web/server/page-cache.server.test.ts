import { describe, expect, it } from 'vitest';
import { PageCache, etagMatches, type CachedPage, type SharedPageStore } from './page-cache.server';

/** A shared store in a Map, shared by several PageCaches ("replicas"), that can be taken down. */
function sharedStore() {
  const pages = new Map<string, CachedPage>();
  const retained: number[] = [];
  let up = true;
  let reads = 0;
  const store: SharedPageStore = {
    available: () => up,
    async get(key) {
      reads += 1;
      if (!up) return undefined;
      return pages.get(key) ?? null;
    },
    async set(key, page, retainMs) {
      retained.push(retainMs);
      if (up) pages.set(key, page);
    },
    async clear() {
      if (up) pages.clear();
    },
  };
  return {
    store,
    pages,
    retained,
    down: () => void (up = false),
    get reads() {
      return reads;
    },
  };
}

function replica(store: SharedPageStore | undefined, clock: { t: number }) {
  return new PageCache({
    ttlMs: 30_000,
    maxStaleMs: 60_000,
    now: () => clock.t,
    ...(store ? { shared: store } : {}),
  });
}

/** A page rendered now from content just asked for (`contentAgeMs` old). */
const page = (cache: PageCache, html: string, contentAgeMs = 0) => ({
  status: 200,
  html,
  etag: `"${html}"`,
  ...cache.timesFor(contentAgeMs),
});

describe('page cache', () => {
  it('keeps pages in memory by default, fresh then stale then expired, then drops them', async () => {
    const clock = { t: 0 };
    const cache = replica(undefined, clock);
    expect((await cache.lookup('/')).state).toBe('miss');
    await cache.set('/', page(cache, 'a'));
    // 30 s of lifetime: the last sixth (5 s) served while it is re-rendered.
    clock.t = 24_999;
    expect((await cache.lookup('/')).state).toBe('fresh');
    clock.t = 25_000;
    expect((await cache.lookup('/')).state).toBe('stale');
    clock.t = 30_000;
    expect((await cache.lookup('/')).state).toBe('expired');
    // Kept maxStaleMs (60 s) past its lifetime, for when a re-render fails.
    clock.t = 90_000;
    expect((await cache.lookup('/')).state).toBe('expired');
    clock.t = 90_001;
    expect((await cache.lookup('/')).state).toBe('miss');
    expect(cache.size).toBe(1);
  });

  it('counts a page’s lifetime from the age of its content, not from when it was rendered', async () => {
    const clock = { t: 100_000 };
    const cache = replica(undefined, clock);
    // Rendered now from gateway answers 20 s old: 5 s as it is, 5 s more while re-rendered.
    await cache.set('/blog/', page(cache, 'list', 20_000));
    clock.t = 104_999;
    expect((await cache.lookup('/blog/')).state).toBe('fresh');
    clock.t = 105_000;
    expect((await cache.lookup('/blog/')).state).toBe('stale');
    clock.t = 110_000;
    expect((await cache.lookup('/blog/')).state).toBe('expired');
  });

  it('keeps serving a page whose re-render failed for one more refresh window, unless purged', async () => {
    const clock = { t: 0 };
    const cache = replica(undefined, clock);
    await cache.set('/', page(cache, 'good'));
    clock.t = 31_000;
    const expired = await cache.lookup('/');
    expect(expired.state).toBe('expired');
    if (expired.state !== 'expired') return;
    cache.keepServing('/', expired.page);
    clock.t = 35_999;
    expect(await cache.lookup('/')).toMatchObject({ state: 'stale', page: { html: 'good' } });
    clock.t = 36_000;
    expect((await cache.lookup('/')).state).toBe('expired');
    // After a purge there is nothing to keep serving.
    cache.clear();
    cache.keepServing('/', expired.page);
    expect((await cache.lookup('/')).state).toBe('miss');
  });

  it('shares pages between replicas through the shared store', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const a = replica(shared.store, clock);
    const b = replica(shared.store, clock);
    await a.set('/blog/', page(a, 'list'));
    const hit = await b.lookup('/blog/');
    expect(hit).toMatchObject({ state: 'fresh', page: { html: 'list', etag: '"list"' } });
    // Now in b's memory too: a fresh copy is served without asking the store.
    const reads = shared.reads;
    await b.lookup('/blog/');
    expect(shared.reads).toBe(reads);
  });

  it('carries the age of a page’s content to the other replicas, and keeps it in the store no longer than useful', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const a = replica(shared.store, clock);
    const b = replica(shared.store, clock);
    // Rendered by a from content 20 s old: 10 s of lifetime left, then kept maxStaleMs (60 s).
    await a.set('/blog/', page(a, 'list', 20_000));
    expect(shared.retained).toEqual([10_000 + 60_000]);
    clock.t = 4_999;
    expect((await b.lookup('/blog/')).state).toBe('fresh');
    // Stored only 5 s ago, but its content is 25 s old: b re-renders it as a would.
    clock.t = 5_000;
    expect((await b.lookup('/blog/')).state).toBe('stale');
    clock.t = 10_000;
    expect((await b.lookup('/blog/')).state).toBe('expired');
  });

  it('drops pages everywhere on clear, and treats a page missing from the store as missing', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const a = replica(shared.store, clock);
    const b = replica(shared.store, clock);
    await a.set('/', page(a, 'old'));
    await b.lookup('/');
    clock.t = 31_000;
    a.clear();
    await new Promise((r) => setImmediate(r));
    expect(shared.pages.size).toBe(0);
    // b still holds a stale copy in memory, but the shared store says the page is gone.
    expect((await b.lookup('/')).state).toBe('miss');
  });

  it('serves memory while the shared store is down', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const a = replica(shared.store, clock);
    await a.set('/', page(a, 'kept'));
    shared.down();
    clock.t = 26_000;
    expect(await a.lookup('/')).toMatchObject({ state: 'stale', page: { html: 'kept' } });
    await a.set('/new', page(a, 'new'));
    expect((await a.lookup('/new')).state).toBe('fresh');
  });

  it('does not keep a page whose render started before a purge, and starts a new render', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const cache = replica(shared.store, clock);
    let finishOld: () => void = () => {};
    const old = cache.singleFlight('/', async () => {
      await new Promise<void>((r) => (finishOld = r));
      return cache.set('/', page(cache, 'before'));
    });
    cache.clear();
    let renders = 0;
    const fresh = cache.singleFlight('/', async () => {
      renders += 1;
      return cache.set('/', page(cache, 'after'));
    });
    expect((await fresh)?.html).toBe('after');
    finishOld();
    expect((await old)?.html).toBe('before');
    expect(renders).toBe(1);
    expect(await cache.lookup('/')).toMatchObject({ state: 'fresh', page: { html: 'after' } });
    expect(shared.pages.get('/')?.html).toBe('after');
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
