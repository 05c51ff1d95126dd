import { describe, expect, it } from 'vitest';
import { isEnglishOnly, pageAlternates } from './alternates';

describe('pageAlternates', () => {
  it('pairs an English address with its Hindi twin, and back', () => {
    expect(pageAlternates('/')).toEqual({ en: '/', hi: '/hi/' });
    expect(pageAlternates('/blog/bail')).toEqual({ en: '/blog/bail', hi: '/hi/blog/bail' });
    expect(pageAlternates('/hi/practice-areas/bail/')).toEqual({
      en: '/practice-areas/bail/',
      hi: '/hi/practice-areas/bail/',
    });
    expect(pageAlternates('/hi')).toEqual({ en: '/', hi: '/hi/' });
  });

  it('takes the deepest route that names a translation', () => {
    const data = [{ layout: {} }, { alternates: { hi: '/hi/blog/jamanat' } }];
    expect(pageAlternates('/blog/bail', data)).toEqual({ en: '/blog/bail', hi: '/hi/blog/jamanat' });
    expect(
      pageAlternates('/blog/bail', [{ alternates: { hi: '/hi/a' } }, { alternates: { hi: '/hi/b' } }])?.hi,
    ).toBe('/hi/b');
    expect(pageAlternates('/blog/bail', [null, 'x', { alternates: null }])).toEqual({
      en: '/blog/bail',
      hi: '/hi/blog/bail',
    });
  });

  it('has none for the staff pages, which are English only', () => {
    expect(isEnglishOnly('/wp-admin')).toBe(true);
    expect(isEnglishOnly('/preview/post/12')).toBe(true);
    expect(isEnglishOnly('/wp-administrator')).toBe(false);
    expect(isEnglishOnly('/hi/wp-admin')).toBe(false);
    expect(pageAlternates('/wp-admin')).toBeNull();
  });
});
