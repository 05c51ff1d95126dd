/**
 * The post slug of a WordPress date-based permalink (/2026/11/{slug}/ or /2026/11/25/{slug}/), as
 * links in bodies and old bookmarks carry them; null for any other path.
 */
export function datePermalinkSlug(pathname: string): string | null {
  const match = /^\/\d{4}\/\d{2}(?:\/\d{2})?\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The page slug of a WordPress page nested two or more levels deep (/{grandparent}/{parent}/{slug}/),
 * as links in bodies and old bookmarks carry them; null for date permalinks, for paths of fewer than
 * three parts (/{parent}/{slug}/ lands on the post route, which looks for the page itself) and for
 * paths with a file name in them.
 */
export function nestedPageSlug(pathname: string): string | null {
  if (datePermalinkSlug(pathname) !== null) return null;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length < 3 || parts.length > 8 || parts.some((p) => p.includes('.'))) return null;
  try {
    return decodeURIComponent(parts[parts.length - 1]!);
  } catch {
    return null;
  }
}
