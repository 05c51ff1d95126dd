// @vitest-environment happy-dom
// A card's WordPress picture that cannot be shown gives way to the default picture: when its error
// event comes after hydration, and when it failed before the script hydrated the server's <img>.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { DEFAULT_IMAGE } from '@site/content-model';
import { afterEach, describe, expect, it } from 'vitest';
import { imageFailed, useImageFallback } from './image-fallback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PICTURE = '/wp-content/uploads/2026/11/online-fraud.jpg';

function Card() {
  const fallback = useImageFallback();
  const src = fallback.failed ? DEFAULT_IMAGE.url : PICTURE;
  return <img ref={fallback.ref} onError={fallback.onError} src={src} alt="" />;
}

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

/** The server's card, its <img> in the state `state` before the script runs, then hydrated. */
function hydrateCard(state: { complete: boolean; naturalWidth: number }): HTMLImageElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Card />);
  document.body.append(container);
  const img = container.querySelector('img')!;
  Object.defineProperty(img, 'complete', { configurable: true, get: () => state.complete });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, get: () => state.naturalWidth });
  act(() => {
    root = hydrateRoot(container!, <Card />);
  });
  return img;
}

describe('imageFailed', () => {
  it('is true only for an image the browser is done with and has no picture for', () => {
    expect(imageFailed({ complete: true, naturalWidth: 0 })).toBe(true);
    expect(imageFailed({ complete: true, naturalWidth: 1200 })).toBe(false);
    // Still loading, or a lazy image not fetched yet.
    expect(imageFailed({ complete: false, naturalWidth: 0 })).toBe(false);
  });
});

describe('useImageFallback', () => {
  it('an image that failed before hydration shows the default picture once the script runs', () => {
    const img = hydrateCard({ complete: true, naturalWidth: 0 });
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE.url);
    expect(container!.querySelectorAll('img')).toHaveLength(1);
  });

  it('an image that loaded, or has not finished loading, keeps its picture', () => {
    expect(hydrateCard({ complete: true, naturalWidth: 1200 }).getAttribute('src')).toBe(PICTURE);
    act(() => root?.unmount());
    container?.remove();
    expect(hydrateCard({ complete: false, naturalWidth: 0 }).getAttribute('src')).toBe(PICTURE);
  });

  it('an error after hydration shows the default picture; its own failure changes nothing more', () => {
    const img = hydrateCard({ complete: false, naturalWidth: 0 });
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE.url);
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE.url);
  });
});

describe('DEFAULT_IMAGE', () => {
  it('names only files served from web/public', () => {
    const files = DEFAULT_IMAGE.srcSet.split(',').map((c) => c.trim().split(/\s+/)[0]!);
    expect(files).toHaveLength(4);
    const publicDir = path.resolve(import.meta.dirname, '../../public');
    for (const file of [DEFAULT_IMAGE.url, ...files])
      expect(existsSync(path.join(publicDir, file)), `web/public${file}`).toBe(true);
  });
});
