// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { homeRedirect, initLanguage, rememberedLang } from './language';

const home = new URL('https://site.example/');

describe('the remembered language', () => {
  it('reads the lang cookie among others, and ignores what is not a language', () => {
    expect(rememberedLang('a=1; lang=hi; b=2')).toBe('hi');
    expect(rememberedLang('lang=en')).toBe('en');
    expect(rememberedLang('lang=fr; x=hi')).toBeNull();
    expect(rememberedLang('')).toBeNull();
  });

  it('takes a Hindi reader arriving at the bare home page from outside to the Hindi home page', () => {
    expect(homeRedirect(home, '', () => 'hi')).toBe('/hi/');
    expect(homeRedirect(home, 'https://search.example/?q=law', () => 'hi')).toBe('/hi/');
    expect(homeRedirect(new URL('https://site.example/#contact'), '', () => 'hi')).toBe('/hi/#contact');
  });

  it('lets the address win everywhere else', () => {
    // Followed a link on the site (the switcher to English included).
    expect(homeRedirect(home, 'https://site.example/hi/', () => 'hi')).toBeNull();
    // Any other address, or the home page with a query.
    expect(homeRedirect(new URL('https://site.example/blog'), '', () => 'hi')).toBeNull();
    expect(homeRedirect(new URL('https://site.example/about/'), '', () => 'hi')).toBeNull();
    expect(homeRedirect(new URL('https://site.example/?utm=x'), '', () => 'hi')).toBeNull();
    // No choice, or English chosen.
    expect(homeRedirect(home, '', () => null)).toBeNull();
    expect(homeRedirect(home, '', () => 'en')).toBeNull();
  });

  it('remembers the language a followed switcher leads to', () => {
    document.body.innerHTML = '<header><a href="/hi/" data-lang-switch="hi"><span>हिन्दी</span></a></header>';
    document.cookie = 'lang=en; path=/';
    initLanguage(document);
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(rememberedLang(document.cookie)).toBe('hi');
  });
});
