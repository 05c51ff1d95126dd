// How every i18next instance of the site is set up, on the server and in an island alike.
import { createInstance, type i18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HTML_LANG, type Lang } from '@site/content-model';

/** A key missing from a catalogue is a bug: tests fail on it, production shows the key and logs. */
function reportMissing(lngs: readonly string[], ns: string, key: string): void {
  const message = `i18n: missing "${ns}:${key}" (${lngs.join(', ')})`;
  if (import.meta.env.MODE === 'test') throw new Error(message);
  console.error(message);
}

/**
 * An instance of one language, never switched (a render, on the server or in an island, is in one
 * language), initialised synchronously: a render cannot wait for catalogues.
 */
export function createI18n(lang: Lang, namespaces: readonly string[], resources: Resource): i18n {
  const options: InitOptions = {
    lng: lang,
    fallbackLng: false,
    ns: [...namespaces],
    defaultNS: 'common',
    resources,
    initAsync: false,
    // React escapes what it renders; the catalogues hold plain text.
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: reportMissing,
  };
  const instance = createInstance(options);
  void instance.use(initReactI18next).init();
  return instance;
}

/** `Intl` locale of a language: dates and numbers as India writes them. */
export function intlLocale(lang: Lang): string {
  return HTML_LANG[lang];
}
