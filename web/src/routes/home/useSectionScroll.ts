import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { homeAliasFor } from './sections.js';

function hashId(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * On /about/, /practice-areas/, /testimonials/ and /contact-us/ the home page scrolls to its section
 * (the 96 px offset for the sticky header is the global `scroll-padding-top`, which scrollIntoView
 * honours). A link to / from further down the site starts at the top.
 */
export function useSectionScroll(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // 'POP' is the page the browser loaded, or back/forward. On a slow phone the page is readable
    // long before it hydrates: if the visitor (or the browser, restoring a position or jumping to a
    // #fragment) has scrolled already, leave the position alone.
    const pop = navigationType === 'POP';
    if (pop && window.scrollY > 0) return;
    const behavior = scrollBehavior();
    const id = hashId(hash) ?? homeAliasFor(pathname)?.section;
    if (id) {
      document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' });
    } else if (!pop) {
      window.scrollTo({ top: 0, behavior });
    }
  }, [pathname, hash, navigationType]);
}
