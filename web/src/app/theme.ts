import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import { chakraThemeData } from './theme-data';

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
        heading: { value: 'Georgia, Cambria, "Times New Roman", Times, serif' },
        body: {
          value:
            'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
        },
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
