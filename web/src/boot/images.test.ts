// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { imageFailed, initImages } from './images';

function setState(img: HTMLImageElement, complete: boolean, naturalWidth: number) {
  Object.defineProperty(img, 'complete', { value: complete, configurable: true });
  Object.defineProperty(img, 'naturalWidth', { value: naturalWidth, configurable: true });
}

describe('image fallbacks', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('tells a failed image from one still loading or loaded', () => {
    expect(imageFailed({ complete: true, naturalWidth: 0 })).toBe(true);
    expect(imageFailed({ complete: false, naturalWidth: 0 })).toBe(false);
    expect(imageFailed({ complete: true, naturalWidth: 800 })).toBe(false);
  });

  it('an image that fails shows the default picture, once; a failing default is left alone', () => {
    document.body.innerHTML = `<img src="/wp/broken.jpg" srcset="/wp/broken-300.jpg 300w"
      data-fallback-src="/images/default-featured.jpg" data-fallback-srcset="/images/default-featured-300x200.jpg 300w">`;
    const img = document.querySelector('img')!;
    setState(img, false, 0);
    initImages(document);
    expect(img.getAttribute('src')).toBe('/wp/broken.jpg');
    setState(img, true, 0);
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/images/default-featured.jpg');
    expect(img.getAttribute('srcset')).toBe('/images/default-featured-300x200.jpg 300w');
    img.setAttribute('src', '/images/also-broken.jpg');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/images/also-broken.jpg');
  });

  it('an image that failed before the script ran is replaced at once', () => {
    document.body.innerHTML = `<img src="/wp/broken.jpg" data-fallback-src="/images/default-featured.jpg">`;
    const img = document.querySelector('img')!;
    setState(img, true, 0);
    initImages(document);
    expect(img.getAttribute('src')).toBe('/images/default-featured.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it("a featured image's spinner goes once its picture is there", () => {
    document.body.innerHTML = `<div data-image-box><div data-image-spinner role="status"></div><img src="/wp/a.jpg"></div>`;
    const img = document.querySelector('img')!;
    setState(img, false, 0);
    initImages(document);
    expect(document.querySelector('[data-image-spinner]')).not.toBeNull();
    setState(img, true, 1200);
    img.dispatchEvent(new Event('load'));
    expect(document.querySelector('[data-image-spinner]')).toBeNull();
  });
});
