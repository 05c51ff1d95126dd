import type { SystemConfig } from '@chakra-ui/react';
import {
  breakpoints,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  containerRecipe,
  headingRecipe,
  linkRecipe,
  skeletonRecipe,
  spinnerRecipe,
} from '@chakra-ui/react/theme';

/** Colour palettes the site uses (plus brand and gold, defined in theme.ts). */
const PALETTES = [
  'transparent',
  'current',
  'black',
  'white',
  'whiteAlpha',
  'blackAlpha',
  'gray',
  'red',
  'green',
];
const SEMANTIC_PALETTES = ['bg', 'fg', 'border', 'gray', 'red', 'green'];

/**
 * A semantic token as the site uses it. The site has one colour scheme: a token keeps its light
 * value (Chakra's `_dark` values would put a second set of variables in every page's CSS and ship
 * to every phone). A token that refers to a palette the site does not load (`bg.warning` to
 * orange) is dropped: it would be an invalid CSS variable.
 */
function lightOnly(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  if ('value' in node) {
    const raw = (node as { value: unknown }).value;
    const value =
      raw && typeof raw === 'object' && '_light' in raw ? (raw as { _light: unknown })._light : raw;
    return typeof value === 'string' && refersToMissingPalette(value) ? undefined : { ...node, value };
  }
  const entries = Object.entries(node).flatMap(([k, v]) => {
    const kept = lightOnly(v);
    return kept === undefined ? [] : [[k, kept] as const];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function refersToMissingPalette(value: string): boolean {
  return [...value.matchAll(/\{colors\.([\w]+)/g)].some(([, palette]) => !PALETTES.includes(palette!));
}

/**
 * Chakra's global CSS with no custom property set on every element (nor on every element's
 * ::selection: SELECTION_CSS). Its `*` rule sets 29: those of the `filter: auto`,
 * `backdropFilter: auto` and `ring` utilities, which the site does not use (their `var()`s appear
 * in no page), are dropped; the three `--global-*` ones the reset reads move to `html`, where every
 * element inherits the same values. A custom property set on every element is resolved and stored
 * for every element: without them a full style recalculation of a practice page took about 35 %
 * less time in Chromium (375 px).
 */
export const UNUSED_UTILITY_VARIABLE =
  /^--(ring-|backdrop-|brightness$|contrast$|grayscale$|hue-rotate$|invert$|saturate$|sepia$|drop-shadow$)/;

/**
 * The colour of selected text, Chakra's (the palette's emphasized colour at 80 %), as plain CSS.
 * Chakra writes its `*::selection { bg: colorPalette.emphasized/80 }` through two custom properties
 * (`--mix-background`, `--bg-currentcolor`), and Chromium styles every element's ::selection as it
 * styles the element: those two made the first style pass of a page cost about half as much again
 * (the home page at 375 px: 25-29 ms in place of 16-19 ms, alternated loads). A kebab-case key is
 * passed through by Chakra as it is, with no custom property added.
 */
export const SELECTION_CSS = {
  'background-color': 'color-mix(in srgb, var(--chakra-colors-color-palette-emphasized) 80%, transparent)',
} as const;

function withoutPerElementVariables(css: typeof globalCss): typeof globalCss {
  const selection = css['*::selection'] ? { '*::selection': SELECTION_CSS } : {};
  const all = css['*'] as Record<string, unknown> | undefined;
  if (!all) return { ...css, ...selection } as typeof globalCss;
  const entries = Object.entries(all).filter(([k]) => !UNUSED_UTILITY_VARIABLE.test(k));
  const isVariable = ([k]: [string, unknown]) => k.startsWith('--');
  return {
    ...css,
    '*': Object.fromEntries(entries.filter((e) => !isVariable(e))),
    html: { ...(css.html as Record<string, unknown>), ...Object.fromEntries(entries.filter(isVariable)) },
    ...selection,
  } as typeof globalCss;
}

function pick<T extends object>(source: T | undefined, keys: string[]): T {
  return Object.fromEntries(Object.entries(source ?? {}).filter(([k]) => keys.includes(k))) as T;
}

/**
 * The part of Chakra's default theme the site uses: its tokens (with only the colour palettes
 * used), text/layer/animation styles, global CSS and only the recipes of the components used.
 * Every token becomes a CSS variable in each page's HTML and every recipe ships to every phone:
 * add a recipe or palette here when a new Chakra component or colour is used. The form controls'
 * recipes are not here: the forms pass them themselves (components/form-recipes.ts).
 *
 * Plain data, no functions: the browser build replaces this module by its JSON value
 * (web/build/chakra-theme-data.ts), so phones do not download all of Chakra's default theme
 * (every palette and recipe) only to pick these parts of it at start-up.
 */
export function chakraThemeData(): Pick<SystemConfig, 'theme' | 'globalCss'> {
  return {
    theme: {
      breakpoints,
      keyframes,
      tokens: { ...tokens, colors: pick(tokens.colors, PALETTES) },
      semanticTokens: lightOnly({
        ...semanticTokens,
        colors: pick(semanticTokens.colors, SEMANTIC_PALETTES),
      }) as typeof semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        button: buttonRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        link: linkRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
      },
    },
    globalCss: withoutPerElementVariables(globalCss),
  };
}
