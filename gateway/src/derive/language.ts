// The language of WordPress content (brief §10): what WordPress says — Polylang's `lang`, else the
// companion plugin's `language` — else what the text's script says (detectLanguage), and the links
// to the same content in the other language. Pure: WordPress JSON in, schema values out; looking up
// a linked item's address is the resolvers' (resolvers/language.ts).
import { detectLanguage, localizePath, type Lang } from '@site/content-model';
import type { Language, Translation } from '../generated/resolvers.js';
import { memo } from '../memo.js';
import { htmlToText, titleText } from './text.js';

/** The language fields of a WordPress answer, as sources/types.ts parses them. */
export interface LanguageFieldsLike {
  /** Polylang's language code ("hi", "en"; absent without Polylang). */
  lang?: string | undefined;
  /** Polylang's links: language code -> id, the item itself included. */
  translations?: Readonly<Record<string, number>> | undefined;
  /** The companion plugin's language ("hi", "en"; "" = not set). */
  language?: string | undefined;
  /** The companion plugin's link: the id of the item in the other language, 0 = none. */
  translation?: number | undefined;
  /** The companion plugin's published translation (null: none); absent from older plugins. */
  translation_ref?: TranslationRef | null | undefined;
}

/** A linked item as the gateway needs it to link there: its address and its language as labelled. */
export interface TranslationRef {
  id: number;
  slug: string;
  lang?: string | undefined;
  language?: string | undefined;
}

/** What the language is told from when WordPress does not say. */
export interface LanguageSource extends LanguageFieldsLike {
  id?: number | undefined;
  title?: { rendered: string } | undefined;
  content?: { rendered: string } | undefined;
}

/** A link to the translation found in an item: its language and its WordPress id. */
export interface TranslationLink {
  language: Lang;
  id: number;
}

/**
 * One of the site's languages from a code as plugins write it: 'hi', 'HI', 'hi-IN', 'hi_IN' → 'hi';
 * null for anything else (another language, "", not a string).
 */
export function toLang(code: unknown): Lang | null {
  if (typeof code !== 'string') return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return base === 'en' || base === 'hi' ? base : null;
}

export function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'hi' : 'en';
}

export function toGraphqlLanguage(lang: Lang): Language {
  return lang === 'hi' ? 'HI' : 'EN';
}

export function fromGraphqlLanguage(language: Language | null | undefined): Lang | undefined {
  if (language === 'HI') return 'hi';
  if (language === 'EN') return 'en';
  return undefined;
}

/** The language WordPress gives an item: Polylang's, else the companion plugin's; null when neither says. */
export function labelledLanguage(item: LanguageFieldsLike): Lang | null {
  return toLang(item.lang) ?? toLang(item.language);
}

/**
 * Whether the answer carries a language field at all (even an empty one): then WordPress runs
 * Polylang or the companion plugin, and honoured the language filter it was sent (api.ts).
 */
export function knowsLanguage(item: LanguageFieldsLike): boolean {
  return item.lang !== undefined || item.language !== undefined;
}

const detected = new WeakMap<object, Lang>();

/**
 * The language of an item: WordPress's label, else the script of its title and body (markup
 * stripped). An item without a body (a list's summary) is told from its title alone: callers load the
 * whole item first when it has no label.
 */
export function contentLanguage(item: LanguageSource): Lang {
  return (
    labelledLanguage(item) ??
    memo(detected, item, () => {
      const title = item.title ? titleText(item.title.rendered) : '';
      const body = item.content ? htmlToText(item.content.rendered) : '';
      return detectLanguage(`${title}\n${body}`);
    })
  );
}

/**
 * The translations an item links to, other than itself and its own language: Polylang's
 * `translations` when it names any, else the companion plugin's `translation` (in the other language).
 * At most one per language.
 */
export function translationLinks(item: LanguageSource, own: Lang): TranslationLink[] {
  const links: TranslationLink[] = [];
  for (const [code, id] of Object.entries(item.translations ?? {})) {
    const language = toLang(code);
    if (language === null || language === own || id === item.id) continue;
    if (!links.some((l) => l.language === language)) links.push({ language, id });
  }
  if (links.length > 0) return links;
  const id = item.translation ?? 0;
  return id > 0 && id !== item.id ? [{ language: otherLang(own), id }] : [];
}

/**
 * How many of a category's posts are in `lang`: the companion plugin's count; with Polylang, all of
 * them when the category is in that language and none otherwise; when WordPress says neither, all of
 * them (the language of each post is not known without reading them).
 */
export function categoryCountIn(
  category: {
    count: number;
    lang?: string | undefined;
    language_counts?: Record<Lang, number> | null | undefined;
  },
  lang: Lang,
): number {
  if (category.language_counts) return category.language_counts[lang];
  const own = toLang(category.lang);
  if (own) return own === lang ? category.count : 0;
  return category.count;
}

/**
 * What the item itself says of the item a link leads to: the companion plugin's `translation_ref`
 * when the link is the plugin's `translation` (null: not published, so no link); undefined when the
 * item does not say, and the linked item has to be looked up.
 */
export function knownTranslationRef(
  item: LanguageSource,
  link: TranslationLink,
): TranslationRef | null | undefined {
  const ref = item.translation_ref;
  if (ref === undefined || link.id !== item.translation) return undefined;
  return ref && ref.id === link.id ? ref : null;
}

/**
 * A translation as the schema gives it. `englishPath` is where the item would live in English
 * (/blog/{slug}); the address is moved into the translation's own language (/hi/blog/{slug}).
 */
export function translationOf(language: Lang, slug: string, englishPath: string): Translation {
  return { language: toGraphqlLanguage(language), slug, uri: localizePath(language, englishPath) };
}
