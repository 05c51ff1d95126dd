import { LRUCache } from 'lru-cache';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';

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

/** Root fields whose answers must be live on every request. */
const LIVE_FIELDS = new Set(['connection']);

function selectedOperation(doc: DocumentNode, operationName: unknown): OperationDefinitionNode | null {
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (typeof operationName === 'string') return ops.find((o) => o.name?.value === operationName) ?? null;
  return ops.length === 1 ? ops[0]! : null;
}

/**
 * Whole GraphQL responses for read-only queries, keyed by the exact request body. The content
 * cache already makes resolvers cheap; this skips parsing, validation and execution altogether
 * for the identical queries every page view of the site repeats. Bounded by bytes; cleared on purge.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  /** Query text -> whether its answers may be cached (parsing once per distinct text). */
  private readonly verdicts = new LRUCache<string, boolean>({ max: 500 });
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.entries = new LRUCache({
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (v, k) => v.body.length + v.bytes.length + k.length + 64,
    });
    this.now = options.now ?? Date.now;
  }

  /** The cache key of a parsed POST body, or null when its answer must not be cached. */
  keyFor(body: unknown, rawBody: string): string | null {
    if (this.options.ttlMs <= 0 || !body || typeof body !== 'object' || Array.isArray(body)) return null;
    const { query, operationName } = body as { query?: unknown; operationName?: unknown };
    if (typeof query !== 'string' || query.length > 20_000) return null;
    const verdictKey = `${typeof operationName === 'string' ? operationName : ''}\n${query}`;
    let cacheable = this.verdicts.get(verdictKey);
    if (cacheable === undefined) {
      cacheable = false;
      try {
        const op = selectedOperation(parse(query), operationName);
        cacheable =
          op?.operation === 'query' &&
          op.selectionSet.selections.every((s) => s.kind !== Kind.FIELD || !LIVE_FIELDS.has(s.name.value));
      } catch {
        // Not parseable: let Apollo answer with its error.
      }
      this.verdicts.set(verdictKey, cacheable);
    }
    return cacheable ? rawBody : null;
  }

  /** `maxAgeMs`: a stored answer whose content is older than this is not wanted (it stays for others). */
  get(key: string, maxAgeMs = Infinity): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (now - hit.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (hit.askedAt !== undefined && now - hit.askedAt > maxAgeMs) return undefined;
    return hit;
  }

  /** Stores only complete, error-free answers; `askedAt`: see CachedResponse. */
  set(key: string, status: number, contentType: string, body: string, askedAt?: number): void {
    if (status !== 200 || body.includes('"errors":')) return;
    this.entries.set(key, {
      body,
      bytes: Buffer.from(body, 'utf8'),
      contentType,
      storedAt: this.now(),
      askedAt,
    });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
