// Where a WordPress answers its REST API. Normally under {WORDPRESS_URL}/wp-json/. A WordPress left
// with plain permalinks, or behind a web server that does not pass /wp-json/ on to it (an nginx
// without WordPress's rewrite), answers there with a page or a redirect instead, and serves its API
// only at {WORDPRESS_URL}/?rest_route=/…, which every WordPress understands. Every caller starts with
// /wp-json/; the first one to get an answer that is not WordPress's asks for WordPress's index under
// /wp-json/ and at ?rest_route=, and when only the second answers as WordPress, every address for
// that WordPress uses ?rest_route= from then on, in this process. The fact is kept per WordPress
// address, so the content client, the draft reader, the enquiry delivery and the media index all
// move together. Why this way: docs/decisions/0017.

import { readCappedBytes } from './read-capped.js';

/** WordPress addresses found to answer only at ?rest_route=. */
const plainSites = new Set<string>();
/** Index asks in flight, and when each WordPress was last asked (at most once a minute). */
const asking = new Map<string, Promise<boolean>>();
const askedAt = new Map<string, number>();
const ASK_AGAIN_MS = 60_000;
/** The index asked for its namespaces alone is a few hundred bytes. */
const INDEX_MAX_BYTES = 256 * 1024;

function siteKey(wordpressUrl: string): string {
  return wordpressUrl.replace(/\/+$/, '');
}

/** Whether this WordPress's API has been found at ?rest_route= only. */
export function usesPlainAddresses(wordpressUrl: string): boolean {
  return plainSites.has(siteKey(wordpressUrl));
}

/**
 * The address of a REST `route` (`/wp/v2/posts`, `/lawfirm/v1/enquiries`; `/` for the index) with
 * `query` (encoded, without its `?`): `{wp}/wp-json{route}?{query}`, or `{wp}/?rest_route={route}&{query}`
 * for a WordPress found to answer only there.
 */
export function restUrl(wordpressUrl: string, route: string, query = ''): string {
  const base = siteKey(wordpressUrl);
  if (!plainSites.has(base)) return `${base}/wp-json${route}${query ? `?${query}` : ''}`;
  return `${base}/?rest_route=${encodeURI(route)}${query ? `&${query}` : ''}`;
}

/** fetch refused to follow a redirect (`redirect: 'error'`, as requests with credentials make). */
export function isRefusedRedirect(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error && /redirect/i.test(cause.message);
}

/**
 * After an address under /wp-json/ got an answer that is not WordPress's: whether the WordPress at
 * `wordpressUrl` serves its REST index at ?rest_route=/ and not under /wp-json/ (JSON naming the
 * wp/v2 namespace). When so, every later restUrl for it uses ?rest_route= and this answers true at
 * once; asked at most once a minute otherwise, so an outage does not multiply the requests.
 */
export function tryPlainAddresses(
  wordpressUrl: string,
  options: { fetch?: typeof fetch; timeoutMs: number; now?: () => number; onFound?: () => void },
): Promise<boolean> {
  const key = siteKey(wordpressUrl);
  if (plainSites.has(key)) return Promise.resolve(true);
  const pending = asking.get(key);
  if (pending) return pending;
  const now = options.now ?? Date.now;
  if (now() - (askedAt.get(key) ?? -Infinity) < ASK_AGAIN_MS) return Promise.resolve(false);
  askedAt.set(key, now());
  const doFetch = options.fetch ?? fetch;
  /** Whether `url` answers with WordPress's REST index (JSON naming the wp/v2 namespace). */
  const isIndex = async (url: string): Promise<boolean> => {
    try {
      const response = await doFetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !/\bjson\b/i.test(type)) {
        await response.body?.cancel().catch(() => {});
        return false;
      }
      const index = JSON.parse((await readCappedBytes(response, INDEX_MAX_BYTES)).toString('utf8')) as {
        namespaces?: unknown;
      } | null;
      return Array.isArray(index?.namespaces) && index.namespaces.includes('wp/v2');
    } catch {
      return false;
    }
  };
  const ask = (async () => {
    try {
      // The API is under /wp-json/ after all: what failed was something else (one route, an outage).
      if (await isIndex(`${key}/wp-json/?_fields=namespaces`)) return false;
      const found = await isIndex(`${key}/?rest_route=/&_fields=namespaces`);
      if (found) {
        plainSites.add(key);
        options.onFound?.();
      }
      return found;
    } finally {
      asking.delete(key);
    }
  })();
  asking.set(key, ask);
  return ask;
}

/**
 * After `sent` got an answer that is not WordPress's: the address to ask again at, when this
 * WordPress answers only at ?rest_route= (tryPlainAddresses) and `sent` was not already there (another
 * request may have found it meanwhile); else null. `current` gives the request's address now.
 */
export async function askAgainAt(
  wordpressUrl: string,
  sent: string,
  current: () => string,
  options: Parameters<typeof tryPlainAddresses>[1],
): Promise<string | null> {
  if (!(await tryPlainAddresses(wordpressUrl, options))) return null;
  const now = current();
  return now === sent ? null : now;
}

/** For tests: forget what was found. */
export function forgetPlainAddresses(): void {
  plainSites.clear();
  asking.clear();
  askedAt.clear();
}
