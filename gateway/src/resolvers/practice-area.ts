// PracticeArea: the seven built-in areas (brief §2) with their WordPress pages merged in, and
// practice_area posts from WordPress, listed and opened alike (derive/practice-areas.ts decides the
// order and which post replaces a built-in area). Built-in data is the fallback whenever WordPress
// fails.
import {
  BUILT_IN_PRACTICE_AREAS,
  builtInPracticeAreaSlugs,
  findBuiltInPracticeArea,
  type BuiltInPracticeArea,
  type Lang,
} from '@site/content-model';
import {
  contentLanguage,
  fromGraphqlLanguage,
  labelledLanguage,
  toGraphqlLanguage,
  type LanguageSource,
} from '../derive/language.js';
import {
  practiceAreaCard,
  practiceAreaDescription,
  practiceAreaList,
  practiceAreaOf,
  type PracticeAreaCard,
  type PracticeAreaContent,
  type PracticeAreaHelpers,
} from '../derive/practice-areas.js';
import type { GatewayContext } from '../context.js';
import type { NavLink, PracticeAreaResolvers, QueryResolvers } from '../generated/resolvers.js';
import { normalizeSlug } from '../loaders.js';
import {
  isFullPracticeArea,
  type WpPage,
  type WpPracticeArea,
  type WpPracticeAreaOrSummary,
  type WpPracticeAreaSummary,
} from '../sources/types.js';
import { errorSummary } from './errors.js';
import { bySlug } from './by-slug.js';
import { isDraft } from '../preview/drafts.js';
import { editUrl, practiceHelpers } from './shared.js';
import { translationsOf } from './language.js';
import { pageUri } from './page.js';
import { warnThrottled } from '../log-throttle.js';
import { memo } from '../memo.js';

/**
 * What a PracticeArea is resolved from. A list fetches summaries: the fields of a card, a link and
 * the admin list come from `card`; the body, structure, image and SEO are derived on first use,
 * loading the post behind a summary (batched over a whole list) and the images.
 */
export interface PracticeAreaModel {
  builtIn: BuiltInPracticeArea | null;
  page: WpPage | null;
  post: WpPracticeAreaOrSummary | null;
  card: PracticeAreaCard;
  /**
   * The language asked for (brief §10): the built-in copy's and the links'; not necessarily the
   * language of the WordPress content (the `language` field).
   */
  lang: Lang;
  /**
   * The whole posts of a list's summaries, by slug, loaded together before any area of the list is
   * derived, so that all their images are asked for in one request with the pages' images.
   */
  wholePosts?: () => Promise<ReadonlyMap<string, WpPracticeAreaOrSummary>>;
}

function cardHelpers(ctx: GatewayContext): Pick<PracticeAreaHelpers, 'editUrl'> {
  return { editUrl: (id) => editUrl(ctx.config, id) };
}

/**
 * WordPress's content for a built-in area, when it is written in the language asked for. A Hindi
 * page shows the area's own Hindi copy rather than the firm's English page (and the other way
 * round): a reader gets the area in their language, and the English content stays on the English
 * page (brief §10). An area written only in WordPress is shown as it is, in its language.
 */
function inLanguage<T extends LanguageSource>(item: T | null, lang: Lang): T | null {
  if (!item) return null;
  return (labelledLanguage(item) ?? contentLanguage(item)) === lang ? item : null;
}

/** An area's model; in English unless `parts.lang` says otherwise (previews are always English). */
export function model(
  ctx: GatewayContext,
  parts: Omit<PracticeAreaModel, 'card' | 'wholePosts' | 'lang'> & { lang?: Lang },
  wholePosts?: PracticeAreaModel['wholePosts'],
): PracticeAreaModel {
  const lang = parts.lang ?? 'en';
  const withLang = parts.builtIn
    ? { ...parts, page: inLanguage(parts.page, lang), post: inLanguage(parts.post, lang), lang }
    : { ...parts, lang };
  return {
    ...withLang,
    card: practiceAreaCard(withLang, cardHelpers(ctx)),
    ...(wholePosts ? { wholePosts } : {}),
  };
}

/**
 * The whole post behind a list's summary. One deleted since the list was fetched, or that cannot be
 * fetched now, keeps its summary and has no body.
 */
async function wholePost(
  post: WpPracticeAreaOrSummary,
  ctx: GatewayContext,
): Promise<WpPracticeAreaOrSummary> {
  if (isFullPracticeArea(post)) return post;
  try {
    return (await ctx.loaders.practiceAreaBySlug.load(post.slug)) ?? post;
  } catch (error) {
    ctx.logger.debug({ slug: post.slug, err: errorSummary(error) }, 'practice area body lookup failed');
    return post;
  }
}

function mediaIdsOf(item: WpPage | WpPracticeAreaOrSummary | null): number[] {
  if (!item || !('featured_media' in item)) return [];
  return [item.featured_media, item.page_structure?.hero_image ?? 0];
}

const wholeAreas = new WeakMap<PracticeAreaModel, Promise<PracticeAreaContent>>();

async function derive(area: PracticeAreaModel, ctx: GatewayContext): Promise<PracticeAreaContent> {
  // Not a second load through the DataLoader: a cache hit there resolves only with the loader's next
  // batch, after the images of the areas without a post have been asked for on their own.
  const listed = await area.wholePosts?.();
  const post = area.post ? (listed?.get(area.post.slug) ?? (await wholePost(area.post, ctx))) : null;
  const helpers = await practiceHelpers(ctx, mediaIdsOf(post ?? area.page));
  // A draft's body is derived without being kept (preview/drafts.ts).
  const draft = isDraft(post) || isDraft(area.page);
  const content = draft ? { ...helpers.content, memo: false } : helpers.content;
  return practiceAreaOf(
    { builtIn: area.builtIn, page: area.page, post, lang: area.lang },
    { ...helpers, content },
  );
}

/** The whole area, derived once per model. */
function whole(area: PracticeAreaModel, ctx: GatewayContext): Promise<PracticeAreaContent> {
  return memo(wholeAreas, area, () => derive(area, ctx));
}

/**
 * The language of the WordPress content behind an area (brief §10): the practice_area post's, else
 * its page's; a built-in area without WordPress content is in the language of its copy.
 */
async function areaLanguage(area: PracticeAreaModel, ctx: GatewayContext): Promise<Lang> {
  if (area.post) return labelledLanguage(area.post) ?? contentLanguage(await wholePost(area.post, ctx));
  if (area.page) return contentLanguage(area.page);
  // The built-in copy, in the language asked for.
  return area.lang;
}

/** Where a linked practice_area post lives in English: a built-in area's address, or /practice/{slug}/. */
function practicePostPath(slug: string): string {
  const builtIn = findBuiltInPracticeArea(slug) ?? null;
  return practiceAreaCard({ builtIn, page: null, post: { slug } }, {}).link;
}

export const PracticeArea: PracticeAreaResolvers<GatewayContext, PracticeAreaModel> = {
  id: (area) => area.card.id,
  slug: (area) => area.card.slug,
  title: (area) => area.card.title,
  // Only a practice_area post without an excerpt needs its body for this (no images).
  description: async (area, _args, ctx) =>
    area.card.description ??
    practiceAreaDescription({ ...area, post: area.post ? await wholePost(area.post, ctx) : null }, area.card),
  icon: (area) => area.card.icon,
  link: (area) => area.card.link,
  origin: (area) => area.card.origin,
  editUrl: (area) => area.card.editUrl,
  modified: (area) => area.card.modified,
  contentHtml: async (area, _args, ctx) => (await whole(area, ctx)).contentHtml ?? null,
  heroSubtitle: async (area, _args, ctx) => (await whole(area, ctx)).heroSubtitle ?? null,
  servicesTitle: async (area, _args, ctx) => (await whole(area, ctx)).servicesTitle ?? null,
  services: async (area, _args, ctx) => (await whole(area, ctx)).services,
  whyChooseTitle: async (area, _args, ctx) => (await whole(area, ctx)).whyChooseTitle ?? null,
  whyChooseUs: async (area, _args, ctx) => (await whole(area, ctx)).whyChooseUs,
  featuredImage: async (area, _args, ctx) => (await whole(area, ctx)).featuredImage ?? null,
  seo: async (area, _args, ctx) => (await whole(area, ctx)).seo,
  language: async (area, _args, ctx) => toGraphqlLanguage(await areaLanguage(area, ctx)),
  translations: async (area, _args, ctx) => {
    if (area.post) {
      const own = await areaLanguage(area, ctx);
      return translationsOf(ctx, area.post, own, ctx.loaders.practiceAreaRefById, practicePostPath);
    }
    if (area.page) {
      return translationsOf(ctx, area.page, contentLanguage(area.page), ctx.loaders.pageRefById, pageUri);
    }
    return [];
  },
};

/** A WordPress failure built-in data stands in for, logged at most once per window. */
function warnFallback(ctx: GatewayContext, error: unknown, msg: string, slug?: string): void {
  warnThrottled(ctx, { ...(slug === undefined ? {} : { slug }), err: errorSummary(error) }, msg);
}

/** The WordPress pages of the built-in areas (brief §7: one request); none when WordPress fails. */
async function practicePages(ctx: GatewayContext): Promise<WpPage[]> {
  const pages: WpPage[] = [];
  try {
    const result = [...(await ctx.api.practicePages(BUILT_IN_PRACTICE_AREAS.map((a) => a.wpSlug))).values()];
    for (const value of result) if (value && !(value instanceof Error)) pages.push(value);
    const failure = result.find((value) => value instanceof Error);
    if (failure) throw failure;
  } catch (error) {
    // brief §8: areas whose page could not be fetched fall back to their built-in content.
    warnFallback(ctx, error, 'practice pages failed; serving built-in practice areas');
  }
  for (const page of pages) ctx.loaders.pageBySlug.prime(page.slug, page);
  ctx.loaders.primeFeaturedImages(pages);
  return pages;
}

/** The published practice_area posts; `complete` is false when WordPress could not say. */
async function listedPosts(
  ctx: GatewayContext,
): Promise<{ posts: WpPracticeAreaSummary[]; complete: boolean }> {
  try {
    return { posts: await ctx.api.listPracticeAreas(), complete: true };
  } catch (error) {
    warnFallback(ctx, error, 'practice area list failed; listing the built-in practice areas only');
    return { posts: [], complete: false };
  }
}

/**
 * Whether the slug is one of the practice areas the site lists (the contact form's choice). A
 * built-in area is always listed. When WordPress cannot say which practice_area posts are published,
 * any slug is taken: an enquiry is worth more than the check of its label.
 */
export async function isListedPracticeArea(ctx: GatewayContext, slug: string): Promise<boolean> {
  if (BUILT_IN_PRACTICE_AREAS.some((a) => a.slug === slug)) return true;
  const { cards, complete } = await listedCards(ctx);
  return !complete || cards.some((card) => card.slug === slug);
}

/** The cards of the practice list (practiceAreaList), without the built-in areas' WordPress pages. */
async function listedCards(ctx: GatewayContext, lang: Lang = 'en') {
  const { posts, complete } = await listedPosts(ctx);
  const helpers = cardHelpers(ctx);
  const cards = practiceAreaList(posts).map((entry) =>
    practiceAreaCard({ ...entry, page: null, lang }, helpers),
  );
  return { cards, complete };
}

/**
 * The site's navigation to every practice area (Site.practiceLinks, the footer): the areas and order
 * of the practice list (practiceAreaList), each linking to its page. Built-in areas keep their own
 * names unless a practice_area post replaces them: their WordPress pages are not asked for, so a
 * page with the layout costs WordPress only the (cached) list of practice_area posts. When WordPress
 * fails, the built-in areas alone.
 */
export async function practiceLinks(ctx: GatewayContext, lang: Lang = 'en'): Promise<NavLink[]> {
  const { cards } = await listedCards(ctx, lang);
  return cards.map((card) => ({ label: card.title, href: card.link }));
}

/** Longest input worth trying against the built-in names and legacy paths. */
const MAX_PRACTICE_SLUG_INPUT = 200;

export const practiceAreaQueries: Pick<QueryResolvers<GatewayContext>, 'practiceAreas' | 'practiceArea'> = {
  practiceAreas: async (_parent, args, ctx) => {
    const lang = fromGraphqlLanguage(args.language) ?? 'en';
    const [pages, { posts }] = await Promise.all([practicePages(ctx), listedPosts(ctx)]);
    const pageFor = new Map(pages.map((p) => [normalizeSlug(p.slug), p]));
    const entries = practiceAreaList(posts);
    let bodies: Promise<ReadonlyMap<string, WpPracticeAreaOrSummary>> | null = null;
    const wholePosts = () =>
      (bodies ??= Promise.all(
        entries.flatMap(({ post }) =>
          post ? [wholePost(post, ctx).then((p) => [post.slug, p] as const)] : [],
        ),
      ).then((found) => new Map(found)));
    return entries.map(({ builtIn, post }) =>
      model(
        ctx,
        {
          builtIn,
          // A practice_area post replacing a built-in area replaces its page too.
          page: builtIn && !post ? (pageFor.get(normalizeSlug(builtIn.wpSlug)) ?? null) : null,
          post,
          lang,
        },
        wholePosts,
      ),
    );
  },

  practiceArea: async (_parent, args, ctx) => {
    const raw = typeof args.slug === 'string' ? args.slug.trim() : '';
    if (raw === '' || raw.length > MAX_PRACTICE_SLUG_INPUT) return null;
    const lang = fromGraphqlLanguage(args.language) ?? 'en';

    const builtIn = findBuiltInPracticeArea(raw);
    if (builtIn) {
      // Both questions at once: whether a practice_area post replaces the area, and its page.
      const [page, posts] = await Promise.all([
        ctx.loaders.pageBySlug.load(builtIn.wpSlug).catch((error: unknown) => {
          warnFallback(ctx, error, 'practice page failed; serving the built-in area', raw);
          return null;
        }),
        replacingPosts(ctx, builtIn, raw),
      ]);
      const post = practiceAreaList(posts).find((e) => e.builtIn === builtIn)?.post ?? null;
      return model(ctx, { builtIn, page: post ? null : page, post, lang });
    }

    return bySlug(ctx, raw, 'practice area', async (slug) => {
      const post = await ctx.loaders.practiceAreaBySlug.load(slug);
      return post ? model(ctx, { builtIn: null, page: null, post, lang }) : null;
    });
  },
};

/** The practice_area posts whose slug names the built-in area; none when WordPress fails. */
async function replacingPosts(
  ctx: GatewayContext,
  builtIn: BuiltInPracticeArea,
  raw: string,
): Promise<WpPracticeArea[]> {
  const found = await ctx.loaders.practiceAreaBySlug.loadMany(builtInPracticeAreaSlugs(builtIn));
  const failure = found.find((f) => f instanceof Error);
  if (failure) {
    warnFallback(ctx, failure, 'practice_area lookup failed; serving the built-in area with its page', raw);
    return [];
  }
  return found.filter((f): f is WpPracticeArea => f !== null && !(f instanceof Error));
}
