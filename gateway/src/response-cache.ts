import { LRUCache } from 'lru-cache';
import { getOperationAST, parse } from 'graphql';
import { DERIVED, type Caches, type MemoryStore } from '@site/server-kit';
import { LIVE_ROOT_FIELDS, rootFieldsOf } from './cache/http-cache.js';

export interface CachedResponse {
  body: string;
  /** The body encoded once, so that a hit writes bytes instead of encoding the text again. */
  bytes: Buffer;
  contentType: string;
  storedAt: number;
  /**
   * When the oldest WordPress answer in it was asked for (undefined: none was used). A response is as
   * old as its content, however recently it was stored: what its Age says, and what a caller's
   * max-age is held against.
   */
  askedAt?: number;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxBytes?: number;
  now?: () => number;
}

/** Where the answer to one request may be stored: its key, and the purge generation it started in. */
export interface ResponseSlot {
  key: string;
  generation: number;
}

/**
 * Whole GraphQL responses for read-only queries, keyed by the exact request body. The content
 * cache already makes resolvers cheap; this skips parsing, validation and execution altogether
 * for the identical queries every page view of the site repeats. Bounded by bytes, in this
 * process's memory, purged with every other cache (cache/caches.ts).
 */
export class ResponseCache {
  private readonly entries: MemoryStore;
  /** Query text -> whether its answers may be cached (parsing once per distinct text). */
  private readonly verdicts = new LRUCache<string, boolean>({ max: 500 });
  private readonly now: () => number;

  constructor(
    private readonly caches: Pick<Caches, 'memory' | 'generation'>,
    private readonly options: ResponseCacheOptions,
  ) {
    this.entries = caches.memory<CachedResponse>({
      maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
      sizeOf: (v) => v.body.length + v.bytes.length + 64,
    });
    this.now = options.now ?? Date.now;
  }

  /** Where the answer to a parsed POST body may be stored, or null when it must not be cached. */
  keyFor(body: unknown, rawBody: string): ResponseSlot | null {
    if (this.options.ttlMs <= 0 || !body || typeof body !== 'object' || Array.isArray(body)) return null;
    const { query, operationName } = body as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string' || query.length > 20_000) return null;
    const verdictKey = `${typeof operationName === 'string' ? operationName : ''}\n${query}`;
    let cacheable = this.verdicts.get(verdictKey);
    if (cacheable === undefined) {
      cacheable = false;
      try {
        const doc = parse(query);
        const op = getOperationAST(doc, typeof operationName === 'string' ? operationName : undefined);
        // Root fields through fragments too: a draft must not be stored however it is asked for.
        cacheable =
          op?.operation === 'query' && ![...rootFieldsOf(op, doc)].some((f) => LIVE_ROOT_FIELDS.has(f));
      } catch {
        // Not parseable: let Apollo answer with its error.
      }
      this.verdicts.set(verdictKey, cacheable);
    }
    return cacheable ? { key: rawBody, generation: this.caches.generation } : null;
  }

  /** `maxAgeMs`: a stored answer whose content is older than this is not wanted (it stays for others). */
  get(key: string, maxAgeMs = Infinity): CachedResponse | undefined {
    const hit = this.entries.peek<CachedResponse>(key)?.value;
    if (hit?.askedAt !== undefined && this.now() - hit.askedAt > maxAgeMs) return undefined;
    return hit;
  }

  /**
   * Stores only complete, error-free answers, and none computed across a purge (it may hold what
   * the purge dropped); `askedAt`: see CachedResponse.
   */
  set(slot: ResponseSlot, status: number, contentType: string, body: string, askedAt?: number): void {
    if (status !== 200 || body.includes('"errors":') || slot.generation !== this.caches.generation) return;
    const now = this.now();
    const until = now + this.options.ttlMs;
    this.entries.put(slot.key, {
      value: { body, bytes: Buffer.from(body, 'utf8'), contentType, storedAt: now, askedAt },
      askedAt: askedAt ?? now,
      storedAt: now,
      freshUntil: until,
      staleUntil: until,
      errorUntil: until,
      tags: [DERIVED],
    });
  }
}
