// A page's addresses in both languages (brief §10): what the header's switcher links to and what
// the document's hreflang links name.
import { localizePath, splitLangPath, type Lang } from '@site/content-model';

export type Alternates = Readonly<Record<Lang, string>>;

/** What a route's loader returns when it knows better than the address (a post's translation). */
export interface WithAlternates {
  alternates: Partial<Alternates>;
}

/** Staff pages exist in English only: no switcher, no hreflang. */
export function isEnglishOnly(pathname: string): boolean {
  const { lang, path } = splitLangPath(pathname);
  return lang === 'en' && /^\/(?:wp-admin|preview)(?:\/|$)/.test(path);
}

function routeAlternates(data: unknown): Partial<Alternates> | undefined {
  if (!data || typeof data !== 'object' || !('alternates' in data)) return undefined;
  const alternates = (data as WithAlternates).alternates;
  return alternates && typeof alternates === 'object' ? alternates : undefined;
}

/**
 * The page's address in each language: the deepest route that names them (a post linked to its
 * translation), else the same path in the other language, which every reader's route has.
 * Null on an English-only page.
 */
export function pageAlternates(pathname: string, routeData: readonly unknown[] = []): Alternates | null {
  if (isEnglishOnly(pathname)) return null;
  let named: Partial<Alternates> | undefined;
  for (const data of routeData) named = routeAlternates(data) ?? named;
  return {
    en: named?.en ?? localizePath('en', pathname),
    hi: named?.hi ?? localizePath('hi', pathname),
  };
}
