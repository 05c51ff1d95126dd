// The image bytes a page costs before and after the site served WordPress's images itself (/media):
// which WordPress rendition a page named for an image before (a featured image's `src` and the
// `srcset` of WordPress's sizes; a body image's own `src` and `srcset` from the post's HTML), the
// snapshot file behind a rendition, and each page's totals. Pure, so it is tested apart from the browser.

import { MEDIA_WIDTHS, type MediaWidth } from '../../gateway/src/media/address.js';

/** A WordPress attachment as the snapshot holds it (only what the renditions need). */
export interface SnapshotMedia {
  source_url?: unknown;
  media_details?: {
    width?: unknown;
    height?: unknown;
    sizes?: Record<string, { width?: unknown; height?: unknown; source_url?: unknown } | undefined>;
  };
}

/** What a page's `<img>` named for one WordPress image before: its `src` and `srcset`. */
export interface OldImage {
  src: string;
  srcset: string | null;
  /** How the old markup was found: a featured image (WordPress's sizes), a body image, or neither. */
  from: 'featured' | 'body' | 'original';
}

const positiveInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;

// As the site's code before /media (gateway/src/derive/media.ts): WordPress rounds a resized copy's
// dimensions to whole pixels, so the same shape may be a pixel off.
function sameAspect(width: number, height: number, refWidth: number, refHeight: number): boolean {
  const expectedHeight = (width * refHeight) / refWidth;
  return Math.abs(height - expectedHeight) <= Math.max(1, expectedHeight * 0.01);
}

/**
 * A featured image's `srcset` as the site built it before /media: the full image and every size of
 * the same shape (crops left out), one per width, narrowest first; null with nothing to choose from.
 */
export function oldFeaturedSrcSet(media: SnapshotMedia): string | null {
  const url = typeof media.source_url === 'string' ? media.source_url : null;
  const width = positiveInt(media.media_details?.width);
  const height = positiveInt(media.media_details?.height);
  if (url === null || width === null || height === null) return null;
  const byWidth = new Map<number, string>([[width, url]]);
  for (const size of Object.values(media.media_details?.sizes ?? {})) {
    const w = positiveInt(size?.width);
    const h = positiveInt(size?.height);
    const src = typeof size?.source_url === 'string' ? size.source_url : null;
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

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&') : null;
}

/**
 * The markup that showed `original` before: a featured image (an attachment whose source_url it is)
 * with the srcset built from its sizes; else the first `<img>` of the posts' and pages' HTML whose src
 * is it, with that tag's own srcset; else the original alone.
 */
export function oldImageOf(original: string, media: SnapshotMedia[], htmlBodies: string[]): OldImage {
  const attachment = media.find((m) => m.source_url === original);
  if (attachment) return { src: original, srcset: oldFeaturedSrcSet(attachment), from: 'featured' };
  for (const html of htmlBodies) {
    for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
      const src = attribute(tag, 'src');
      if (src === null || !(src === original || src.endsWith(original))) continue;
      return { src: original, srcset: attribute(tag, 'srcset'), from: 'body' };
    }
  }
  return { src: original, srcset: null, from: 'original' };
}

/** The width a srcset gives `url` (its `w` descriptor), or null. */
export function widthInSrcSet(srcset: string | null, url: string): number | null {
  for (const candidate of (srcset ?? '').split(',')) {
    const [src, descriptor] = candidate.trim().split(/\s+/);
    const w = /^(\d+)w$/.exec(descriptor ?? '');
    if (src === url && w) return Number(w[1]);
  }
  return null;
}

/** The narrowest width /media serves that is at least `width` (its widest past them all). */
export function mediaWidthAtLeast(width: number): MediaWidth {
  return MEDIA_WIDTHS.find((w) => w >= width) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
}

/** The file under the snapshot's uploads/ folder an upload URL (site-relative or absolute) names. */
export function uploadFile(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith('/wp-content/uploads/')) return null;
  const relative = decodeURIComponent(pathname.slice('/wp-content/uploads/'.length));
  return relative.split('/').includes('..') ? null : relative;
}

/**
 * The distinct /media addresses (site-relative) a page's HTML names: in `src`, `srcset`,
 * `imageSrcSet` and absolute URLs of the page's own origin (a share image), in order of appearance.
 */
export function mediaAddresses(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\/media\/[A-Za-z0-9_-]+\/\d+/g)) found.add(m[0]);
  return [...found];
}

export interface PageImage {
  /** The address the browser downloaded, site-relative. */
  url: string;
  /** The WordPress original a /media address shows; null for the site's own images. */
  original: string | null;
  /** Encoded body bytes the browser downloaded. */
  bytes: number;
  contentType: string | null;
  /** The widest the image is displayed, in CSS pixels, and the image's own width. */
  displayedWidth: number;
  naturalWidth: number;
  /** displayedWidth × the device pixel ratio: the width that fills the display. */
  neededWidth: number;
  lcp: boolean;
  /** What showed this image before: the WordPress rendition the browser picked from the old markup. */
  /**
   * `site`: one of the site's own photographs, before sent as its JPEG or PNG (now the build's AVIF
   * or WebP copy at the same address); `unchanged`: the same file on both sides (an SVG).
   */
  before: { url: string; bytes: number; width: number | null; from: OldImage['from'] | 'site' | 'unchanged' };
  /** When the browser picked a narrower /media image than before: the same original at least as wide. */
  atBeforeWidth?: { url: string; bytes: number; width: number };
}

export interface PageImageTotals {
  beforeBytes: number;
  afterBytes: number;
  /** (before − after) / before, in %; 0 when there were no bytes before. */
  savingPct: number;
  lcp: { url: string; beforeBytes: number; afterBytes: number; savingPct: number } | null;
  /** Images whose downloaded width is below the width that fills the display and below the rendition before. */
  smallerThanBefore: number;
  /** All images with each /media image at least as wide as its rendition before (atBeforeWidth). */
  equalSize: { afterBytes: number; savingPct: number };
}

export function savingPct(before: number, after: number): number {
  return before > 0 ? Math.round(((before - after) / before) * 1000) / 10 : 0;
}

export function pageTotals(images: PageImage[]): PageImageTotals {
  const beforeBytes = images.reduce((n, i) => n + i.before.bytes, 0);
  const afterBytes = images.reduce((n, i) => n + i.bytes, 0);
  const lcp = images.find((i) => i.lcp);
  const equalAfter = images.reduce((n, i) => n + (i.atBeforeWidth?.bytes ?? i.bytes), 0);
  return {
    beforeBytes,
    afterBytes,
    savingPct: savingPct(beforeBytes, afterBytes),
    lcp: lcp
      ? {
          url: lcp.url,
          beforeBytes: lcp.before.bytes,
          afterBytes: lcp.bytes,
          savingPct: savingPct(lcp.before.bytes, lcp.bytes),
        }
      : null,
    equalSize: { afterBytes: equalAfter, savingPct: savingPct(beforeBytes, equalAfter) },
    smallerThanBefore: images.filter(
      (i) => i.naturalWidth < i.neededWidth && i.before.width !== null && i.naturalWidth < i.before.width,
    ).length,
  };
}
