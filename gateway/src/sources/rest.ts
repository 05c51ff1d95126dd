// One REST-shaped question to WordPress (or to something that answers like it). The HTTP client, the
// embedded snapshot and the cache all implement this, so the mapping code above never knows which
// one it talks to.
import { toWellFormed } from '../derive/text.js';

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
/** Query parameters in the order they are sent; lists are sent comma-separated as WordPress accepts. */
export type RestQuery = Readonly<Record<string, QueryValue>>;

export interface RestResponse<T = unknown> {
  body: T;
  /** X-WP-Total: items matching the query before pagination (null when the route does not say). */
  total: number | null;
  /** X-WP-TotalPages. */
  totalPages: number | null;
  /**
   * When the request for this answer was sent upstream (set by the cache; clock milliseconds): the
   * answer shows upstream as it was at that moment or later, which is what its age counts from.
   */
  fetchedAt?: number;
}

/**
 * What a caller accepts from a caching source, and how it learns the age of what it got: the
 * web server bounds how old the content of a page may be (gateway/src/cache/data-age.ts).
 */
export interface Freshness {
  /**
   * Cached answers asked of upstream longer ago than this are not served: they are asked again
   * (and only when that fails does the last good answer stand in, as stale-if-error).
   */
  maxAgeMs?: number;
  /** Told, for every answer served, when (cache clock, ms) the upstream request behind it was sent. */
  observe?(askedAt: number): void;
}

export interface RestGetOptions<T = unknown> {
  /**
   * Checks and converts the decoded JSON body. A throw means the answer has the wrong shape, which is
   * handled like a 5xx: retried, never cached, and the last good answer is served when there is one.
   */
  parse?: (body: unknown) => T;
  /** Overrides the configured retry count (the live connection check does not retry). */
  retries?: number;
  /**
   * Ask even when the circuit breaker is open, as its probe: the live connection check an editor
   * runs after fixing WordPress must see it back, and its success closes the circuit at once.
   */
  probe?: boolean;
  /** Honoured by a caching source (cache/cached-source.ts); an uncached source answers live anyway. */
  freshness?: Freshness;
}

/**
 * Items looked up by id or slug in one request (`/media?include=1,2`, `/posts?slug=a,b`). A caching
 * source answers these per item, so overlapping batches share what was fetched before.
 */
export interface BatchQuery<T> {
  path: string;
  /** Normalised keys (ids as strings, slugs via normalizeSlug). */
  keys: readonly string[];
  keyKind: 'id' | 'slug';
  /** The REST question for some keys. */
  query: (keys: readonly string[]) => RestQuery;
  /** The key an answered item belongs to (normalised like `keys`). */
  keyOf: (item: T) => string;
  parse: (body: unknown) => T[];
  /** Distinguishes answers of different shapes for the same key (e.g. the `_fields` asked for). */
  variant: string;
  /** Keys per request (WordPress answers at most 100 items). */
  chunkSize?: number;
}

/** Per key: the item, null when WordPress has none, or the error that prevented finding out. */
export type BatchResult<T> = Map<string, T | null | Error>;

export interface RestSource {
  readonly kind: 'wordpress' | 'embedded';
  get<T = unknown>(path: string, query?: RestQuery, options?: RestGetOptions<T>): Promise<RestResponse<T>>;
  /** Per-item answers for a batch; sources without their own implementation use fetchBatch(). */
  getBatch?<T>(batch: BatchQuery<T>, freshness?: Freshness): Promise<BatchResult<T>>;
}

/** Asks the batch question directly: one request per chunk of keys. */
export async function fetchBatch<T>(source: RestSource, batch: BatchQuery<T>): Promise<BatchResult<T>> {
  const result: BatchResult<T> = new Map();
  const keys = [...new Set(batch.keys)];
  const size = batch.chunkSize ?? 100;
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += size) chunks.push(keys.slice(i, i + size));
  await Promise.all(
    chunks.map(async (chunk) => {
      try {
        const response = await source.get(batch.path, batch.query(chunk), { parse: batch.parse });
        const found = new Map<string, T>();
        for (const item of response.body) {
          const key = batch.keyOf(item);
          if (!found.has(key)) found.set(key, item);
        }
        for (const key of chunk) result.set(key, found.get(key) ?? null);
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error));
        for (const key of chunk) result.set(key, err);
      }
    }),
  );
  return result;
}

/**
 * Why an upstream answer could not be used. `http` carries the status WordPress sent; `too-large`:
 * the body passed the client's size cap; `circuit-open`: not asked at all (WordPress has been
 * failing, see wordpress/breaker.ts).
 */
export type UpstreamErrorKind =
  'http' | 'network' | 'timeout' | 'malformed' | 'shape' | 'too-large' | 'circuit-open';

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly kind: UpstreamErrorKind;
  readonly status: number | null;
  /** WordPress's error code (e.g. rest_invalid_param), when the body said. */
  readonly code: string | null;
  readonly path: string;

  constructor(
    message: string,
    opts: {
      kind: UpstreamErrorKind;
      path: string;
      status?: number | null;
      code?: string | null;
      cause?: unknown;
    },
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.kind = opts.kind;
    this.status = opts.status ?? null;
    this.code = opts.code ?? null;
    this.path = opts.path;
  }

  /** Worth asking again: the network failed, WordPress had a server error, or the body was unusable. */
  get retryable(): boolean {
    if (this.kind === 'http') return this.status !== null && this.status >= 500;
    // The same question would bring the same oversized answer; an open circuit refuses at once.
    return this.kind !== 'too-large' && this.kind !== 'circuit-open';
  }
}

/** The error the spec names for a non-OK answer: 'WordPress API error: {status}'. */
export function wordpressApiError(status: number, path: string, code: string | null = null): UpstreamError {
  return new UpstreamError(`WordPress API error: ${status}`, { kind: 'http', status, code, path });
}

function encodeScalar(value: QueryScalar): string {
  // Half a surrogate pair makes encodeURIComponent throw; it cannot be meant, so it becomes U+FFFD.
  return encodeURIComponent(toWellFormed(String(value)));
}

/** A query value as WordPress reads a list: `a,b c` and `['a','b']` alike (wp_parse_list). */
export function parseList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const raw = Array.isArray(value) ? value.map(String) : [String(value)];
  return raw.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '');
}

/**
 * `a=1&b=x%20y&slug=a,b` — each value percent-encoded, list items joined by a literal comma (WordPress
 * splits comma lists after decoding, so an encoded comma inside one item would split it anyway).
 * Empty and absent values are left out; keys keep their order so identical questions give identical
 * strings (the cache key and the coalescing key).
 */
export function buildQueryString(query: RestQuery | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const items = (value as readonly QueryScalar[]).filter((v) => v !== '');
      if (items.length === 0) continue;
      parts.push(`${encodeURIComponent(key)}=${items.map(encodeScalar).join(',')}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeScalar(value as QueryScalar)}`);
    }
  }
  return parts.join('&');
}

/** `path?query` — the identity of one REST question. */
export function requestKey(path: string, query: RestQuery | undefined): string {
  const qs = buildQueryString(query);
  return qs ? `${path}?${qs}` : path;
}
