// Single catalogues on demand, for the browser's islands: each JSON file is a chunk of its own.
import type { ResourceLanguage } from 'i18next';
import type { Lang } from '@site/content-model';

const catalogues = import.meta.glob<Record<string, unknown>>('./catalog/*/*.json', { import: 'default' });

/** Some namespaces of one language; an unknown one is empty (its keys then report as missing). */
export async function loadNamespaces(lang: Lang, namespaces: readonly string[]): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      const load = catalogues[`./catalog/${lang}/${ns}.json`];
      return [ns, load ? await load() : {}] as const;
    }),
  );
  return Object.fromEntries(entries);
}
