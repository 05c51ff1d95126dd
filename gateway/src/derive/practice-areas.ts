import {
  BUILT_IN_PRACTICE_AREAS,
  findBuiltInPracticeArea,
  ICON_NAMES,
  localizePath,
  type BuiltInPracticeArea,
  type Lang,
} from '@site/content-model';
import { builtInCopy } from '@site/content-model/practice-area-copy';
import type { ContentOrigin, Feature, IconName, Media, PracticeArea, Seo } from '../generated/resolvers.js';
import { prepareContent } from './content.js';
import type { SanitizeOptions } from './sanitize.js';
import { lastModifiedWithOffset } from './date.js';
import { makeExcerpt } from './excerpt.js';
import { isRecord, mediaOrDefault, positiveInt } from './media.js';
import { mergeSeo } from './seo.js';
import { htmlToText, toWellFormed } from './text.js';
import type { WpFeatureItemLike, WpMediaLike, WpPageLike, WpPracticeAreaLike } from './types.js';

export type { Feature, IconName, PracticeArea };

/**
 * A whole practice area as derived here; its language and translations are the resolvers' (they may
 * need the post's body, or a lookup of the linked items).
 */
export type PracticeAreaContent = Omit<PracticeArea, 'language' | 'translations'>;

const ICON_BY_KEY = new Map<string, IconName>(ICON_NAMES.map((name) => [name.toLowerCase(), name]));

/**
 * An icon name from WordPress input, matched without regard to case or separators ("file-text",
 * "FILE_TEXT" -> FileText); anything unknown becomes `fallback`.
 */
export function toIconName(value: unknown, fallback: IconName): IconName {
  if (typeof value !== 'string') return fallback;
  return ICON_BY_KEY.get(value.replace(/[\s_-]+/g, '').toLowerCase()) ?? fallback;
}

export interface PracticeAreaHelpers {
  siteName: string;
  /** Origin of the public site (canonical URLs are built on it). */
  siteUrl: string;
  /**
   * Media already fetched for this request, by WordPress id: a mapped Media or the raw attachment.
   * Passed in so the derivation stays pure.
   */
  media?: (id: number) => Media | WpMediaLike | null | undefined;
  /** The WordPress edit screen for a post/page id, when there is a WordPress to edit in. */
  editUrl?: (id: number) => string | null | undefined;
  /** How bodies are sanitised (internal hosts, links to make site-relative). */
  content?: SanitizeOptions;
}

function rendered(value: unknown): string {
  return isRecord(value) && typeof value.rendered === 'string' ? value.rendered : '';
}

/** Feature items from page_structure; items without a title are dropped. */
export function featuresFromWp(items: unknown, fallbackIcon: IconName): Feature[] {
  if (!Array.isArray(items)) return [];
  const out: Feature[] = [];
  for (const item of items as unknown[]) {
    if (!isRecord(item)) continue;
    const i = item as WpFeatureItemLike;
    const title = htmlToText(i.title);
    if (title === '') continue;
    out.push({ icon: toIconName(i.icon, fallbackIcon), title, description: htmlToText(i.description) });
  }
  return out;
}

function lookupMedia(helpers: PracticeAreaHelpers, id: unknown, alt: string): Media | null {
  const mediaId = positiveInt(id);
  if (mediaId === null || !helpers.media) return null;
  const found = helpers.media(mediaId);
  if (found === null || found === undefined) return null;
  const media = mediaOrDefault(found, { fallbackAlt: alt });
  return media.isDefault ? null : media;
}

function contentHtml(page: WpPageLike, options: SanitizeOptions = {}): string | null {
  const raw = rendered(page.content);
  if (raw.trim() === '') return null;
  const html = prepareContent(raw, options).html.trim();
  return html === '' ? null : html;
}

function editUrlFor(helpers: Pick<PracticeAreaHelpers, 'editUrl'>, id: unknown): string | null {
  const wpId = positiveInt(id);
  if (wpId === null || !helpers.editUrl) return null;
  return helpers.editUrl(wpId) ?? null;
}

function canonicalFor(siteUrl: string, link: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${link}`;
}

/**
 * An address on the public site moved to its twin in a language (brief §10: every page has its own
 * canonical): a canonical WordPress gives for the English page names the Hindi page on a Hindi one.
 * Addresses elsewhere are the editor's choice and stay.
 */
function localizeSiteUrl(lang: Lang, url: string, siteUrl: string): string {
  if (lang === 'en') return url;
  const parsed = URL.parse(url);
  if (!parsed || parsed.origin !== URL.parse(siteUrl)?.origin) return url;
  parsed.pathname = localizePath(lang, parsed.pathname);
  return parsed.href;
}

/**
 * What one practice area is made of. A built-in area (brief §2) takes its content from a
 * `practice_area` post whose slug names it when there is one, else from its WordPress page (brief §7);
 * built-in data fills every gap. Without a built-in area, the post is the area (/practice/{slug}/).
 */
export interface PracticeAreaParts {
  builtIn: BuiltInPracticeArea | null;
  page: WpPageLike | null;
  post: WpPracticeAreaLike | null;
  /**
   * The language asked for (brief §10; English when not given): the built-in copy's and the links'.
   * What WordPress says is shown as WordPress has it.
   */
  lang?: Lang;
}

/** The name of a practice_area post WordPress gives none. */
const UNTITLED: Readonly<Record<Lang, string>> = Object.freeze({ en: 'Practice Area', hi: 'कार्यक्षेत्र' });

/** What a card, a link and the admin list show: known from a list, without a body or an image. */
export interface PracticeAreaCard {
  id: string;
  slug: string;
  title: string;
  /** Null when only the body can tell: a practice_area post without an excerpt. */
  description: string | null;
  icon: IconName;
  link: string;
  origin: ContentOrigin;
  editUrl: string | null;
  modified: string | null;
}

function record<T extends object>(value: T | null | undefined): T | null {
  return isRecord(value) ? value : null;
}

function slugOf(wp: WpPracticeAreaLike): string {
  const slug = typeof wp.slug === 'string' ? wp.slug.trim().toLowerCase() : '';
  // WordPress stores non-ASCII slugs percent-encoded; anything else unexpected is encoded here so the
  // link stays one path segment.
  if (/^[a-z0-9%-]+$/.test(slug) && slug !== '') return slug;
  if (slug !== '') return encodeURIComponent(toWellFormed(slug));
  const id = positiveInt(wp.id);
  return id === null ? 'practice-area' : `practice-area-${id}`;
}

function excerptOf(post: WpPracticeAreaLike): string {
  return makeExcerpt(rendered(post.excerpt), 200);
}

function modifiedOf(wp: WpPageLike): string | null {
  return lastModifiedWithOffset(wp) || null;
}

export function practiceAreaCard(
  parts: PracticeAreaParts,
  helpers: Pick<PracticeAreaHelpers, 'editUrl'>,
): PracticeAreaCard {
  const post = record(parts.post);
  const wp = post ?? record(parts.page);
  const { builtIn } = parts;
  const lang = parts.lang ?? 'en';
  if (builtIn) {
    return {
      id: `practice-area:${builtIn.slug}`,
      slug: builtIn.slug,
      title: (wp && htmlToText(rendered(wp.title))) || builtIn.titles[lang],
      // A page's excerpt was never written for a card; a practice area's is.
      description: (post && excerptOf(post)) || builtInCopy(builtIn, lang).description,
      icon: post ? toIconName(post.practice_icon, builtIn.icon) : builtIn.icon,
      link: localizePath(lang, builtIn.link),
      origin: wp ? 'WORDPRESS' : 'BUILT_IN',
      editUrl: wp ? editUrlFor(helpers, wp.id) : null,
      modified: wp ? modifiedOf(wp) : null,
    };
  }
  const own = post ?? {};
  const slug = slugOf(own);
  const databaseId = positiveInt(own.id);
  return {
    id: databaseId === null ? `practice_area:${slug}` : `practice_area:${databaseId}`,
    slug,
    title: htmlToText(rendered(own.title)) || UNTITLED[lang],
    description: excerptOf(own) || null,
    icon: toIconName(own.practice_icon, 'Scale'),
    link: localizePath(lang, `/practice/${slug}/`),
    origin: 'WORDPRESS',
    editUrl: editUrlFor(helpers, own.id),
    modified: modifiedOf(own),
  };
}

/** The description of an area whose card has none: the post's excerpt, else its body. */
export function practiceAreaDescription(parts: PracticeAreaParts, card: PracticeAreaCard): string {
  if (card.description !== null) return card.description;
  const post = record(parts.post);
  return post ? makeExcerpt(rendered(post.content), 200) : '';
}

/** The whole area: the card's fields and the body, structure, image and SEO. */
export function practiceAreaOf(parts: PracticeAreaParts, helpers: PracticeAreaHelpers): PracticeAreaContent {
  const card = practiceAreaCard(parts, helpers);
  // Built-in data fills every gap WordPress leaves.
  const lang = parts.lang ?? 'en';
  const fallback = parts.builtIn ? builtInCopy(parts.builtIn, lang) : null;
  const wp = record(parts.post) ?? record(parts.page);
  const structure = isRecord(wp?.page_structure) ? wp.page_structure : {};
  const description = practiceAreaDescription(parts, card);
  const services = featuresFromWp(structure.services_items, 'Scale');
  const whyChooseUs = featuresFromWp(structure.why_choose_items, 'Award');
  const featuredImage = wp
    ? (lookupMedia(helpers, wp.featured_media, card.title) ??
      lookupMedia(helpers, structure.hero_image, card.title))
    : null;
  const copies = (features: readonly Feature[]) => features.map((f) => ({ ...f }));
  return {
    ...card,
    description,
    contentHtml: wp ? contentHtml(wp, helpers.content) : null,
    heroSubtitle: htmlToText(structure.hero_subtitle) || fallback?.heroSubtitle || null,
    servicesTitle: htmlToText(structure.services_title) || fallback?.servicesTitle || null,
    services: services.length > 0 || !fallback ? services : copies(fallback.services),
    whyChooseTitle: htmlToText(structure.why_choose_title) || fallback?.whyChooseTitle || null,
    whyChooseUs: whyChooseUs.length > 0 || !fallback ? whyChooseUs : copies(fallback.whyChooseUs),
    featuredImage,
    seo: localizeSeo(
      lang,
      mergeSeo({
        yoast: wp?.yoast_head_json ?? null,
        seoMeta: wp?.seo_meta ?? null,
        title: card.title,
        description,
        canonical: canonicalFor(helpers.siteUrl, card.link),
        image: featuredImage?.url ?? null,
        siteName: helpers.siteName,
      }),
      helpers.siteUrl,
    ),
  };
}

/** SEO of a page in a language: its canonical and share address are that language's page. */
function localizeSeo(lang: Lang, seo: Seo, siteUrl: string): Seo {
  if (lang === 'en') return seo;
  return {
    ...seo,
    canonical: localizeSiteUrl(lang, seo.canonical, siteUrl),
    ogUrl: localizeSiteUrl(lang, seo.ogUrl, siteUrl),
  };
}

function menuOrder(post: WpPracticeAreaLike): number {
  return typeof post.menu_order === 'number' && Number.isFinite(post.menu_order) ? post.menu_order : 0;
}

const titleOrder = new Intl.Collator('en', { sensitivity: 'base' });

/** WordPress's "Order" (menu_order, lower first), then the title, then the older post first. */
export function comparePracticeAreaPosts(a: WpPracticeAreaLike, b: WpPracticeAreaLike): number {
  return (
    menuOrder(a) - menuOrder(b) ||
    titleOrder.compare(htmlToText(rendered(a.title)), htmlToText(rendered(b.title))) ||
    (positiveInt(a.id) ?? 0) - (positiveInt(b.id) ?? 0)
  );
}

export interface PracticeAreaListEntry<P extends WpPracticeAreaLike> {
  builtIn: BuiltInPracticeArea | null;
  post: P | null;
}

/**
 * Every practice area in the order the site lists them: the seven built-in areas in brief §2's order,
 * then the practice_area posts by comparePracticeAreaPosts. A post whose slug names a built-in area
 * (its slug, its WordPress page's slug or an old address of it) is that area's content instead, in
 * its place and at its address; when several name one area, the one with its exact slug wins, else
 * the first in order, and the others are left out (their addresses lead to the area anyway).
 */
export function practiceAreaList<P extends WpPracticeAreaLike>(
  posts: readonly P[],
): PracticeAreaListEntry<P>[] {
  const sorted = posts.filter((p) => isRecord(p)).sort(comparePracticeAreaPosts);
  const replacing = new Map<BuiltInPracticeArea, P>();
  const own: P[] = [];
  for (const post of sorted) {
    const builtIn = typeof post.slug === 'string' ? findBuiltInPracticeArea(post.slug) : undefined;
    if (!builtIn) {
      own.push(post);
      continue;
    }
    const current = replacing.get(builtIn);
    const exact = (p: P) => slugOf(p) === builtIn.slug;
    if (!current || (exact(post) && !exact(current))) replacing.set(builtIn, post);
  }
  return [
    ...BUILT_IN_PRACTICE_AREAS.map((builtIn) => ({ builtIn, post: replacing.get(builtIn) ?? null })),
    ...own.map((post) => ({ builtIn: null, post })),
  ];
}
