import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '@site/content-model';
import { blogAlternates, blogHref, pageItems, parseBlogParams } from './blog-params.js';

describe('parseBlogParams', () => {
  it('reads page 1 when the path has no page', () => {
    expect(parseBlogParams(undefined, new URLSearchParams())).toEqual({ page: 1, q: '', category: '' });
  });

  it('reads a page number and trims the search and category', () => {
    const params = parseBlogParams('3', new URLSearchParams('q=%20bail%20&category=family-law'));
    expect(params).toEqual({ page: 3, q: 'bail', category: 'family-law' });
  });

  it.each(['0', '-1', 'abc', '2x', '01', '1.5', '9999999'])('refuses the page %s', (raw) => {
    expect(parseBlogParams(raw, new URLSearchParams()).page).toBeNull();
  });

  it('caps the search at the gateway limit', () => {
    const params = parseBlogParams(undefined, new URLSearchParams({ q: 'a'.repeat(500) }));
    expect(params.q).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe('blogHref', () => {
  it('gives page 1 the plain /blog address', () => {
    expect(blogHref({ page: 1 })).toBe('/blog');
    expect(blogHref({})).toBe('/blog');
  });

  it('puts later pages under /blog/page/N and keeps the filters', () => {
    expect(blogHref({ page: 2 })).toBe('/blog/page/2');
    expect(blogHref({ page: 4, q: 'bail & custody', category: 'family-law' })).toBe(
      '/blog/page/4?q=bail+%26+custody&category=family-law',
    );
  });
});

describe('pageItems', () => {
  it('lists short runs whole', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the ends and the neighbours of the current page', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('blogHref in Hindi', () => {
  it('puts the Hindi list and its pages under /hi/blog', () => {
    expect(blogHref({}, 'hi')).toBe('/hi/blog');
    expect(blogHref({ page: 1 }, 'hi')).toBe('/hi/blog');
    expect(blogHref({ page: 3, category: 'family-law' }, 'hi')).toBe('/hi/blog/page/3?category=family-law');
    expect(blogHref({ page: 3 }, 'en')).toBe('/blog/page/3');
  });

  it('carries a Devanagari search in ?q= as UTF-8, and reads it back whole', () => {
    const href = blogHref({ page: 2, q: 'अग्रिम जमानत' }, 'hi');
    expect(href).toBe(
      '/hi/blog/page/2?q=%E0%A4%85%E0%A4%97%E0%A5%8D%E0%A4%B0%E0%A4%BF%E0%A4%AE+%E0%A4%9C%E0%A4%AE%E0%A4%BE%E0%A4%A8%E0%A4%A4',
    );
    const url = new URL(href, 'https://www.example.in');
    expect(parseBlogParams('2', url.searchParams)).toEqual({ page: 2, q: 'अग्रिम जमानत', category: '' });
  });
});

describe('blogAlternates', () => {
  it('leaves a first page to the same path in the other language', () => {
    expect(blogAlternates('en', 1)).toBeNull();
    expect(blogAlternates('hi', 1)).toBeNull();
  });

  it("sends a later page to the other language's first page, whose list holds other posts", () => {
    expect(blogAlternates('en', 4)).toEqual({ hi: '/hi/blog' });
    expect(blogAlternates('hi', 2)).toEqual({ en: '/blog' });
    expect(blogAlternates('hi', null)).toEqual({ en: '/blog' });
  });
});
