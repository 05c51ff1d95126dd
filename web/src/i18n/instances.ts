// The server's i18next instances: one per language with every namespace, made on first use.
import type { i18n } from 'i18next';
import type { Lang } from '@site/content-model';
import { createI18n } from './options';
import { allResources, NAMESPACES } from './resources';

const byLang = new Map<Lang, i18n>();

export function i18nFor(lang: Lang): i18n {
  let instance = byLang.get(lang);
  if (!instance) {
    instance = createI18n(lang, NAMESPACES, allResources());
    byLang.set(lang, instance);
  }
  return instance;
}
