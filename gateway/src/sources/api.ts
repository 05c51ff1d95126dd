// The calls of brief §7 as typed functions over any RestSource, with the exact query strings
// WordPress sees and only the `_fields` the schema needs.
import type { Lang } from '@site/content-model';
import { contentLanguage, knowsLanguage } from '../derive/language.js';
import { fetchBatch, type BatchQuery, type BatchResult, type RestQuery, type RestSource } from './rest.js';
import { normalizeSlug } from './slug.js';
import {
  listParser,
  parseAnyList,
  wpCategorySchema,
  wpMediaSchema,
  wpPageSchema,
  wpPageSummarySchema,
  wpPostScanSchema,
  wpPostSchema,
  wpPostSummarySchema,
  wpPracticeAreaSchema,
  wpPracticeAreaSummarySchema,
  wpRefSchema,
  type WpPostSummary,
} from './types.js';

/**
 * Posts, pages and practice areas are asked for with the companion plugin's `featured_image`: the
 * image arrives in the same answer, so a page costs WordPress no `/media` request for it (types.ts,
 * featuredImage). A WordPress without the plugin leaves it out and the images are looked up by id.
 */
const FEATURED_IMAGE_FIELDS = ['featured_media', 'featured_image'] as const;

/** What every post type's list and page start with, in the order WordPress is asked for them. */
const CONTENT_HEAD_FIELDS = ['id', 'date', 'date_gmt', 'modified', 'modified_gmt', 'slug', 'title'] as const;

/**
 * The language and the translation links (brief §10): Polylang's `lang` and `translations`, the
 * companion plugin's `language`, `translation` and `translation_ref` (the linked item's slug and
 * language, so no second request looks them up). A WordPress leaves out what it does not have.
 */
export const LANGUAGE_FIELDS = [
  'lang',
  'translations',
  'language',
  'translation',
  'translation_ref',
] as const;

export const POST_FIELDS = [
  ...CONTENT_HEAD_FIELDS,
  'content',
  'excerpt',
  ...FEATURED_IMAGE_FIELDS,
  'categories',
  'author_name',
  'yoast_head_json',
  'seo_meta',
  'banner_settings',
  'word_count',
  ...LANGUAGE_FIELDS,
] as const;

/**
 * The editor's "do not show in search results" without the SEO blocks around it, for a list asked
 * for `noindex` (the sitemap's): WordPress keeps only these nested keys of the two fields (`_fields`
 * takes dotted names of the fields plugins register, WordPress 5.3 on), tens of bytes an item, so
 * the list says which of its items the sitemap leaves out without loading them whole. Other lists
 * (the blog's) do not ask: with Yoast active WordPress works out Yoast's head for each listed item
 * to answer `yoast_head_json.robots`. The companion plugin's flag is read from post meta.
 */
export const ROBOTS_FIELDS = ['yoast_head_json.robots', 'seo_meta.yoast_seo_noindex'] as const;

/** What a list of posts needs: no body, no SEO blocks (a tenth of the bytes of whole posts). */
export const POST_SUMMARY_FIELDS = [
  ...CONTENT_HEAD_FIELDS,
  'excerpt',
  ...FEATURED_IMAGE_FIELDS,
  'categories',
  'author_name',
  'word_count',
  ...LANGUAGE_FIELDS,
] as const;

export const PAGE_FIELDS = [
  ...CONTENT_HEAD_FIELDS,
  'content',
  'excerpt',
  ...FEATURED_IMAGE_FIELDS,
  'yoast_head_json',
  'seo_meta',
  'page_structure',
  ...LANGUAGE_FIELDS,
] as const;

export const PRACTICE_AREA_FIELDS = [
  ...CONTENT_HEAD_FIELDS,
  'content',
  'excerpt',
  ...FEATURED_IMAGE_FIELDS,
  'menu_order',
  'practice_icon',
  'page_structure',
  'yoast_head_json',
  'seo_meta',
  ...LANGUAGE_FIELDS,
] as const;

/** What the list of practice areas needs: cards, links, the order; no body (a tenth of the bytes). */
export const PRACTICE_AREA_SUMMARY_FIELDS = [
  ...CONTENT_HEAD_FIELDS,
  'excerpt',
  'menu_order',
  'practice_icon',
  ...LANGUAGE_FIELDS,
] as const;

export const PAGE_SUMMARY_FIELDS = [
  'id',
  'slug',
  'date',
  'date_gmt',
  'modified',
  'modified_gmt',
  ...ROBOTS_FIELDS,
  'lang',
  'language',
] as const;

/** Another item asked for by id only to link to it (a translation): its slug and language. */
export const REF_FIELDS = ['id', 'slug', 'lang', 'language'] as const;

/**
 * A WordPress that cannot filter by language (neither Polylang nor the companion plugin) is read
 * whole, MAX_PER_PAGE posts at a time, and filtered here; past this many pages the rest is left out.
 */
export const LANGUAGE_SCAN_MAX_PAGES = 10;

export const MEDIA_FIELDS = [
  'id',
  'source_url',
  'alt_text',
  'caption',
  'media_details',
  'mime_type',
] as const;

/**
 * A category's posts per language (brief §10): the companion plugin's `language_counts`, or, with
 * Polylang, the category's own language (`lang`).
 */
export const CATEGORY_FIELDS = ['id', 'name', 'slug', 'count', 'lang', 'language_counts'] as const;

/** the brief's categories call asks for 50: a WordPress with more lists only the first 50 by name. */
export const CATEGORY_LIST_SIZE = 50;

/** WordPress answers at most 100 items per request. */
export const MAX_PER_PAGE = 100;

export interface PostListParams {
  perPage: number;
  page: number;
  search?: string | undefined;
  categories?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  /** Only the posts in this language (brief §10). */
  language?: Lang | undefined;
  /** Also each post's robots choice (ROBOTS_FIELDS): the query asks for `noindex`. */
  robots?: boolean | undefined;
}

export interface ListResult<T> {
  items: T[];
  /** X-WP-Total (falls back to the item count when the header is missing). */
  total: number;
  totalPages: number;
}

/** brief §7's calls: what createWpApi returns. */
export type WpApi = ReturnType<typeof createWpApi>;

/** Slug lookups ask for up to 20 per page like the spec's practice-pages call, more when needed. */
function slugPerPage(count: number): number {
  return Math.min(MAX_PER_PAGE, Math.max(20, count));
}

type BatchShape<T> = Omit<BatchQuery<T>, 'keys'>;

function bySlugShape<T extends { slug: string }>(
  path: string,
  fields: readonly string[],
  parse: (b: unknown) => T[],
  status: 'publish' | null = 'publish',
): BatchShape<T> {
  return {
    path,
    keyKind: 'slug',
    variant: fields.join(','),
    query: (keys) => ({ slug: keys, per_page: slugPerPage(keys.length), status, _fields: fields }),
    keyOf: (item) => normalizeSlug(item.slug),
    parse,
  };
}

const parseCategories = listParser(wpCategorySchema);
const parsePostSummaries = listParser(wpPostSummarySchema);
const parsePostScan = listParser(wpPostScanSchema);
const parsePageSummaries = listParser(wpPageSummarySchema);
const parsePracticeAreaSummaries = listParser(wpPracticeAreaSummarySchema);

export const POSTS_BY_SLUG = bySlugShape('/posts', POST_FIELDS, listParser(wpPostSchema));
export const PAGES_BY_SLUG = bySlugShape('/pages', PAGE_FIELDS, listParser(wpPageSchema));
export const PRACTICE_AREAS_BY_SLUG = bySlugShape(
  '/practice_areas',
  PRACTICE_AREA_FIELDS,
  listParser(wpPracticeAreaSchema),
);
// Terms have no status: WordPress answers the slugs it knows.
export const CATEGORIES_BY_SLUG = bySlugShape('/categories', CATEGORY_FIELDS, parseCategories, null);

function byIdShape<T extends { id: number }>(
  path: string,
  fields: readonly string[],
  parse: (b: unknown) => T[],
  extra: RestQuery,
): BatchShape<T> {
  return {
    path,
    keyKind: 'id',
    variant: fields.join(','),
    // Sorted so the same set is the same question whichever order a page asks in.
    query: (keys) => ({
      include: [...keys].map(Number).sort((a, b) => a - b),
      per_page: MAX_PER_PAGE,
      ...extra,
      _fields: fields,
    }),
    keyOf: (item) => String(item.id),
    parse,
  };
}

export const MEDIA_BY_ID = byIdShape('/media', MEDIA_FIELDS, listParser(wpMediaSchema), {
  orderby: 'include',
});
const byIdRefShape = (path: string) =>
  byIdShape(path, REF_FIELDS, listParser(wpRefSchema), { status: 'publish' });
export const POST_REFS_BY_ID = byIdRefShape('/posts');
export const PAGE_REFS_BY_ID = byIdRefShape('/pages');
export const PRACTICE_AREA_REFS_BY_ID = byIdRefShape('/practice_areas');

/**
 * The posts list of brief §7, newest first; `countPosts` asks the same with one id per page. A
 * language is asked for twice over: as the companion plugin's `lawfirm_language` and as Polylang's
 * `lang` (each WordPress ignores the parameter it does not know; listPosts checks it was honoured).
 */
function postsQuery(
  params: Omit<PostListParams, 'perPage' | 'page'>,
  perPage: number,
  page: number,
  fields: readonly string[],
): RestQuery {
  return {
    per_page: perPage,
    page,
    orderby: 'date',
    order: 'desc',
    status: 'publish',
    search: params.search,
    categories: params.categories,
    exclude: params.exclude,
    lawfirm_language: params.language,
    lang: params.language,
    _fields: fields,
  };
}

/** What a list of posts asks for: the summary, and the robots choice when the query wants it. */
function summaryFields(params: Pick<PostListParams, 'robots'>): readonly string[] {
  return params.robots ? [...POST_SUMMARY_FIELDS, ...ROBOTS_FIELDS] : POST_SUMMARY_FIELDS;
}

/**
 * A list that asked for the robots choice and got neither field back is from a WordPress with
 * neither plugin (both need WordPress 6.1 or later, which filters the nested names): its posts are
 * indexable, said as an empty SEO block (`seo_meta: null`) so no resolver looks them up whole.
 */
function withRobotsAnswered(items: WpPostSummary[], params: Pick<PostListParams, 'robots'>): WpPostSummary[] {
  if (!params.robots) return items;
  return items.map((item) =>
    item.yoast_head_json === undefined && item.seo_meta === undefined ? { ...item, seo_meta: null } : item,
  );
}

/** A list's summary of a post read with its body (wpPostScanSchema), without the body. */
function withoutBody(post: WpPostSummary & { content?: unknown }): WpPostSummary {
  const { content: _body, ...summary } = post;
  return summary;
}

export function createWpApi(source: RestSource) {
  const batch = <T>(shape: BatchShape<T>, keys: readonly string[]): Promise<BatchResult<T>> => {
    if (keys.length === 0) return Promise.resolve(new Map());
    const question = { ...shape, keys };
    return source.getBatch ? source.getBatch(question) : fetchBatch(source, question);
  };
  const slugs = (list: readonly string[]) => [...new Set(list.map(normalizeSlug))];
  const ids = (list: readonly number[]) =>
    [...new Set(list)].filter((id) => Number.isInteger(id) && id > 0).map(String);

  /**
   * Every post of a query in one language, from a WordPress that cannot filter by language: the
   * posts with their bodies, MAX_PER_PAGE at a time, told apart as the mapping tells them
   * (derive/language.ts). Each page of the scan is an ordinary, cached question.
   */
  async function postsInLanguage(
    params: Omit<PostListParams, 'perPage' | 'page'>,
    language: Lang,
  ): Promise<WpPostSummary[]> {
    const query = { ...params, language: undefined };
    const found: WpPostSummary[] = [];
    for (let page = 1; page <= LANGUAGE_SCAN_MAX_PAGES; page += 1) {
      const response = await source.get(
        '/posts',
        postsQuery(query, MAX_PER_PAGE, page, [...summaryFields(params), 'content']),
        { parse: parsePostScan },
      );
      for (const post of response.body) {
        if (contentLanguage(post) === language) found.push(withoutBody(post));
      }
      const pages = response.totalPages ?? (response.body.length < MAX_PER_PAGE ? page : page + 1);
      if (page >= pages) break;
    }
    return found;
  }

  return {
    async listPosts(params: PostListParams): Promise<ListResult<WpPostSummary>> {
      // Summaries only: a field that needs the body loads the whole post by slug (batched), and a
      // summary is never remembered as "the post with this slug".
      const response = await source.get(
        '/posts',
        postsQuery(params, params.perPage, params.page, summaryFields(params)),
        { parse: parsePostSummaries },
      );
      if (params.language && !response.body.every(knowsLanguage)) {
        // Answers without a language field come from a WordPress that ignored the filter.
        const all = await postsInLanguage(params, params.language);
        const start = (params.page - 1) * params.perPage;
        return {
          items: withRobotsAnswered(all.slice(start, start + params.perPage), params),
          total: all.length,
          totalPages: Math.ceil(all.length / params.perPage),
        };
      }
      const total = response.total ?? response.body.length;
      return {
        items: withRobotsAnswered(response.body, params),
        total,
        totalPages: response.totalPages ?? Math.ceil(total / params.perPage),
      };
    },

    /** X-WP-Total of a posts query, asking for as little as WordPress allows. */
    async countPosts(params: Omit<PostListParams, 'perPage' | 'page'>): Promise<number> {
      const fields = params.language ? ['id', 'lang', 'language'] : ['id'];
      const response = await source.get('/posts', postsQuery(params, 1, 1, fields), {
        parse: parseAnyList,
      });
      const first = response.body[0];
      if (params.language && first && !knowsLanguage(first as Record<string, string | undefined>)) {
        return (await postsInLanguage(params, params.language)).length;
      }
      return response.total ?? response.body.length;
    },

    /** Keyed by normalised slug (see normalizeSlug). */
    postsBySlugs: (list: readonly string[]) => batch(POSTS_BY_SLUG, slugs(list)),
    pagesBySlugs: (list: readonly string[]) => batch(PAGES_BY_SLUG, slugs(list)),
    /** The practice pages of brief §7: one call for all of them (`per_page=20`). */
    practicePages: (list: readonly string[]) => batch(PAGES_BY_SLUG, slugs(list)),
    practiceAreasBySlugs: (list: readonly string[]) => batch(PRACTICE_AREAS_BY_SLUG, slugs(list)),

    async listPages(perPage: number) {
      const query: RestQuery = {
        per_page: perPage,
        orderby: 'date',
        order: 'desc',
        status: 'publish',
        _fields: PAGE_SUMMARY_FIELDS,
      };
      return (await source.get('/pages', query, { parse: parsePageSummaries })).body;
    },

    /** Every published practice area (up to 100), as summaries; the order is the caller's to make. */
    async listPracticeAreas() {
      // By title, which every WordPress accepts: `orderby=menu_order` is refused (400) where the
      // post type lacks page-attributes (an older companion plugin). The site orders by menu_order
      // then title itself (derive/practice-areas.ts), over all of them: a firm has far fewer than 100.
      const query: RestQuery = {
        per_page: MAX_PER_PAGE,
        orderby: 'title',
        order: 'asc',
        status: 'publish',
        _fields: PRACTICE_AREA_SUMMARY_FIELDS,
      };
      return (await source.get('/practice_areas', query, { parse: parsePracticeAreaSummaries })).body;
    },

    /** Keyed by the id as a string. */
    mediaByIds: (list: readonly number[]) => batch(MEDIA_BY_ID, ids(list)),
    /** Published posts, pages and practice areas by id (slug and language only), keyed by the id as a string. */
    postRefsByIds: (list: readonly number[]) => batch(POST_REFS_BY_ID, ids(list)),
    pageRefsByIds: (list: readonly number[]) => batch(PAGE_REFS_BY_ID, ids(list)),
    practiceAreaRefsByIds: (list: readonly number[]) => batch(PRACTICE_AREA_REFS_BY_ID, ids(list)),

    /** The first CATEGORY_LIST_SIZE categories with posts, by name. */
    async categories() {
      const query: RestQuery = { hide_empty: true, per_page: CATEGORY_LIST_SIZE, _fields: CATEGORY_FIELDS };
      return (await source.get('/categories', query, { parse: parseCategories })).body;
    },

    /** Keyed by normalised slug; empty categories too. */
    categoriesBySlugs: (list: readonly string[]) => batch(CATEGORIES_BY_SLUG, slugs(list)),

    async categoriesByIds(ids: readonly number[]) {
      const wanted = [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b);
      if (wanted.length === 0) return [];
      const query: RestQuery = { include: wanted, per_page: MAX_PER_PAGE, _fields: CATEGORY_FIELDS };
      return (await source.get('/categories', query, { parse: parseCategories })).body;
    },

    /** brief §7's connectivity check; throws when WordPress does not answer with a list. */
    async checkConnection() {
      await source.get('/practice_areas', { per_page: 1 }, { parse: parseAnyList, retries: 0, probe: true });
    },
  };
}
