// Two page states the server marks for the browser.

/**
 * The 404 page says so in the console too, as the site always has (a developer sees the address
 * that was asked for).
 */
export function reportNotFound(doc: Document, log: (...args: unknown[]) => void = console.error): void {
  if (doc.querySelector('[data-not-found]'))
    log('404 Error: User attempted to access non-existent route:', doc.defaultView!.location.pathname);
}

/** How long after the page was shown each new look for the firm's details comes. */
export const RECOVERY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000];

/**
 * A page rendered while the gateway was away (a restart, a deploy) lacks the firm's details, phone
 * numbers included: the server marks it (data-site-missing) and never caches it. The browser asks
 * for the page again in the background, a few times with growing pauses; once the server can render
 * it whole, the page is loaded again, at the same address and scroll position.
 */
export function recoverMissingDetails(
  doc: Document,
  opts: { delays?: number[]; fetch?: typeof fetch; reload?: () => void } = {},
): void {
  if (!doc.querySelector('[data-site-missing]')) return;
  const win = doc.defaultView!;
  const ask = opts.fetch ?? win.fetch.bind(win);
  const reload = opts.reload ?? (() => win.location.reload());
  const delays = opts.delays ?? RECOVERY_DELAYS_MS;
  const attempt = (i: number) => {
    if (i >= delays.length) return;
    setTimeout(() => {
      ask(win.location.href, { method: 'HEAD', cache: 'no-store' })
        .then((res) => (res.ok ? reload() : attempt(i + 1)))
        .catch(() => attempt(i + 1));
    }, delays[i]);
  };
  attempt(0);
}
