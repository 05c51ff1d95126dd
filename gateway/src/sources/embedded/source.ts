// Answers the same REST questions WordPress answers, from the content snapshot in memory
// (content/wp/*.json, recorded in WordPress 6.1's REST shape). The gateway serves it when
// WORDPRESS_URL is unset, and the fake WordPress of the tests answers with it, so both run the real
// mapping code. Behaviours follow what WordPress 6.1 does for anonymous requests: per_page 1..100
// (else 400 rest_invalid_param), page past the end 400, unknown slug an empty list, empty slug
// ignored, include dropping unknown ids, orderby=include, comma lists, _fields (nested names only
// for the plugins' SEO fields), and the companion plugin's `featured_image` field, derived from the
// snapshot's media, and its `lawfirm_language` filter of posts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isLang, type Lang } from '@site/content-model';
import { contentLanguage } from '../../derive/language.js';
import { htmlToText } from '../../derive/text.js';
import { deepFreeze, memo } from '../../memo.js';
import {
  parseList,
  UpstreamError,
  wordpressApiError,
  type QueryValue,
  type RestGetOptions,
  type RestQuery,
  type RestResponse,
} from '../rest.js';

export const COLLECTIONS = ['posts', 'pages', 'practice_areas', 'media', 'categories'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export type ContentSnapshot = Record<CollectionName, readonly unknown[]>;

type Item = Readonly<Record<string, unknown>>;

/** What a post type may be ordered by; pages and practice areas also by menu_order. */
const POST_ORDERBY = ['date', 'id', 'include', 'modified', 'slug', 'title', 'relevance', 'include_slugs'];

const ORDERBY_ALLOWED: Record<CollectionName, readonly string[]> = {
  posts: POST_ORDERBY,
  pages: [...POST_ORDERBY, 'menu_order'],
  practice_areas: [...POST_ORDERBY, 'menu_order'],
  media: POST_ORDERBY,
  categories: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
};

function badParam(path: string, code = 'rest_invalid_param'): UpstreamError {
  return wordpressApiError(400, path, code);
}

function toIdList(value: QueryValue, path: string): number[] {
  return parseList(value).map((s) => {
    if (!/^\d+$/.test(s)) throw badParam(path);
    return Number(s);
  });
}

function scalar(value: QueryValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
  return String(value);
}

function intParam(value: QueryValue, path: string, fallback: number, min: number, max: number): number {
  const s = scalar(value);
  if (s === undefined || s === '') return fallback;
  if (!/^\d+$/.test(s)) throw badParam(path);
  const n = Number(s);
  if (n < min || n > max) throw badParam(path);
  return n;
}

function boolParam(value: QueryValue): boolean | undefined {
  const s = scalar(value);
  if (s === undefined) return undefined;
  return ['1', 'true'].includes(s.toLowerCase());
}

function rendered(item: Item, field: string): string {
  const v = item[field];
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { rendered?: unknown }).rendered === 'string') {
    return (v as { rendered: string }).rendered;
  }
  return '';
}

/** WordPress splits a search into terms (quoted phrases kept); every term must match somewhere. */
function searchTerms(search: string): string[] {
  return [...search.matchAll(/"([^"]*)"?|[^\s",+]+/g)]
    .map((m) => (m[1] ?? m[0]).trim().toLowerCase())
    .filter((term) => term !== '');
}

/**
 * An item's language as the companion plugin files it (brief §10): its label, else told from its
 * title and body, as the plugin does for a post it has no language for.
 */
const languages = new WeakMap<Item, string>();
function languageOf(item: Item): string {
  return memo(languages, item, () => {
    const text = (field: string) => ({ rendered: rendered(item, field) });
    return contentLanguage({
      lang: typeof item.lang === 'string' ? item.lang : undefined,
      language: typeof item.language === 'string' ? item.language : undefined,
      title: text('title'),
      content: text('content'),
    });
  });
}

/** Each category's published posts per language, counted once per snapshot. */
const categoryCounts = new WeakMap<readonly Item[], Map<number, Record<Lang, number>>>();

/** A category's published posts per language, as the companion plugin's `language_counts`. */
function languageCountsOf(posts: readonly Item[], categoryId: number): Record<Lang, number> {
  const counts = memo(categoryCounts, posts, () => {
    const all = new Map<number, Record<Lang, number>>();
    for (const post of posts) {
      if (!isVisible(post)) continue;
      const lang = languageOf(post);
      if (!isLang(lang)) continue;
      for (const id of Array.isArray(post.categories) ? post.categories : []) {
        const entry = all.get(Number(id)) ?? { en: 0, hi: 0 };
        entry[lang] += 1;
        all.set(Number(id), entry);
      }
    }
    return all;
  });
  return { ...(counts.get(categoryId) ?? { en: 0, hi: 0 }) };
}

/** The published item of the same type that `item.translation` names, as the companion plugin shows it. */
function translationRefOf(items: readonly Item[], item: Item): Record<string, unknown> | null {
  const id = Number(item.translation ?? 0);
  if (!Number.isInteger(id) || id <= 0) return null;
  const other = items.find((i) => Number(i.id) === id);
  if (!other || !isVisible(other)) return null;
  return { id, slug: String(other.slug), language: languageOf(other) };
}

/** Whether anonymous visitors see the item: its status is one of these, or it has none. */
function isVisible(item: Item, statuses: readonly string[] = ['publish']): boolean {
  return item.status === undefined || statuses.includes(String(item.status));
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en');
}

/**
 * The item with only the `_fields` asked for (all of them when none are named). A dotted name keeps
 * one key of an object field, as WordPress's own filter does for the fields plugins register
 * (`seo_meta.yoast_seo_noindex`); a field named whole is kept whole.
 */
function pickFields(item: Item, query: RestQuery): Item {
  const fields = parseList(query._fields);
  if (fields.length === 0) return item;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in item) out[f] = item[f];
  const nested = new Map<string, string[]>();
  for (const f of fields) {
    const [top, key, ...deeper] = f.split('.');
    // Nested names of core fields (media_details.width) select nothing in WordPress 6.1.
    if (key === undefined || deeper.length > 0 || !NESTED_FIELDS.has(top!) || fields.includes(top!)) continue;
    if (top! in item) nested.set(top!, [...(nested.get(top!) ?? []), key]);
  }
  for (const [top, keys] of nested) {
    const value = item[top];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      out[top] = value;
      continue;
    }
    const kept = Object.entries(value).filter(([k]) => keys.includes(k));
    // PHP's empty array: WordPress answers [] for an object none of whose keys was kept.
    out[top] = kept.length > 0 ? Object.fromEntries(kept) : [];
  }
  return out;
}

/** The registered fields whose nested names WordPress filters by (rest_filter_response_fields). */
const NESTED_FIELDS: ReadonlySet<string> = new Set(['yoast_head_json', 'seo_meta']);

const HAS_FEATURED_IMAGE: readonly CollectionName[] = ['posts', 'pages', 'practice_areas'];

/**
 * The companion plugin's `featured_image` of a post, page or practice area, as WordPress gives it to
 * an anonymous visitor: the attachment's id, URL, size, alt text and type, or null
 * when there is none or it is not public (private or trashed, or attached to a post that is not).
 */
function featuredImageOf(snap: ContentSnapshot, mediaId: number): Record<string, unknown> | null {
  const media =
    mediaId > 0 ? (snap.media as readonly Item[]).find((m) => Number(m.id) === mediaId) : undefined;
  if (!media || !isVisible(media, ['inherit', 'publish'])) return null;
  const parentId = Number(media.post ?? 0);
  const parent =
    parentId > 0
      ? HAS_FEATURED_IMAGE.flatMap((c) => snap[c] as readonly Item[]).find((p) => Number(p.id) === parentId)
      : undefined;
  if (parent && !isVisible(parent)) return null;
  const details = (media.media_details ?? {}) as { width?: unknown; height?: unknown };
  return {
    id: mediaId,
    source_url: media.source_url,
    width: details.width ?? null,
    height: details.height ?? null,
    alt_text: media.alt_text ?? '',
    mime_type: media.mime_type ?? '',
  };
}

export function createEmbeddedSourceFromSnapshot(
  snapshot: ContentSnapshot | (() => Promise<ContentSnapshot>),
) {
  let data: ContentSnapshot | null = typeof snapshot === 'function' ? null : deepFreeze(snapshot);
  let loading: Promise<ContentSnapshot> | null = null;
  // Lower-cased plain text per item for search, built once.
  const searchText = new WeakMap<object, string>();

  async function snapshotData(): Promise<ContentSnapshot> {
    if (data) return data;
    if (typeof snapshot !== 'function') return snapshot;
    loading ??= snapshot().then((s) => {
      data = deepFreeze(s);
      return data;
    });
    try {
      return await loading;
    } catch (error) {
      loading = null;
      throw error;
    }
  }

  function textOf(item: Item): string {
    return memo(searchText, item, () =>
      ['title', 'excerpt', 'content', 'name', 'description']
        .map((f) => htmlToText(rendered(item, f)))
        .join('\n')
        .toLowerCase(),
    );
  }

  function answer(
    snap: ContentSnapshot,
    collection: CollectionName,
    all: readonly Item[],
    path: string,
    query: RestQuery,
  ) {
    const isTerm = collection === 'categories';
    let items = all.filter((item) => item && typeof item === 'object');

    // Anonymous requests see published content only (attachments are 'inherit').
    const status = parseList(query.status);
    if (!isTerm) {
      const allowed = collection === 'media' ? ['inherit', 'publish'] : ['publish'];
      if (status.some((s) => s !== 'publish' && s !== 'inherit' && s !== 'any')) throw badParam(path);
      items = items.filter((i) => isVisible(i, allowed));
    }

    const include = toIdList(query.include, path);
    if (include.length) items = items.filter((i) => include.includes(Number(i.id)));
    const exclude = toIdList(query.exclude, path);
    if (exclude.length) items = items.filter((i) => !exclude.includes(Number(i.id)));

    const slugs = parseList(query.slug).map((s) => s.toLowerCase());
    if (slugs.length) items = items.filter((i) => slugs.includes(String(i.slug).toLowerCase()));

    if (collection === 'posts') {
      const inAny = (i: Item, ids: number[]) =>
        Array.isArray(i.categories) && i.categories.some((c) => ids.includes(Number(c)));
      const categories = toIdList(query.categories, path);
      if (categories.length) items = items.filter((i) => inAny(i, categories));
      // The companion plugin's filter ('en' | 'hi'; anything else is refused like its enum).
      const language = scalar(query.lawfirm_language);
      if (language !== undefined && language !== '') {
        if (!isLang(language)) throw badParam(path);
        items = items.filter((i) => languageOf(i) === language);
      }
      const categoriesExclude = toIdList(query.categories_exclude, path);
      if (categoriesExclude.length) items = items.filter((i) => !inAny(i, categoriesExclude));
    }
    if (collection === 'pages') {
      const parent = toIdList(query.parent, path);
      if (parent.length) items = items.filter((i) => parent.includes(Number(i.parent ?? 0)));
    }
    if (isTerm) {
      if (boolParam(query.hide_empty)) items = items.filter((i) => Number(i.count ?? 0) > 0);
    }

    const search = scalar(query.search)?.trim();
    if (search) {
      const terms = searchTerms(search);
      items = items.filter((i) => {
        const text = textOf(i);
        return terms.every((t) => text.includes(t));
      });
    }

    const orderby = scalar(query.orderby) ?? (isTerm ? 'name' : 'date');
    if (!ORDERBY_ALLOWED[collection].includes(orderby)) throw badParam(path);
    if (orderby === 'include' && include.length === 0)
      throw badParam(path, 'rest_orderby_include_missing_include');
    const orderRaw = scalar(query.order) ?? (isTerm ? 'asc' : 'desc');
    if (orderRaw !== 'asc' && orderRaw !== 'desc') throw badParam(path);
    const direction = orderRaw === 'asc' ? 1 : -1;

    if (orderby === 'include') {
      items = [...items].sort((a, b) => include.indexOf(Number(a.id)) - include.indexOf(Number(b.id)));
    } else if (orderby === 'include_slugs') {
      items = [...items].sort(
        (a, b) => slugs.indexOf(String(a.slug).toLowerCase()) - slugs.indexOf(String(b.slug).toLowerCase()),
      );
    } else if (orderby !== 'relevance') {
      const key = (i: Item): unknown => {
        switch (orderby) {
          case 'title':
            return rendered(i, 'title').toLowerCase();
          case 'id':
            return Number(i.id);
          case 'menu_order':
            return Number(i.menu_order ?? 0);
          case 'count':
            return Number(i.count ?? 0);
          case 'name':
            return String(i.name ?? '').toLowerCase();
          default:
            return i[orderby];
        }
      };
      // Ties fall back to id, newest first like MySQL's secondary ordering on the primary key.
      items = [...items].sort((a, b) => direction * compare(key(a), key(b)) || compare(b.id, a.id));
    }

    const perPage = intParam(query.per_page, path, 10, 1, 100);
    const page = intParam(query.page, path, 1, 1, Number.MAX_SAFE_INTEGER);
    const total = items.length;
    const totalPages = Math.ceil(total / perPage);
    if (!isTerm && page > totalPages && total > 0) throw badParam(path, 'rest_post_invalid_page_number');

    const slice = items.slice((page - 1) * perPage, page * perPage);
    return {
      body: slice.map((i) => pickFields(asThePluginGives(snap, collection, i), query)),
      total,
      totalPages,
    };
  }

  /**
   * An item as WordPress with the companion plugin gives it: a post, page or practice area with its
   * `featured_image`, `language` (its label, else the one its text is in) and `translation_ref`; a
   * category with its `language_counts`.
   */
  function asThePluginGives(snap: ContentSnapshot, collection: CollectionName, item: Item): Item {
    if (collection === 'categories') {
      return deepFreeze({
        ...item,
        language_counts: languageCountsOf(snap.posts as readonly Item[], Number(item.id)),
      });
    }
    if (!HAS_FEATURED_IMAGE.includes(collection)) return item;
    return deepFreeze({
      ...item,
      featured_image: featuredImageOf(snap, Number(item.featured_media ?? 0)),
      language: languageOf(item),
      translation_ref: translationRefOf(snap[collection] as readonly Item[], item),
    });
  }

  return {
    kind: 'embedded' as const,
    /** Loads the snapshot now (it is otherwise loaded on the first question). */
    async load() {
      await snapshotData();
    },
    async get<T = unknown>(requestPath: string, query: RestQuery = {}, options?: RestGetOptions<T>) {
      const snap = await snapshotData();
      const match = /^\/([a-z_]+)(?:\/(\d+))?\/?$/.exec(requestPath);
      const collection = match?.[1] as CollectionName | undefined;
      if (!match || !collection || !COLLECTIONS.includes(collection)) {
        throw wordpressApiError(404, requestPath, 'rest_no_route');
      }
      const all = snap[collection] as readonly Item[];
      let result: RestResponse<unknown>;
      if (match[2] !== undefined) {
        const id = Number(match[2]);
        const item = all.find((i) => Number(i.id) === id);
        if (!item) {
          throw wordpressApiError(
            404,
            requestPath,
            collection === 'categories' ? 'rest_term_invalid' : 'rest_post_invalid_id',
          );
        }
        // A draft exists but is not for anonymous eyes.
        if (!isVisible(item, ['publish', 'inherit'])) {
          throw wordpressApiError(401, requestPath, 'rest_forbidden');
        }
        result = {
          body: pickFields(asThePluginGives(snap, collection, item), query),
          total: null,
          totalPages: null,
        };
      } else {
        result = answer(snap, collection, all, requestPath, query);
      }
      if (!options?.parse) return result as RestResponse<T>;
      try {
        return { ...result, body: options.parse(result.body) };
      } catch (error) {
        throw new UpstreamError('The content snapshot has an unexpected shape', {
          kind: 'shape',
          path: requestPath,
          cause: error,
        });
      }
    },
  };
}

async function readCollection(dir: string, name: CollectionName): Promise<unknown[]> {
  const file = path.join(dir, 'wp', `${name}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // A snapshot without, say, practice_areas.json simply has none.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`${file} must hold a JSON array`);
  return parsed;
}

export async function readSnapshot(dir: string): Promise<ContentSnapshot> {
  const entries = await Promise.all(COLLECTIONS.map(async (c) => [c, await readCollection(dir, c)] as const));
  return Object.fromEntries(entries) as unknown as ContentSnapshot;
}

/** The embedded source over a content directory (content/wp/*.json), read once on first use. */
export function createEmbeddedSource(options: { dir: string }) {
  return createEmbeddedSourceFromSnapshot(() => readSnapshot(options.dir));
}
