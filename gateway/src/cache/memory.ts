// In-process cache store: least-recently-used entries go first once the byte budget is reached.
import { LRUCache } from 'lru-cache';
import type { Cache, CacheEntry } from './cache.js';

interface Stored {
  entry: CacheEntry;
  expiresAt: number;
}

export interface MemoryCacheOptions {
  maxBytes: number;
  now?: () => number;
}

function approximateSize(value: unknown): number {
  try {
    // JSON length is a fair proxy for the memory a parsed REST answer holds.
    return Math.max(1, JSON.stringify(value)?.length ?? 1);
  } catch {
    return 1024;
  }
}

export function createMemoryCache(options: MemoryCacheOptions): Cache {
  const now = options.now ?? Date.now;
  const byTag = new Map<string, Set<string>>();

  const untag = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) byTag.delete(tag);
    }
  };

  const lru = new LRUCache<string, Stored>({
    maxSize: options.maxBytes,
    sizeCalculation: (stored) => stored.entry.size ?? 1,
    dispose: (stored, key) => untag(key, stored.entry.tags),
  });

  const cache: Cache = {
    async get<T>(key: string) {
      const stored = lru.get(key);
      if (!stored) return undefined;
      if (stored.expiresAt <= now()) {
        lru.delete(key);
        return undefined;
      }
      return stored.entry as CacheEntry<T>;
    },
    async set<T>(key: string, entry: CacheEntry<T>, retainMs: number) {
      const size = entry.size ?? approximateSize(entry.value);
      // Larger than the whole budget: lru-cache would refuse it anyway; skip the tag bookkeeping too.
      if (size > options.maxBytes) return;
      lru.set(key, { entry: { ...entry, size }, expiresAt: now() + retainMs });
      for (const tag of entry.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    },
    async delete(key: string) {
      return lru.delete(key);
    },
    async deleteByTag(tag: string) {
      const keys = [...(byTag.get(tag) ?? [])];
      let n = 0;
      for (const key of keys) if (lru.delete(key)) n += 1;
      byTag.delete(tag);
      return n;
    },
    async deleteByPrefix(prefix: string) {
      let n = 0;
      for (const key of [...lru.keys()]) if (key.startsWith(prefix) && lru.delete(key)) n += 1;
      return n;
    },
    async clear() {
      lru.clear();
      byTag.clear();
    },
    async size() {
      return lru.size;
    },
  };
  return cache;
}
