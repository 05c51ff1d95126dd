// A post's table of contents: its entries are plain #id links, so they work without JavaScript (the
// global scroll-padding leaves the 96 px for the sticky header). Here a tap scrolls smoothly,
// replaces the address's hash (the link can be shared, and Back leaves the post) and moves focus to
// the heading, so keyboard and screen-reader users read on from there.

/** brief §9: in-page jumps leave 96 px above the target for the sticky header. */
export const SCROLL_OFFSET = 96;

/** The element a URL hash names, or null ("#a%20b" names id "a b"). */
export function elementForHash(doc: Document, hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return doc.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

export function scrollToElement(el: HTMLElement, smooth = true): void {
  const win = el.ownerDocument.defaultView!;
  const reduce = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const top = el.getBoundingClientRect().top + win.scrollY - SCROLL_OFFSET;
  win.scrollTo({ top: Math.max(0, top), behavior: smooth && !reduce ? 'smooth' : 'instant' });
}

export function initToc(doc: Document): void {
  // On the contents themselves (a post's): a tap anywhere else calls no script for this.
  for (const toc of doc.querySelectorAll<HTMLElement>('[data-toc]'))
    toc.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('[data-toc] a[href^="#"]') : null;
      if (!link) return;
      const hash = link.getAttribute('href')!;
      const target = elementForHash(doc, hash);
      if (!target) return;
      event.preventDefault();
      scrollToElement(target);
      doc.defaultView!.history.replaceState(doc.defaultView!.history.state, '', hash);
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
}
