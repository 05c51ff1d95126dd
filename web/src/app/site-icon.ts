/**
 * The site's icon for phones' home screens (iOS, and Android without a web app manifest): a PNG the
 * build draws from public/logo.svg (web/build/site-icon.ts), named in every page's head
 * (html.server.ts) beside favicon.ico, which serves the browser's tab. No SVG icon: to draw one,
 * Chromium builds an SVG document of its own on the page's main thread just after the page loads, a
 * task of 4-39 ms on these machines (decision 0015), where an ICO is only decoded. Not a second
 * `rel="icon"` either: a browser whose favicon.ico fetch fails falls back to the next icon named, and
 * this one is four times the ICO's bytes.
 */
/** The monogram's navy (public/logo.svg), which also fills the square around its disc. */
export const SITE_ICON = { file: 'apple-touch-icon.png', size: 180, background: '#1a365d' } as const;
