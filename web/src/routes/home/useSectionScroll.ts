import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { homeAliasFor } from '@site/content-model';

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

/** The sticky header's height budget (brief §9): where a section's top should land. */
const OFFSET_PX = 96;
const SETTLE_MS = 2500;

/**
 * After a client-side navigation the home page is still filling in (practice cards replace their
 * placeholders, images arrive), which moves the section after the scroll has started, and a change
 * of layout above the viewport can cut a smooth scroll short. Until the page settles, re-align the
 * section whenever the layout changes or a scroll ends away from it; the visitor scrolling or
 * pressing a key ends it at once.
 */
function keepAligned(target: HTMLElement): () => void {
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('scrollend', onScrollEnd);
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      window.removeEventListener(type, stop);
  };
  const realign = (behavior: ScrollBehavior) => {
    if (done) return;
    const drift = target.getBoundingClientRect().top - OFFSET_PX;
    if (Math.abs(drift) > 2) window.scrollTo({ top: window.scrollY + drift, behavior });
  };
  // A scroll that ended short of the section is corrected at once: animating again could be cut too.
  const onScrollEnd = () => requestAnimationFrame(() => realign('instant'));
  const observer = new ResizeObserver(() => requestAnimationFrame(() => realign('auto')));
  observer.observe(document.body);
  window.addEventListener('scrollend', onScrollEnd);
  const timer = setTimeout(() => {
    realign('instant');
    stop();
  }, SETTLE_MS);
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
    window.addEventListener(type, stop, { passive: true, once: true });
  return stop;
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
      const target = document.getElementById(id);
      target?.scrollIntoView({ behavior, block: 'start' });
      return target ? keepAligned(target) : undefined;
    } else if (!pop) {
      window.scrollTo({ top: 0, behavior });
    }
    return undefined;
  }, [pathname, hash, navigationType]);
}
