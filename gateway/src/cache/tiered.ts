// A shared store (Redis) with this process's memory store beside it. While the shared store answers
// it is the truth: a fresh local copy saves a round trip, anything else is read from the shared
// store (and copied locally). When it does not answer (down, slow, not connected yet) the memory
// copy is served, so an outage of the shared cache costs WordPress at most one request per key
// and replica, and visitors nothing.
import type { Cache, CacheEntry } from './cache.js';

export interface TieredCacheOptions {
  shared: Cache;
  local: Cache;
  /** Whether the shared store is worth asking now (connected, not failing a moment ago). */
  available(): boolean;
  /** Told of every failure of the shared store. */
  failed(error: unknown): void;
  /** Told of every command the shared store answered. */
  succeeded?(): void;
  /** Local copies younger than this are served without asking the shared store (the content TTL). */
  freshMs: number;
  /** How long a copy read from the shared store is kept locally. */
  retainMs: number;
  now?: () => number;
}

export function createTieredCache(options: TieredCacheOptions): Cache {
  const { shared, local } = options;
  const now = options.now ?? Date.now;

  /** Runs a command on the shared store; undefined when it is unavailable or fails. */
  async function onShared<R>(run: () => Promise<R>): Promise<{ value: R } | undefined> {
    if (!options.available()) return undefined;
    try {
      const value = await run();
      options.succeeded?.();
      return { value };
    } catch (error) {
      options.failed(error);
      return undefined;
    }
  }

  return {
    async get<T>(key: string, maxAgeMs = Infinity): Promise<CacheEntry<T> | undefined> {
      const mine = await local.get<T>(key);
      // A copy older than the caller accepts may have been refreshed by another process: ask.
      if (mine && now() - mine.storedAt < Math.min(options.freshMs, maxAgeMs)) return mine;
      const theirs = await onShared(() => shared.get<T>(key));
      if (!theirs) return mine;
      // A purged or never-stored key is missing everywhere, even if an older copy lingers here.
      if (!theirs.value) return undefined;
      if (!mine || mine.storedAt !== theirs.value.storedAt) {
        await local.set(key, theirs.value, options.retainMs);
      }
      return theirs.value;
    },
    async set<T>(key: string, entry: CacheEntry<T>, retainMs: number) {
      await local.set(key, entry, retainMs);
      await onShared(() => shared.set(key, entry, retainMs));
    },
    async delete(key: string) {
      const mine = await local.delete(key);
      const theirs = await onShared(() => shared.delete(key));
      return mine || Boolean(theirs?.value);
    },
    async deleteByTag(tag: string) {
      const mine = await local.deleteByTag(tag);
      const theirs = await onShared(() => shared.deleteByTag(tag));
      return theirs ? Math.max(mine, theirs.value) : mine;
    },
    async deleteByPrefix(prefix: string) {
      const mine = await local.deleteByPrefix(prefix);
      const theirs = await onShared(() => shared.deleteByPrefix(prefix));
      return theirs ? Math.max(mine, theirs.value) : mine;
    },
    async clear() {
      await local.clear();
      await onShared(() => shared.clear());
    },
    async size() {
      const theirs = await onShared(() => shared.size());
      return theirs ? theirs.value : local.size();
    },
  };
}
