import type { Banner } from '../generated/resolvers.js';
import { siteImageUrl } from './media.js';
import { htmlToText } from './text.js';
import type { BannerSettings } from './types.js';
import { safeImageUrl } from './url.js';

export type { Banner, BannerSettings };

export const DEFAULT_BANNER_BACKGROUND = '#1a365d';
export const DEFAULT_BANNER_TEXT = '#ffffff';
export const DEFAULT_BANNER_OVERLAY_PERCENT = 50;

// Only hex colours: anything else could carry CSS into the page's style attribute.
const HEX_COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

function colour(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const v = value.trim();
  return HEX_COLOUR.test(v) ? v : fallback;
}

/** "#abc" -> "#aabbcc"; six-digit colours unchanged. */
export function expandHex(hex: string): string {
  if (hex.length !== 4) return hex;
  return `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`;
}

function overlayPercent(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) n = Number(value);
  else return DEFAULT_BANNER_OVERLAY_PERCENT;
  return Number.isFinite(n) ? n : DEFAULT_BANNER_OVERLAY_PERCENT;
}

/**
 * The single-post banner (brief §2, §9): WordPress banner_settings over the defaults — background
 * #1a365d, text #ffffff, overlay 50 % (alpha = percentage / 100, clamped to 0..1), the post's title and
 * description — with the description colour being the text colour plus a CC alpha.
 */
export function bannerFrom(
  settings: BannerSettings | null | undefined,
  defaults: { title: string; description?: string | null },
): Banner {
  const s: BannerSettings = typeof settings === 'object' && settings !== null ? settings : {};
  const textColor = colour(s.banner_text_color, DEFAULT_BANNER_TEXT);
  const overlay = Math.min(1, Math.max(0, overlayPercent(s.banner_overlay_opacity) / 100));
  const description = htmlToText(s.banner_description) || htmlToText(defaults.description);
  return {
    backgroundColor: colour(s.banner_background_color, DEFAULT_BANNER_BACKGROUND),
    textColor,
    backgroundImage: siteImageUrl(safeImageUrl(s.banner_background_image)),
    overlayOpacity: overlay,
    title: htmlToText(s.banner_title) || htmlToText(defaults.title),
    description: description === '' ? null : description,
    descriptionColor: `${expandHex(textColor)}CC`,
  };
}
