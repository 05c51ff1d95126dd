import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
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
 * honours). Navigating back to / from an alias returns to the top, since the router keeps the scroll
 * position between paths that render the same page.
 */
export function useSectionScroll(): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    const behavior = scrollBehavior();
    const id = hashId(hash) ?? homeAliasFor(pathname)?.section;
    if (id) {
      document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' });
    } else if (!isFirst) {
      window.scrollTo({ top: 0, behavior });
    }
  }, [pathname, hash]);
}
