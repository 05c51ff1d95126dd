// The Devanagari font files' names, shared by the build plugin (devanagari-font.ts) and the server
// that writes the @font-face rules (web/server/devanagari-font.server.ts), which must not load the
// build's own dependencies.

export const DEVANAGARI_FONT_WEIGHTS = [400, 600] as const;

/**
 * What the site's Devanagari font holds: Hindi's letters, vowel signs, digits and dandas (U+0900 to
 * U+0970), the joiners shaping uses, the rupee sign and the dotted circle a lone vowel sign is shown
 * on. @fontsource's Devanagari subset holds Marathi, Sindhi and Vedic signs too; cut to these, each
 * weight is about 12 KB smaller (the regular 50 to 38 KB), which a Hindi page on a slow network
 * feels, and those rare characters take the phone's own font.
 */
export const DEVANAGARI_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0900, 0x0970],
  [0x200c, 0x200d],
  [0x20b9, 0x20b9],
  [0x25cc, 0x25cc],
];

/** The ranges as CSS writes them: `U+0900-0970,U+200C-200D,…`. */
export function unicodeRange(ranges: ReadonlyArray<readonly [number, number]>): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');
}

/** Every character of the ranges, as the subsetter takes them. */
export function rangeCharacters(ranges: ReadonlyArray<readonly [number, number]>): string {
  let chars = '';
  for (const [a, b] of ranges) for (let c = a; c <= b; c += 1) chars += String.fromCodePoint(c);
  return chars;
}
export type DevanagariFontWeight = (typeof DEVANAGARI_FONT_WEIGHTS)[number];

/** A weight's file in @fontsource/noto-sans-devanagari. */
export function devanagariFontSource(weight: DevanagariFontWeight): string {
  return `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`;
}

/** A weight's key in the browser build's manifest (web/server/devanagari-font.server.ts reads it). */
export function devanagariFontKey(weight: DevanagariFontWeight): string {
  return `fonts/noto-sans-devanagari-${weight}.woff2`;
}

/** The manifest key of the small font English pages carry (ui-devanagari.ts says why). */
export const DEVANAGARI_UI_FONT_KEY = 'fonts/noto-sans-devanagari-ui.woff2';
/** Its weight: the switcher's and the links' semibold (a lighter text takes it too, as the nearest). */
export const DEVANAGARI_UI_FONT_WEIGHT = 600;
