// A part of a page far below the first screen (the home page's case stories, and its contact
// section with the enquiry form) whose code a phone downloads only when the visitor comes near it:
// a visitor who reads the first screen and taps "Call" never downloads the form. The server renders the part whole, so its
// HTML is in the page from the start; in the browser React leaves that HTML as it is (a Suspense
// boundary that suspends while hydrating stays the server's) until the code is there, then
// hydrates it in place: nothing moves, nothing flashes.
import { Suspense, memo, use, useEffect, useRef, type ComponentType } from 'react';
import { loadOnce } from './load-once';
import { useHydrated } from './use-hydrated';

export interface NearViewport<P extends object> {
  /** Renders the part; in the browser its code comes when the part is near the viewport. */
  Component: ComponentType<P>;
  /**
   * Loads the part's code (once; a failed download is tried again on the next call). The route's
   * loader awaits it: on the server the part must render whole, and after a navigation the page
   * should arrive with it rather than show a hole.
   */
  preload: () => Promise<void>;
}

/** How far ahead of the viewport the code starts to load: one screen, so it is there on arrival. */
export const NEAR_MARGIN = '100% 0px';

const INTENT_EVENTS = ['pointerdown', 'focusin'] as const;

/**
 * `load` resolves to the part's component, e.g. `() => import('./ContactSection').then((m) => m.ContactSection)`.
 * The component's props should keep their identity from one render to the next (data objects from
 * a loader), so that a parent rendering again is no update to a part still waiting for its code.
 */
export function nearViewport<P extends object>(load: () => Promise<ComponentType<P>>): NearViewport<P> {
  let Loaded: ComponentType<P> | undefined;
  let markLoaded!: () => void;
  /**
   * Settles when the code is there, whoever asked for it, and never fails (a failed download is
   * tried again when the visitor comes near or touches the part). Marked fulfilled as React reads
   * it, so a part whose code is already there renders at once, on the server too.
   */
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const preload = loadOnce(() =>
    load().then((component) => {
      Loaded = component;
      Object.assign(loaded, { status: 'fulfilled', value: undefined });
      markLoaded();
    }),
  );

  // Memoised: a parent rendering again with the same data is no update to the part.
  const Part = memo(function Part(props: P) {
    const clientRender = useHydrated();
    // A client render (after a navigation; the loader normally loaded the code already), or an
    // update reaching the part before it hydrated (React then renders it afresh): the code is
    // needed now. Hydrating, React keeps the server's HTML until the code is there.
    if (!Loaded && clientRender) preload().catch(() => undefined);
    use(loaded);
    return Loaded ? <Loaded {...props} /> : null;
  });

  function NearViewportPart(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const part = ref.current;
      if (!part || Loaded) return;
      let observer: IntersectionObserver | undefined;
      let unmounted = false;
      // A keyboard or a touch can reach the part before the observer reports it (find in page),
      // and is how a failed download is tried again. Listened for above React's root: React stops
      // events aimed at HTML it has not hydrated yet from travelling further down.
      const onIntent = (event: Event) => {
        if (event.target instanceof Node && part.contains(event.target)) start();
      };
      const listen = () => {
        for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true });
      };
      const stop = () => {
        observer?.disconnect();
        for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
      };
      function start() {
        stop();
        // Offline, or a new deployment removed the file: the server's HTML stays readable, and the
        // visitor's next touch or focus in the part tries again.
        preload().catch(() => unmounted || listen());
      }
      listen();
      if (typeof IntersectionObserver === 'undefined') start();
      else {
        observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
          rootMargin: NEAR_MARGIN,
        });
        observer.observe(part);
      }
      return () => {
        unmounted = true;
        stop();
      };
    }, []);
    return (
      <div ref={ref}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }

  return { Component: NearViewportPart, preload };
}
