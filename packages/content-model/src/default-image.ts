/**
 * brief §8: the site's own picture for a post without a featured image, or whose image cannot be
 * shown. The gateway answers with it when WordPress has none; the website swaps it in when a
 * WordPress image fails to load in the browser. The files are served from web/public/images.
 */
export const DEFAULT_IMAGE = Object.freeze({
  url: '/images/default-featured.jpg',
  srcSet:
    '/images/default-featured-300x200.jpg 300w, /images/default-featured-768x512.jpg 768w, ' +
    '/images/default-featured-1024x683.jpg 1024w, /images/default-featured.jpg 1200w',
  width: 1200,
  height: 800,
  mimeType: 'image/jpeg',
} as const);
