/**
 * Where the browser build writes the page boot script (web/build/page-boot.ts), relative to its
 * output folder: beside Vite's manifest, which the server also reads at start (readAssets). A module
 * of its own so the server does not import the build's code.
 */
export const PAGE_BOOT_FILE = '.vite/page-boot.js';
