// The site's own address for a WordPress image: /media/{token}/{width}, where the token is the
// original's URL in base64url. The address says which original and how wide; the format is chosen
// per request from the browser's Accept header (negotiate.ts). Any token decodes to some URL, so the
// server decides what it may fetch (originals.ts), not the address.

/** The widths served: a fixed set, so no one can have the server encode every width there is. */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 768, 960, 1280, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export const MEDIA_PREFIX = '/media/';
/** Longest original URL an address may carry (WordPress's upload URLs are far shorter). */
const MAX_URL_LENGTH = 1024;

export function mediaPath(sourceUrl: string, width: MediaWidth): string {
  return `${MEDIA_PREFIX}${Buffer.from(sourceUrl, 'utf8').toString('base64url')}/${width}`;
}

/** The original's URL and the width an address asks for, or null for anything else. */
export function readMediaPath(
  token: string,
  widthText: string,
): { sourceUrl: string; width: MediaWidth } | null {
  if (!/^[A-Za-z0-9_-]{4,1400}$/.test(token)) return null;
  const width = MEDIA_WIDTHS.find((w) => String(w) === widthText);
  if (width === undefined) return null;
  const sourceUrl = Buffer.from(token, 'base64url').toString('utf8');
  // A token that is not the exact encoding of its URL (padding, stray bits, invalid UTF-8) is refused:
  // one original has one address, so caches hold it once.
  if (sourceUrl.length > MAX_URL_LENGTH || Buffer.from(sourceUrl, 'utf8').toString('base64url') !== token) {
    return null;
  }
  return { sourceUrl, width };
}

/** The widths worth offering for an original `width` pixels wide: up to the first at or above it. */
export function widthsFor(width: number | null | undefined): MediaWidth[] {
  if (!width || width <= 0) return [...MEDIA_WIDTHS];
  const fit = MEDIA_WIDTHS.findIndex((w) => w >= width);
  return MEDIA_WIDTHS.slice(0, fit === -1 ? MEDIA_WIDTHS.length : fit + 1);
}

/** The original an image address (site-relative or absolute) shows, or null for any other URL. */
export function originalOf(url: string | null | undefined): string | null {
  const match = /(?:^|^https?:\/\/[^/]+)\/media\/([^/]+)\/(\d+)$/.exec(url ?? '');
  return match ? (readMediaPath(match[1] ?? '', match[2] ?? '')?.sourceUrl ?? null) : null;
}
