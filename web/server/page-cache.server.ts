import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import { contentLifetime, contentTimes, type ContentLifetime, type ContentTimes } from './content-age.server';

export interface CachedPage {
  status: number;
  /** HTML with the nonce placeholder; the nonce is filled in per response. */
  html: string;
  /**
   * The render's own nonce placeholder, the only text replaced by each response's nonce. A page
   * stored without one (by an earlier version, in the shared store) is rendered again.
   */
  noncePlaceholder?: string;
  etag: string;
  storedAt: number;
  /**
   * Served as it is before this (clock ms), while one re-render runs before `staleUntil`: from the
   * age of the content it was rendered from, not from when it was stored (content-age.server.ts).
   */
  freshUntil: ContentTimes['freshUntil'];
  staleUntil: ContentTimes['staleUntil'];
  /** Server-Timing metrics of the render that produced it, sent with that first answer only. */
  timing?: string;
}

/**
 * Where rendered pages live besides this process's memory, so replicas share them (Redis when
 * REDIS_URL is set: redis.server.ts). It reports its own failures and never throws.
 */
export interface SharedPageStore {
  /** Whether it is worth asking now (connected, not failing a moment ago). */
  available(): boolean;
  /** The page, null when the store has none, undefined when it could not answer. */
  get(key: string): Promise<CachedPage | null | undefined>;
  set(key: string, page: CachedPage, retainMs: number): Promise<void>;
  clear(): Promise<void>;
}

export interface PageCacheOptions {
  /** PAGE_CACHE_TTL: no page whose content is older is served while renders succeed. */
  ttlMs: number;
  /** How long past that a page is kept, to be served when re-rendering it fails. */
  maxStaleMs: number;
  maxEntries?: number;
  now?: () => number;
  shared?: SharedPageStore;
}

export type Lookup =
  | { state: 'fresh'; page: CachedPage }
  | { state: 'stale'; page: CachedPage }
  | { state: 'expired'; page: CachedPage }
  | { state: 'miss' };

/**
 * Rendered pages by URL. Fresh while their content is young; in the last part of its lifetime a page
 * is served while one re-render runs in the background; past it a page is re-rendered first, but
 * still served if that fails (for up to maxStaleMs). With a shared store, a fresh copy in memory is
 * served as is; anything else is read from the shared store, which is the truth while it answers (a
 * page missing there was purged), and memory alone answers while it does not.
 */
export class PageCache {
  /** The lifetime arithmetic of the TTL (content-age.server.ts). */
  readonly lifetime: ContentLifetime;
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly inflight = new Map<string, { promise: Promise<CachedPage | null>; epoch: number }>();
  private readonly now: () => number;
  /** Bumped by every purge: a render that started before it must not be stored. */
  private epoch = 0;
  private readonly renderEpoch = new AsyncLocalStorage<number>();

  constructor(private readonly opts: PageCacheOptions) {
    this.entries = new LRUCache({
      max: opts.maxEntries ?? 2000,
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (p) => p.html.length + 200,
    });
    this.now = opts.now ?? Date.now;
    this.lifetime = contentLifetime(opts.ttlMs / 1000);
  }

  /** The times of a page rendered now from content `contentAgeMs` old. */
  timesFor(contentAgeMs: number): ContentTimes {
    return contentTimes(this.now(), contentAgeMs, this.lifetime);
  }

  async lookup(key: string): Promise<Lookup> {
    const page = await this.read(key);
    if (!page) return { state: 'miss' };
    const now = this.now();
    if (now < page.freshUntil) return { state: 'fresh', page };
    if (now < page.staleUntil) return { state: 'stale', page };
    // Past its lifetime: kept a while, to be served if the re-render fails.
    const kept = now - page.storedAt <= this.lifetime.maxAgeMs + this.opts.maxStaleMs;
    return kept ? { state: 'expired', page } : { state: 'miss' };
  }

  private async read(key: string): Promise<CachedPage | undefined> {
    const mine = this.entries.get(key);
    const shared = this.opts.shared;
    if (!shared || (mine && this.now() < mine.freshUntil) || !shared.available()) {
      return mine;
    }
    const theirs = await shared.get(key);
    if (theirs === undefined) return mine;
    if (theirs === null) return undefined;
    // The same render: this copy may have been kept serving (keepServing) while the store's was not.
    if (mine && mine.storedAt === theirs.storedAt) return mine;
    this.entries.set(key, theirs);
    return theirs;
  }

  async set(key: string, page: Omit<CachedPage, 'storedAt'>): Promise<CachedPage> {
    const now = this.now();
    const entry = { ...page, storedAt: now };
    const epoch = this.renderEpoch.getStore();
    // Rendered from content a purge has since replaced: the visitors waiting get it, nobody else.
    if (epoch !== undefined && epoch !== this.epoch) return entry;
    this.entries.set(key, entry);
    await this.opts.shared?.set(key, entry, entry.staleUntil - now + this.opts.maxStaleMs);
    return entry;
  }

  /**
   * Re-rendering an expired page failed (the gateway down): serve it as it is for another refresh
   * window, while one re-render at a time is tried in the background, instead of making every
   * visitor wait for a failing render. In this process only, and only if no purge dropped it.
   */
  keepServing(key: string, page: CachedPage): void {
    const mine = this.entries.get(key);
    if (mine?.storedAt !== page.storedAt) return;
    this.entries.set(key, { ...mine, staleUntil: this.now() + this.lifetime.refreshMs });
  }

  /** One render per key at a time: concurrent misses wait for the same render. */
  singleFlight(key: string, work: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = this.inflight.get(key);
    // A render started before a purge is not worth waiting for: start a new one.
    if (running && running.epoch === this.epoch) return running.promise;
    const epoch = this.epoch;
    const promise = this.renderEpoch.run(epoch, work).finally(() => {
      if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
    });
    this.inflight.set(key, { promise, epoch });
    return promise;
  }

  /** Drops every page, here and in the shared store (content changed). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    void this.opts.shared?.clear();
  }

  /** Pages in this process's memory. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * If-None-Match against a page's ETag, compared weakly as RFC 9110 asks for GET: a compressing
 * proxy turns "x" into W/"x", and a client may send a list.
 */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  if (value.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = bare(etag);
  return value.split(',').some((tag) => bare(tag) === ours);
}
