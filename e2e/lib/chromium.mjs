// Debian's Chromium (apt `chromium`; browsers cannot be downloaded here). Playwright itself adds
// --headless, --no-sandbox and a fresh temporary --user-data-dir for every launch.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * tsx compiles tests and the bench with esbuild's keepNames, which wraps named functions inside
 * page.evaluate callbacks in a `__name(...)` helper that only exists in Node. The page gets a no-op
 * of its own.
 */
export const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

/**
 * Makes every page of `context` a returning visitor's: the disclaimer's agreement stored under `key`
 * before the page's scripts run, so its modal does not sit over the page. The browser tests pass
 * their own copy of the key (a test checks the site uses it); the bench passes the site's.
 */
export async function markDisclaimerAgreed(context, key) {
  await context.addInitScript(agreeToDisclaimer, key);
}

/** In the page, at a document's start: stores the disclaimer's agreement under `key`. */
export function agreeToDisclaimer(key) {
  try {
    if (window.location.origin !== 'null') window.localStorage.setItem(key, 'true');
  } catch {
    // about:blank has no storage.
  }
}
