import { DEFAULT_IMAGE as DEFAULT_PICTURE } from '@site/content-model';
import type { Media } from '../generated/resolvers.js';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

// WordPress rounds each dimension of a resized copy to whole pixels, so an image of the same shape
// can be a pixel off (1200x800 -> 1024x683).
function sameAspect(width: number, height: number, refWidth: number, refHeight: number): boolean {
  const expectedHeight = (width * refHeight) / refWidth;
  return Math.abs(height - expectedHeight) <= Math.max(1, expectedHeight * 0.01);
}

/**
 * `srcset` candidates from `media_details.sizes`: the full image and every size with the same shape
 * (square thumbnails and other crops are left out), one per width, narrowest first. Null when there
 * is nothing to choose between.
 */
function buildSrcSet(
  url: string,
  width: number | null,
  height: number | null,
  sizes: Record<string, unknown>,
): string | null {
  if (width === null || height === null) return null;
  const byWidth = new Map<number, string>([[width, url]]);
  for (const size of Object.values(sizes)) {
    if (!isRecord(size)) continue;
    const s = size as WpMediaSizeLike;
    const w = positiveInt(s.width);
    const h = positiveInt(s.height);
    const src = safeImageUrl(s.source_url);
    if (w === null || h === null || src === null || byWidth.has(w)) continue;
    if (!sameAspect(w, h, width, height)) continue;
    byWidth.set(w, src);
  }
  if (byWidth.size < 2) return null;
  return [...byWidth.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([w, src]) => `${src} ${w}w`)
    .join(', ');
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
  const alt =
    htmlToText(typeof m.alt_text === 'string' ? m.alt_text : '') ||
    htmlToText(typeof opts.fallbackAlt === 'string' ? opts.fallbackAlt : '') ||
    DEFAULT_IMAGE_ALT;
  const caption =
    isRecord(m.caption) && typeof m.caption.rendered === 'string' ? htmlToText(m.caption.rendered) : '';
  const mimeType = typeof m.mime_type === 'string' && m.mime_type.trim() !== '' ? m.mime_type.trim() : null;
  return {
    id: databaseId > 0 ? `media:${databaseId}` : `media:${url}`,
    databaseId,
    url,
    alt,
    caption: caption === '' ? null : caption,
    width,
    height,
    srcSet: buildSrcSet(url, width, height, sizes),
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
