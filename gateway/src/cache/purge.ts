// What a publish event in WordPress makes stale: the item itself, every list it may belong to, and
// everything built from many answers at once.
import { DERIVED } from '@site/server-kit';
import { z } from 'zod';

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
      return [...item('posts'), 'posts:list', 'categories', DERIVED];
    case 'page':
      return [...item('pages'), 'pages:list', DERIVED];
    case 'practice_area':
      return ['practice_areas', DERIVED];
    case 'attachment':
      return [...item('media'), DERIVED];
    case 'category':
      // Post lists filtered by a category are keyed by its id; drop them with the category list.
      return ['categories', 'posts:list', DERIVED];
  }
}
