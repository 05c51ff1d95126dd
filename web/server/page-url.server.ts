import { SEARCH_MAX_LENGTH } from '@site/content-model';

/**
 * The query parameters the site's pages read while rendering, each reduced to the value its route
 * uses: the blog list's search and category (web/src/routes/blog/blog-params.ts: trimmed, cut to
 * the gateway's length cap) and the enquiry form's practice area
 * (web/src/components/contact/ContactForm.tsx: trimmed, lower case). The page number is in the path.
 */
const PAGE_PARAMS: ReadonlyArray<readonly [name: string, value: (raw: string) => string]> = [
  ['category', (raw) => raw.trim().slice(0, SEARCH_MAX_LENGTH)],
  ['practice', (raw) => raw.trim().toLowerCase().slice(0, SEARCH_MAX_LENGTH)],
  ['q', (raw) => raw.trim().slice(0, SEARCH_MAX_LENGTH)],
];

export const PAGE_PARAM_NAMES: readonly string[] = PAGE_PARAMS.map(([name]) => name);

/**
 * Parameters read only by pages that are never cached: a preview's token (/preview/*, rendered for
 * each request by app.server.ts). Never part of a page's cache address.
 */
export const UNCACHED_PAGE_PARAM_NAMES: readonly string[] = ['token'];

/**
 * The address a page is rendered and cached under: the path, and only the parameters a page reads,
 * by name in a fixed order, each once, empty ones left out. Anything else (utm_*, fbclid, gclid, a
 * cache-buster) would render the same page again and push real pages out of the cache, so it is
 * dropped: such a visit is answered from the clean address's page, whose links and canonical URL
 * are the clean ones.
 */
export function pageUrl(url: URL): URL {
  const clean = new URL(url.href);
  clean.search = '';
  clean.hash = '';
  for (const [name, value] of PAGE_PARAMS) {
    const raw = url.searchParams.get(name);
    const kept = raw === null ? '' : value(raw);
    if (kept) clean.searchParams.set(name, kept);
  }
  return clean;
}
