// Automatic persisted queries (Apollo Server's APQ cache) in Redis, `{prefix}apq:{hash}`, shared by
// every gateway replica through the link the caches use (@site/server-kit, cache/redis.ts).
import { LRUCache } from 'lru-cache';
import { redisKeys, withDeadline, type RedisTier } from '@site/server-kit';

/**
 * Apollo Server's `persistedQueries.cache` (a KeyValueCache<string>) in Redis, behind a bounded
 * memory copy: a query registered on one replica is known to all, so a hashed GET never bounces off
 * a replica that has not seen it (which would cost the browser a second request and a CDN a
 * cacheable URL). Redis failing only leaves the memory copy.
 */
export function persistedQueryCache(tier: RedisTier, prefix: string, timeoutMs?: number) {
  const { client } = tier.link;
  const keys = redisKeys(prefix);
  const timed = <T>(promise: Promise<T>) => withDeadline(promise, timeoutMs);
  const local = new LRUCache<string, string>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
  /** Even "no TTL" expires: a browser whose hash was forgotten simply registers it again. */
  const defaultTtlSeconds = 7 * 86_400;
  return {
    async get(key: string): Promise<string | undefined> {
      const mine = local.get(key);
      if (mine !== undefined || !tier.available()) return mine;
      try {
        const value = await timed(client.get(keys.apq(key)));
        if (value === null) return undefined;
        local.set(key, value);
        return value;
      } catch (error) {
        tier.failed(error);
        return undefined;
      }
    },
    async set(key: string, value: string, opts?: { ttl?: number | null }): Promise<void> {
      local.set(key, value);
      if (!tier.available()) return;
      const ttl = typeof opts?.ttl === 'number' ? opts.ttl : defaultTtlSeconds;
      try {
        await timed(client.set(keys.apq(key), value, 'EX', Math.max(1, Math.ceil(ttl))));
      } catch (error) {
        tier.failed(error);
      }
    },
    async delete(key: string): Promise<boolean> {
      const had = local.delete(key);
      if (!tier.available()) return had;
      try {
        return (await timed(client.del(keys.apq(key)))) > 0 || had;
      } catch (error) {
        tier.failed(error);
        return had;
      }
    },
  };
}
