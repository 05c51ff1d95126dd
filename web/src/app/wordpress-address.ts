/** A path part as written, or null when its percent-encoding is broken. */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * The post slug of a WordPress date-based permalink (/2026/11/{slug}/ or /2026/11/25/{slug}/), as
 * links in bodies and old bookmarks carry them; null for any other path.
 */
export function datePermalinkSlug(pathname: string): string | null {
  const match = /^\/\d{4}\/\d{2}(?:\/\d{2})?\/([^/]+)\/?$/.exec(pathname);
  return match ? decoded(match[1]!) : null;
}

/**
 * The page slug of a WordPress page nested two or more levels deep (/{grandparent}/{parent}/{slug}/),
 * as links in bodies and old bookmarks carry them; null for date permalinks, for paths of fewer than
 * three parts (wordpressAddress reads those) and for paths with a file name in them.
 */
export function nestedPageSlug(pathname: string): string | null {
  if (datePermalinkSlug(pathname) !== null) return null;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length < 3 || parts.length > 8 || parts.some((p) => p.includes('.'))) return null;
  return decoded(parts[parts.length - 1]!);
}

export interface WordPressAddress {
  kind: 'post' | 'page' | 'category' | 'tag' | 'author';
  slug: string;
}

/**
 * What a WordPress address names, judged by its shape alone, as links in bodies and old bookmarks
 * carry them; the routes ask only where nothing of the site's own answers the path:
 * - /{slug}/ (WordPress's "post name" permalink) and /2026/11/{slug}/, /2026/11/25/{slug}/: a post;
 * - /category/{slug}/: a category archive; /tag/{slug}/ and /author/{slug}/: a tag's and an
 *   author's archive;
 * - /{parent}/{slug}/ and deeper (see nestedPageSlug): a page, by the path's last part.
 */
export function wordpressAddress(pathname: string): WordPressAddress | null {
  const dated = datePermalinkSlug(pathname);
  if (dated !== null) return { kind: 'post', slug: dated };
  const nested = nestedPageSlug(pathname);
  if (nested !== null) return { kind: 'page', slug: nested };
  const parts = pathname.split('/').filter(Boolean);
  const slug = parts.length === 0 || parts.length > 2 ? null : decoded(parts[parts.length - 1]!);
  if (slug === null) return null;
  if (parts.length === 1) return { kind: 'post', slug };
  const archive = parts[0] === 'category' || parts[0] === 'tag' || parts[0] === 'author' ? parts[0] : null;
  return { kind: archive ?? 'page', slug };
}
