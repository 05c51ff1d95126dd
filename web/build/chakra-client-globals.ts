import type { Plugin } from 'vite';

/** The module of @chakra-ui/react that builds a system (createSystem). */
const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBALS = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const PREFLIGHT = 'const result = createPreflight({ preflight });';

/**
 * In the browser bundle only: createSystem stops computing the page's global CSS (reset, base
 * styles and one CSS variable per design token) at start-up. The server renders that CSS into
 * every page's <head>, and the browser never renders it again (see hydratingSystem in
 * src/app/theme.ts); computing it cost a quarter of createSystem on a phone. `getTokenCss` and
 * `getGlobalCss` stay available; `getPreflightCss` answers nothing in the browser, so the reset's
 * code (1.4 KiB gzip) is not in the bundle. Nothing in Chakra or the site calls these in the browser.
 *
 * The build fails if Chakra's code no longer has the expected line: an upgrade must look again.
 */
export function chakraClientGlobals(): Plugin {
  let patched = false;
  let ssr = false;
  return {
    name: 'chakra-client-globals',
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id, options) {
      if (ssr || options?.ssr || !SYSTEM_MODULE.test(id)) return null;
      for (const expected of [EAGER_GLOBALS, PREFLIGHT])
        if (!code.includes(expected)) {
          this.error(`chakra-client-globals: '${expected}' not found in ${id}; check the Chakra upgrade`);
        }
      patched = true;
      return {
        code: code.replace(EAGER_GLOBALS, 'const _global = [];').replace(PREFLIGHT, 'const result = {};'),
        map: null,
      };
    },
    buildEnd(error) {
      if (!ssr && !error && this.meta.watchMode === false && !patched) {
        this.error(`chakra-client-globals: ${SYSTEM_MODULE} was not part of the browser build`);
      }
    },
  };
}
