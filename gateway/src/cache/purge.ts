// What a publish event in WordPress makes stale: the item itself and every list it may belong to.
import { z } from 'zod';
import type { Cache } from './cache.js';

export const purgeRequestSchema = z.object({
  type: z.enum(['post', 'page', 'practice_area', 'attachment', 'category']),
  id: z.number().int().positive().optional(),
  slug: z.string().min(1).max(200).optional(),
});
export type PurgeRequest = z.infer<typeof purgeRequestSchema>;

export function purgeTags(request: PurgeRequest): string[] {
  const { type, id, slug } = request;
  const item = (resource: string) => [
    ...(id !== undefined ? [`${resource}:id:${id}`] : []),
    ...(slug !== undefined ? [`${resource}:slug:${slug.toLowerCase()}`] : []),
  ];
  switch (type) {
    case 'post':
      // Category counts change with a post's categories.
      return [...item('posts'), 'posts:list', 'categories'];
    case 'page':
      return [...item('pages'), 'pages:list'];
    case 'practice_area':
      return ['practice_areas'];
    case 'attachment':
      return item('media');
    case 'category':
      // Post lists filtered by a category are keyed by its id; drop them with the category list.
      return ['categories', 'posts:list'];
  }
}

/** Drops the affected entries; returns how many. */
export async function purge(cache: Cache, request: PurgeRequest): Promise<number> {
  let n = 0;
  for (const tag of purgeTags(request)) n += await cache.deleteByTag(tag);
  return n;
}
