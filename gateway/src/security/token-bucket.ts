// Per-client token buckets in memory: each client may spend `burst` requests at once, refilled at
// `perMinute`. The buckets live in an LRU of bounded size, so a flood of addresses costs bounded
// memory; a client pushed out of it only comes back with a full bucket.
import { LRUCache } from 'lru-cache';

export interface TokenBucketOptions {
  /** Sustained requests per minute; 0 turns the limit off. */
  perMinute: number;
  /** Requests a client may make at once (the bucket's size). */
  burst: number;
  /** Clients remembered at most. */
  maxKeys?: number;
  now?: () => number;
}

export interface Admission {
  allowed: boolean;
  /** When refused: whole seconds until one request is allowed again (the Retry-After value). */
  retryAfterS: number;
  /** Whole requests left in the bucket. */
  remaining: number;
}

export interface TokenBuckets {
  take(key: string): Admission;
  readonly size: number;
  readonly enabled: boolean;
  clear(): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createTokenBuckets(options: TokenBucketOptions): TokenBuckets {
  const now = options.now ?? Date.now;
  const enabled = options.perMinute > 0;
  const capacity = Math.max(1, options.burst);
  const perMs = options.perMinute / 60_000;
  const buckets = new LRUCache<string, Bucket>({ max: options.maxKeys ?? 100_000 });
  return {
    enabled,
    get size() {
      return buckets.size;
    },
    clear: () => buckets.clear(),
    take(key) {
      if (!enabled) return { allowed: true, retryAfterS: 0, remaining: Number.POSITIVE_INFINITY };
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: capacity, at: t };
      const tokens = Math.min(capacity, bucket.tokens + Math.max(0, t - bucket.at) * perMs);
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at: t });
        return { allowed: true, retryAfterS: 0, remaining: Math.floor(tokens - 1) };
      }
      buckets.set(key, { tokens, at: t });
      return {
        allowed: false,
        retryAfterS: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
        remaining: 0,
      };
    },
  };
}
