import { DEFAULT_IMAGE as DEFAULT_PICTURE } from '@site/content-model';
import type { Media } from '../generated/resolvers.js';
import { mediaPath, widthsFor } from '../media/address.js';
import { htmlToText } from './text.js';
import type { WpMediaLike, WpMediaSizeLike } from './types.js';
import { safeImageUrl } from './url.js';

export type { Media };

export const DEFAULT_IMAGE_ALT = 'Featured image';

/** brief §8: the local image shown when a post has no featured image or media lookup fails. */
export const DEFAULT_IMAGE: Media = Object.freeze({
  id: 'media:default',
  databaseId: 0,
  ...DEFAULT_PICTURE,
  alt: DEFAULT_IMAGE_ALT,
  caption: null,
  isDefault: true,
});

/** A plain object (not null, not an array): what a WordPress field holding an object is. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A WordPress id or dimension: a positive whole number, else null. */
export function positiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** The width of `url`: a large one, for a picture that fills a phone's or a laptop's column. */
const MAIN_WIDTH = 1280;

/**
 * The image's addresses on the site's own origin (media/address.ts): the main one, and a `srcset`
 * candidate for each served width up to the original's (a width past the original is served at the
 * original's, and said so). The gateway's /media fetches the original once and re-encodes it.
 */
export function siteImage(original: string, width: number | null): { url: string; srcSet: string | null } {
  const widths = widthsFor(width);
  const main = [...widths].reverse().find((w) => w <= MAIN_WIDTH) ?? widths[0]!;
  return {
    url: mediaPath(original, main),
    // Without the original's width no candidate could say how wide it is served.
    srcSet: width ? widths.map((w) => `${mediaPath(original, w)} ${Math.min(w, width)}w`).join(', ') : null,
  };
}

/**
 * A single image URL from WordPress (a share image, a banner) at the site's /media address; the
 * site's own images (`/images/...`) and null as they are.
 */
export function siteImageUrl(url: string | null): string | null {
  if (url === null || !(url.startsWith('/wp-content/uploads/') || /^https?:\/\//i.test(url))) return url;
  return siteImage(url, null).url;
}

/**
 * Maps a WordPress attachment to the schema's Media. Null when there is no usable image URL (only
 * http(s) or site-relative URLs are accepted). An empty alt text falls back to `opts.fallbackAlt`
 * (for example the post title), then to 'Featured image'.
 */
export function mediaFromWp(
  m: WpMediaLike | null | undefined,
  opts: { fallbackAlt?: string } = {},
): Media | null {
  if (!isRecord(m)) return null;
  const url = safeImageUrl(m.source_url);
  if (url === null) return null;
  const databaseId = positiveInt(m.id) ?? 0;
  const details = isRecord(m.media_details) ? m.media_details : {};
  const sizes = isRecord(details.sizes) ? details.sizes : {};
  const full = isRecord(sizes.full) ? (sizes.full as WpMediaSizeLike) : {};
  const width = positiveInt(details.width) ?? positiveInt(full.width);
  const height = positiveInt(details.height) ?? positiveInt(full.height);
  const alt = htmlToText(m.alt_text) || htmlToText(opts.fallbackAlt) || DEFAULT_IMAGE_ALT;
  const caption = isRecord(m.caption) ? htmlToText(m.caption.rendered) : '';
  const mimeType = typeof m.mime_type === 'string' && m.mime_type.trim() !== '' ? m.mime_type.trim() : null;
  return {
    id: databaseId > 0 ? `media:${databaseId}` : `media:${url}`,
    databaseId,
    ...siteImage(url, width),
    alt,
    caption: caption === '' ? null : caption,
    width,
    height,
    mimeType,
    isDefault: false,
  };
}

function isMedia(value: unknown): value is Media {
  return isRecord(value) && typeof value.url === 'string' && typeof value.isDefault === 'boolean';
}

/**
 * The image to show: an already-mapped Media as it is, a WordPress attachment mapped, and the default
 * image when there is none or it is unusable.
 */
export function mediaOrDefault(
  m: Media | WpMediaLike | null | undefined,
  opts: { fallbackAlt?: string } = {},
): Media {
  if (isMedia(m)) return m;
  return mediaFromWp(m, opts) ?? DEFAULT_IMAGE;
}
