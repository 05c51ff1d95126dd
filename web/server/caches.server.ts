// The web server's caches (@site/server-kit, cache/caches.ts) over its own lru-cache.
import { LRUCache } from 'lru-cache';
import { createCaches as createSiteCaches, type Caches, type CachesOptions } from '@site/server-kit';

export function createCaches(options: Omit<CachesOptions, 'lru'> = {}): Caches {
  return createSiteCaches({ ...options, lru: (lru) => new LRUCache(lru) });
}
