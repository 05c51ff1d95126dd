import { describe, expect, it } from 'vitest';
import { contentAlternates, langAttr, langOf } from './content-lang';

describe('content in a language', () => {
  it('needs a lang of its own only on a page in the other language', () => {
    expect(langOf('HI')).toBe('hi');
    expect(langOf('EN')).toBe('en');
    expect(langAttr('en', 'hi')).toBe('en-IN');
    expect(langAttr('hi', 'en')).toBe('hi-IN');
    expect(langAttr('hi', 'hi')).toBeUndefined();
  });

  it("is at its own address in its own language, and at its translation's in the other", () => {
    expect(
      contentAlternates({
        uri: '/about-the-firm',
        language: 'EN',
        translations: [{ language: 'HI', uri: '/hi/firm-ke-baare-mein' }],
      }),
    ).toEqual({ en: '/about-the-firm', hi: '/hi/firm-ke-baare-mein' });
    expect(contentAlternates({ uri: '/hi/practice/x/', language: 'HI', translations: [] })).toEqual({
      hi: '/hi/practice/x/',
    });
  });
});
