// A WordPress image that cannot be shown (deleted file, broken upload, WordPress host down) gives
// way to the site's own default picture, which this server serves from web/public/images: the
// server names it on the image, and the boot script swaps it in.

/** The default picture, the one the gateway gives a post without a featured image. */
export const DEFAULT_IMAGE = {
  url: '/images/default-featured.jpg',
  srcSet:
    '/images/default-featured-300x200.jpg 300w, /images/default-featured-768x512.jpg 768w, ' +
    '/images/default-featured-1024x683.jpg 1024w, /images/default-featured.jpg 1200w',
  width: 1200,
  height: 800,
} as const;

/**
 * The attributes that let the page's boot script (web/src/boot/images.ts) show DEFAULT_IMAGE in
 * place of a picture that cannot be loaded; none on the default picture itself.
 */
export function fallbackAttrs(url: string): Record<string, string> {
  if (url === DEFAULT_IMAGE.url) return {};
  return { 'data-fallback-src': DEFAULT_IMAGE.url, 'data-fallback-srcset': DEFAULT_IMAGE.srcSet };
}
