// The message catalogues (brief §10): one JSON file per namespace and language under catalog/{lang}/,
// all bundled, for the server's renders. (The browser loads single namespaces: catalog-loader.ts.)
import type { i18n, Resource } from 'i18next';
import { LANGUAGES, type Lang } from '@site/content-model';
import { createI18n } from './options';

type Messages = Record<string, unknown>;

const catalogues = import.meta.glob<Messages>('./catalog/*/*.json', { eager: true, import: 'default' });

/** './catalog/hi/blog.json' → { lang: 'hi', ns: 'blog' } */
export function catalogueOf(path: string): { lang: string; ns: string } {
  const [, lang = '', ns = ''] = /\.\/catalog\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { lang, ns };
}

/** Every namespace, by its English file (the parity test holds Hindi to the same set). */
export const NAMESPACES: readonly string[] = Object.keys(catalogues)
  .map(catalogueOf)
  .filter((c) => c.lang === 'en')
  .map((c) => c.ns)
  .sort();

/** All catalogues, as i18next takes them: { en: { common: {...} }, hi: {...} }. */
export function allResources(): Resource {
  const resources: Resource = {};
  for (const lang of LANGUAGES) resources[lang] = {};
  for (const [path, messages] of Object.entries(catalogues)) {
    const { lang, ns } = catalogueOf(path);
    const forLang = resources[lang];
    if (forLang) forLang[ns] = messages;
  }
  return resources;
}

const byLang = new Map<Lang, i18n>();

/** The server's i18next instance of a language, with every namespace, made on first use. */
export function i18nFor(lang: Lang): i18n {
  const instance = byLang.get(lang) ?? createI18n(lang, NAMESPACES, allResources());
  byLang.set(lang, instance);
  return instance;
}
