// Where the visitor is likely to go next, the browser fetches ahead. The page's own speculation
// rules (web/server/html.server.ts) prerender a site link the visitor hovers or starts to press.
// Here, once the page has loaded, the likely next pages are prefetched (links the server marked
// data-likely: the home page's practice cards, the blog's first posts, a post's recent posts). A
// phone has no hover, and a tap is over before a prerender started on it could help, so a likely
// link the visitor has had in view with the page at rest is prerendered: the page is there, laid
// out, when the tap ends. So are the phone menu's pages of their own when it opens. Browsers
// without speculation rules get <link rel=prefetch> for the same pages, and for any site link on
// the first sign of intent (touch, press, focus).

/** Links that are pages of this site: same origin, not a file, not a new tab. */
export function isPageLink(a: HTMLAnchorElement, origin: string): boolean {
  if (a.target === '_blank' || a.hasAttribute('download')) return false;
  let url: URL;
  try {
    url = new URL(a.href);
  } catch {
    return false;
  }
  return (
    url.origin === origin &&
    !/^\/(wp-admin|graphql|assets|images|wp-content)(\/|$)/.test(url.pathname) &&
    !/\.(xml|txt|ico|svg|jpe?g|png|webp)$/.test(url.pathname)
  );
}

function pageUrls(doc: Document, links: Iterable<HTMLAnchorElement>): string[] {
  const origin = doc.defaultView!.location.origin;
  const here = doc.defaultView!.location.pathname + doc.defaultView!.location.search;
  const urls = new Set<string>();
  for (const a of links) {
    if (!isPageLink(a, origin)) continue;
    const url = new URL(a.href);
    if (url.pathname + url.search !== here) urls.add(url.pathname + url.search);
  }
  return [...urls];
}

export function supportsSpeculationRules(doc: Document): boolean {
  const Script = doc.defaultView?.HTMLScriptElement as
    (typeof HTMLScriptElement & { supports?: (type: string) => boolean }) | undefined;
  return Script?.supports?.('speculationrules') === true;
}

type Action = 'prefetch' | 'prerender';

/** The pages this module's own `action` rules name, oldest first. */
function ruleUrls(doc: Document, action: Action): string[] {
  return [...doc.head.querySelectorAll(`script[data-${action}]`)].flatMap((script) =>
    (
      (JSON.parse(script.textContent ?? '{}') as Partial<Record<Action, { urls: string[] }[]>>)[action] ?? []
    ).flatMap((rule) => rule.urls),
  );
}

/** The pages this module has asked for already, as its own rules and links in the head say. */
function askedFor(doc: Document): Set<string> {
  const asked = new Set(ruleUrls(doc, 'prefetch'));
  for (const link of doc.head.querySelectorAll('link[rel="prefetch"]'))
    asked.add(link.getAttribute('href') ?? '');
  return asked;
}

/** The browser's speculation rule for `urls`, with the page's nonce, marked as this module's. */
function appendRule(doc: Document, action: Action, urls: string[]): void {
  const script = doc.createElement('script');
  script.type = 'speculationrules';
  script.dataset[action] = '';
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) script.nonce = nonce;
  script.textContent = JSON.stringify({ [action]: [{ urls, eagerness: 'immediate' }] });
  doc.head.append(script);
}

/** Asks the browser to fetch `urls` now (each once per page): speculation rules, or <link rel=prefetch>. */
export function prefetch(doc: Document, urls: string[]): void {
  const asked = askedFor(doc);
  const fresh = urls.filter((u) => !asked.has(u));
  if (fresh.length === 0) return;
  if (supportsSpeculationRules(doc)) {
    appendRule(doc, 'prefetch', fresh);
    return;
  }
  for (const href of fresh) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * At most this many pages are prerendered at once (each is a page loaded and laid out in the
 * background, on a phone's CPU and memory); a new one replaces the oldest, as Chrome does with the
 * prerenders it starts on hover.
 */
export const PRERENDERS_AT_ONCE = 2;

/** The visitor asked the browser to spare their data: nothing is rendered ahead. */
function savingData(doc: Document): boolean {
  const nav = doc.defaultView?.navigator as (Navigator & { connection?: { saveData?: boolean } }) | undefined;
  return nav?.connection?.saveData === true;
}

/**
 * Prerenders `urls` (each once, the newest PRERENDERS_AT_ONCE kept) where the browser has speculation
 * rules; elsewhere, prefetches them.
 */
export function prerender(doc: Document, urls: string[]): void {
  if (!supportsSpeculationRules(doc)) {
    prefetch(doc, urls);
    return;
  }
  if (savingData(doc)) return;
  const current = new Set(ruleUrls(doc, 'prerender'));
  for (const url of urls.filter((u) => !current.has(u)).slice(-PRERENDERS_AT_ONCE)) {
    appendRule(doc, 'prerender', [url]);
    // Removing a rule cancels its prerender.
    [...doc.head.querySelectorAll('script[data-prerender]')]
      .slice(0, -PRERENDERS_AT_ONCE)
      .forEach((old) => old.remove());
  }
}

/** A likely link in view this long with the page not scrolling is prerendered. */
export const AT_REST_MS = 500;

/**
 * Prerenders the likely links (a[data-likely]) that are in view once the page has been at rest
 * (no scrolling) for AT_REST_MS, the first PRERENDERS_AT_ONCE in the page's order.
 */
export function prerenderAtRest(doc: Document): void {
  const win = doc.defaultView;
  if (!win?.IntersectionObserver || !supportsSpeculationRules(doc)) return;
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-likely]')];
  if (links.length === 0) return;
  const inView = new Set<HTMLAnchorElement>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const atRest = () => {
    const shown = links.filter((a) => inView.has(a));
    prerender(doc, pageUrls(doc, shown).slice(0, PRERENDERS_AT_ONCE));
  };
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(atRest, AT_REST_MS);
  };
  const observer = new win.IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const a = e.target as HTMLAnchorElement;
        if (e.isIntersecting) inView.add(a);
        else inView.delete(a);
      }
      restart();
    },
    { threshold: 0.5 },
  );
  links.forEach((a) => observer.observe(a));
  win.addEventListener('scroll', restart, { passive: true });
}

/**
 * Prerenders the pages of the phone menu once it opens: its links marked data-menu-ahead (pages of
 * their own; the home page's section addresses are left to the prerender on touch).
 */
export function prerenderLinksIn(doc: Document, root: ParentNode): void {
  prerender(doc, pageUrls(doc, root.querySelectorAll<HTMLAnchorElement>('a[href][data-menu-ahead]')));
}

/**
 * Runs `run` once the frame being prepared has been painted. A prerender of a page of this site
 * can run in this page's own process: asked for in a tap's handler, its work would hold back the
 * frame that shows what the tap opened (the phone menu).
 */
export function afterNextPaint(doc: Document, run: () => void): void {
  const win = doc.defaultView;
  if (!win) return run();
  win.requestAnimationFrame(() => setTimeout(run, 0));
}

const INTENT = ['pointerdown', 'touchstart', 'focusin'] as const;

/**
 * `afterLoad` runs its callback once the page has loaded and painted (islands.ts): the likely pages
 * must not take bandwidth from the page's own images. A page that is itself being prerendered
 * waits until the visitor opens it: nobody is reading it yet.
 */
export function initSpeculation(doc: Document, afterLoad: (run: () => void) => void): void {
  const start = () => {
    prefetch(doc, pageUrls(doc, doc.querySelectorAll<HTMLAnchorElement>('a[data-likely]')));
    prerenderAtRest(doc);
  };
  afterLoad(() => {
    if ((doc as Document & { prerendering?: boolean }).prerendering)
      doc.addEventListener('prerenderingchange', start, { once: true });
    else start();
  });
  if (supportsSpeculationRules(doc)) return;
  const onIntent = (event: Event) => {
    const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (a instanceof HTMLAnchorElement) prefetch(doc, pageUrls(doc, [a]));
  };
  for (const type of INTENT) doc.addEventListener(type, onIntent, { capture: true, passive: true });
}
