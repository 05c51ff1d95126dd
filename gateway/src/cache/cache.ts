// The upstream cache's storage, behind an interface so a shared store (Redis) can replace the
// in-memory one without touching the caching policy in cached-source.ts. Methods are async for
// that reason, even though the memory store answers at once.

export interface CacheEntry<T = unknown> {
  value: T;
  /** When the value was fetched from upstream (clock milliseconds). */
  storedAt: number;
  /** Labels for purging: e.g. 'posts:list', 'posts:slug:my-post', 'media:id:12'. */
  tags: readonly string[];
  /** Approximate size in bytes, for size-bounded stores; computed by the store when absent. */
  size?: number;
}

export interface Cache {
  get<T = unknown>(key: string): Promise<CacheEntry<T> | undefined>;
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
