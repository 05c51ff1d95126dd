import type { EmotionCache } from '@emotion/cache';

/**
 * The server's critical CSS is written into <head> under this attribute rather than emotion's own
 * `data-emotion`. Emotion moves every `data-emotion` <style> it finds when a cache is created (its
 * default cache at import, ours before hydrating), and each move makes the browser restyle the whole
 * page: on a phone, tens of milliseconds of blocked main thread for CSS that is already in place.
 */
export const SSR_STYLES_ATTR = 'data-ssr-styles';

/**
 * Tells a browser cache which class names the server's CSS already holds, so rendering them inserts
 * nothing. Reads `<style data-ssr-styles="css 1abc 2def">` elements; global styles ("css-global …")
 * need no entry.
 */
export function registerServerStyles(cache: EmotionCache, root: ParentNode = document): number {
  let count = 0;
  for (const node of root.querySelectorAll<HTMLStyleElement>(`style[${SSR_STYLES_ATTR}]`)) {
    const [key, ...ids] = (node.getAttribute(SSR_STYLES_ATTR) ?? '').split(' ');
    if (key !== cache.key) continue;
    for (const id of ids) {
      if (id === '') continue;
      cache.inserted[id] = true;
      count += 1;
    }
  }
  return count;
}
