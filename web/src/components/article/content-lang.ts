// Content and the page around it may be in different languages (brief §10): an English post on a
// Hindi page, or a practice area's WordPress text beside the built-in Hindi copy. What is shown in
// the other language than the page says so with its own `lang`, and links name their translations.
import { detectLanguage, HTML_LANG, localizePath, type Lang } from '@site/content-model';
import type { Language } from '../../gql/graphql';
import type { Alternates } from '../../i18n/alternates';
import { useLang } from '../../i18n/use-lang';

/** A language as the GraphQL schema names it, as the site does: 'HI' → 'hi'. */
export function langOf(language: Language): Lang {
  return language === 'HI' ? 'hi' : 'en';
}

/** The `lang` attribute of content in `content` on a page in `page`: none when they agree. */
export function langAttr(content: Lang, page: Lang): string | undefined {
  return content === page ? undefined : HTML_LANG[content];
}

/**
 * The `lang` attribute content needs on this page: from the language WordPress gave it, or (a text
 * whose origin is mixed, like a practice area's) from the text's own script.
 */
export function useContentLang(): (content: Language | { text: string }) => string | undefined {
  const page = useLang();
  return (content) =>
    langAttr(typeof content === 'string' ? langOf(content) : detectLanguage(content.text), page);
}

export interface TranslatedContent {
  /** The content's own address, in English as the gateway gives it (/blog/{slug}). */
  uri: string;
  language: Language;
  translations: ReadonlyArray<{ language: Language; uri: string }>;
}

/**
 * The addresses of a piece of content in both languages (the header's switcher and hreflang): its
 * own address in its own language, its translation's in the other. A language it has no translation
 * in is left out: the address's twin there is the nearest page (i18n/alternates.ts).
 */
export function contentAlternates(content: TranslatedContent): Partial<Alternates> {
  const own = langOf(content.language);
  const alternates: Partial<Record<Lang, string>> = { [own]: localizePath(own, content.uri) };
  for (const translation of content.translations) {
    const lang = langOf(translation.language);
    if (lang !== own) alternates[lang] ??= localizePath(lang, translation.uri);
  }
  return alternates;
}
