// Per-request batching: everything a GraphQL operation asks for in one tick becomes one upstream
// question per kind (media by id via /media?include=, posts and pages by slug list, categories from
// one /categories call). Per request, so nothing leaks between visitors; sharing across requests is
// the cache's job.
import DataLoader from 'dataloader';
import { CATEGORY_LIST_SIZE, type WpApi } from './sources/api.js';
import type { BatchResult } from './sources/rest.js';
import { normalizeSlug } from './sources/slug.js';
import { featuredImage, type WpCategory, type WpMedia, type WpRef } from './sources/types.js';

/** A request's loaders: what createLoaders returns. */
export type Loaders = ReturnType<typeof createLoaders>;

type WithFeaturedImage = Parameters<typeof featuredImage>[0];

/** Loader results in key order; an Error value fails just that key. */
function inOrder<T>(result: BatchResult<T>, keys: readonly string[]): (T | null | Error)[] {
  return keys.map((k) => result.get(k) ?? null);
}

function byId<T extends { id: number }>(items: readonly T[], ids: readonly number[]): (T | null)[] {
  const map = new Map(items.map((i) => [i.id, i]));
  return ids.map((id) => map.get(id) ?? null);
}

export function createLoaders(api: WpApi) {
  let categoriesPromise: Promise<WpCategory[]> | null = null;
  /** The categories list (hide_empty, per_page 50), fetched at most once per request. */
  const categories = () => {
    categoriesPromise ??= api.categories().catch((error: unknown) => {
      // A failure is not remembered: a later field in the same operation may try again.
      categoriesPromise = null;
      throw error;
    });
    return categoriesPromise;
  };

  const media = new DataLoader<number, WpMedia | null>(async (ids) =>
    inOrder(await api.mediaByIds(ids), ids.map(String)),
  );
  /**
   * Hands the featured images these items carry (`featured_image`) to the media loader, so that
   * their lookups are answered without a `/media` request. Call as soon as the items arrive.
   */
  const primeFeaturedImages = (items: Iterable<unknown>) => {
    for (const item of items) {
      if (!item || typeof item !== 'object' || item instanceof Error) continue;
      const post = item as WithFeaturedImage;
      const found = featuredImage(post);
      // undefined: no usable field, the image is looked up by id as before. A key already loaded
      // keeps its value (prime never overwrites).
      if (found !== undefined && post.featured_media) media.prime(post.featured_media, found);
    }
  };
  const primed = <T>(result: BatchResult<T>): BatchResult<T> => {
    primeFeaturedImages(result.values());
    return result;
  };

  const refs = (find: (ids: readonly number[]) => Promise<BatchResult<WpRef>>) =>
    new DataLoader<number, WpRef | null>(async (ids) => inOrder(await find(ids), ids.map(String)));
  const bySlug = <T>(find: (slugs: readonly string[]) => Promise<BatchResult<T>>) =>
    new DataLoader<string, T | null>(
      async (slugs) => inOrder(primed(await find(slugs)), slugs.map(normalizeSlug)),
      { cacheKeyFn: normalizeSlug },
    );

  return {
    media,
    /** Published items by id, only to link to them (translations): one request per kind for a list. */
    postRefById: refs((ids) => api.postRefsByIds(ids)),
    pageRefById: refs((ids) => api.pageRefsByIds(ids)),
    practiceAreaRefById: refs((ids) => api.practiceAreaRefsByIds(ids)),
    postBySlug: bySlug((slugs) => api.postsBySlugs(slugs)),
    pageBySlug: bySlug((slugs) => api.pagesBySlugs(slugs)),
    practiceAreaBySlug: bySlug((slugs) => api.practiceAreasBySlugs(slugs)),
    category: new DataLoader<number, WpCategory | null>(async (ids) => {
      const known = byId(await categories(), ids);
      const missing = ids.filter((_, i) => known[i] === null);
      if (missing.length === 0) return known;
      // Categories past the first 50 (or with a stale zero count) are asked for by id.
      const extra = byId(await api.categoriesByIds(missing), ids);
      return known.map((c, i) => c ?? extra[i] ?? null);
    }),
    /** A category with posts, by slug: from the list when it is there, else asked for by slug. */
    categoryBySlug: new DataLoader<string, WpCategory | null>(
      async (keys) => {
        const list = await categories();
        const listed = new Map(list.map((c) => [normalizeSlug(c.slug), c]));
        const wanted = keys.map(normalizeSlug);
        const missing = wanted.filter((k) => !listed.has(k));
        // A list shorter than a full page holds every category with posts: nothing more to ask.
        if (missing.length === 0 || list.length < CATEGORY_LIST_SIZE)
          return wanted.map((k) => listed.get(k) ?? null);
        const extra = await api.categoriesBySlugs(missing);
        return wanted.map((k) => {
          const found = listed.get(k) ?? extra.get(k) ?? null;
          // Like the list (hide_empty): a category without posts is not one the blog can show.
          return found instanceof Error || found === null ? found : found.count > 0 ? found : null;
        });
      },
      { cacheKeyFn: normalizeSlug },
    ),
    categories,
    primeFeaturedImages,
  };
}

export { normalizeSlug };
