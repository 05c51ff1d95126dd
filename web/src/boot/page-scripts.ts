/**
 * When the page's JavaScript starts downloading. The server's HTML is complete and its links work
 * without any script; the scripts only add in-page navigation and a few controls. On a slow phone
 * network the hero image and the text the visitor came for get the whole connection first, and the
 * scripts follow once the page has loaded and painted, or after 3 s at most (an image that never
 * arrives must not hold the page's controls back for ever). A tap or a key press before then starts
 * them at once: the visitor wants the page to respond.
 *
 * "Painted" is the browser's first-contentful-paint entry, which arrives once the frame is on the
 * screen; a frame after the load event is not enough: on a busy phone the first frame can reach the
 * screen tens of milliseconds after it was drawn. Lab tools that simulate a slow phone (Lighthouse,
 * PageSpeed Insights) count every request started before the first paint as one the paint waited
 * for: 210 KiB of scripts started 40 ms too early moved a post's simulated LCP from 0.9 s to 2.3 s.
 * Then two more animation frames: an image the load event waited for is painted in the frame after
 * load, after the first contentful paint. Browsers without paint timing wait for those frames only.
 */

/** What the server tells the page about its scripts. */
export interface PageScripts {
  /** The entry module, e.g. /assets/entry-client-abc.js. */
  entry: string;
  /** Modules to preload with it (the entry first, then its imports and the route's chunks). */
  chunks: string[];
}

/** The longest the scripts wait for the page to load and paint. */
export const SCRIPTS_AT_THE_LATEST_MS = 3_000;

/** Interactions that start the scripts at once. */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Adds a modulepreload for each chunk and the entry module, once however often it is called: the
 * chunks download in parallel instead of one after another as the entry's imports are found.
 */
export function scriptStarter(doc: Document, scripts: PageScripts): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    for (const href of scripts.chunks) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.appendChild(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = scripts.entry;
    doc.body.appendChild(script);
  };
}

/** Calls `start` once the page has loaded and painted, at the latest after 3 s, or on a tap or key. */
export function startWhenPainted(win: Window, start: () => void): void {
  win.setTimeout(start, SCRIPTS_AT_THE_LATEST_MS);
  for (const type of INTENT_EVENTS)
    win.addEventListener(type, start, { once: true, passive: true, capture: true });
  const afterPaint = () => afterFirstContentfulPaint(win, () => afterTwoFrames(win, start));
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}

function afterTwoFrames(win: Window, then: () => void): void {
  win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(then, 0)));
}

function afterFirstContentfulPaint(win: Window, then: () => void): void {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('paint')) {
    then();
    return;
  }
  try {
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      then();
    });
    // buffered: a paint that happened before the load event is reported at once.
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // A browser that lists paint timing but refuses to observe it: as if it had none.
    then();
  }
}
