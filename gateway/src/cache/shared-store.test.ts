// The policy for a store shared by replicas, without Redis: several cached sources ("replicas"),
// each with its own caches and memory, over one shared store with an in-process FlightLock, and the
// tiered store's fallback to memory. test:redis runs the same against a real Redis.
import { describe, expect, it } from 'vitest';
import type { RestQuery, RestResponse, RestSource } from '../sources/rest.js';
import {
  createMemoryStore as createStore,
  createTieredStore,
  type Entry,
  type FlightLock,
  type MemoryStore,
  type SharedStore,
  type SharedTier,
} from '@site/server-kit';
import { LRUCache } from 'lru-cache';
import { createCaches } from './caches.js';
import { cachedSource } from './cached-source.js';

const createMemoryStore = (options: { maxBytes: number; now: () => number }) =>
  createStore({ ...options, lru: (lru) => new LRUCache(lru) });

/** A memory store standing in for Redis. */
function sharedOf(memory: MemoryStore): SharedStore {
  return {
    get: (key) => memory.get(key),
    set: (key, entry) => memory.set(key, entry),
    deleteByTag: async (tag) => memory.deleteByTag(tag),
    clear: async () => void memory.clear(),
  };
}

/** The shared tier of one process: the store and lock every replica shares, and its health. */
function tierOf(store: SharedStore, lock: FlightLock, reachable: () => boolean = () => true): SharedTier {
  return {
    store,
    lock,
    available: reachable,
    failed: () => {},
    succeeded: () => {},
    publish: async () => {},
    onPurge: () => {},
  };
}

/** A FlightLock in one process, with the same contract as the Redis one. */
function memoryLock(options: { reachable?: () => boolean } = {}) {
  const held = new Map<string, string>();
  const waiters = new Map<string, Set<() => void>>();
  let acquired = 0;
  const lock: FlightLock = {
    async acquire(key) {
      if (options.reachable && !options.reachable()) return async () => {};
      if (held.has(key)) return null;
      const token = String(++acquired);
      held.set(key, token);
      return async () => {
        if (held.get(key) === token) held.delete(key);
        for (const wake of [...(waiters.get(key) ?? [])]) wake();
      };
    },
    wait(key, ms) {
      return new Promise((resolve) => {
        const set = waiters.get(key) ?? new Set();
        waiters.set(key, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
      });
    },
  };
  return {
    lock,
    get acquired() {
      return acquired;
    },
  };
}

/** An upstream that counts requests and can be held open. */
function upstream() {
  let calls = 0;
  let gate: Promise<void> | null = null;
  const source: RestSource = {
    kind: 'wordpress',
    async get<T>(path: string, query?: RestQuery): Promise<RestResponse<T>> {
      calls += 1;
      const n = calls;
      if (gate) await gate;
      const ids = String(query?.include ?? '')
        .split(',')
        .filter(Boolean);
      const body = ids.length > 0 ? ids.map((id) => ({ id: Number(id), n })) : [{ id: n, path }];
      return { body: body as T, total: 1, totalPages: 1 };
    },
  };
  return {
    source,
    get calls() {
      return calls;
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

function replicas(count: number, opts: { waitMs?: number; reachable?: () => boolean } = {}) {
  let t = 1_000_000;
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const store = sharedOf(createMemoryStore({ maxBytes: 1_000_000, now: clock.now }));
  const up = upstream();
  const lock = memoryLock({ reachable: opts.reachable });
  const sources = Array.from({ length: count }, () =>
    cachedSource(up.source, createCaches({ now: clock.now, shared: tierOf(store, lock.lock) }), {
      ttlMs: 30_000,
      staleWhileRevalidateMs: 60_000,
      staleIfErrorMaxAgeMs: 3_600_000,
      now: clock.now,
      lock: { holdMs: 10_000, waitMs: opts.waitMs ?? 2000, pollMs: 5 },
    }),
  );
  return { clock, store, up, lock, sources };
}

const ITEMS = {
  path: '/media',
  keyKind: 'id' as const,
  variant: 'v1',
  query: (keys: readonly string[]) => ({ include: [...keys] }),
  keyOf: (item: { id: number }) => String(item.id),
  parse: (b: unknown) => b as Array<{ id: number; n: number }>,
};

describe('cached sources sharing one store', () => {
  it("fetch a missing key once across replicas; the others take the fetcher's answer", async () => {
    const { up, sources } = replicas(3);
    const release = up.hold();
    const all = Promise.all(sources.flatMap((s) => [s.get('/posts'), s.get('/posts')]));
    await new Promise((r) => setTimeout(r, 20));
    release();
    const answers = await all;
    expect(up.calls).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(sources.reduce((n, s) => n + s.stats.fromPeers, 0)).toBe(2);
  });

  it('refresh a stale key once across replicas while every replica serves the stale answer', async () => {
    const { clock, up, sources } = replicas(3);
    await sources[0]!.get('/posts');
    clock.advance(31_000);
    const release = up.hold();
    const stale = await Promise.all(sources.map((s) => s.get('/posts')));
    expect(stale.map((a) => (a.body as Array<{ id: number }>)[0]?.id)).toEqual([1, 1, 1]);
    release();
    await Promise.all(sources.map((s) => s.idle()));
    expect(up.calls).toBe(2);
    const fresh = await Promise.all(sources.map((s) => s.get('/posts')));
    expect(fresh.map((a) => (a.body as Array<{ id: number }>)[0]?.id)).toEqual([2, 2, 2]);
    expect(up.calls).toBe(2);
  });

  it('fetch a batch of items once across replicas', async () => {
    const { up, sources } = replicas(2);
    const release = up.hold();
    const all = Promise.all(sources.map((s) => s.getBatch({ ...ITEMS, keys: ['1', '2', '3'] })));
    await new Promise((r) => setTimeout(r, 20));
    release();
    const [a, b] = await all;
    expect(up.calls).toBe(1);
    expect([...(a?.keys() ?? [])]).toEqual(['1', '2', '3']);
    expect(b?.get('2')).toEqual(a?.get('2'));
  });

  it('fetch only the items another replica has not stored meanwhile', async () => {
    const { up, sources } = replicas(2);
    await sources[0]!.getBatch({ ...ITEMS, keys: ['1', '2'] });
    await sources[1]!.getBatch({ ...ITEMS, keys: ['2', '3'] });
    expect(up.calls).toBe(2);
    expect((await sources[1]!.getBatch({ ...ITEMS, keys: ['1', '2', '3'] })).size).toBe(3);
    expect(up.calls).toBe(2);
  });

  it('fetch for themselves when the fetcher takes longer than the wait', async () => {
    const { up, sources } = replicas(2, { waitMs: 30 });
    const release = up.hold();
    const first = sources[0]!.get('/posts');
    await new Promise((r) => setTimeout(r, 5));
    const second = sources[1]!.get('/posts');
    await new Promise((r) => setTimeout(r, 80));
    release();
    await Promise.all([first, second]);
    expect(up.calls).toBe(2);
    expect(sources[1]!.stats.peerTimeouts).toBe(1);
  });

  it('each fetch when the lock service is unreachable (degraded, never failing)', async () => {
    const { up, sources } = replicas(2, { reachable: () => false });
    await Promise.all(sources.map((s) => s.get('/posts')));
    expect(up.calls).toBe(2);
  });
});

describe('tiered store', () => {
  function tiered() {
    let t = 0;
    let up = true;
    const now = () => t;
    const shared = createMemoryStore({ maxBytes: 100_000, now });
    let sharedReads = 0;
    const counted: SharedStore = {
      ...sharedOf(shared),
      get: (key) => {
        sharedReads += 1;
        return shared.get(key);
      },
    };
    const failures: unknown[] = [];
    const tier = {
      ...tierOf(counted, memoryLock().lock, () => up),
      failed: (e: unknown) => failures.push(e),
    };
    const caches = createCaches({ now, shared: tier });
    const local = caches.memory({ maxBytes: 100_000 });
    const cache = createTieredStore(local, counted, tier, 'wp', now);
    return {
      caches,
      cache,
      shared,
      local,
      failures,
      advance: (ms: number) => void (t += ms),
      down: () => void (up = false),
      get sharedReads() {
        return sharedReads;
      },
    };
  }
  /** Fresh for 30 s from `storedAt`, kept 1000 s. */
  const entry = (value: number, storedAt = 0): Entry<number> => ({
    value,
    askedAt: storedAt,
    storedAt,
    freshUntil: storedAt + 30_000,
    staleUntil: storedAt + 1_000_000,
    errorUntil: storedAt + 1_000_000,
    tags: ['posts'],
  });

  it('writes both stores and reads a fresh local copy without asking the shared one', async () => {
    const s = tiered();
    await s.cache.set('k', entry(1));
    expect(s.shared.peek('wp:k')).toMatchObject({ value: 1 });
    expect(await s.cache.get('k')).toMatchObject({ value: 1 });
    expect(s.sharedReads).toBe(0);
  });

  it('asks the shared store once the local copy is stale, and keeps what it finds', async () => {
    const s = tiered();
    await s.cache.set('k', entry(1));
    s.advance(31_000);
    s.shared.put('wp:k', entry(2, 31_000));
    expect(await s.cache.get('k')).toMatchObject({ value: 2 });
    expect(await s.cache.get('k')).toMatchObject({ value: 2 });
    expect(s.sharedReads).toBe(1);
  });

  it('treats a key missing from the shared store as missing (purged elsewhere)', async () => {
    const s = tiered();
    await s.cache.set('k', entry(1));
    s.advance(31_000);
    s.shared.deleteByTag('posts');
    expect(await s.cache.get('k')).toBeUndefined();
  });

  it('serves the local copy, of any age, while the shared store is down', async () => {
    const s = tiered();
    await s.cache.set('k', entry(1));
    s.advance(500_000);
    s.down();
    expect(await s.cache.get('k')).toMatchObject({ value: 1 });
    await s.cache.set('j', entry(3, 500_000));
    expect(s.shared.peek('wp:j')).toBeUndefined();
    expect(await s.caches.purge(['posts'])).toBe(2);
    expect(s.local.size).toBe(0);
  });

  it('reports a failing shared store and answers from memory', async () => {
    const s = tiered();
    await s.cache.set('k', entry(1));
    s.advance(31_000);
    s.shared.get = () => Promise.reject(new Error('Command timed out'));
    expect(await s.cache.get('k')).toMatchObject({ value: 1 });
    expect(s.failures).toHaveLength(1);
  });
});

describe('tiered store: a caller that accepts only younger entries', () => {
  it('looks past a local copy older than that to the shared store, where another replica stored a newer one', async () => {
    let t = 0;
    const now = () => t;
    const shared = createMemoryStore({ maxBytes: 100_000, now });
    const local = createMemoryStore({ maxBytes: 100_000, now });
    const health = { available: () => true, failed: () => {}, succeeded: () => {} };
    const cache = createTieredStore(local, sharedOf(shared), health, 'wp', now);
    const entry = (value: number, at: number): Entry<number> => ({
      value,
      askedAt: at,
      storedAt: at,
      freshUntil: at + 30_000,
      staleUntil: at + 1_000_000,
      errorUntil: at + 1_000_000,
      tags: [],
    });
    await cache.set('k', entry(1, 0));
    t = 26_000;
    // Another replica asked WordPress again and stored the answer in the shared store.
    shared.put('wp:k', entry(2, 26_000));
    // Fresh by the TTL: without a bound the local copy answers.
    expect(await cache.get('k')).toMatchObject({ value: 1 });
    expect(await cache.get('k', 25_000)).toMatchObject({ value: 2, storedAt: 26_000 });
  });
});
