import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  /** HTML with the nonce placeholder; the nonce is filled in per response. */
  html: string;
  etag: string;
  storedAt: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxStaleMs: number;
  maxEntries?: number;
  now?: () => number;
}

export type Lookup =
  | { state: 'fresh'; page: CachedPage }
  | { state: 'stale'; page: CachedPage }
  | { state: 'expired'; page: CachedPage }
  | { state: 'miss' };

/**
 * Rendered pages by URL. Fresh within the TTL; stale pages are served while one re-render runs in
 * the background; past the stale window a page is re-rendered first, but still served if that fails.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  private readonly now: () => number;

  constructor(private readonly opts: PageCacheOptions) {
    this.entries = new LRUCache({
      max: opts.maxEntries ?? 2000,
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (p) => p.html.length + 200,
    });
    this.now = opts.now ?? Date.now;
  }

  lookup(key: string): Lookup {
    const page = this.entries.get(key);
    if (!page) return { state: 'miss' };
    const age = this.now() - page.storedAt;
    if (age <= this.opts.ttlMs) return { state: 'fresh', page };
    if (age <= this.opts.ttlMs + this.opts.maxStaleMs) return { state: 'stale', page };
    return { state: 'expired', page };
  }

  set(key: string, page: Omit<CachedPage, 'storedAt'>): CachedPage {
    const entry = { ...page, storedAt: this.now() };
    this.entries.set(key, entry);
    return entry;
  }

  /** One render per key at a time: concurrent misses wait for the same render. */
  singleFlight(key: string, work: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = this.inflight.get(key);
    if (running) return running;
    const p = work().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
