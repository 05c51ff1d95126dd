import { describe, expect, it } from 'vitest';
import { PageCache, etagMatches, type CachedPage, type SharedPageStore } from './page-cache.server';

/** A shared store in a Map, shared by several PageCaches ("replicas"), that can be taken down. */
function sharedStore() {
  const pages = new Map<string, CachedPage>();
  let up = true;
  let reads = 0;
  const store: SharedPageStore = {
    available: () => up,
    async get(key) {
      reads += 1;
      if (!up) return undefined;
      return pages.get(key) ?? null;
    },
    async set(key, page) {
      if (up) pages.set(key, page);
    },
    async clear() {
      if (up) pages.clear();
    },
  };
  return {
    store,
    pages,
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

const page = (html: string) => ({ status: 200, html, etag: `"${html}"` });

describe('page cache', () => {
  it('keeps pages in memory by default, fresh then stale then expired', async () => {
    const clock = { t: 0 };
    const cache = replica(undefined, clock);
    expect((await cache.lookup('/')).state).toBe('miss');
    await cache.set('/', page('a'));
    expect((await cache.lookup('/')).state).toBe('fresh');
    clock.t = 30_001;
    expect((await cache.lookup('/')).state).toBe('stale');
    clock.t = 90_001;
    expect((await cache.lookup('/')).state).toBe('expired');
    expect(cache.size).toBe(1);
  });

  it('shares pages between replicas through the shared store', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const a = replica(shared.store, clock);
    const b = replica(shared.store, clock);
    await a.set('/blog/', page('list'));
    const hit = await b.lookup('/blog/');
    expect(hit).toMatchObject({ state: 'fresh', page: { html: 'list', etag: '"list"' } });
    // Now in b's memory too: a fresh copy is served without asking the store.
    const reads = shared.reads;
    await b.lookup('/blog/');
    expect(shared.reads).toBe(reads);
  });

  it('drops pages everywhere on clear, and treats a page missing from the store as missing', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const a = replica(shared.store, clock);
    const b = replica(shared.store, clock);
    await a.set('/', page('old'));
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
    await a.set('/', page('kept'));
    shared.down();
    clock.t = 31_000;
    expect(await a.lookup('/')).toMatchObject({ state: 'stale', page: { html: 'kept' } });
    await a.set('/new', page('new'));
    expect((await a.lookup('/new')).state).toBe('fresh');
  });

  it('does not keep a page whose render started before a purge, and starts a new render', async () => {
    const clock = { t: 0 };
    const shared = sharedStore();
    const cache = replica(shared.store, clock);
    let finishOld: () => void = () => {};
    const old = cache.singleFlight('/', async () => {
      await new Promise<void>((r) => (finishOld = r));
      return cache.set('/', page('before'));
    });
    cache.clear();
    let renders = 0;
    const fresh = cache.singleFlight('/', async () => {
      renders += 1;
      return cache.set('/', page('after'));
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
