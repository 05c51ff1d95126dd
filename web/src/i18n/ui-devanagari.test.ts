import { describe, expect, it } from 'vitest';
import { devanagariCharsOf, englishPageDevanagari } from './ui-devanagari';
import { allResources } from './resources';

describe('devanagariCharsOf', () => {
  it('collects the Devanagari characters of nested catalogue texts, once each', () => {
    const chars = devanagariCharsOf([
      { language: { switchTo: 'हिन्दी' }, other: 'Read More' },
      { list: { otherLanguage: 'हिन्दी में लेख →' }, n: 3 },
    ]);
    expect([...chars]).toEqual([...new Set([...'हिन्दीमेंलेख'])].sort());
    expect(chars).not.toMatch(/[A-Za-z →]/);
  });

  it('is empty for catalogues without Devanagari', () => {
    expect(devanagariCharsOf([{ a: 'Home' }, 'x', null])).toBe('');
  });
});

describe('englishPageDevanagari', () => {
  it("holds the switcher's word and the blog's link to the Hindi list, written in Hindi", () => {
    const { en = {}, hi = {} } = allResources();
    const chars = englishPageDevanagari(en, hi);
    for (const ch of 'हिन्दी') expect(chars).toContain(ch);
    const link = (hi.blog as { thisLanguageList: string }).thisLanguageList;
    for (const ch of link.replace(/[^\p{Script=Devanagari}]/gu, '')) expect(chars).toContain(ch);
  });
});

describe('the English catalogues', () => {
  it('have Devanagari in `common` only, which the server reads without the bundler (devanagari-font.server.ts)', () => {
    const { en = {} } = allResources();
    const withDevanagari = Object.entries(en)
      .filter(([, messages]) => devanagariCharsOf([messages]) !== '')
      .map(([ns]) => ns);
    expect(withDevanagari).toEqual(['common']);
  });
});
