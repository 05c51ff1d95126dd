/**
 * The site's icon for browsers and phones' home screens: a PNG the build draws from public/logo.svg
 * (web/build/site-icon.ts), named beside favicon.ico in every page's head (html.server.ts). Not the
 * SVG itself: to draw an SVG icon, Chromium builds an SVG document of its own on the page's main
 * thread just after the page loads, a task of 4-39 ms on these machines (decision 0015), while a PNG
 * is only decoded.
 */
export const SITE_ICON = { file: 'icon-192.png', size: 192 } as const;
