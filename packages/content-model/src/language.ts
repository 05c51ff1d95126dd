// The site's two languages (brief §10): English at today's addresses, Hindi under /hi/. What the
// gateway, the web server and the pages all need to agree on: the codes, the address scheme, and
// how a text's language is told when WordPress does not say.

export const LANGUAGES = ['en', 'hi'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** `<html lang>` and `hreflang` values: the languages as written in India. */
export const HTML_LANG: Readonly<Record<Lang, string>> = Object.freeze({ en: 'en-IN', hi: 'hi-IN' });
/** Open Graph's locale, which wants an underscore. */
export const OG_LOCALE: Readonly<Record<Lang, string>> = Object.freeze({ en: 'en_IN', hi: 'hi_IN' });

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'hi';
}

/** A path's language and the path as English has it: '/hi/blog/x' → { lang: 'hi', path: '/blog/x' }. */
export function splitLangPath(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/hi' || pathname.startsWith('/hi/')) {
    return { lang: 'hi', path: pathname.slice(3) || '/' };
  }
  return { lang: 'en', path: pathname };
}

export function langOfPath(pathname: string): Lang {
  return splitLangPath(pathname).lang;
}

/**
 * A site path in a language: localizePath('hi', '/blog') → '/hi/blog', ('hi', '/') → '/hi/'.
 * Paths already in a language are moved, not prefixed twice; absolute URLs, fragments and queries of
 * other sites pass unchanged.
 */
export function localizePath(lang: Lang, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const q = path.search(/[?#]/);
  const pathname = q === -1 ? path : path.slice(0, q);
  const rest = q === -1 ? '' : path.slice(q);
  const base = splitLangPath(pathname).path;
  // English has no prefix; another language's pages are under /{lang}.
  if (lang === 'en') return base + rest;
  return (base === '/' ? `/${lang}/` : `/${lang}${base}`) + rest;
}

// Devanagari letters and signs (U+0900–U+097F, with the extended blocks).
const DEVANAGARI = /\p{Script=Devanagari}/gu;
const LETTER = /\p{L}|\p{M}/gu;

/**
 * The language of a text WordPress did not label: Hindi when at least a third of its letters are
 * Devanagari (a Hindi post quotes English section names and Latin abbreviations), else English.
 * Markup should be stripped first; an empty text is English.
 */
export function detectLanguage(text: string): Lang {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return 'en';
  const devanagari = text.match(DEVANAGARI)?.length ?? 0;
  return devanagari * 3 >= letters ? 'hi' : 'en';
}

/** True when a text has any Devanagari: a page showing it needs the Devanagari font. */
export function hasDevanagari(text: string): boolean {
  return /\p{Script=Devanagari}/u.test(text);
}
