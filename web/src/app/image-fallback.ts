// A WordPress image that cannot be shown (deleted file, broken upload, WordPress host down) gives
// way to the site's own default picture (DEFAULT_IMAGE of @site/content-model, the one the gateway
// gives a post without a featured image), which this server serves from web/public/images: the
// server names it on the image, and the boot script swaps it in.
import { DEFAULT_IMAGE } from '@site/content-model';

/**
 * The attributes that let the page's boot script (web/src/boot/images.ts) show DEFAULT_IMAGE in
 * place of a picture that cannot be loaded; none on the default picture itself.
 */
export function fallbackAttrs(url: string): Record<string, string> {
  if (url === DEFAULT_IMAGE.url) return {};
  return { 'data-fallback-src': DEFAULT_IMAGE.url, 'data-fallback-srcset': DEFAULT_IMAGE.srcSet };
}
