// An island's texts in the browser (brief §10): only the namespaces it shows, in the page's
// language, loaded with its code. Its own chunk: pages whose islands show no text never load i18next.
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Lang } from '@site/content-model';
import { loadNamespaces } from '../i18n/catalog-loader';
import { createI18n } from '../i18n/options';

/** Wraps an island's tree in its texts' provider. */
export type TextsWrapper = (children: ReactNode) => ReactNode;

export async function islandI18n(lang: Lang, namespaces: readonly string[]): Promise<TextsWrapper> {
  const i18n = createI18n(lang, namespaces, { [lang]: await loadNamespaces(lang, namespaces) });
  return function withTexts(children) {
    return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  };
}
