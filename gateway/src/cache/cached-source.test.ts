import { describe, expect, it } from 'vitest';
import {
  UpstreamError,
  wordpressApiError,
  type RestQuery,
  type RestResponse,
  type RestSource,
} from '../sources/rest.js';
import { createCaches } from './caches.js';
import { cachedSource, tagsFor } from './cached-source.js';
import { purgeTags } from './purge.js';
import {
  createCachedValues,
  createMemoryStore,
  type Caches,
  type Entry,
  type NewLru,
  type Store,
} from '@site/server-kit';
import { LRUCache } from 'lru-cache';

const lru: NewLru = (options) => new LRUCache(options);

/** A scripted upstream: answers with a counter, or fails while `failing` is set. */
function scripted() {
  let calls = 0;
  let failing: Error | null = null;
  let gate: Promise<void> | null = null;
  const source: RestSource = {
    kind: 'wordpress',
    async get<T>(path: string, _query?: RestQuery): Promise<RestResponse<T>> {
      calls += 1;
      const n = calls;
      if (gate) await gate;
      if (failing) throw failing;
      return { body: [{ id: n, slug: `item-${n}`, path }] as T, total: 1, totalPages: 1 };
    },
  };
  return {
    source,
    get calls() {
      return calls;
    },
    fail(error: Error | null) {
      failing = error;
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

function setup(opts: { ttl?: number; swr?: number; sie?: number } = {}) {
  let t = 1_000_000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const up = scripted();
  const warnings: unknown[] = [];
  const caches = createCaches({ now: clock.now });
  const cached = cachedSource(up.source, caches, {
    ttlMs: opts.ttl ?? 30_000,
    staleWhileRevalidateMs: opts.swr ?? 60_000,
    staleIfErrorMaxAgeMs: opts.sie ?? 86_400_000,
    now: clock.now,
    logger: { warn: (obj: unknown) => warnings.push(obj), info: () => {} } as never,
  });
  const firstId = async (path = '/posts', query: RestQuery = { per_page: 1 }) =>
    ((await cached.get(path, query)).body as Array<{ id: number }>)[0]?.id;
  return { clock, up, cached, caches, warnings, firstId };
}

describe('cached source', () => {
  it('serves a fresh answer from the cache within the TTL', async () => {
    const { clock, up, firstId } = setup();
    expect(await firstId()).toBe(1);
    clock.advance(29_999);
    expect(await firstId()).toBe(1);
    expect(up.calls).toBe(1);
  });

  it('keys by path and query', async () => {
    const { up, firstId } = setup();
    await firstId('/posts', { per_page: 1 });
    await firstId('/posts', { per_page: 2 });
    await firstId('/pages', { per_page: 1 });
    await firstId('/posts', { per_page: 1 });
    expect(up.calls).toBe(3);
  });

  it('serves a stale answer at once and revalidates it in the background, once', async () => {
    const { clock, up, cached, firstId } = setup();
    await firstId();
    clock.advance(30_000);
    const release = up.hold();
    expect(await firstId()).toBe(1);
    expect(await firstId()).toBe(1);
    expect(up.calls).toBe(2);
    release();
    await cached.idle();
    expect(await firstId()).toBe(2);
    expect(cached.stats.revalidations).toBe(1);
  });

  it('fetches in the foreground once an answer is past the revalidation window', async () => {
    const { clock, up, firstId } = setup({ swr: 10_000 });
    await firstId();
    clock.advance(40_000);
    expect(await firstId()).toBe(2);
    expect(up.calls).toBe(2);
  });

  it('coalesces concurrent misses into one upstream call', async () => {
    const { up, cached } = setup();
    const release = up.hold();
    const all = Promise.all([cached.get('/posts'), cached.get('/posts'), cached.get('/posts')]);
    release();
    const [a, b, c] = await all;
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(up.calls).toBe(1);
  });

  it('serves the last good answer when upstream fails (stale-if-error), up to the max age', async () => {
    const { clock, up, firstId, cached } = setup({ swr: 0, sie: 3_600_000 });
    await firstId();
    up.fail(wordpressApiError(503, '/posts'));
    clock.advance(60_000);
    expect(await firstId()).toBe(1);
    clock.advance(3_600_000 - 60_000);
    expect(await firstId()).toBe(1);
    expect(cached.stats.staleIfError).toBe(2);
    clock.advance(1);
    await expect(firstId()).rejects.toThrow('WordPress API error: 503');
  });

  it('keeps the last good answer when a background revalidation fails', async () => {
    const { clock, up, cached, firstId } = setup({ swr: 60_000 });
    await firstId();
    clock.advance(31_000);
    up.fail(new UpstreamError('WordPress is unreachable', { kind: 'network', path: '/posts' }));
    expect(await firstId()).toBe(1);
    await cached.idle();
    clock.advance(100_000);
    expect(await firstId()).toBe(1);
    expect(cached.stats.staleIfError).toBe(1);
  });

  it('never caches an error', async () => {
    const { up, firstId } = setup();
    up.fail(wordpressApiError(500, '/posts'));
    await expect(firstId()).rejects.toThrow('WordPress API error: 500');
    await expect(firstId()).rejects.toThrow('WordPress API error: 500');
    expect(up.calls).toBe(2);
    up.fail(null);
    expect(await firstId()).toBe(3);
  });

  it('logs upstream failures at most once per 30 s per resource', async () => {
    const { clock, up, firstId, warnings } = setup();
    up.fail(wordpressApiError(500, '/posts'));
    for (let i = 0; i < 5; i++) await firstId('/posts', { page: i + 1 }).catch(() => {});
    await firstId('/media').catch(() => {});
    expect(warnings).toHaveLength(2);
    clock.advance(30_000);
    await firstId('/posts').catch(() => {});
    expect(warnings).toHaveLength(3);
    expect(warnings[2]).toMatchObject({ resource: 'posts', suppressedSinceLastLog: 4 });
  });

  it('purges the item and the lists it belongs to', async () => {
    const { up, cached, caches } = setup();
    await cached.get('/posts', { per_page: 10 });
    await cached.get('/posts', { slug: 'item-2' });
    await cached.get('/posts', { slug: 'other' });
    await cached.get('/media', { include: [5, 6] });
    await cached.get('/categories', { hide_empty: true });
    expect(caches.size).toBe(5);
    const dropped = await caches.purge(purgeTags({ type: 'post', slug: 'item-2' }));
    // The list, the item by slug and the categories (counts) go; the other slug and media stay.
    expect(dropped).toBe(3);
    expect(caches.size).toBe(2);
    await cached.get('/posts', { slug: 'other' });
    expect(up.calls).toBe(5);
    expect(await caches.purge(purgeTags({ type: 'attachment', id: 6 }))).toBe(1);
  });

  it('tags answers by resource, queried slugs/ids and returned items', () => {
    expect(tagsFor('/posts', { per_page: 5 }, [{ id: 7, slug: 'Seven' }])).toEqual([
      'posts',
      'posts:list',
      'posts:id:7',
      'posts:slug:seven',
    ]);
    expect(tagsFor('/media', { include: '1,2' }, [])).toEqual(['media', 'media:id:1', 'media:id:2']);
    expect(tagsFor('/media/9', {}, { id: 9 })).toEqual(['media', 'media:id:9']);
    // An item carrying its featured image (or null for a private one) is stale when the attachment changes.
    const carrying = [
      { id: 7, slug: 'seven', featured_media: 3, featured_image: { id: 3 } },
      { id: 8, slug: 'eight', featured_media: 4, featured_image: null },
      { id: 9, slug: 'nine', featured_media: 5 },
    ];
    expect(tagsFor('/posts', { per_page: 5 }, carrying).filter((t) => t.startsWith('media'))).toEqual([
      'media:id:3',
      'media:id:4',
    ]);
  });
});

/** An upstream of numbered items answering `/items?include=...`, counting requests and ids asked. */
function itemsUpstream() {
  const asked: string[][] = [];
  let failing: Error | null = null;
  const source: RestSource = {
    kind: 'wordpress',
    async get<T>(_path: string, query?: RestQuery): Promise<RestResponse<T>> {
      const ids = String(query?.include ?? '')
        .split(',')
        .filter(Boolean);
      asked.push(ids);
      if (failing) throw failing;
      // Ids above 100 do not exist.
      const body = ids
        .filter((id) => Number(id) <= 100)
        .map((id) => ({ id: Number(id), version: asked.length }));
      return { body: body as T, total: body.length, totalPages: 1 };
    },
  };
  return { source, asked, fail: (e: Error | null) => void (failing = e) };
}

type Item = { id: number; version: number };
const ITEMS = {
  path: '/items',
  keyKind: 'id' as const,
  variant: 'v1',
  query: (keys: readonly string[]) => ({ include: [...keys], per_page: 100 }),
  keyOf: (item: Item) => String(item.id),
  parse: (b: unknown) => b as Item[],
};

describe('cached source: items by id or slug', () => {
  function setupItems(opts: { swr?: number; sie?: number } = {}) {
    let t = 0;
    const up = itemsUpstream();
    const caches = createCaches({ now: () => t });
    const cached = cachedSource(up.source, caches, {
      ttlMs: 30_000,
      staleWhileRevalidateMs: opts.swr ?? 60_000,
      staleIfErrorMaxAgeMs: opts.sie ?? 3_600_000,
      now: () => t,
    });
    const batch = (keys: string[]) => cached.getBatch({ ...ITEMS, keys });
    return { up, cached, caches, batch, advance: (ms: number) => void (t += ms) };
  }

  it('asks upstream only for the items it has not seen, in one request', async () => {
    const { up, batch } = setupItems();
    await batch(['1', '2', '3']);
    const r = await batch(['2', '3', '4', '5']);
    expect(up.asked).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
    ]);
    expect([...r.keys()]).toEqual(['2', '3', '4', '5']);
    expect((r.get('2') as Item).version).toBe(1);
    expect((r.get('4') as Item).version).toBe(2);
  });

  it('remembers that an item does not exist (for the TTL)', async () => {
    const { up, batch, advance } = setupItems();
    expect((await batch(['101'])).get('101')).toBeNull();
    expect((await batch(['101'])).get('101')).toBeNull();
    expect(up.asked).toHaveLength(1);
    advance(30_000 + 60_000);
    await batch(['101']);
    expect(up.asked).toHaveLength(2);
  });

  it('refreshes stale items in the background, all in one request', async () => {
    const { up, cached, batch, advance } = setupItems();
    await batch(['1', '2']);
    advance(31_000);
    const r = await batch(['1', '2']);
    expect((r.get('1') as Item).version).toBe(1);
    await cached.idle();
    expect(up.asked).toEqual([
      ['1', '2'],
      ['1', '2'],
    ]);
    expect(((await batch(['1'])).get('1') as Item).version).toBe(2);
  });

  it('serves items seen before when upstream fails, and an Error for the others', async () => {
    const { up, batch, advance } = setupItems({ swr: 0 });
    await batch(['1']);
    advance(10 * 60_000);
    up.fail(wordpressApiError(503, '/items'));
    const r = await batch(['1', '2']);
    expect((r.get('1') as Item).version).toBe(1);
    expect(r.get('2')).toBeInstanceOf(UpstreamError);
    advance(3_600_000);
    expect((await batch(['1'])).get('1')).toBeInstanceOf(UpstreamError);
  });

  it('tags each item by its id, so one can be dropped alone', async () => {
    const { up, caches, batch } = setupItems();
    await batch(['1', '2']);
    expect(await caches.purge(['items:id:2'])).toBe(1);
    await batch(['1', '2']);
    expect(up.asked).toEqual([['1', '2'], ['2']]);
  });
});

describe('cached source over a failing store', () => {
  it('answers from upstream when the store fails, and says so once', async () => {
    const up = scripted();
    const warnings: unknown[] = [];
    const broken: Store = {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
      local: createMemoryStore({ lru, maxBytes: 1000 }),
    };
    const caches: Pick<Caches, 'values'> = {
      values: ({ lock: _unshared, ...o }) => createCachedValues({ ...o, store: broken, generation: () => 0 }),
    };
    const cached = cachedSource(up.source, caches, {
      ttlMs: 30_000,
      staleWhileRevalidateMs: 0,
      staleIfErrorMaxAgeMs: 0,
      logger: { warn: (obj: unknown, msg: string) => warnings.push([obj, msg]), info: () => {} } as never,
    });
    expect((await cached.get('/posts')).body).toEqual([{ id: 1, slug: 'item-1', path: '/posts' }]);
    expect((await cached.get('/posts')).body).toEqual([{ id: 2, slug: 'item-2', path: '/posts' }]);
    expect(warnings).toEqual([[{ err: 'store down' }, 'cache store failed']]);
  });
});

describe('memory store', () => {
  const entry = (value: unknown, until = 1e9): Entry => ({
    value,
    askedAt: 0,
    storedAt: 0,
    freshUntil: until,
    staleUntil: until,
    errorUntil: until,
    tags: ['t'],
  });

  it('evicts least-recently-used entries beyond its byte budget', () => {
    const store = createMemoryStore({ lru, maxBytes: 100, now: () => 0 });
    store.put('a', entry('x'.repeat(40)));
    store.put('b', entry('y'.repeat(40)));
    store.peek('a');
    store.put('c', entry('z'.repeat(40)));
    expect(store.peek('b')).toBeUndefined();
    expect(store.peek('a')).toBeDefined();
    expect(store.deleteByTag('t')).toBe(2);
    expect(store.size).toBe(0);
  });

  it('drops an entry once no policy would serve it', () => {
    let t = 0;
    const store = createMemoryStore({ lru, maxBytes: 1000, now: () => t });
    store.put('k', entry(1, 500));
    t = 500;
    expect(store.peek('k')).toBeDefined();
    t = 501;
    expect(store.peek('k')).toBeUndefined();
  });
});

describe('a purge while an answer is on its way', () => {
  it('does not store the answer fetched before the purge, and new requests do not join it', async () => {
    const { up, cached, caches, firstId } = setup();
    const release = up.hold();
    const before = cached.get('/posts', { per_page: 1 });
    while (up.calls < 1) await new Promise((r) => setTimeout(r, 0));
    // WordPress publishes; its webhook purges while the old answer is still in flight.
    await caches.purge(purgeTags({ type: 'post', slug: 'item-1' }));
    const after = cached.get('/posts', { per_page: 1 });
    release();
    expect(((await before).body as { id: number }[])[0]?.id).toBe(1);
    // The request made after the purge did not reuse the pre-purge fetch.
    expect(((await after).body as { id: number }[])[0]?.id).toBe(2);
    expect(up.calls).toBe(2);
    // What is cached now is the post-purge answer.
    expect(await firstId()).toBe(2);
    expect(up.calls).toBe(2);
  });
});

describe('cached source: a caller that bounds the age of what it gets', () => {
  /** A freshness that accepts `maxAgeMs` and records when each answer it got was asked for. */
  const bound = (maxAgeMs?: number) => {
    const askedAt: number[] = [];
    return { maxAgeMs, observe: (at: number) => void askedAt.push(at), askedAt };
  };

  it('asks again for an answer older than the caller accepts, fresh or stale by the TTL', async () => {
    const { clock, up, cached } = setup({ ttl: 30_000, swr: 60_000 });
    const t0 = clock.now();
    const read = async (maxAgeMs?: number) => {
      const freshness = bound(maxAgeMs);
      const id = ((await cached.get('/posts', {}, { freshness })).body as Array<{ id: number }>)[0]!.id;
      return { id, askedAt: freshness.askedAt };
    };
    expect(await read(25_000)).toEqual({ id: 1, askedAt: [t0] });
    clock.advance(25_000);
    expect(await read(25_000)).toEqual({ id: 1, askedAt: [t0] });
    clock.advance(1);
    // Fresh by the TTL, so anyone else still gets it; too old for this caller, who waits for a new one.
    expect(await read()).toEqual({ id: 1, askedAt: [t0] });
    expect(await read(25_000)).toEqual({ id: 2, askedAt: [t0 + 25_001] });
    expect(up.calls).toBe(2);
    // Past the TTL the cache would serve it stale while revalidating: not to this caller.
    clock.advance(40_000);
    expect(await read(25_000)).toEqual({ id: 3, askedAt: [t0 + 65_001] });
    expect(up.calls).toBe(3);
    expect(cached.stats.stale).toBe(0);
  });

  it('counts an answer’s age from when upstream was asked, not from when it answered', async () => {
    const { clock, up, cached } = setup({ ttl: 30_000, swr: 0 });
    const t0 = clock.now();
    const release = up.hold();
    const freshness = bound();
    const pending = cached.get('/posts', {}, { freshness });
    while (up.calls === 0) await new Promise((r) => setImmediate(r));
    // WordPress takes 4 s to answer.
    clock.advance(4_000);
    release();
    expect((await pending).fetchedAt).toBe(t0);
    expect(freshness.askedAt).toEqual([t0]);
    clock.advance(25_999);
    await cached.get('/posts', {});
    expect(up.calls).toBe(1);
    clock.advance(1);
    await cached.get('/posts', {});
    expect(up.calls).toBe(2);
  });

  it('still serves the last good answer when asking again fails, and says how old it is', async () => {
    const { clock, up, cached } = setup({ ttl: 30_000, swr: 60_000, sie: 3_600_000 });
    const t0 = clock.now();
    await cached.get('/posts', {});
    clock.advance(26_000);
    up.fail(wordpressApiError(503, '/posts'));
    const freshness = bound(25_000);
    const answer = await cached.get('/posts', {}, { freshness });
    expect((answer.body as Array<{ id: number }>)[0]!.id).toBe(1);
    expect(freshness.askedAt).toEqual([t0]);
    expect(cached.stats.staleIfError).toBe(1);
  });

  it('bounds and reports items by id the same way, a missing item included', async () => {
    let t = 0;
    const up = itemsUpstream();
    const cached = cachedSource(up.source, createCaches({ now: () => t }), {
      ttlMs: 30_000,
      staleWhileRevalidateMs: 60_000,
      staleIfErrorMaxAgeMs: 3_600_000,
      now: () => t,
    });
    await cached.getBatch({ ...ITEMS, keys: ['1', '101'] });
    t = 10_000;
    await cached.getBatch({ ...ITEMS, keys: ['2'] });
    t = 26_000;
    const freshness = bound(20_000);
    const r = await cached.getBatch({ ...ITEMS, keys: ['1', '2', '101'] }, freshness);
    // 1 and 101 (which does not exist) are 26 s old: asked again; 2 is 16 s old: served.
    expect(up.asked).toEqual([['1', '101'], ['2'], ['1', '101']]);
    expect((r.get('1') as Item).version).toBe(3);
    expect(r.get('101')).toBeNull();
    expect((r.get('2') as Item).version).toBe(2);
    expect(freshness.askedAt.sort((a, b) => a - b)).toEqual([10_000, 26_000, 26_000]);
  });
});
