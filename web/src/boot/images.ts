// A WordPress image that cannot be shown (deleted file, broken upload, WordPress host down) gives way
// to the site's default picture, named by the server in the image's data-fallback-* attributes. A
// featured image's box shows a spinner until its picture is there.

/** The browser is done with the image and has no picture: its file failed to load or to decode. */
export function imageFailed(img: Pick<HTMLImageElement, 'complete' | 'naturalWidth'>): boolean {
  // A lazy image not yet fetched, or one still loading, is not complete.
  return img.complete && img.naturalWidth === 0;
}

/** Puts the default picture in place of a failed one; once only, so a failing default is left alone. */
export function showFallback(img: HTMLImageElement): boolean {
  const src = img.dataset.fallbackSrc;
  if (!src) return false;
  delete img.dataset.fallbackSrc;
  const srcset = img.dataset.fallbackSrcset;
  if (srcset) img.srcset = srcset;
  else img.removeAttribute('srcset');
  img.src = src;
  return true;
}

function spinnerOf(img: HTMLImageElement): Element | null {
  return img.closest('[data-image-box]')?.querySelector('[data-image-spinner]') ?? null;
}

function settle(img: HTMLImageElement): void {
  if (imageFailed(img)) {
    if (showFallback(img)) return;
  } else if (!img.complete) return;
  spinnerOf(img)?.remove();
}

export function initImages(doc: Document): void {
  // Load and error events do not bubble: listened for on their way down.
  for (const type of ['load', 'error'] as const)
    doc.addEventListener(
      type,
      (event) => {
        if (event.target instanceof HTMLImageElement) settle(event.target);
      },
      true,
    );
  // Images that finished before this ran.
  for (const img of doc.querySelectorAll<HTMLImageElement>('img[data-fallback-src], [data-image-box] img'))
    settle(img);
}
