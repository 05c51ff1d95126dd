// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSpeculation, isPageLink, prefetch, prefetchLinksIn } from './speculation';

const supports = (yes: boolean) =>
  Object.defineProperty(HTMLScriptElement, 'supports', {
    value: (type: string) => yes && type === 'speculationrules',
    configurable: true,
  });

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

  it("the menu's pages of their own, not the page it is on", () => {
    supports(true);
    document.body.innerHTML =
      '<nav id="m"><a href="/" data-menu-ahead>Home</a><a href="/about/">About</a><a href="/blog" data-menu-ahead>Blog</a></nav>';
    prefetchLinksIn(document, document.getElementById('m')!);
    const rule = document.head.querySelector('script[type="speculationrules"]')!;
    expect(JSON.parse(rule.textContent!).prefetch[0].urls).toEqual(['/blog']);
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
