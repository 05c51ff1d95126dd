import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** brief §9: in-page jumps leave 96 px above the target for the sticky header. */
export const SCROLL_OFFSET = 96;

/** The element a URL hash names, or null ("#a%20b" names id "a b"). */
export function elementForHash(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/** Scrolls so that `el` sits SCROLL_OFFSET px below the top of the window; smooth unless the reader asked for less motion. */
export function scrollToElement(el: HTMLElement, smooth = true): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const top = el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
  window.scrollTo({ top: Math.max(0, top), behavior: smooth && !reduce ? 'smooth' : 'instant' });
}

/**
 * When a link opens this page (not the back button, not the first load), start at its top rather
 * than at the scroll position of the page before; an address with a #heading is left to the page.
 * Only a change of path counts, so the blog's search and category filters keep their place.
 */
export function useScrollTopOnEnter(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'PUSH' || hash) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
    // Runs per path only: a hash or search change on the same page is not a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
