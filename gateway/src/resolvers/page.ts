// Page: generic WordPress pages (/{slug}) and the page list the sitemap needs.
import { findBuiltInPracticeArea, type Lang } from '@site/content-model';
import { prepareContent } from '../derive/content.js';
import { lastModifiedWithOffset, withUtcOffset } from '../derive/date.js';
import { clampExcerptLength, makeExcerpt } from '../derive/excerpt.js';
import { contentLanguage, labelledLanguage, toGraphqlLanguage } from '../derive/language.js';
import { featuresFromWp } from '../derive/practice-areas.js';
import { editorNoindex, mergeSeo } from '../derive/seo.js';
import { htmlToText, titleText } from '../derive/text.js';
import type { GatewayContext } from '../context.js';
import type { PageResolvers, PageStructureResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { WpPage, WpPageStructure, WpPageSummary } from '../sources/types.js';
import { errorSummary, upstreamUnavailable } from './errors.js';
import { clampInt } from './inputs.js';
import { bySlug } from './by-slug.js';
import { contentOptionsFor, editUrl, optionalImage, siteName } from './shared.js';
import { translationsOf } from './language.js';
import { warnThrottled } from '../log-throttle.js';

/** Practice pages live at their practice-area path; every other page at /{slug}. */
export function pageUri(slug: string): string {
  const practice = findBuiltInPracticeArea(slug);
  return practice && practice.wpSlug === slug ? practice.link : `/${slug}`;
}

function pageTitle(page: WpPage): string {
  return titleText(page.title.rendered);
}

function excerptSource(page: WpPage): string {
  return htmlToText(page.excerpt.rendered) !== '' ? page.excerpt.rendered : page.content.rendered;
}

export const Page: PageResolvers<GatewayContext, WpPage> = {
  id: (page) => `page:${page.id}`,
  databaseId: (page) => page.id,
  slug: (page) => page.slug,
  uri: (page) => pageUri(page.slug),
  title: (page) => pageTitle(page),
  date: (page) => withUtcOffset(page.date, page.date_gmt),
  modified: (page) => lastModifiedWithOffset(page),
  excerpt: (page, args) => makeExcerpt(excerptSource(page), clampExcerptLength(args.length)),
  contentHtml: (page, _args, ctx) => prepareContent(page.content.rendered, contentOptionsFor(ctx, page)).html,
  toc: (page, _args, ctx) => prepareContent(page.content.rendered, contentOptionsFor(ctx, page)).toc,
  featuredImage: (page, _args, ctx) => optionalImage(ctx, page.featured_media, pageTitle(page)),
  seo: async (page, _args, ctx) => {
    const title = pageTitle(page);
    const image = await optionalImage(ctx, page.featured_media, title);
    return mergeSeo({
      yoast: page.yoast_head_json,
      seoMeta: page.seo_meta,
      title,
      description: makeExcerpt(excerptSource(page), 160),
      canonical: `${ctx.config.site.url}${pageUri(page.slug)}`,
      image: image?.url ?? null,
      siteName: siteName(ctx.config),
    });
  },
  structure: (page) => page.page_structure,
  editUrl: (page, _args, ctx) => editUrl(ctx.config, page.id),
  language: (page) => toGraphqlLanguage(contentLanguage(page)),
  translations: (page, _args, ctx) =>
    translationsOf(ctx, page, contentLanguage(page), ctx.loaders.pageRefById, pageUri),
};

/**
 * A listed page's language: WordPress's label, else told from the whole page (loaded by slug, one
 * batched request for the list); English when that cannot be had.
 */
async function pageSummaryLanguage(summary: WpPageSummary, ctx: GatewayContext): Promise<Lang> {
  const label = labelledLanguage(summary);
  if (label !== null) return label;
  try {
    const page = await ctx.loaders.pageBySlug.load(summary.slug);
    if (page) return contentLanguage(page);
  } catch (error) {
    ctx.logger.debug({ slug: summary.slug, err: errorSummary(error) }, 'page language lookup failed');
  }
  return 'en';
}

function orNull(html: string | undefined): string | null {
  const text = htmlToText(html);
  return text === '' ? null : text;
}

export const PageStructure: PageStructureResolvers<GatewayContext, WpPageStructure> = {
  heroSubtitle: (s) => orNull(s.hero_subtitle),
  heroImage: (s, _args, ctx) => optionalImage(ctx, s.hero_image, orNull(s.hero_subtitle) ?? ''),
  servicesTitle: (s) => orNull(s.services_title),
  servicesItems: (s) => featuresFromWp(s.services_items, 'Scale'),
  whyChooseTitle: (s) => orNull(s.why_choose_title),
  whyChooseImage: (s, _args, ctx) => optionalImage(ctx, s.why_choose_image, orNull(s.why_choose_title) ?? ''),
  whyChooseItems: (s) => featuresFromWp(s.why_choose_items, 'Award'),
};

export const pageQueries: Pick<QueryResolvers<GatewayContext>, 'page' | 'pages'> = {
  // 'Failed to fetch page' is the old site's hook's message (brief §8).
  page: (_parent, args, ctx) => bySlug(ctx, args.slug, 'page', (slug) => ctx.loaders.pageBySlug.load(slug)),

  pages: async (_parent, args, ctx) => {
    const perPage = clampInt(args.first, 100, 1, 100);
    try {
      const pages = await ctx.api.listPages(perPage);
      const languages = await Promise.all(pages.map((p) => pageSummaryLanguage(p, ctx)));
      return pages.map((p, i) => ({
        slug: p.slug,
        uri: pageUri(p.slug),
        modified: lastModifiedWithOffset(p),
        language: toGraphqlLanguage(languages[i] ?? 'en'),
        noindex: editorNoindex(p.yoast_head_json, p.seo_meta),
      }));
    } catch (error) {
      warnThrottled(ctx, { err: errorSummary(error) }, 'pages list failed');
      throw upstreamUnavailable('Failed to fetch pages');
    }
  },
};
