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
