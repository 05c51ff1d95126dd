/**
 * Slugs as WordPress compares them: case-insensitive, and non-ASCII slugs are stored percent-encoded
 * (so 'तलाक' and '%e0%a4%a4%e0%a4%b2%e0%a4%be%e0%a4%95' are the same slug).
 */
export function normalizeSlug(slug: string): string {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // Not percent-encoded after all.
  }
  return decoded.normalize('NFC').toLowerCase();
}
