// How long the web server keeps what it built from WordPress content, so that a change made in
// WordPress reaches every visitor within PAGE_CACHE_TTL seconds (B), even without the publish
// webhook, however the caches in front of WordPress line up.
//
// The age of a page is the age of its content: the time since the gateway sent the oldest
// WordPress request whose answer went into it (the gateway says so in each answer's `Age` header,
// gateway/src/cache/data-age.ts), not the time since it was rendered. Then, while renders succeed:
//
//   age < F = B - R   the page is served as it is;
//   F <= age < B      it is still served, while one re-render runs in the background: the result is
//                     what the next visitor gets (R = B/6, 5 s of the default 30);
//   age >= B          it is not served: a visitor waits for the re-render.
//
// A render asks the gateway for content no older than F (`Cache-Control: max-age`), so a page is
// never born too old to keep: the gateway asks WordPress again instead of serving an older copy,
// whether that copy is fresh by its own TTL, or stale and being revalidated. So nothing the site
// serves is older than B, and a change made at time c is in every page, list and feed served from
// c + B on. The same holds for the GraphQL answers the browser fetches through /graphql.
//
// Exceptions, all failures: while WordPress fails, the gateway serves its last good answers
// (stale-if-error) and nothing newer exists; a page built from content already older than B is then
// kept R and refreshed every R in the background. When a re-render fails (the gateway down), the
// last good page is served (PAGE_CACHE_MAX_STALE).
//
// A shared cache in front (a CDN) is told the remaining time only (`s-maxage` until F,
// `stale-while-revalidate` until B, counted from when it received the answer), so it adds nothing to
// the bound as long as it fetches from the site when they run out; its `stale-if-error` is the one
// window it may add, and only while the site fails.

/** The lifetime arithmetic for one PAGE_CACHE_TTL. All values in milliseconds except `gatewayMaxAgeS`. */
export type ContentLifetime = ReturnType<typeof contentLifetime>;

export function contentLifetime(ttlS: number) {
  if (!Number.isFinite(ttlS) || ttlS < 0) throw new RangeError(`PAGE_CACHE_TTL must be >= 0, not ${ttlS}`);
  const maxAgeMs = Math.round(ttlS * 1000);
  const refreshMs = Math.floor(maxAgeMs / 6);
  const freshMs = maxAgeMs - refreshMs;
  return {
    /** B: nothing older is served while renders succeed. */
    maxAgeMs,
    /** F = B - R: content younger than this is served as it is. */
    freshMs,
    /** R: the end of the lifetime, in which a page is served while it is re-rendered. */
    refreshMs,
    /**
     * What a render asks of the gateway (`Cache-Control: max-age`, whole seconds): F rounded down.
     * Undefined when B is 0 (the page cache off): renders then take what the gateway's own policy serves.
     */
    gatewayMaxAgeS: maxAgeMs > 0 ? Math.floor(freshMs / 1000) : undefined,
  };
}

/** Until when something built now from content `contentAgeMs` old is served (clock milliseconds). */
export interface ContentTimes {
  /** Served as it is before this. */
  freshUntil: number;
  /** Served while one re-render runs before this; after it, a visitor waits for a new one. */
  staleUntil: number;
}

export function contentTimes(now: number, contentAgeMs: number, lifetime: ContentLifetime): ContentTimes {
  const askedAt = now - Math.max(0, contentAgeMs);
  if (contentAgeMs < lifetime.maxAgeMs) {
    return { freshUntil: askedAt + lifetime.freshMs, staleUntil: askedAt + lifetime.maxAgeMs };
  }
  // Already older than the bound: the gateway could not get newer content (WordPress failing; it
  // serves its last good answers). Kept for one refresh window, then re-rendered in the background
  // every window while that lasts, rather than rendered again for every visitor.
  return { freshUntil: now + lifetime.refreshMs, staleUntil: now + 2 * lifetime.refreshMs };
}

/**
 * Cache-Control for a shared cache in front: no more than what is left of the lifetime, counted from
 * now, in whole seconds rounded down. Browsers always revalidate (max-age=0, with the ETag).
 * A page that is not a 200 (a 404 of a post not yet published) is kept 10 s at most and never
 * served stale.
 */
export function sharedCacheControl(times: ContentTimes, now: number, status = 200): string {
  // Whole seconds left; none for times a page stored by an earlier version does not have.
  const left = (until: number) =>
    Number.isFinite(until) ? Math.max(0, Math.floor((until - now) / 1000)) : 0;
  const fresh = left(times.freshUntil);
  if (status !== 200) return `public, max-age=0, s-maxage=${Math.min(10, fresh)}`;
  const stale = Math.max(0, left(times.staleUntil) - fresh);
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}, stale-if-error=86400`;
}

/**
 * The Cache-Control to relay with a GraphQL answer whose gateway policy was `gatewayPolicy` and whose
 * content was `ageS` old (its Age header): a public answer gets the same remaining lifetime as a page
 * built from that content; anything else keeps the gateway's policy.
 */
export function relayedCacheControl(
  gatewayPolicy: string | undefined,
  ageS: string | undefined,
  now: number,
  lifetime: ContentLifetime,
): string | undefined {
  if (!gatewayPolicy || !/^\s*public\b/i.test(gatewayPolicy)) return gatewayPolicy;
  const age = ageS !== undefined && /^\d+$/.test(ageS.trim()) ? Number(ageS) * 1000 : 0;
  return sharedCacheControl(contentTimes(now, age, lifetime), now);
}

/**
 * The age of what one render (or one feed) was built from, collected from the gateway answers it
 * got, and the bound it asks the gateway for. `wrap` is the fetch the render's GraphQL client uses.
 */
export class ContentAge {
  /** Clock time the oldest content was asked of WordPress at; undefined before any answer. */
  private oldest: number | undefined;

  constructor(
    private readonly maxAgeS: number | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  wrap(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      if (this.maxAgeS !== undefined) headers.set('cache-control', `max-age=${this.maxAgeS}`);
      const response = await fetchImpl(input, { ...init, headers });
      this.noteAge(response.headers.get('age'));
      return response;
    };
  }

  /** An answer received now with this Age header (no header: content as of now). */
  noteAge(header: string | null): void {
    const seconds = header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : 0;
    const askedAt = this.now() - seconds * 1000;
    if (this.oldest === undefined || askedAt < this.oldest) this.oldest = askedAt;
  }

  /** Milliseconds since the oldest content used was asked for (0 when none was used). */
  ageMs(): number {
    return this.oldest === undefined ? 0 : Math.max(0, this.now() - this.oldest);
  }
}
