// A WordPress image that cannot be shown (deleted file, broken upload, WordPress host down) gives
// way to the site's own default picture (DEFAULT_IMAGE of @site/content-model, the one the gateway
// gives a post without a featured image), which this server serves from web/public/images.
import { useEffect, useRef, useState } from 'react';

/** The browser is done with the image and has no picture: its file failed to load or to decode. */
export function imageFailed(img: Pick<HTMLImageElement, 'complete' | 'naturalWidth'>): boolean {
  // A lazy image not yet fetched, or one still loading, is not complete.
  return img.complete && img.naturalWidth === 0;
}

/**
 * Whether an <img> has failed, for a component to show the default picture instead: from its error
 * event, or, for an image the server rendered that failed before the script hydrated it (its error
 * event came before the handler), from its state when the component mounts.
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
