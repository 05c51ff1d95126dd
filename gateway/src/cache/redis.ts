// Redis as the store every replica shares: the upstream cache (same entries as the memory store:
// value + storedAt + tags, expiring at TTL + the longest stale window), the single-flight lock, and
// the purge channel. Keys, under a configurable prefix (REDIS_PREFIX, default `lawfirm:`):
//   {prefix}c:{cache key}   an entry, JSON {v, s, t}, PX = retention
//   {prefix}t:{tag}         the set of entry keys carrying a tag (for purges), PX >= its entries'
//   {prefix}lock:{key}      the fetcher's token while one replica fetches a key, PX = hold time
//   {prefix}apq:{hash}      automatic persisted queries (Apollo Server's APQ cache)
//   {prefix}page:{url}      rendered pages (the web server)
// Channels: {prefix}purge (content purges: replicas drop their memory copies, the web its pages) and
// {prefix}released (a fetcher stored its answer: waiters re-read at once instead of polling).
// Lua keeps multi-key updates atomic; it names only keys it is given or derives from its own, so
// this needs one Redis (with replicas or Sentinel if wanted), not Redis Cluster.
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Cache, CacheEntry, FlightLock } from './cache.js';

/** Replies slower than this count as a failure: a page must not wait on a sick cache. */
export const REDIS_COMMAND_TIMEOUT_MS = 200;

/**
 * Rejects when Redis has not answered `ms` after the call. The deadline is judged only after the
 * event loop has read its sockets (a setImmediate queued by the timer runs after the poll phase):
 * a process that was busy for a while (a cold render) must not blame Redis for a reply already
 * waiting in its socket. ioredis's own commandTimeout fires in that case, so it is not used.
 */
export function withDeadline<T>(promise: Promise<T>, ms = REDIS_COMMAND_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`Redis did not answer within ${ms} ms`));
        }),
      ms,
    );
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface RedisKeys {
  entry(key: string): string;
  tag(tag: string): string;
  lock(key: string): string;
  apq(hash: string): string;
  readonly purgeChannel: string;
  readonly releasedChannel: string;
}

export function redisKeys(prefix: string): RedisKeys {
  return {
    entry: (key) => `${prefix}c:${key}`,
    tag: (tag) => `${prefix}t:${tag}`,
    lock: (key) => `${prefix}lock:${key}`,
    apq: (hash) => `${prefix}apq:${hash}`,
    purgeChannel: `${prefix}purge`,
    releasedChannel: `${prefix}released`,
  };
}

/** SCAN patterns treat * ? [ ] \ specially; cache keys and prefixes may contain them. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/**
 * A client that fails fast instead of queueing: no offline queue, no retries of a command, a short
 * connect timeout (commands get theirs from withDeadline); it reconnects in the background for ever.
 */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    ...options,
  });
}

// KEYS[1] the entry, KEYS[2..] its tag sets. ARGV[1] JSON, ARGV[2] retention in ms.
const SET_ENTRY = `
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
local retain = tonumber(ARGV[2])
for i = 2, #KEYS do
  redis.call('sadd', KEYS[i], KEYS[1])
  if redis.call('pttl', KEYS[i]) < retain then redis.call('pexpire', KEYS[i], retain) end
end
return 1`;

// KEYS[1] a tag set: deletes every entry in it, then the set; returns how many entries existed.
const DELETE_TAG = `
local n = 0
for _, key in ipairs(redis.call('smembers', KEYS[1])) do n = n + redis.call('del', key) end
redis.call('del', KEYS[1])
return n`;

// KEYS[1] a lock; ARGV[1] the holder's token, ARGV[2] the channel, ARGV[3] the key released.
const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
redis.call('publish', ARGV[2], ARGV[3])
return 1`;

interface StoredEntry {
  v: unknown;
  s: number;
  t: string[];
}

type Timed = <T>(promise: Promise<T>) => Promise<T>;

async function scanDelete(client: Redis, pattern: string, timed: Timed): Promise<number> {
  let cursor = '0';
  let n = 0;
  do {
    const [next, keys] = await timed(client.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
    cursor = next;
    if (keys.length > 0) n += await timed(client.del(...keys));
  } while (cursor !== '0');
  return n;
}

async function scanCount(client: Redis, pattern: string, timed: Timed): Promise<number> {
  let cursor = '0';
  const seen = new Set<string>();
  do {
    const [next, keys] = await timed(client.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
    cursor = next;
    for (const key of keys) seen.add(key);
  } while (cursor !== '0');
  return seen.size;
}

/** The upstream cache in Redis. Every method rejects when Redis does (see tiered.ts for the fallback). */
export function createRedisCache(client: Redis, prefix: string, timeoutMs = REDIS_COMMAND_TIMEOUT_MS): Cache {
  const keys = redisKeys(prefix);
  const timed = <T>(promise: Promise<T>) => withDeadline(promise, timeoutMs);
  const entryPattern = `${escapeGlob(keys.entry(''))}*`;
  return {
    async get<T>(key: string) {
      const raw = await timed(client.get(keys.entry(key)));
      if (raw === null) return undefined;
      const stored = JSON.parse(raw) as StoredEntry;
      const entry: CacheEntry<T> = { value: stored.v as T, storedAt: stored.s, tags: stored.t };
      return entry;
    },
    async set<T>(key: string, entry: CacheEntry<T>, retainMs: number) {
      const stored: StoredEntry = { v: entry.value, s: entry.storedAt, t: [...entry.tags] };
      const json = JSON.stringify(stored);
      const tagKeys = entry.tags.map((t) => keys.tag(t));
      await timed(
        client.eval(
          SET_ENTRY,
          1 + tagKeys.length,
          keys.entry(key),
          ...tagKeys,
          json,
          Math.max(1, Math.ceil(retainMs)),
        ),
      );
    },
    async delete(key: string) {
      return (await timed(client.del(keys.entry(key)))) > 0;
    },
    async deleteByTag(tag: string) {
      return Number(await timed(client.eval(DELETE_TAG, 1, keys.tag(tag))));
    },
    async deleteByPrefix(keyPrefix: string) {
      return scanDelete(client, `${escapeGlob(keys.entry(keyPrefix))}*`, timed);
    },
    async clear() {
      await scanDelete(client, entryPattern, timed);
      await scanDelete(client, `${escapeGlob(keys.tag(''))}*`, timed);
    },
    async size() {
      return scanCount(client, entryPattern, timed);
    },
  };
}

/**
 * The single-flight lock: SET NX PX with a random token; released (compare-and-delete) by its
 * holder only, with a message on the released channel. `wakeups` delivers those messages (from the
 * subscriber connection), so waiters re-read at once rather than at their next poll.
 */
export function createRedisLock(
  client: Redis,
  prefix: string,
  options: {
    /** Whether Redis is worth asking now; when not, every caller fetches for itself. */
    available: () => boolean;
    failed: (error: unknown) => void;
    timeoutMs?: number;
  },
): FlightLock & { wake(key: string): void } {
  const keys = redisKeys(prefix);
  const timed = <T>(promise: Promise<T>) => withDeadline(promise, options.timeoutMs);
  const waiters = new Map<string, Set<() => void>>();
  const proceed = async () => {};

  return {
    async acquire(key, holdMs) {
      if (!options.available()) return proceed;
      const token = randomUUID();
      let reply: string | null;
      try {
        reply = await timed(client.set(keys.lock(key), token, 'PX', Math.max(1, Math.ceil(holdMs)), 'NX'));
      } catch (error) {
        options.failed(error);
        return proceed;
      }
      if (reply !== 'OK') return null;
      return async () => {
        try {
          await timed(client.eval(RELEASE, 1, keys.lock(key), token, keys.releasedChannel, key));
        } catch (error) {
          // The lock expires by itself; waiters poll meanwhile.
          options.failed(error);
        }
      };
    },
    wait(key, ms) {
      return new Promise<void>((resolve) => {
        let set = waiters.get(key);
        if (!set) waiters.set(key, (set = new Set()));
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
      });
    },
    wake(key) {
      for (const done of [...(waiters.get(key) ?? [])]) done();
    },
  };
}

/**
 * Apollo Server's APQ cache (a KeyValueCache<string>) in Redis, behind a bounded memory copy: a
 * query registered on one replica is known to all, so a hashed GET never bounces off a replica
 * that has not seen it (which would cost the browser a second request and a CDN a cacheable URL).
 */
export function createRedisKeyValueCache(
  client: Redis,
  prefix: string,
  options: {
    available: () => boolean;
    failed: (error: unknown) => void;
    local: {
      get(key: string): string | undefined;
      set(key: string, value: string): void;
      delete(key: string): boolean;
    };
    defaultTtlSeconds: number;
    timeoutMs?: number;
  },
) {
  const keys = redisKeys(prefix);
  const timed = <T>(promise: Promise<T>) => withDeadline(promise, options.timeoutMs);
  return {
    async get(key: string): Promise<string | undefined> {
      const local = options.local.get(key);
      if (local !== undefined || !options.available()) return local;
      try {
        const value = await timed(client.get(keys.apq(key)));
        if (value === null) return undefined;
        options.local.set(key, value);
        return value;
      } catch (error) {
        options.failed(error);
        return undefined;
      }
    },
    async set(key: string, value: string, opts?: { ttl?: number | null }): Promise<void> {
      options.local.set(key, value);
      if (!options.available()) return;
      // Even "no TTL" expires here: a browser whose hash was forgotten simply registers it again.
      const ttl = typeof opts?.ttl === 'number' ? opts.ttl : options.defaultTtlSeconds;
      try {
        await timed(client.set(keys.apq(key), value, 'EX', Math.max(1, Math.ceil(ttl))));
      } catch (error) {
        options.failed(error);
      }
    },
    async delete(key: string): Promise<boolean> {
      const had = options.local.delete(key);
      if (!options.available()) return had;
      try {
        return (await timed(client.del(keys.apq(key)))) > 0 || had;
      } catch (error) {
        options.failed(error);
        return had;
      }
    },
  };
}
