import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * Properties that the browsers the site serves still read only with a `-webkit-` prefix (Safari on
 * iPhones: user-select; backdrop-filter before Safari 18; masks and text clipping).
 */
function needsWebkit(property: string, value: string): boolean {
  return (
    property === 'user-select' ||
    property === 'backdrop-filter' ||
    property === 'mask' ||
    property.startsWith('mask-') ||
    property.startsWith('text-stroke') ||
    (property === 'background-clip' && value.trim() === 'text')
  );
}

/**
 * Writes the `-webkit-` copy of the few declarations that need one and nothing else. Emotion's
 * default prefixer also writes -moz-, -ms- and old -webkit- flexbox copies of nearly every rule
 * (display, align-items, transform, translate, every @keyframes twice): a quarter of the critical
 * CSS in each page's <head>, parsed and cascaded on every phone for browsers nobody uses any more.
 */
export const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return || element.length < 0) return;
  // A declaration's props is its property name and its children the value (stylis).
  if (needsWebkit(String(element.props), String(element.children)))
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * One array for every cache: on the server emotion keeps the CSS it compiled for each style in a
 * store keyed by this array's identity, so a new array per request would compile every style of
 * every page again (and keep a store per request).
 */
const STYLIS_PLUGINS = [webkitPrefixes];

/** The emotion cache of a render, on the server and in the browser alike (same CSS either side). */
export function createEmotionCache(nonce?: string): EmotionCache {
  return createCache({ key: 'css', nonce, stylisPlugins: STYLIS_PLUGINS });
}
