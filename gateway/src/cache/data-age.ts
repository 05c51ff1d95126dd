// How old the WordPress answers behind one GraphQL response are, and how old its caller accepts
// them. The web server bounds the age of what a visitor sees (web/server/content-age.server.ts): it
// asks with a request `Cache-Control: max-age=N`, as an HTTP client asks a cache, and the gateway
// serves no cached answer older than that (it asks WordPress again; only if that fails does the
// last good answer stand in). Every GraphQL answer carries `Age`: the seconds since the oldest
// WordPress request behind it was sent, so the web server keeps a page only for what is left of its
// lifetime, and a shared cache (a CDN) in front counts it too (RFC 9111 §4.2.3).
import type { Freshness, RestSource } from '../sources/rest.js';
import type { ContentTimer } from '../timing.js';

/** The request directive's value, when it is a plain number of seconds. */
const MAX_AGE = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,9})"?\s*(?:,|$)/i;

/**
 * `max-age` of a request's Cache-Control, in milliseconds; undefined when there is none (or it is
 * not a number of seconds, which RFC 9111 says to treat as if absent).
 */
export function requestMaxAgeMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  const match = MAX_AGE.exec(value);
  return match ? Number(match[1]) * 1000 : undefined;
}

/**
 * The `Age` value of an answer built from WordPress answers the oldest of which was asked at
 * `askedAt`: whole seconds rounded up, so a cache that counts it never keeps content longer than
 * it should. 0 when no WordPress answer went into it.
 */
export function ageSeconds(askedAt: number | undefined, now: number): number {
  if (askedAt === undefined) return 0;
  return Math.max(0, Math.ceil((now - askedAt) / 1000));
}

/** One GraphQL request's bound and the oldest WordPress answer it used. */
export class DataAge implements Freshness {
  private oldest = Infinity;

  /** `maxAgeMs`: what the caller accepts (undefined: whatever the cache's own policy serves). */
  constructor(readonly maxAgeMs?: number) {}

  readonly observe = (askedAt: number): void => {
    if (askedAt < this.oldest) this.oldest = askedAt;
  };

  /** When the oldest WordPress answer used was asked for; undefined when none was used. */
  get askedAt(): number | undefined {
    return Number.isFinite(this.oldest) ? this.oldest : undefined;
  }
}

/**
 * The same source for one GraphQL request: every read made under its `freshness`, and counted by its
 * `timer` (Server-Timing).
 */
export function requestSource(source: RestSource, freshness?: Freshness, timer?: ContentTimer): RestSource {
  const time = <T>(work: () => Promise<T>) => (timer ? timer.time(work) : work());
  const bound: RestSource = {
    kind: source.kind,
    get: (path, query, options) =>
      time(() => source.get(path, query, freshness ? { ...options, freshness } : options)),
  };
  if (source.getBatch)
    bound.getBatch = (batch, given) => time(() => source.getBatch!(batch, freshness ?? given));
  return bound;
}
