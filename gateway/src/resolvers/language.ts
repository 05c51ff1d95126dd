// Translations of posts, pages and practice areas (brief §10): the companion plugin names the linked
// item's slug and language with the item; otherwise (Polylang, an older plugin) they are looked up by
// id through a loader, so a whole list costs one request per kind of item.
import type DataLoader from 'dataloader';
import type { Lang } from '@site/content-model';
import {
  knownTranslationRef,
  labelledLanguage,
  translationLinks,
  translationOf,
  type LanguageSource,
  type TranslationRef,
} from '../derive/language.js';
import type { GatewayContext } from '../context.js';
import type { Translation } from '../generated/resolvers.js';
import type { WpRef } from '../sources/types.js';
import { errorSummary } from './errors.js';

/**
 * The published translations an item links to, each at its address in its own language. A link to
 * something unpublished, deleted or in the item's own language is left out, and so is everything when
 * WordPress cannot be asked (logged): the page still shows, without its switcher's target.
 */
export async function translationsOf(
  ctx: GatewayContext,
  item: LanguageSource,
  own: Lang,
  refs: DataLoader<number, WpRef | null>,
  englishPath: (slug: string) => string,
): Promise<Translation[]> {
  const links = translationLinks(item, own);
  if (links.length === 0) return [];
  const known = links.map((link) => knownTranslationRef(item, link));
  const unknown = links.filter((_link, i) => known[i] === undefined).map((l) => l.id);
  let looked: Array<WpRef | null | Error> = [];
  if (unknown.length > 0) {
    try {
      looked = await refs.loadMany(unknown);
    } catch (error) {
      looked = unknown.map(() => (error instanceof Error ? error : new Error(String(error))));
    }
  }
  const found: Array<TranslationRef | null | Error> = known.map((ref) =>
    ref === undefined ? (looked.shift() ?? null) : ref,
  );
  return links.flatMap((link, i) => {
    const ref = found[i];
    if (ref instanceof Error) {
      ctx.logger.debug({ id: link.id, err: errorSummary(ref) }, 'translation lookup failed');
      return [];
    }
    if (!ref) return [];
    // The linked item's own label wins over what the link implies.
    const language = labelledLanguage(ref) ?? link.language;
    return language === own ? [] : [translationOf(language, ref.slug, englishPath(ref.slug))];
  });
}
