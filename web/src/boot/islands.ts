// The interactive parts of a page (the contact form, the /wp-admin live check) are islands: the
// server renders them whole, and the browser hydrates each one alone, with React, once its code has
// arrived. An island marked data-load="visible" brings its code when the visitor comes within a
// screen of it, touches it or focuses it; any other once the page has loaded and painted (or 3 s
// after it started, whichever comes first; a tap or key press starts it at once).
//
// "Painted" is the browser's first-contentful-paint entry, then two frames: lab tools that simulate
// a slow phone (Lighthouse) count every request started before the paint as one the paint waited
// for, and an image the load event waited for is painted in the frame after it.

/** What the server tells the boot module about the islands' code (html.server.ts writes it). */
export interface IslandsConfig {
  /** The islands' entry module. */
  entry: string;
  /** Chunks to preload with it, per island name ('*': every island's). */
  chunks: Record<string, string[]>;
}

export interface IslandsModule {
  hydrateIsland(el: HTMLElement): Promise<void>;
}

export const NEAR_MARGIN = '100% 0px';
export const LATEST_START_MS = 3000;

const INPUT = ['pointerdown', 'keydown'] as const;

/** Calls `run` once the page has loaded and painted, after LATEST_START_MS at most, or on the first tap or key. */
export function afterPaint(doc: Document, latestMs = LATEST_START_MS): (run: () => void) => void {
  const win = doc.defaultView!;
  const waiting: (() => void)[] = [];
  let ready = false;
  const go = () => {
    if (ready) return;
    ready = true;
    // A listener left on every tap would cost each tap a call into script.
    for (const type of INPUT) win.removeEventListener(type, go, { capture: true });
    waiting.splice(0).forEach((f) => f());
  };
  const later = () => win.requestAnimationFrame(() => win.requestAnimationFrame(() => setTimeout(go, 0)));
  const painted = () => {
    try {
      if (!PerformanceObserver.supportedEntryTypes.includes('paint')) throw new Error('no paint timing');
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        later();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      later();
    }
  };
  setTimeout(go, Math.max(0, latestMs - win.performance.now()));
  if (doc.readyState === 'complete') painted();
  else win.addEventListener('load', painted, { once: true });
  for (const type of INPUT) win.addEventListener(type, go, { once: true, passive: true, capture: true });
  return (run) => (ready ? run() : waiting.push(run));
}

/** Runs each step in a task of its own, in order, so that a tap between two of them is answered at once. */
export function inTurn(
  steps: (() => void)[],
  later: (run: () => void) => void = (run) => setTimeout(run, 0),
): void {
  const next = () => {
    try {
      steps.shift()?.();
    } finally {
      // A step that fails does not stop the others.
      if (steps.length > 0) later(next);
    }
  };
  later(next);
}

export function readIslandsConfig(doc: Document): IslandsConfig | null {
  const text = doc.getElementById('islands-config')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as IslandsConfig;
  } catch {
    return null;
  }
}

function preload(doc: Document, hrefs: string[]): void {
  for (const href of hrefs) {
    if (doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Starts every island of the page as its data-load says; resolves once the islands that load with
 * the page have hydrated (a failed download leaves the server's HTML, and is tried again on the
 * next touch or focus inside the island).
 */
export function initIslands(
  doc: Document,
  config: IslandsConfig | null,
  whenPainted: (run: () => void) => void,
  importer: (url: string) => Promise<IslandsModule> = (url) => import(/* @vite-ignore */ url),
): Promise<void> {
  const islands = [...doc.querySelectorAll<HTMLElement>('[data-island]')];
  if (!config || islands.length === 0) return Promise.resolve();
  const eager: Promise<void>[] = [];
  for (const el of islands) {
    const name = el.dataset.island!;
    let started: Promise<void> | undefined;
    const start = () =>
      (started ??= (async () => {
        preload(doc, [config.entry, ...(config.chunks['*'] ?? []), ...(config.chunks[name] ?? [])]);
        const mod = await importer(config.entry);
        await mod.hydrateIsland(el);
      })().catch(() => {
        started = undefined;
        listen();
      }));
    // On the island itself: a tap elsewhere on the page calls no script for it.
    const onIntent = () => {
      stopListening();
      void start();
    };
    const listen = () => {
      for (const type of ['pointerdown', 'focusin'] as const)
        el.addEventListener(type, onIntent, { capture: true, passive: true });
    };
    const stopListening = () => {
      for (const type of ['pointerdown', 'focusin'] as const)
        el.removeEventListener(type, onIntent, { capture: true });
    };
    listen();
    if (el.dataset.load === 'visible' && typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          stopListening();
          void start();
        },
        { rootMargin: NEAR_MARGIN },
      );
      // The island's wrappers take no box (display: contents): what it renders is what is seen.
      observer.observe(el.querySelector('[data-island-root] > *') ?? el.parentElement ?? el);
    } else {
      eager.push(
        new Promise<void>((resolve) =>
          whenPainted(() => {
            stopListening();
            void start().then(resolve, resolve);
          }),
        ),
      );
    }
  }
  return Promise.all(eager).then(() => undefined);
}
