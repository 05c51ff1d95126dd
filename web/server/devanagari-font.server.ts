// The Devanagari web font in the pages that show Devanagari (brief §10). The font stacks name it
// (web/src/app/theme.ts); a page whose text has Devanagari gets its @font-face rules and a preload of
// the regular weight, a Hindi page the semibold's too. A page whose only Devanagari is the way to
// Hindi (the switcher's "हिन्दी") gets the few-KB font cut to those words, and a page without any,
// nothing.
import { hasDevanagari, type Lang } from '@site/content-model';
import { DEVANAGARI_FONT_FAMILY } from '../src/app/fonts';
import { englishPageDevanagari } from '../src/i18n/ui-devanagari';
// The catalogues English pages take Devanagari from (ui-devanagari.test.ts checks no other has any).
import enCommon from '../src/i18n/catalog/en/common.json' with { type: 'json' };
import hiBlog from '../src/i18n/catalog/hi/blog.json' with { type: 'json' };
import { escapeHtml } from '@site/server-kit';
import {
  DEVANAGARI_FONT_RANGES,
  DEVANAGARI_FONT_WEIGHTS,
  DEVANAGARI_UI_FONT_KEY,
  DEVANAGARI_UI_FONT_WEIGHT,
  devanagariFontKey,
  unicodeRange,
  type DevanagariFontWeight,
} from '../build/devanagari-font-files';

/**
 * Each weight's URL in the build, e.g. { 400: '/assets/noto-sans-devanagari-400-abc.woff2', 600: … },
 * and `ui`, the font cut to the Devanagari of English pages.
 */
export type DevanagariFontFiles = Record<DevanagariFontWeight, string> & { ui?: string };

/** What the small font holds: the Devanagari English pages show (web/build/devanagari-font.ts). */
const UI_CHARS = new Set(englishPageDevanagari({ common: enCommon }, { blog: hiBlog }));

/**
 * The characters the font holds (the build cuts it to them): the browser takes only these from the
 * font and downloads a weight only when the page shows one of them.
 */
export const DEVANAGARI_UNICODE_RANGE = unicodeRange(DEVANAGARI_FONT_RANGES);

/**
 * The weights preloaded: the body text's on every page with Devanagari text; on a Hindi page the
 * headings' semibold too. Found only once the CSS is applied, it came after the first paint, its text
 * swapped fonts in view (a layout shift of 0.03, Lighthouse on /hi/) and it was asked for at the
 * browser's highest priority, ahead of the page's image. An English page showing some Hindi loads
 * the semibold only if a heading asks for it.
 */
const PRELOADED: Record<Lang, readonly DevanagariFontWeight[]> = { en: [400], hi: [400, 600] };

/**
 * The font files in the browser build's manifest (web/build/devanagari-font.ts emits them). A build
 * without them is refused, as readAssets refuses one without its entries.
 */
export function readDevanagariFont(
  manifest: Record<string, { file: string } | undefined>,
): DevanagariFontFiles {
  const fileOf = (key: string) => {
    const chunk = manifest[key];
    if (!chunk?.file.endsWith('.woff2'))
      throw new Error(`No ${key} in the build's manifest (web/build/devanagari-font.ts)`);
    return `/${chunk.file}`;
  };
  const files = {} as DevanagariFontFiles;
  for (const weight of DEVANAGARI_FONT_WEIGHTS) files[weight] = fileOf(devanagariFontKey(weight));
  files.ui = fileOf(DEVANAGARI_UI_FONT_KEY);
  return files;
}

/**
 * What a page's body shows in Devanagari: 'text' when it has Devanagari beyond the way to Hindi
 * (the whole font), 'ui' when that is all it has (the small font), else 'none'. Attributes are not
 * shown in the page's font and do not count.
 */
export function devanagariShown(html: string): 'text' | 'ui' | 'none' {
  if (!hasDevanagari(html)) return 'none';
  let shown: 'ui' | 'none' = 'none';
  for (const text of html.split(/<[^>]*>/)) {
    if (!hasDevanagari(text)) continue;
    for (const ch of text) if (!UI_CHARS.has(ch) && hasDevanagari(ch)) return 'text';
    shown = 'ui';
  }
  return shown;
}

function face(weight: number, url: string): string {
  return (
    `@font-face{font-family:"${DEVANAGARI_FONT_FAMILY}";font-style:normal;font-weight:${weight};` +
    `font-display:swap;src:url(${url}) format("woff2");unicode-range:${DEVANAGARI_UNICODE_RANGE}}`
  );
}

/**
 * The <head> tags of a page with Devanagari text: preloads (PRELOADED: a font is otherwise found only
 * once the CSS is applied, after the first paint its text needs it for) and the
 * @font-face rules, in a <style> with the page's nonce. `font-display: swap`: the text shows at once
 * in a fallback font rather than staying invisible on a slow network. A page whose only Devanagari
 * is the way to Hindi gets the small font's rule alone, not preloaded (a few KB, fetched when the
 * header is laid out). Empty for any other page.
 */
export function devanagariFontTags(
  html: string,
  files: DevanagariFontFiles | undefined,
  nonce: string,
  lang: Lang = 'en',
): string {
  if (!files) return '';
  const shown = devanagariShown(html);
  if (shown === 'ui' && files.ui) {
    return `<style nonce="${nonce}">${face(DEVANAGARI_UI_FONT_WEIGHT, files.ui)}</style>`;
  }
  if (shown !== 'text') return '';
  const faces = DEVANAGARI_FONT_WEIGHTS.map((weight) => face(weight, files[weight])).join('');
  const preloads = PRELOADED[lang].map(
    (weight) =>
      `<link rel="preload" href="${escapeHtml(files[weight])}" as="font" type="font/woff2" crossorigin>`,
  );
  return `${preloads.join('')}<style nonce="${nonce}">${faces}</style>`;
}
