// Redis as the store every replica shares: cached values of both services (the same entries as the
// memory stores: value, times and tags, expiring when no policy would serve them any more), the
// single-flight lock, and the purge channel. Keys, under a configurable prefix (REDIS_PREFIX,
// default `lawfirm:`):
//   {prefix}c:{name}:{key}  an entry (`wp:` WordPress answers, `page:` and `feed:` the web's), JSON
//   {prefix}t:{tag}         the set of entry keys carrying a tag (for purges), PX >= its entries'
//   {prefix}lock:{key}      the loader's token while one replica loads a key, PX = hold time
//   {prefix}apq:{hash}      automatic persisted queries (the gateway's gateway/src/cache/redis.ts)
//   {prefix}rate:{limit}:{visitor}  rate-limit buckets of both servers (rate-limit.ts)
// Channels: {prefix}purge (purges: every process drops its memory copies, caches.ts) and
// {prefix}released (a loader stored its answer: waiters re-read at once instead of polling).
// Lua keeps multi-key updates atomic; it names only keys it is given or derives from its own, so
// this needs one Redis (with replicas or Sentinel if wanted), not Redis Cluster.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  deleteByPrefix,
  openRedisLink,
  purgeChannelOf,
  REDIS_COMMAND_TIMEOUT_MS,
  withDeadline,
} from '../redis-link.js';
import type { PurgeScope } from './caches.js';
import { keptUntil, type Entry, type FlightLock, type SharedStore } from './store.js';

/** The names above, under one prefix. */
export function redisKeys(prefix: string) {
  return {
    entry: (key: string) => `${prefix}c:${key}`,
    tag: (tag: string) => `${prefix}t:${tag}`,
    lock: (key: string) => `${prefix}lock:${key}`,
    apq: (hash: string) => `${prefix}apq:${hash}`,
    purgeChannel: purgeChannelOf(prefix),
    releasedChannel: `${prefix}released`,
  };
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

/** Cached values in Redis. Every method rejects when Redis does (the tiered store falls back to memory). */
export function createRedisStore(
  client: Redis,
  prefix: string,
  options: { timeoutMs?: number; now?: () => number } = {},
): SharedStore {
  const keys = redisKeys(prefix);
  const now = options.now ?? Date.now;
  const timed = <T>(promise: Promise<T>) => withDeadline(promise, options.timeoutMs);
  return {
    async get<T>(key: string) {
      const raw = await timed(client.get(keys.entry(key)));
      return raw === null ? undefined : (JSON.parse(raw) as Entry<T>);
    },
    async set(key, entry) {
      const retainMs = Math.ceil(keptUntil(entry) - now());
      if (!(retainMs > 0)) return;
      const tagKeys = entry.tags.map((t) => keys.tag(t));
      await timed(
        client.eval(
          SET_ENTRY,
          1 + tagKeys.length,
          keys.entry(key),
          ...tagKeys,
          JSON.stringify(entry),
          retainMs,
        ),
      );
    },
    async deleteByTag(tag: string) {
      return Number(await timed(client.eval(DELETE_TAG, 1, keys.tag(tag))));
    },
    async clear() {
      await deleteByPrefix(client, keys.entry(''), timed);
      await deleteByPrefix(client, keys.tag(''), timed);
    },
  };
}

/**
 * The single-flight lock: SET NX PX with a random token; released (compare-and-delete) by its
 * holder only, with a message on the released channel. `wake` is handed those messages (by the
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
 * A purge as it travels between processes: who sent it, and its scope. A message of another shape
 * (from another version, say) purges everything: dropping too much costs a few loads, keeping what
 * was purged would serve it.
 */
function readPurge(message: string): { origin?: unknown; scope: PurgeScope } {
  try {
    const { origin, scope } = JSON.parse(message) as { origin?: unknown; scope?: unknown };
    if (scope === 'all') return { origin, scope };
    if (Array.isArray(scope) && scope.every((tag) => typeof tag === 'string')) return { origin, scope };
  } catch {
    // Not JSON: everything, as below.
  }
  return { scope: 'all' };
}

export type RedisTier = ReturnType<typeof connectRedisTier>;

/**
 * This process's share of Redis (REDIS_URL): the store, the lock and the purge channel every gateway
 * and web replica uses. Redis failing is logged once per transition and otherwise invisible:
 * everything falls back to this process's memory.
 */
export function connectRedisTier(options: {
  url: string;
  prefix: string;
  /** The connections' names in CLIENT LIST. */
  name: string;
  /** A command unanswered for this long counts as Redis failing (default 200 ms). */
  timeoutMs?: number;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
  now?: () => number;
}) {
  const keys = redisKeys(options.prefix);
  const origin = randomUUID();
  const listeners: Array<(scope: PurgeScope) => void> = [];
  const timeoutMs = options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const link = openRedisLink({
    url: options.url,
    name: options.name,
    channels: [keys.purgeChannel, keys.releasedChannel],
    onMessage(channel, message) {
      if (channel === keys.releasedChannel) return lock.wake(message);
      if (channel !== keys.purgeChannel) return;
      const purge = readPurge(message);
      if (purge.origin === origin) return;
      for (const listener of listeners) listener(purge.scope);
    },
    logger: options.logger,
    words: { whileDown: 'serving from memory', whileUp: 'sharing the cache' },
  });
  const { client, available, failed, succeeded } = link;
  const lock = createRedisLock(client, options.prefix, { available, failed, timeoutMs });
  return {
    link,
    store: createRedisStore(client, options.prefix, { timeoutMs, now: options.now }),
    lock,
    available,
    failed,
    succeeded,
    async publish(scope: PurgeScope) {
      if (!available()) return;
      try {
        await withDeadline(client.publish(keys.purgeChannel, JSON.stringify({ origin, scope })), timeoutMs);
      } catch (error) {
        failed(error);
      }
    },
    onPurge(listener: (scope: PurgeScope) => void) {
      listeners.push(listener);
    },
    state: (): 'redis' | 'redis-unavailable' => (available() ? 'redis' : 'redis-unavailable'),
    /** Resolves once Redis is connected and the subscriptions are live, or false after `timeoutMs`. */
    ready: (ms: number) => link.ready(ms),
    close: () => link.close(),
  };
}
