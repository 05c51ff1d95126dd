// The Redis store against a real redis-server (REDIS_TEST_URL, from `npm run test:redis`): the
// same entries, TTL / stale-while-revalidate / stale-if-error policy as the memory store, purges by
// tag, the single-flight lock, the purge channel, APQ sharing, and degrading to memory when Redis
// fails. Every test uses its own key prefix.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedSource } from '../../src/cache/cached-source.js';
import { createMemoryCache } from '../../src/cache/memory.js';
import { purge, type PurgeRequest } from '../../src/cache/purge.js';
import { connectRedis, createRedisCache, createRedisLock } from '../../src/cache/redis.js';
import { createSharedCache, type SharedCache } from '../../src/cache/shared.js';
import {
  UpstreamError,
  wordpressApiError,
  type RestQuery,
  type RestResponse,
  type RestSource,
} from '../../src/sources/rest.js';
import { startRedisServer } from './redis-server.js';

const url = process.env.REDIS_TEST_URL ?? '';
let admin: Redis;
const prefix = () => `t${randomUUID().slice(0, 8)}:`;
const quietLogger = { warn: () => {}, info: () => {}, debug: () => {} };

beforeAll(async () => {
  if (!url) throw new Error('REDIS_TEST_URL is not set: run these with `npm run test:redis`');
  admin = new Redis(url);
  await admin.ping();
});
afterAll(() => admin?.disconnect());

/** A scripted upstream counting its calls; `fail` makes it throw, `hold` keeps answers back. */
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
    fail: (error: Error | null) => void (failing = error),
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

describe('Redis cache store', () => {
  let client: Redis;
  beforeAll(() => {
    client = connectRedis(url);
  });
  afterAll(() => client.disconnect());
  const ready = () => new Promise<void>((r) => (client.status === 'ready' ? r() : client.once('ready', r)));

  it('stores value, storedAt and tags, expiring at the retention given', async () => {
    await ready();
    const p = prefix();
    const store = createRedisCache(client, p);
    await store.set(
      '/posts?per_page=1',
      { value: { a: [1, 'x'] }, storedAt: 1234, tags: ['posts', 'posts:list'] },
      90_000,
    );
    expect(await store.get('/posts?per_page=1')).toEqual({
      value: { a: [1, 'x'] },
      storedAt: 1234,
      tags: ['posts', 'posts:list'],
    });
    const entryTtl = await admin.pttl(`${p}c:/posts?per_page=1`);
    expect(entryTtl).toBeGreaterThan(80_000);
    expect(entryTtl).toBeLessThanOrEqual(90_000);
    // A tag outlives every entry it names (both were set by one script; read a moment apart).
    expect(await admin.pttl(`${p}t:posts`)).toBeGreaterThan(entryTtl - 100);
    await store.set('/posts?per_page=2', { value: 2, storedAt: 1, tags: ['posts'] }, 10_000);
    expect(await admin.pttl(`${p}t:posts`)).toBeGreaterThan(80_000);
    expect(await store.get('/missing')).toBeUndefined();
  });

  it('purges by tag, by prefix and wholly, counting what it dropped', async () => {
    await ready();
    const p = prefix();
    const store = createRedisCache(client, p);
    const put = (key: string, tags: string[]) => store.set(key, { value: 1, storedAt: 0, tags }, 60_000);
    await put('/posts?per_page=10', ['posts', 'posts:list']);
    await put('/posts?slug=a', ['posts', 'posts:slug:a']);
    await put('/posts?slug=b', ['posts', 'posts:slug:b']);
    await put('/media?include=5', ['media', 'media:id:5']);
    await put('/categories?hide_empty=true', ['categories']);
    expect(await store.size()).toBe(5);
    expect(await purge(store, { type: 'post', slug: 'a' })).toBe(3);
    expect(await store.size()).toBe(2);
    expect(await store.deleteByTag('posts:slug:a')).toBe(0);
    expect(await store.deleteByPrefix('/posts?slug=')).toBe(1);
    // Another service's keys under the same prefix survive a clear.
    await admin.set(`${p}page:/`, 'html');
    await store.clear();
    expect(await store.size()).toBe(0);
    expect(await admin.get(`${p}page:/`)).toBe('html');
    expect(await admin.keys(`${p}t:*`)).toEqual([]);
  });

  it('keeps the TTL, stale-while-revalidate and stale-if-error policy of the memory store', async () => {
    await ready();
    let t = 5_000_000;
    const up = scripted();
    const store = createRedisCache(client, prefix());
    const cached = cachedSource(up.source, store, {
      ttlMs: 30_000,
      staleWhileRevalidateMs: 60_000,
      staleIfErrorMaxAgeMs: 3_600_000,
      now: () => t,
    });
    const firstId = async () =>
      ((await cached.get('/posts', { per_page: 1 })).body as Array<{ id: number }>)[0]?.id;

    expect(await firstId()).toBe(1);
    t += 29_999;
    expect(await firstId()).toBe(1);
    expect(up.calls).toBe(1);

    // Stale: served at once, refreshed once in the background.
    t += 1;
    const release = up.hold();
    expect(await firstId()).toBe(1);
    expect(await firstId()).toBe(1);
    release();
    await cached.idle();
    expect(up.calls).toBe(2);
    expect(await firstId()).toBe(2);

    // Past the revalidation window, WordPress failing: the last good answer, up to the max age.
    up.fail(wordpressApiError(503, '/posts'));
    t += 100_000;
    expect(await firstId()).toBe(2);
    t += 3_600_000 - 100_000;
    expect(await firstId()).toBe(2);
    expect(cached.stats.staleIfError).toBe(2);
    t += 1;
    await expect(firstId()).rejects.toThrow('WordPress API error: 503');

    // Errors are never stored.
    up.fail(new UpstreamError('WordPress is unreachable', { kind: 'network', path: '/pages' }));
    await expect(cached.get('/pages')).rejects.toThrow('unreachable');
    expect(await store.get('/pages')).toBeUndefined();
  });
});

describe('single-flight lock', () => {
  it('lets one holder in, releases by token only, and wakes waiters on release', async () => {
    const client = connectRedis(url);
    await new Promise((r) => client.once('ready', r));
    const p = prefix();
    const subscriber = new Redis(url);
    const lock = createRedisLock(client, p, { available: () => true, failed: () => {} });
    await subscriber.subscribe(`${p}released`);
    subscriber.on('message', (_channel: string, key: string) => lock.wake(key));

    const release = await lock.acquire('/posts', 5000);
    expect(release).toBeTypeOf('function');
    expect(await lock.acquire('/posts', 5000)).toBeNull();
    expect(await admin.pttl(`${p}lock:/posts`)).toBeLessThanOrEqual(5000);

    let woken = false;
    const waiting = lock.wait('/posts', 10_000).then(() => (woken = true));
    await release!();
    await waiting;
    expect(woken).toBe(true);
    expect(await admin.exists(`${p}lock:/posts`)).toBe(0);

    // A holder whose lock expired and was taken by another must not release the other's.
    const short = await lock.acquire('/pages', 1);
    await new Promise((r) => setTimeout(r, 20));
    const other = await lock.acquire('/pages', 5000);
    expect(other).toBeTypeOf('function');
    await short!();
    expect(await admin.exists(`${p}lock:/pages`)).toBe(1);
    await other!();

    client.disconnect();
    subscriber.disconnect();
  });
});

describe('shared cache across replicas', () => {
  const replicas: SharedCache[] = [];
  afterAll(async () => {
    for (const r of replicas) await r.close();
  });

  async function replica(p: string, now: () => number) {
    const shared = createSharedCache({
      url,
      prefix: p,
      logger: quietLogger,
      local: createMemoryCache({ maxBytes: 1_000_000, now }),
      freshMs: 30_000,
      retainMs: 120_000,
      now,
    });
    replicas.push(shared);
    expect(await shared.ready(5000)).toBe(true);
    return shared;
  }

  it('fetches a key once across replicas under concurrent load, per TTL', async () => {
    const p = prefix();
    let t = 9_000_000;
    const now = () => t;
    const up = scripted();
    const sources = await Promise.all(
      [0, 1, 2].map(async () => {
        const shared = await replica(p, now);
        return cachedSource(up.source, shared.cache, {
          ttlMs: 30_000,
          staleWhileRevalidateMs: 60_000,
          staleIfErrorMaxAgeMs: 60_000,
          now,
          shared: { lock: shared.lock, holdMs: 10_000, waitMs: 5000 },
        });
      }),
    );
    const burst = () =>
      Promise.all(sources.flatMap((s) => Array.from({ length: 20 }, () => s.get('/posts'))));

    const release = up.hold();
    const cold = burst();
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(new Set((await cold).map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(up.calls).toBe(1);

    // One TTL later: every replica serves the stale answer, one of them refreshes it.
    t += 30_000;
    await burst();
    await Promise.all(sources.map((s) => s.idle()));
    expect(up.calls).toBe(2);

    // Past every stale window: fetched in the foreground, once.
    t += 200_000;
    const answers = await burst();
    expect(up.calls).toBe(3);
    expect(answers.every((a) => (a.body as Array<{ id: number }>)[0]?.id === 3)).toBe(true);
    const fromPeers = sources.reduce((n, s) => n + s.stats.fromPeers, 0);
    expect(fromPeers).toBeGreaterThan(0);
  });

  it('tells the other replicas of a purge, so they drop their memory copies', async () => {
    const p = prefix();
    const now = () => 1000;
    const a = await replica(p, now);
    const b = await replica(p, now);
    const entry = { value: 'old', storedAt: 1000, tags: ['posts', 'posts:slug:x'] };
    await a.cache.set('/posts?slug=x', entry, 60_000);
    expect(await b.cache.get('/posts?slug=x')).toMatchObject({ value: 'old' });
    expect(await b.local.get('/posts?slug=x')).toBeDefined();

    const heard = new Promise<PurgeRequest>((resolve) => b.onRemotePurge(resolve));
    let heardOnA = 0;
    a.onRemotePurge(() => (heardOnA += 1));
    expect(await purge(a.cache, { type: 'post', slug: 'x' })).toBe(1);
    await a.publishPurge({ type: 'post', slug: 'x' });
    const request = await heard;
    expect(request).toEqual({ type: 'post', slug: 'x' });
    await purge(b.local, request);
    expect(await b.local.get('/posts?slug=x')).toBeUndefined();
    expect(await b.cache.get('/posts?slug=x')).toBeUndefined();
    expect(heardOnA).toBe(0);
  });

  it('shares persisted queries between replicas', async () => {
    const p = prefix();
    const a = await replica(p, Date.now);
    const b = await replica(p, Date.now);
    await a.apq.set('apq:abc', '{ site { name } }');
    expect(await b.apq.get('apq:abc')).toBe('{ site { name } }');
    expect(await admin.ttl(`${p}apq:apq:abc`)).toBeGreaterThan(0);
  });
});

describe('when Redis fails', () => {
  it('serves from memory while Redis is unreachable, and never throws', async () => {
    // A port nothing listens on: the client keeps reconnecting in the background.
    const shared = createSharedCache({
      url: 'redis://127.0.0.1:1',
      prefix: prefix(),
      logger: quietLogger,
      local: createMemoryCache({ maxBytes: 1_000_000 }),
      freshMs: 30_000,
      retainMs: 120_000,
    });
    const up = scripted();
    const cached = cachedSource(up.source, shared.cache, {
      ttlMs: 30_000,
      staleWhileRevalidateMs: 0,
      staleIfErrorMaxAgeMs: 0,
      shared: { lock: shared.lock, holdMs: 1000, waitMs: 1000 },
    });
    expect(await shared.ready(300)).toBe(false);
    expect(shared.state()).toBe('redis-unavailable');
    await cached.get('/posts');
    await cached.get('/posts');
    expect(up.calls).toBe(1);
    await shared.publishPurge({ type: 'post', slug: 'x' });
    await expect(purge(shared.cache, { type: 'post', slug: 'item-1' })).resolves.toBe(1);
    await shared.close();
  });

  it('falls back to memory when a hung Redis stops answering (command timeout)', async () => {
    const server = await startRedisServer();
    const warnings: string[] = [];
    const shared = createSharedCache({
      url: server.url,
      prefix: prefix(),
      logger: { ...quietLogger, warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) },
      local: createMemoryCache({ maxBytes: 1_000_000 }),
      freshMs: 0,
      retainMs: 120_000,
    });
    try {
      expect(await shared.ready(5000)).toBe(true);
      await shared.cache.set('k', { value: 'kept', storedAt: Date.now(), tags: [] }, 60_000);
      process.kill(server.pid, 'SIGSTOP');
      // freshMs 0: every read asks Redis first, which does not answer; memory does.
      expect(await shared.cache.get('k')).toMatchObject({ value: 'kept' });
      expect(shared.state()).toBe('redis-unavailable');
      expect(warnings).toEqual(['redis unavailable; serving from memory']);
    } finally {
      process.kill(server.pid, 'SIGCONT');
      await shared.close();
      await server.stop();
    }
  });
});
