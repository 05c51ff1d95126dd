// Post: blog posts from /posts, with everything the screens need derived once here.
import { POSTS_MAX_FIRST, type Lang } from '@site/content-model';
import { bannerFrom } from '../derive/banner.js';
import { prepareContent } from '../derive/content.js';
import { formatLongDate, lastModifiedWithOffset, withUtcOffset } from '../derive/date.js';
import { clampExcerptLength, makeExcerpt } from '../derive/excerpt.js';
import { readingTimeFromWords } from '../derive/reading-time.js';
import { editorNoindex, mergeSeo } from '../derive/seo.js';
import {
  contentLanguage,
  fromGraphqlLanguage,
  labelledLanguage,
  toGraphqlLanguage,
} from '../derive/language.js';
import { htmlToText, titleText } from '../derive/text.js';
import type { GatewayContext } from '../context.js';
import type { PostResolvers, QueryResolvers } from '../generated/resolvers.js';
import { isFullPost, type WpCategory, type WpPost, type WpPostLike } from '../sources/types.js';
import { UpstreamError } from '../sources/rest.js';
import { normalizeSlug } from '../loaders.js';
import { selects } from './selection.js';
import { errorSummary, upstreamUnavailable } from './errors.js';
import { boundedSearch, boundedSlug, clampInt } from './inputs.js';
import { bySlug } from './by-slug.js';
import { contentOptionsFor, featuredImageOrDefault, siteName } from './shared.js';
import { translationsOf } from './language.js';
import { warnThrottled } from '../log-throttle.js';

export function postTitle(post: WpPostLike): string {
  return titleText(post.title.rendered);
}

export function postUri(slug: string): string {
  return `/blog/${slug}`;
}

/**
 * A post behind a WordPress password. The site has no password form, so its page only says the
 * article is not on the website: search engines are told not to index that page, and the sitemap
 * and the feed leave it out. WordPress flags the excerpt as well as the body, so a list's summary
 * answers without the body.
 */
function isPasswordProtected(post: WpPostLike): boolean {
  return post.excerpt.protected === true || (isFullPost(post) && post.content.protected === true);
}

/**
 * The whole post behind a list's summary, loaded by slug only when a field needs the body or the
 * SEO blocks (one batched request for a whole list). A post deleted since the list was fetched
 * keeps its summary and an empty body.
 */
async function full(post: WpPostLike, ctx: GatewayContext): Promise<WpPost> {
  if (isFullPost(post)) return post;
  let found: WpPost | null = null;
  try {
    found = await ctx.loaders.postBySlug.load(post.slug);
  } catch (error) {
    ctx.logger.debug({ slug: post.slug, err: errorSummary(error) }, 'full post lookup failed');
  }
  return (
    found ?? {
      ...post,
      date_gmt: undefined,
      modified_gmt: undefined,
      status: undefined,
      type: undefined,
      link: undefined,
      content: { rendered: '' },
      yoast_head_json: null,
      seo_meta: null,
      banner_settings: null,
    }
  );
}

async function prepared(post: WpPostLike, ctx: GatewayContext) {
  return prepareContent((await full(post, ctx)).content.rendered, contentOptionsFor(ctx, post));
}

/** WordPress's label (lists carry it), else the script of the title and the whole body. */
async function postLanguage(post: WpPostLike, ctx: GatewayContext): Promise<Lang> {
  return labelledLanguage(post) ?? contentLanguage(await full(post, ctx));
}

/** The excerpt WordPress wrote (or generated), else the body. */
async function excerptSource(post: WpPostLike, ctx: GatewayContext): Promise<string> {
  if (htmlToText(post.excerpt.rendered) !== '') return post.excerpt.rendered;
  return (await full(post, ctx)).content.rendered;
}

export const Post: PostResolvers<GatewayContext, WpPostLike> = {
  id: (post) => `post:${post.id}`,
  databaseId: (post) => post.id,
  slug: (post) => post.slug,
  uri: (post) => postUri(post.slug),
  title: (post) => postTitle(post),
  date: (post) => withUtcOffset(post.date, post.date_gmt),
  dateFormatted: (post) => formatLongDate(post.date),
  modified: (post) => lastModifiedWithOffset(post),
  excerpt: async (post, args, ctx) =>
    makeExcerpt(await excerptSource(post, ctx), clampExcerptLength(args.length)),
  contentHtml: async (post, _args, ctx) => (await prepared(post, ctx)).html,
  passwordProtected: isPasswordProtected,
  // WordPress's count when the companion plugin gives one (lists need no body for it), else ours.
  readingTimeMinutes: async (post, _args, ctx) =>
    readingTimeFromWords(post.word_count ?? (await prepared(post, ctx)).words),
  toc: async (post, _args, ctx) => (await prepared(post, ctx)).toc,
  featuredImage: (post, _args, ctx) => featuredImageOrDefault(ctx, post.featured_media, postTitle(post)),
  categories: async (post, _args, ctx) => {
    if (post.categories.length === 0) return [];
    try {
      const found = await ctx.loaders.category.loadMany(post.categories);
      return found.filter((c): c is WpCategory => c !== null && !(c instanceof Error));
    } catch (error) {
      ctx.logger.debug({ err: errorSummary(error) }, 'categories lookup failed');
      return [];
    }
  },
  authorName: (post, _args, ctx) => htmlToText(post.author_name) || siteName(ctx.config),
  seo: async (summary, _args, ctx) => {
    const post = await full(summary, ctx);
    const title = postTitle(post);
    const image = await featuredImageOrDefault(ctx, post.featured_media, title);
    const seo = mergeSeo({
      yoast: post.yoast_head_json,
      seoMeta: post.seo_meta,
      title,
      description: makeExcerpt(await excerptSource(post, ctx), 160),
      canonical: `${ctx.config.site.url}${postUri(post.slug)}`,
      image: image.isDefault ? null : image.url,
      siteName: siteName(ctx.config),
    });
    return isPasswordProtected(post) ? { ...seo, noindex: true } : seo;
  },
  // From the list's own answer (api.ts, ROBOTS_FIELDS) or the whole post's SEO blocks alike; a
  // summary whose list did not ask is looked up whole.
  noindex: async (post, _args, ctx) => {
    if (isPasswordProtected(post)) return true;
    const known = isFullPost(post) || post.yoast_head_json !== undefined || post.seo_meta !== undefined;
    const source = known ? post : await full(post, ctx);
    return editorNoindex(source.yoast_head_json, source.seo_meta);
  },
  banner: async (summary, _args, ctx) => {
    const post = await full(summary, ctx);
    return bannerFrom(post.banner_settings, {
      title: postTitle(post),
      description: makeExcerpt(await excerptSource(post, ctx), 200),
    });
  },
  language: async (post, _args, ctx) => toGraphqlLanguage(await postLanguage(post, ctx)),
  translations: async (post, _args, ctx) =>
    translationsOf(ctx, post, await postLanguage(post, ctx), ctx.loaders.postRefById, postUri),
};

const MAX_PAGE = 1000;

export const postQueries: Pick<QueryResolvers<GatewayContext>, 'posts' | 'post'> = {
  posts: async (_parent, args, ctx, info) => {
    const perPage = clampInt(args.first, 10, 1, POSTS_MAX_FIRST);
    const page = clampInt(args.page, 1, 1, MAX_PAGE);
    const search = boundedSearch(args.search);
    const language = fromGraphqlLanguage(args.language);
    const empty = { nodes: [], totalCount: 0, totalPages: 0, page, perPage, category: null };
    try {
      let categories: number[] | undefined;
      let category: WpCategory | null = null;
      if (args.categorySlug !== null && args.categorySlug !== undefined) {
        const slug = boundedSlug(args.categorySlug);
        category = slug === null ? null : await ctx.loaders.categoryBySlug.load(slug);
        if (category === null) return empty;
        categories = [category.id];
      }
      const excludeSlug = args.excludeSlug ? boundedSlug(args.excludeSlug) : null;
      // Each post's robots choice costs WordPress work (Yoast's head): asked for only when wanted.
      const base = { search, categories, language, robots: selects(info, ['nodes', 'noindex']) };

      // On the first page the post to leave out is dropped from one extra result, so every post's
      // sidebar shares one cached list; later pages exclude it by id to keep page boundaries right.
      let exclude: number[] | undefined;
      if (excludeSlug !== null && page > 1) {
        const excluded = await ctx.loaders.postBySlug.load(excludeSlug);
        if (excluded) exclude = [excluded.id];
      }
      const overFetch = excludeSlug !== null && page === 1;
      const askPerPage = overFetch ? Math.min(perPage + 1, 100) : perPage;
      let result;
      try {
        result = await ctx.api.listPosts({ ...base, exclude, perPage: askPerPage, page });
        ctx.loaders.primeFeaturedImages(result.items);
      } catch (error) {
        if (error instanceof UpstreamError && error.code === 'rest_post_invalid_page_number') {
          // Past the last page: an empty page, with the real totals.
          const total = await ctx.api.countPosts({ ...base, exclude });
          return { ...empty, category, totalCount: total, totalPages: Math.ceil(total / perPage) };
        }
        throw error;
      }

      let nodes = result.items;
      let total = result.total;
      if (overFetch) {
        const wanted = normalizeSlug(excludeSlug);
        const kept = nodes.filter((p) => normalizeSlug(p.slug) !== wanted);
        if (kept.length < nodes.length) total -= 1;
        nodes = kept.slice(0, perPage);
      }
      return { nodes, totalCount: total, totalPages: Math.ceil(total / perPage), page, perPage, category };
    } catch (error) {
      warnThrottled(ctx, { err: errorSummary(error) }, 'posts list failed');
      throw upstreamUnavailable('Failed to fetch posts');
    }
  },

  post: (_parent, args, ctx) => bySlug(ctx, args.slug, 'post', (slug) => ctx.loaders.postBySlug.load(slug)),
};
