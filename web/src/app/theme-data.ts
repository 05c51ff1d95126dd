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
  inputRecipe,
  linkRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
  fieldSlotRecipe,
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

function pick<T extends object>(source: T | undefined, keys: string[]): T {
  return Object.fromEntries(Object.entries(source ?? {}).filter(([k]) => keys.includes(k))) as T;
}

/**
 * The part of Chakra's default theme the site uses: its tokens (with only the colour palettes
 * used), text/layer/animation styles, global CSS and only the recipes of the components used.
 * Every token becomes a CSS variable in each page's HTML and every recipe ships to every phone:
 * add a recipe or palette here when a new Chakra component or colour is used.
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
      semanticTokens: { ...semanticTokens, colors: pick(semanticTokens.colors, SEMANTIC_PALETTES) },
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        button: buttonRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        link: linkRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: { field: fieldSlotRecipe },
    },
    globalCss,
  };
}
