import { isDeepStrictEqual } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/** The module that picks the parts of Chakra's default theme the site uses. */
const THEME_DATA_MODULE = /[\\/]src[\\/]app[\\/]theme-data\.ts$/;

/**
 * In the browser bundle only: src/app/theme-data.ts is replaced by the value it returns, as JSON.
 * The module imports Chakra's whole default theme (every colour palette, every recipe) only to
 * pick the parts the site uses; evaluated here at build time, phones download just those parts
 * (−10 KiB minified) and skip the picking. The server keeps the module itself.
 *
 * The build fails if the value is not plain data (a function or undefined would be lost in JSON).
 */
export function chakraThemeData(): Plugin {
  let ssr = false;
  return {
    name: 'chakra-theme-data',
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async load(id, options) {
      if (ssr || options?.ssr || !THEME_DATA_MODULE.test(id)) return null;
      const mod = (await tsImport(id, import.meta.url)) as { chakraThemeData?: () => unknown };
      if (typeof mod.chakraThemeData !== 'function') {
        this.error(`chakra-theme-data: ${id} no longer exports chakraThemeData()`);
      }
      const value = forTheBrowser(mod.chakraThemeData());
      const json = JSON.stringify(value);
      if (!isDeepStrictEqual(JSON.parse(json), value)) {
        this.error(`chakra-theme-data: the value of ${id} is not plain JSON data`);
      }
      // JSON.parse of a string literal is faster for the engine than the same object literal.
      return `export function chakraThemeData() { return JSON.parse(${JSON.stringify(json)}); }\n`;
    },
  };
}

/**
 * The global CSS (Chakra's base styles and the keyframes' bodies) is rendered by the server into
 * every page's <head>; the browser never computes it (hydratingSystem in src/app/theme.ts), so it
 * does not need the data either (−1 KiB gzip). Keyframe names stay: they are the values
 * `animationName` accepts.
 */
export function forTheBrowser(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const {
    globalCss: _unused,
    theme,
    ...rest
  } = value as {
    globalCss?: unknown;
    theme?: { keyframes?: Record<string, unknown> };
  };
  if (!theme?.keyframes) return { ...rest, theme };
  const keyframes = Object.fromEntries(Object.keys(theme.keyframes).map((name) => [name, {}]));
  return { ...rest, theme: { ...theme, keyframes } };
}
