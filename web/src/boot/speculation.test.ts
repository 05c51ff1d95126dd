// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AT_REST_MS,
  PRERENDERS_AT_ONCE,
  afterNextPaint,
  initSpeculation,
  isPageLink,
  prefetch,
  prerender,
  prerenderLinksIn,
} from './speculation';

const supports = (yes: boolean) =>
  Object.defineProperty(HTMLScriptElement, 'supports', {
    value: (type: string) => yes && type === 'speculationrules',
    configurable: true,
  });

/** The pages the module's prerender rules name, oldest first. */
const prerendering = () =>
  [...document.head.querySelectorAll('script[data-prerender]')].flatMap(
    (s) => (JSON.parse(s.textContent ?? '{}') as { prerender: { urls: string[] }[] }).prerender[0]!.urls,
  );

describe('fetching ahead', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="csp-nonce" content="abc">';
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });
  afterEach(() => supports(false));

  it('counts only pages of this site as page links', () => {
    const link = (html: string) => {
      document.body.innerHTML = html;
      return document.querySelector('a')!;
    };
    const origin = location.origin;
    expect(isPageLink(link('<a href="/blog">x</a>'), origin)).toBe(true);
    expect(isPageLink(link('<a href="https://wa.me/1">x</a>'), origin)).toBe(false);
    expect(isPageLink(link('<a href="/blog" target="_blank">x</a>'), origin)).toBe(false);
    expect(isPageLink(link('<a href="/feed.xml">x</a>'), origin)).toBe(false);
    expect(isPageLink(link('<a href="/wp-admin">x</a>'), origin)).toBe(false);
    expect(isPageLink(link('<a href="tel:+911204001985">x</a>'), origin)).toBe(false);
  });

  it('with speculation rules: one rule with the nonce per new set of pages, each page asked once', () => {
    supports(true);
    prefetch(document, ['/blog', '/about/']);
    prefetch(document, ['/blog']);
    const rules = document.head.querySelectorAll<HTMLScriptElement>('script[type="speculationrules"]');
    expect(rules).toHaveLength(1);
    expect(rules[0]!.nonce).toBe('abc');
    expect(JSON.parse(rules[0]!.textContent!)).toEqual({
      prefetch: [{ urls: ['/blog', '/about/'], eagerness: 'immediate' }],
    });
  });

  it("the menu's pages of their own are prerendered when it opens, not the page it is on", () => {
    supports(true);
    document.body.innerHTML =
      '<nav id="m"><a href="/" data-menu-ahead>Home</a><a href="/about/">About</a><a href="/blog" data-menu-ahead>Blog</a></nav>';
    prerenderLinksIn(document, document.getElementById('m')!);
    expect(prerendering()).toEqual(['/blog']);
    const rule = document.head.querySelector<HTMLScriptElement>('script[data-prerender]')!;
    expect(rule.nonce).toBe('abc');
    expect(JSON.parse(rule.textContent!)).toEqual({
      prerender: [{ urls: ['/blog'], eagerness: 'immediate' }],
    });
  });

  it("asks for the menu's prerender only after the frame that shows the menu", () => {
    const frames: FrameRequestCallback[] = [];
    vi.useFakeTimers();
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      const run = vi.fn();
      afterNextPaint(document, run);
      vi.runAllTimers();
      expect(run).not.toHaveBeenCalled();
      frames.shift()!(0);
      expect(run).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(run).toHaveBeenCalledOnce();
    } finally {
      raf.mockRestore();
      vi.useRealTimers();
    }
  });

  it(`prerenders at most ${PRERENDERS_AT_ONCE} pages at once, the newest, each once`, () => {
    supports(true);
    prerender(document, ['/a/']);
    prerender(document, ['/a/', '/b/']);
    expect(prerendering()).toEqual(['/a/', '/b/']);
    prerender(document, ['/c/']);
    expect(prerendering()).toEqual(['/b/', '/c/']);
    prerender(document, ['/d/', '/e/', '/f/']);
    expect(prerendering()).toEqual(['/e/', '/f/']);
  });

  it('prerenders nothing for a visitor saving data, and prefetches where speculation rules are unknown', () => {
    supports(true);
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      prerender(document, ['/a/']);
      expect(document.head.querySelectorAll('script')).toHaveLength(0);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
    supports(false);
    prerender(document, ['/a/']);
    expect(document.head.querySelector('link[rel="prefetch"]')?.getAttribute('href')).toBe('/a/');
  });

  describe('a likely link in view with the page at rest', () => {
    let observed: { callback: IntersectionObserverCallback; targets: Element[] };
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        observed = { callback, targets: [] };
      }
      observe(el: Element) {
        observed.targets.push(el);
      }
      disconnect() {}
    }
    const inView = (...hrefs: string[]) =>
      observed.callback(
        observed.targets.map((el) => ({
          target: el,
          isIntersecting: hrefs.includes(el.getAttribute('href')!),
        })) as unknown as IntersectionObserverEntry[],
        observed as unknown as IntersectionObserver,
      );
    beforeEach(() => {
      vi.useFakeTimers();
      vi.stubGlobal('IntersectionObserver', FakeObserver);
      supports(true);
      document.body.innerHTML =
        '<a href="/p/1/" data-likely>1</a><a href="/p/2/" data-likely>2</a><a href="/p/3/" data-likely>3</a><a href="/about/">About</a>';
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(document, 'prerendering');
    });

    it(`is prerendered ${AT_REST_MS} ms after the last scroll, the first ${PRERENDERS_AT_ONCE} in view`, () => {
      initSpeculation(document, (run) => run());
      expect(observed.targets.map((a) => a.getAttribute('href'))).toEqual(['/p/1/', '/p/2/', '/p/3/']);
      inView('/p/2/', '/p/3/', '/p/1/');
      vi.advanceTimersByTime(AT_REST_MS - 1);
      window.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(AT_REST_MS - 1);
      expect(prerendering()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(prerendering()).toEqual(['/p/1/', '/p/2/']);
      inView('/p/3/');
      vi.advanceTimersByTime(AT_REST_MS);
      expect(prerendering()).toEqual(['/p/2/', '/p/3/']);
    });

    it('not while the page is itself being prerendered: from the moment the visitor opens it', () => {
      Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
      initSpeculation(document, (run) => run());
      expect(document.head.querySelectorAll('script')).toHaveLength(0);
      Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
      document.dispatchEvent(new Event('prerenderingchange'));
      expect(document.head.querySelectorAll('script[data-prefetch]')).toHaveLength(1);
      inView('/p/3/');
      vi.advanceTimersByTime(AT_REST_MS);
      expect(prerendering()).toEqual(['/p/3/']);
    });
  });

  it('with speculation rules, a touch adds nothing: the page rules prerender on intent', () => {
    supports(true);
    document.body.innerHTML = '<a href="/blog">Blog</a>';
    const later = vi.fn();
    initSpeculation(document, later);
    document.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.head.querySelectorAll('link[rel="prefetch"], script')).toHaveLength(0);
  });

  // Last: its listener for touches stays on the document.
  it('without speculation rules: <link rel=prefetch> for the likely pages, and for a link on the first touch', () => {
    supports(false);
    document.body.innerHTML =
      '<a href="/practice-areas/family-law/" data-likely>x</a><a href="/blog">Blog</a>';
    let loaded!: () => void;
    initSpeculation(document, (run) => (loaded = run));
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    loaded();
    const hrefs = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) =>
        l.getAttribute('href'),
      );
    expect(hrefs()).toEqual(['/practice-areas/family-law/']);
    document.querySelector('a[href="/blog"]')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(hrefs()).toEqual(['/practice-areas/family-law/', '/blog']);
  });
});
