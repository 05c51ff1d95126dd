// The site's font stacks, and the name its Devanagari font goes by in the pages (the theme uses
// them; web/server/devanagari-font.server.ts writes that font's @font-face rules).

export const LATIN_HEADING_FONTS = 'Georgia, Cambria, "Times New Roman", Times, serif';
export const LATIN_BODY_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

/** The site's own name for its Devanagari font: no installed font has it. */
export const DEVANAGARI_FONT_FAMILY = 'Site Devanagari';
