// Rendered pages by URL, kept by the site's one caching policy (gateway/src/cache/values.ts) for
// the lifetime of the content they were rendered from (content-age.server.ts): fresh while their
// content is young; in the last part of its lifetime a page is served while one re-render runs in
// the background; past it a page is re-rendered first, but still served if that fails (for up to
// PAGE_CACHE_MAX_STALE), and then kept serving a refresh window at a time while a re-render is
// tried behind it. With REDIS_URL the pages are shared by every web replica, and every purge drops
// them (they carry the tag every purge names).
import { DERIVED, type Caches, type GetOptions, type Loaded } from '@site/server-kit';
import { contentLifetime, contentTimes } from './content-age.server';

export interface CachedPage {
  status: number;
  /** HTML with the nonce placeholder; the nonce is filled in per response. */
  html: string;
  /** The render's own nonce placeholder, the only text replaced by each response's nonce. */
  noncePlaceholder: string;
  etag: string;
  /** Server-Timing metrics of the render that produced it, sent with that first answer only. */
  timing?: string;
}

/** A render that answered with a redirect: kept like a page, as the content it followed. */
export interface PageRedirect {
  redirect: { status: number; location: string };
}

export type Rendered = CachedPage | PageRedirect;

/** A render that must not be kept (a server error): what it rendered, for the visitors waiting on it. */
export class RenderFailed extends Error {
  constructor(readonly page: CachedPage) {
    super(`the page rendered with status ${page.status}`);
  }
}

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache(
  caches: Pick<Caches, 'values'>,
  options: {
    /** PAGE_CACHE_TTL: no page whose content is older is served while renders succeed. */
    ttlMs: number;
    /** PAGE_CACHE_MAX_STALE: how long past that a page is kept, to be served when re-rendering it fails. */
    maxStaleMs: number;
  },
) {
  const lifetime = contentLifetime(options.ttlMs / 1000);
  const values = caches.values<Rendered>({
    name: 'page',
    maxBytes: 64 * 1024 * 1024,
    maxEntries: 2000,
    sizeOf: (rendered) => ('html' in rendered ? rendered.html.length : 0) + 200,
    tags: [DERIVED],
    times: (askedAt, storedAt) => {
      const { freshUntil, staleUntil } = contentTimes(storedAt, storedAt - askedAt, lifetime);
      return { freshUntil, staleUntil, errorUntil: staleUntil + options.maxStaleMs };
    },
    keepServingMs: lifetime.refreshMs,
  });
  return {
    /** The lifetime arithmetic of PAGE_CACHE_TTL. */
    lifetime,
    /** How a page would be served now, without rendering it ('miss': only by rendering it). */
    lookup: (key: string) => values.peek(key),
    /**
     * The page for `key`, rendered by `render` when none may be served; rejects with the render's
     * error (a RenderFailed for a server error) when no page can stand in for a failed one.
     */
    get: (key: string, render: () => Promise<Loaded<Rendered>>, failed?: GetOptions['failed']) =>
      values.get(key, render, { failed }),
  };
}
