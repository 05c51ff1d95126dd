// The visitor's language choice (brief §10). Following the header's switcher remembers it in the
// `lang` cookie for a year. A visitor who chose Hindi and comes back to the bare home page from
// outside the site (typing the address, a bookmark, a search result for the home page) is taken to
// the Hindi home page; every other address keeps its own language, and crawlers, which carry no
// cookie, are never redirected. The browser's language is not consulted.
// The boot module is written into each page whole, so it shares no module with the islands'
// code (web/server/assets.server.ts): the two language codes are spelled here, not imported.
import type { Lang } from '@site/content-model';

/** The cookie that remembers a visitor's choice. */
export const LANG_COOKIE = 'lang';

function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'hi';
}

const SWITCH_SELECTOR = '[data-lang-switch]';
const YEAR_S = 365 * 24 * 60 * 60;

export function rememberedLang(cookie: string): Lang | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLang(value)) return value;
  }
  return null;
}

function remember(doc: Document, lang: Lang): void {
  doc.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

/**
 * Where a visitor arriving at `url` from `referrer` should be instead, or null to stay. The
 * remembered language is asked for only on the bare home page: reading the cookie waits on the
 * browser's cookie store.
 */
export function homeRedirect(url: URL, referrer: string, remembered: () => Lang | null): string | null {
  if (url.pathname !== '/' || url.search !== '' || remembered() !== 'hi') return null;
  try {
    if (referrer && new URL(referrer).origin === url.origin) return null;
  } catch {
    // An unreadable referrer counts as outside the site.
  }
  return `/hi/${url.hash}`;
}

export function initLanguage(doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  const to = homeRedirect(new URL(win.location.href), doc.referrer, () => rememberedLang(doc.cookie));
  if (to) {
    win.location.replace(to);
    return;
  }
  // On the switch links themselves: a tap anywhere else calls no script for this.
  for (const link of doc.querySelectorAll(SWITCH_SELECTOR))
    link.addEventListener('click', () => {
      const lang = link.getAttribute('data-lang-switch');
      if (isLang(lang)) remember(doc, lang);
    });
}
