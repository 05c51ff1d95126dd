// What a component needs to speak its page's language: the language itself, the page's paths in
// it, and dates in its calendar conventions.
import { useTranslation } from 'react-i18next';
import { isLang, localizePath, type Lang } from '@site/content-model';
import { intlLocale } from './options';

/** The language of the render (its i18next instance's). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'en';
}

/** A function putting a site path in the render's language: '/blog' → '/hi/blog' on a Hindi page. */
export function useLocalize(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(lang, path);
}

/** A long date as the page's language writes it: 'November 21, 2026' / '21 नवंबर 2026'. */
export function formatLongDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}
