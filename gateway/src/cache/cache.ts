// The upstream cache's storage, behind an interface so a shared store (Redis) can replace the
// in-memory one without touching the caching policy in cached-source.ts. Methods are async for
// that reason, even though the memory store answers at once.

export interface CacheEntry<T = unknown> {
  value: T;
  /**
   * When the upstream request for the value was sent (clock milliseconds): its age, for freshness
   * and for what the web server is told, counts from the moment upstream was asked.
   */
  storedAt: number;
  /** Labels for purging: e.g. 'posts:list', 'posts:slug:my-post', 'media:id:12'. */
  tags: readonly string[];
  /** Approximate size in bytes, for size-bounded stores; computed by the store when absent. */
  size?: number;
}

export interface Cache {
  /**
   * `maxAgeMs`: the caller has no use for an entry stored longer ago than this, so a tiered store
   * looks past such a copy of its own to the shared store, where another process may hold a newer one.
   */
  get<T = unknown>(key: string, maxAgeMs?: number): Promise<CacheEntry<T> | undefined>;
  /** `retainMs`: after this long the entry is useless (past every stale window) and may be dropped. */
  set<T = unknown>(key: string, entry: CacheEntry<T>, retainMs: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Drops every entry carrying the tag; returns how many. */
  deleteByTag(tag: string): Promise<number>;
  /** Drops every entry whose key starts with the prefix; returns how many. */
  deleteByPrefix(prefix: string): Promise<number>;
  clear(): Promise<void>;
  /** Entry count, for health output and tests. */
  size(): Promise<number>;
}

/**
 * Makes one process the fetcher of a key when several processes share one store, so a burst spread
 * over replicas costs WordPress one request per key, not one per replica.
 */
export interface FlightLock {
  /**
   * Tries to become the fetcher of `key` for at most `holdMs`. Resolves to a release function, or
   * null while another process holds the key. When the lock service cannot be reached it resolves
   * to a release that does nothing: fetching twice is better than not answering.
   */
  acquire(key: string, holdMs: number): Promise<(() => Promise<void>) | null>;
  /** Resolves when a holder of `key` releases it (after storing its answer), or after `ms`. */
  wait(key: string, ms: number): Promise<void>;
}
