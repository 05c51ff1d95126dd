// The Devanagari font files' names, shared by the build plugin (devanagari-font.ts) and the server
// that writes the @font-face rules (web/server/devanagari-font.server.ts), which must not load the
// build's own dependencies.

export const DEVANAGARI_FONT_WEIGHTS = [400, 600] as const;
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
