import { describe, expect, it } from 'vitest';
import { createLoaders } from './loaders.js';
import type { WpApi } from './sources/api.js';
import { wordpressApiError, type BatchResult } from './sources/rest.js';
import type { WpCategory, WpMedia, WpPost } from './sources/types.js';

function fakeApi() {
  const calls: string[] = [];
  const api = {
    async mediaByIds(ids: readonly number[]) {
      calls.push(`media:${ids.join(',')}`);
      const out: BatchResult<WpMedia> = new Map();
      for (const id of ids)
        out.set(
          String(id),
          id === 13 ? wordpressApiError(500, '/media') : id > 100 ? null : ({ id } as WpMedia),
        );
      return out;
    },
    async postsBySlugs(slugs: readonly string[]) {
      calls.push(`posts:${slugs.join(',')}`);
      const out: BatchResult<WpPost> = new Map();
      for (const s of slugs)
        out.set(s.toLowerCase(), s.startsWith('x') ? null : ({ slug: s.toLowerCase() } as WpPost));
      return out;
    },
    async categories() {
      calls.push('categories');
      return [{ id: 2, slug: 'a' } as WpCategory, { id: 3, slug: 'b' } as WpCategory];
    },
    async categoriesByIds(ids: readonly number[]) {
      calls.push(`categories:${ids.join(',')}`);
      return ids.filter((id) => id === 9).map((id) => ({ id, slug: 'late' }) as WpCategory);
    },
  };
  return { api: api as unknown as WpApi, calls };
}

describe('loaders', () => {
  it('batches media asked for in one tick into one call, each id once', async () => {
    const { api, calls } = fakeApi();
    const loaders = createLoaders(api);
    const results = await Promise.all([1, 2, 2, 101, 3].map((id) => loaders.media.load(id)));
    expect(calls).toEqual(['media:1,2,101,3']);
    expect(results.map((m) => m?.id ?? null)).toEqual([1, 2, 2, null, 3]);
  });

  it('fails only the ids whose lookup failed', async () => {
    const { api } = fakeApi();
    const loaders = createLoaders(api);
    const [ok, failed] = await Promise.allSettled([loaders.media.load(12), loaders.media.load(13)]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { id: 12 } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'WordPress API error: 500' } });
  });

  it('batches slugs, treating case and percent-encoding as the same slug', async () => {
    const { api, calls } = fakeApi();
    const loaders = createLoaders(api);
    const [a, b, c] = await Promise.all([
      loaders.postBySlug.load('Bail-Guide'),
      loaders.postBySlug.load('bail-guide'),
      loaders.postBySlug.load('xyz'),
    ]);
    expect(calls).toEqual(['posts:Bail-Guide,xyz']);
    expect(a).toEqual({ slug: 'bail-guide' });
    expect(a).toBe(b);
    expect(c).toBeNull();
  });

  it('reads categories from one list call per request, asking by id only for the missing', async () => {
    const { api, calls } = fakeApi();
    const loaders = createLoaders(api);
    const found = await Promise.all([2, 3, 9, 10].map((id) => loaders.category.load(id)));
    await loaders.categories();
    expect(found.map((c) => c?.slug ?? null)).toEqual(['a', 'b', 'late', null]);
    expect(calls).toEqual(['categories', 'categories:9,10']);
  });
});
