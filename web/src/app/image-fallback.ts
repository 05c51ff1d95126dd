// A WordPress image that cannot be shown (deleted file, broken upload, WordPress host down) gives
// way to the site's own default picture, which this server serves from web/public/images.
import { useEffect, useRef, useState } from 'react';

/** The default picture, the one the gateway gives a post without a featured image. */
export const DEFAULT_IMAGE = {
  url: '/images/default-featured.jpg',
  srcSet:
    '/images/default-featured-300x200.jpg 300w, /images/default-featured-768x512.jpg 768w, ' +
    '/images/default-featured-1024x683.jpg 1024w, /images/default-featured.jpg 1200w',
  width: 1200,
  height: 800,
} as const;

/** The browser is done with the image and has no picture: its file failed to load or to decode. */
export function imageFailed(img: Pick<HTMLImageElement, 'complete' | 'naturalWidth'>): boolean {
  // A lazy image not yet fetched, or one still loading, is not complete.
  return img.complete && img.naturalWidth === 0;
}

/**
 * Whether an <img> has failed, for a component to show DEFAULT_IMAGE instead: from its error event,
 * or, for an image the server rendered that failed before the script hydrated it (its error event
 * came before the handler), from its state when the component mounts.
 */
export function useImageFallback() {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ref.current && imageFailed(ref.current)) setFailed(true);
  }, []);
  // Once failed, a failure of the default picture itself changes nothing (no loop).
  const onError = () => setFailed(true);
  return { ref, failed, onError };
}
