// Where the visitor is likely to go next, the browser fetches ahead. The page's own speculation
// rules (web/server/html.server.ts) prerender a site link the visitor starts to tap or hovers; here,
// once the page has loaded, the likely next pages are prefetched (links the server marked
// data-likely: the home page's practice cards, the blog's first posts), and the phone menu's targets
// when it opens. Browsers without speculation rules get <link rel=prefetch> for the same pages, and
// for any site link on the first sign of intent (touch, press, focus).

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

/** The pages this module has asked for already, as its own rules and links in the head say. */
function askedFor(doc: Document): Set<string> {
  const asked = new Set<string>();
  for (const script of doc.head.querySelectorAll('script[data-prefetch]'))
    for (const rule of (JSON.parse(script.textContent ?? '{}') as { prefetch?: { urls: string[] }[] })
      .prefetch ?? [])
      rule.urls.forEach((u) => asked.add(u));
  for (const link of doc.head.querySelectorAll('link[rel="prefetch"]'))
    asked.add(link.getAttribute('href') ?? '');
  return asked;
}

/** Asks the browser to fetch `urls` now (each once per page): speculation rules, or <link rel=prefetch>. */
export function prefetch(doc: Document, urls: string[]): void {
  const asked = askedFor(doc);
  const fresh = urls.filter((u) => !asked.has(u));
  if (fresh.length === 0) return;
  if (supportsSpeculationRules(doc)) {
    const script = doc.createElement('script');
    script.type = 'speculationrules';
    script.dataset.prefetch = '';
    const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
    if (nonce) script.nonce = nonce;
    script.textContent = JSON.stringify({ prefetch: [{ urls: fresh, eagerness: 'immediate' }] });
    doc.head.append(script);
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
 * Prefetches the pages of the phone menu once it opens: its links marked data-menu-ahead (pages of
 * their own; the home page's section addresses are left to the prerender on touch).
 */
export function prefetchLinksIn(doc: Document, root: ParentNode): void {
  prefetch(doc, pageUrls(doc, root.querySelectorAll<HTMLAnchorElement>('a[href][data-menu-ahead]')));
}

const INTENT = ['pointerdown', 'touchstart', 'focusin'] as const;

/**
 * `afterLoad` runs its callback once the page has loaded and painted (islands.ts): the likely pages
 * must not take bandwidth from the page's own images.
 */
export function initSpeculation(doc: Document, afterLoad: (run: () => void) => void): void {
  afterLoad(() => prefetch(doc, pageUrls(doc, doc.querySelectorAll<HTMLAnchorElement>('a[data-likely]'))));
  if (supportsSpeculationRules(doc)) return;
  const onIntent = (event: Event) => {
    const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (a instanceof HTMLAnchorElement) prefetch(doc, pageUrls(doc, [a]));
  };
  for (const type of INTENT) doc.addEventListener(type, onIntent, { capture: true, passive: true });
}
