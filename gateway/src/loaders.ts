// Per-request batching: everything a GraphQL operation asks for in one tick becomes one upstream
// question per kind (media by id via /media?include=, posts and pages by slug list, categories from
// one /categories call). Per request, so nothing leaks between visitors; sharing across requests is
// the cache's job.
import DataLoader from 'dataloader';
import type { WpApi } from './sources/api.js';
import type { BatchResult } from './sources/rest.js';
import { normalizeSlug } from './sources/slug.js';
import type { WpCategory, WpMedia, WpPage, WpPost, WpPracticeArea } from './sources/types.js';

export interface Loaders {
  media: DataLoader<number, WpMedia | null>;
  postBySlug: DataLoader<string, WpPost | null>;
  pageBySlug: DataLoader<string, WpPage | null>;
  practiceAreaBySlug: DataLoader<string, WpPracticeArea | null>;
  category: DataLoader<number, WpCategory | null>;
  /** The categories list (hide_empty, per_page 50), fetched at most once per request. */
  categories(): Promise<WpCategory[]>;
}

/** Loader results in key order; an Error value fails just that key. */
function inOrder<T>(result: BatchResult<T>, keys: readonly string[]): (T | null | Error)[] {
  return keys.map((k) => result.get(k) ?? null);
}

function byId<T extends { id: number }>(items: readonly T[], ids: readonly number[]): (T | null)[] {
  const map = new Map(items.map((i) => [i.id, i]));
  return ids.map((id) => map.get(id) ?? null);
}

export function createLoaders(api: WpApi): Loaders {
  let categoriesPromise: Promise<WpCategory[]> | null = null;
  const categories = () => {
    categoriesPromise ??= api.categories().catch((error: unknown) => {
      // A failure is not remembered: a later field in the same operation may try again.
      categoriesPromise = null;
      throw error;
    });
    return categoriesPromise;
  };

  return {
    media: new DataLoader(async (ids) => inOrder(await api.mediaByIds(ids), ids.map(String))),
    postBySlug: new DataLoader(
      async (slugs) => inOrder(await api.postsBySlugs(slugs), slugs.map(normalizeSlug)),
      {
        cacheKeyFn: normalizeSlug,
      },
    ),
    pageBySlug: new DataLoader(
      async (slugs) => inOrder(await api.pagesBySlugs(slugs), slugs.map(normalizeSlug)),
      {
        cacheKeyFn: normalizeSlug,
      },
    ),
    practiceAreaBySlug: new DataLoader(
      async (slugs) => inOrder(await api.practiceAreasBySlugs(slugs), slugs.map(normalizeSlug)),
      {
        cacheKeyFn: normalizeSlug,
      },
    ),
    category: new DataLoader(async (ids) => {
      const known = byId(await categories(), ids);
      const missing = ids.filter((_, i) => known[i] === null);
      if (missing.length === 0) return known;
      // Categories past the first 50 (or with a stale zero count) are asked for by id.
      const extra = byId(await api.categoriesByIds(missing), ids);
      return known.map((c, i) => c ?? extra[i] ?? null);
    }),
    categories,
  };
}

export { normalizeSlug };
