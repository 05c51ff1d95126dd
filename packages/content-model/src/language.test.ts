import { describe, expect, it } from 'vitest';
import { detectLanguage, hasDevanagari, langOfPath, localizePath, splitLangPath } from './language';

describe('detectLanguage', () => {
  it('tells Hindi by its script, even with English names and section numbers in it', () => {
    expect(detectLanguage('गिरफ्तारी के बाद जमानत कैसे मिलती है')).toBe('hi');
    expect(
      detectLanguage('BNSS की धारा 480 के अंतर्गत ज़मानत: FIR दर्ज होने के बाद आपके अधिकार और परिवार क्या करे'),
    ).toBe('hi');
    expect(detectLanguage('How to file for divorce in India')).toBe('en');
  });

  it('keeps English an English text that quotes a Hindi word or two', () => {
    expect(
      detectLanguage('Maintenance (भरण-पोषण) under Section 144 BNSS: who can claim it and how courts decide'),
    ).toBe('en');
  });

  it('counts vowel signs as letters, and a text without letters as English', () => {
    // Every vowel sign (a combining mark) belongs to the word: "किताबें" is 7 code points, all Devanagari.
    expect(detectLanguage('किताबें and a few English words')).toBe('en');
    expect(detectLanguage('किताबें और')).toBe('hi');
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('2026 — 480 / 482 ₹')).toBe('en');
  });
});

describe('hasDevanagari', () => {
  it('finds any Devanagari, the danda included', () => {
    expect(hasDevanagari('<p>नमस्ते</p>')).toBe(true);
    expect(hasDevanagari('English only, ₹ 500')).toBe(false);
  });
});

describe('addresses per language', () => {
  it('splits a Hindi address into its language and the English path', () => {
    expect(splitLangPath('/hi/blog/x')).toEqual({ lang: 'hi', path: '/blog/x' });
    expect(splitLangPath('/hi/')).toEqual({ lang: 'hi', path: '/' });
    expect(splitLangPath('/hi')).toEqual({ lang: 'hi', path: '/' });
    expect(splitLangPath('/hindi-law')).toEqual({ lang: 'en', path: '/hindi-law' });
    expect(splitLangPath('/blog')).toEqual({ lang: 'en', path: '/blog' });
    expect(langOfPath('/hi/practice-areas/family-law/')).toBe('hi');
  });

  it('puts a site path in a language, once, with its query and fragment', () => {
    expect(localizePath('hi', '/')).toBe('/hi/');
    expect(localizePath('hi', '/blog?q=x#top')).toBe('/hi/blog?q=x#top');
    expect(localizePath('hi', '/hi/blog')).toBe('/hi/blog');
    expect(localizePath('en', '/hi/blog/page/2')).toBe('/blog/page/2');
    expect(localizePath('en', '/hi/')).toBe('/');
    expect(localizePath('en', '/about/')).toBe('/about/');
  });

  it('leaves addresses of other sites and relative ones alone', () => {
    expect(localizePath('hi', 'https://wa.me/911204001985')).toBe('https://wa.me/911204001985');
    expect(localizePath('hi', '//cdn.example/x')).toBe('//cdn.example/x');
    expect(localizePath('hi', 'mailto:a@b.in')).toBe('mailto:a@b.in');
    expect(localizePath('hi', '#contact')).toBe('#contact');
  });
});
