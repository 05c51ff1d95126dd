// @vitest-environment happy-dom
import createCache from '@emotion/cache';
import { describe, expect, it } from 'vitest';
import { SSR_STYLES_ATTR, registerServerStyles } from './ssr-styles';

describe('registerServerStyles', () => {
  it('marks the server’s class names as inserted and leaves the <style> elements where they are', () => {
    document.head.innerHTML =
      `<style ${SSR_STYLES_ATTR}="css-global 9zz">html{color:red}</style>` +
      `<style ${SSR_STYLES_ATTR}="css 1abc 2def">.css-1abc{color:blue}.css-2def{margin:0}</style>` +
      `<style ${SSR_STYLES_ATTR}="other 3ghi">.other-3ghi{}</style>`;
    const before = [...document.head.children];
    const cache = createCache({ key: 'css' });
    expect(registerServerStyles(cache)).toBe(2);
    expect(cache.inserted).toMatchObject({ '1abc': true, '2def': true });
    expect(cache.inserted['3ghi']).toBeUndefined();
    expect(cache.inserted['9zz']).toBeUndefined();
    // Emotion found nothing of its own to move: the same elements, in the same order.
    expect([...document.head.children]).toEqual(before);
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });
});
