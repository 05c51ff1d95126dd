import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import { chakraThemeData } from './theme-data';
import { DEVANAGARI_FONT_FAMILY, LATIN_BODY_FONTS, LATIN_HEADING_FONTS } from './fonts';

const baseConfig = () =>
  mergeConfigs(defaultBaseConfig, {
    // The CSS reset (box-sizing, margins, fonts). Without it the reset layer is empty and emotion
    // writes a dangling "@layer reset" that swallows the base layer after it (globalCss included).
    preflight: true,
    ...chakraThemeData(),
  });

const site = defineConfig({
  globalCss: {
    // Anchors land below the sticky header (brief §9: 96 px offset); smooth unless reduced motion.
    html: { scrollPaddingTop: '96px', colorPalette: 'brand' },
    // Smooth only once the visitor interacts (a link has focus): opening an address with a #fragment
    // must land on it at once, not animate down from the top while the page hydrates.
    'html:focus-within': { _motionSafe: { scrollBehavior: 'smooth' } },
    // A word longer than its line (a pasted URL, a long title) breaks rather than widening the page.
    body: {
      bg: 'white',
      color: 'gray.800',
      fontFamily: 'body',
      lineHeight: '1.6',
      overflowWrap: 'break-word',
    },
    // Hindi (brief §10): Devanagari's vowel signs reach above and below its letters, so its lines
    // need more room than Latin's. Set where the language is declared (a Hindi page's <html>, or
    // content with lang="hi" on an English page) and inherited. A heading's own line height, a style
    // prop that would win over this layer, gives way to one that suits the script.
    '[lang|="hi"], [lang|="hi"] body': { lineHeight: '1.8' },
    // The Devanagari font comes first in the fonts of what is marked Hindi, and only there: an
    // English page's text never waits on it, and the arrival of the few-KB font of its switcher
    // restyles the switcher alone, not the whole page. Its @font-face rules hold only Devanagari
    // (unicode-range), so Latin text in Hindi falls through to the Latin fonts. First, because a
    // system font earlier in the stack may claim Devanagari and set it badly (boxes in semibold on
    // some machines); under a name of its own, so that no locally installed Noto is picked up.
    // On <body> rather than <html>: the font tokens are set on the root in a later layer, which wins there.
    '[lang|="hi"] body, body [lang|="hi"]': {
      '--chakra-fonts-body': `"${DEVANAGARI_FONT_FAMILY}", ${LATIN_BODY_FONTS}`,
      '--chakra-fonts-heading': `"${DEVANAGARI_FONT_FAMILY}", ${LATIN_HEADING_FONTS}`,
      fontFamily: 'body',
    },
    ':is(h1, h2, h3, h4, h5, h6):lang(hi)': { lineHeight: '1.4 !important' },
    'a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible': {
      outline: '3px solid',
      outlineColor: 'gold.500',
      outlineOffset: '2px',
    },
  },
  theme: {
    keyframes: {
      // ContactButtons: the floating shortcuts fading in as the home page scrolls.
      shortcutsReveal: {
        from: { opacity: 0, visibility: 'hidden' },
        to: { opacity: 1, visibility: 'visible' },
      },
    },
    tokens: {
      fonts: {
        // Hindi gets the Devanagari font first (the [lang|="hi"] rule above).
        heading: { value: LATIN_HEADING_FONTS },
        body: { value: LATIN_BODY_FONTS },
      },
      colors: {
        brand: {
          50: { value: '#eef3fa' },
          100: { value: '#d5e0f0' },
          200: { value: '#aac0e0' },
          300: { value: '#7c9ccc' },
          400: { value: '#4f78b5' },
          500: { value: '#2f5a97' },
          600: { value: '#254a7e' },
          700: { value: '#1f3f6c' },
          800: { value: '#1a365d' },
          900: { value: '#10243f' },
          950: { value: '#0a1729' },
        },
        gold: {
          50: { value: '#fbf6e7' },
          100: { value: '#f4e7bd' },
          200: { value: '#ead38a' },
          300: { value: '#dfbe57' },
          400: { value: '#d4ab35' },
          500: { value: '#c9a227' },
          600: { value: '#a5831c' },
          700: { value: '#7d6315' },
          800: { value: '#5a470f' },
          900: { value: '#3a2e0a' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.800}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.800}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.gold.500}' },
        },
        gold: {
          solid: { value: '{colors.gold.500}' },
          contrast: { value: '{colors.brand.900}' },
          fg: { value: '{colors.gold.700}' },
          muted: { value: '{colors.gold.100}' },
          subtle: { value: '{colors.gold.50}' },
          emphasized: { value: '{colors.gold.200}' },
          focusRing: { value: '{colors.gold.500}' },
        },
      },
    },
  },
});

let created: SystemContext | undefined;

/**
 * The Chakra system, built on first use rather than at import: building the token dictionary is
 * the largest single piece of a phone's start-up work, and the browser entry gives it a task of
 * its own instead of adding it to the module evaluation.
 */
export function getSystem(): SystemContext {
  created ??= createSystem(baseConfig(), site);
  return created;
}

/**
 * The system for hydrating a server-rendered page: the global CSS (reset, tokens, base styles) is
 * already in the page's <head>, so the provider need not serialise it again, and emotion leaves
 * the server's <style> elements where they are.
 */
export function hydratingSystem(): SystemContext {
  return withoutGlobalCss(getSystem());
}

/**
 * A copy of the system whose global CSS is empty. Chakra computes a system's global CSS when it is
 * first read (patches/@chakra-ui+react+*.patch): more than half of createSystem's work, which the
 * browser never needs. The copy takes the system's properties as they are defined, so that
 * computation does not run here either (spreading the system would read every property).
 */
export function withoutGlobalCss(system: SystemContext): SystemContext {
  return Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(system),
      _global: { value: [], enumerable: true },
    },
  ) as SystemContext;
}
