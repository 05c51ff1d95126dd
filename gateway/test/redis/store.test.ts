// The Redis store against a real redis-server (REDIS_TEST_URL, from `npm run test:redis`): the
// same entries, TTL / stale-while-revalidate / stale-if-error policy as the memory store, purges by
// tag, the single-flight lock, the purge channel, APQ sharing, and degrading to memory when Redis
// fails. Every test uses its own key prefix.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaches } from '../../src/cache/caches.js';
import { cachedSource } from '../../src/cache/cached-source.js';
import { purgeTags } from '../../src/cache/purge.js';
import {
  connectRedis,
  connectRedisTier,
  createRedisLock,
  createRedisStore,
  type Entry,
  type RedisTier,
} from '@site/server-kit';
import { persistedQueryCache } from '../../src/cache/redis.js';
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

/** An entry stored at `at`, served until `until` at the latest. */
const entry = <T>(value: T, tags: string[], at = 1000, until = at + 60_000): Entry<T> => ({
  value,
  askedAt: at,
  storedAt: at,
  freshUntil: at + 1000,
  staleUntil: until,
  errorUntil: until,
  tags,
});

/** The gateway's caches over Redis, as one replica has them. */
const tiers: RedisTier[] = [];
afterAll(() => {
  for (const tier of tiers) tier.close();
});
async function replica(p: string, now: () => number, redisUrl = url) {
  const tier = connectRedisTier({ url: redisUrl, prefix: p, name: 'test', logger: quietLogger, now });
  tiers.push(tier);
  return { tier, caches: createCaches({ now, shared: tier }) };
}
const policy = { ttlMs: 30_000, staleWhileRevalidateMs: 60_000, staleIfErrorMaxAgeMs: 3_600_000 };

describe('Redis store', () => {
  let client: Redis;
  beforeAll(() => {
    client = connectRedis(url);
  });
  afterAll(() => client.disconnect());
  const ready = () => new Promise<void>((r) => (client.status === 'ready' ? r() : client.once('ready', r)));

  it('stores value, times and tags, expiring when no policy would serve the entry any more', async () => {
    await ready();
    const p = prefix();
    const store = createRedisStore(client, p, { now: () => 1000 });
    const stored = entry({ a: [1, 'x'] }, ['posts', 'posts:list'], 1000, 91_000);
    await store.set('wp:/posts?per_page=1', stored);
    expect(await store.get('wp:/posts?per_page=1')).toEqual(stored);
    const entryTtl = await admin.pttl(`${p}c:wp:/posts?per_page=1`);
    expect(entryTtl).toBeGreaterThan(80_000);
    expect(entryTtl).toBeLessThanOrEqual(90_000);
    // A tag outlives every entry it names (both were set by one script; read a moment apart).
    expect(await admin.pttl(`${p}t:posts`)).toBeGreaterThan(entryTtl - 100);
    await store.set('wp:/posts?per_page=2', entry(2, ['posts'], 1000, 11_000));
    expect(await admin.pttl(`${p}t:posts`)).toBeGreaterThan(80_000);
    expect(await store.get('wp:/missing')).toBeUndefined();
    // Of no use any more: not stored at all.
    await store.set('wp:/gone', entry(3, ['posts'], 0, 1000));
    expect(await admin.exists(`${p}c:wp:/gone`)).toBe(0);
  });

  it('purges by tag and wholly, counting what it dropped', async () => {
    await ready();
    const p = prefix();
    const store = createRedisStore(client, p, { now: () => 1000 });
    const put = (key: string, tags: string[]) => store.set(key, entry(1, tags));
    await put('wp:/posts?per_page=10', ['posts', 'posts:list']);
    await put('wp:/posts?slug=a', ['posts', 'posts:slug:a']);
    await put('wp:/posts?slug=b', ['posts', 'posts:slug:b']);
    await put('wp:/media?include=5', ['media', 'media:id:5']);
    await put('page:/blog/', ['derived']);
    expect(await admin.keys(`${p}c:*`)).toHaveLength(5);
    let dropped = 0;
    for (const tag of purgeTags({ type: 'post', slug: 'a' })) dropped += await store.deleteByTag(tag);
    // The list, the item and every page built from content.
    expect(dropped).toBe(3);
    expect((await admin.keys(`${p}c:*`)).sort()).toEqual([
      `${p}c:wp:/media?include=5`,
      `${p}c:wp:/posts?slug=b`,
    ]);
    expect(await store.deleteByTag('posts:slug:a')).toBe(0);
    // Keys of other kinds under the same prefix survive a clear.
    await admin.set(`${p}apq:abc`, 'query');
    await store.clear();
    expect(await admin.keys(`${p}c:*`)).toEqual([]);
    expect(await admin.keys(`${p}t:*`)).toEqual([]);
    expect(await admin.get(`${p}apq:abc`)).toBe('query');
  });

  it('keeps the TTL, stale-while-revalidate and stale-if-error policy of the memory store', async () => {
    let t = 5_000_000;
    const up = scripted();
    const { tier, caches } = await replica(prefix(), () => t);
    expect(await tier.ready(5000)).toBe(true);
    const cached = cachedSource(up.source, caches, { ...policy, now: () => t });
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
    expect(await tier.store.get('wp:/pages')).toBeUndefined();
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

describe('caches shared across replicas', () => {
  it('load a key once across replicas under concurrent load, per TTL', async () => {
    const p = prefix();
    let t = 9_000_000;
    const now = () => t;
    const up = scripted();
    const sources = await Promise.all(
      [0, 1, 2].map(async () => {
        const { tier, caches } = await replica(p, now);
        expect(await tier.ready(5000)).toBe(true);
        return cachedSource(up.source, caches, {
          ...policy,
          staleIfErrorMaxAgeMs: 60_000,
          now,
          lock: { holdMs: 10_000, waitMs: 5000 },
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

  it('tell the other replicas of a purge, so they drop their memory copies', async () => {
    const p = prefix();
    const now = () => 1000;
    const up = scripted();
    const a = await replica(p, now);
    const b = await replica(p, now);
    expect((await a.tier.ready(5000)) && (await b.tier.ready(5000))).toBe(true);
    const onA = cachedSource(up.source, a.caches, { ...policy, now });
    const onB = cachedSource(up.source, b.caches, { ...policy, now });
    await onA.get('/posts', { slug: 'x' });
    await onB.get('/posts', { slug: 'x' });
    expect(up.calls).toBe(1);
    expect(b.caches.size).toBe(1);

    expect(await a.caches.purge(purgeTags({ type: 'post', slug: 'x' }))).toBe(1);
    for (let i = 0; i < 100 && b.caches.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(b.caches.size).toBe(0);
    expect(b.caches.generation).toBe(1);
    // The replica that purged does not hear its own message again.
    expect(a.caches.generation).toBe(1);
    await onB.get('/posts', { slug: 'x' });
    expect(up.calls).toBe(2);
  });

  it('drop all their memory copies on a message on the purge channel they cannot read', async () => {
    const p = prefix();
    const now = () => 1000;
    const up = scripted();
    const { tier, caches } = await replica(p, now);
    expect(await tier.ready(5000)).toBe(true);
    const cached = cachedSource(up.source, caches, { ...policy, now });
    await cached.get('/posts', { slug: 'x' });
    await cached.get('/media', { include: [5] });
    expect(caches.size).toBe(2);
    await admin.publish(`${p}purge`, '{"from": "a version that speaks otherwise"}');
    for (let i = 0; i < 100 && caches.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(caches.size).toBe(0);
  });

  it('share persisted queries between replicas', async () => {
    const p = prefix();
    const a = await replica(p, Date.now);
    const b = await replica(p, Date.now);
    expect((await a.tier.ready(5000)) && (await b.tier.ready(5000))).toBe(true);
    await persistedQueryCache(a.tier, p).set('apq:abc', '{ site { name } }');
    expect(await persistedQueryCache(b.tier, p).get('apq:abc')).toBe('{ site { name } }');
    expect(await admin.ttl(`${p}apq:apq:abc`)).toBeGreaterThan(0);
  });
});

describe('when Redis fails', () => {
  it('serves from memory while Redis is unreachable, and never throws', async () => {
    // A port nothing listens on: the client keeps reconnecting in the background.
    const { tier, caches } = await replica(prefix(), Date.now, 'redis://127.0.0.1:1');
    const up = scripted();
    const cached = cachedSource(up.source, caches, {
      ttlMs: 30_000,
      staleWhileRevalidateMs: 0,
      staleIfErrorMaxAgeMs: 0,
      lock: { holdMs: 1000, waitMs: 1000 },
    });
    expect(await tier.ready(300)).toBe(false);
    expect(tier.state()).toBe('redis-unavailable');
    await cached.get('/posts');
    await cached.get('/posts');
    expect(up.calls).toBe(1);
    await tier.publish(['posts']);
    await expect(caches.purge(purgeTags({ type: 'post', slug: 'item-1' }))).resolves.toBe(1);
  });

  it('falls back to memory when a hung Redis stops answering (command timeout)', async () => {
    const server = await startRedisServer();
    const warnings: string[] = [];
    const tier = connectRedisTier({
      url: server.url,
      prefix: prefix(),
      name: 'test',
      logger: { ...quietLogger, warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) },
    });
    const up = scripted();
    // No fresh window: every read asks Redis first, which does not answer; memory does.
    const cached = cachedSource(up.source, createCaches({ shared: tier }), {
      ttlMs: 0,
      staleWhileRevalidateMs: 60_000,
      staleIfErrorMaxAgeMs: 60_000,
    });
    try {
      expect(await tier.ready(5000)).toBe(true);
      const first = await cached.get('/posts');
      process.kill(server.pid, 'SIGSTOP');
      expect(await cached.get('/posts')).toBe(first);
      expect(tier.state()).toBe('redis-unavailable');
      expect(warnings).toEqual(['redis unavailable; serving from memory']);
      await cached.idle();
    } finally {
      process.kill(server.pid, 'SIGCONT');
      tier.close();
      await server.stop();
    }
  });
});
