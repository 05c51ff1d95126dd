// Category: the blog's categories (hide_empty, per_page 50), and one by slug beyond those 50.
import { categoryCountIn, fromGraphqlLanguage } from '../derive/language.js';
import { decodeEntities } from '../derive/text.js';
import type { GatewayContext } from '../context.js';
import type { CategoryResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { WpCategory } from '../sources/types.js';
import { errorSummary } from './errors.js';
import { bySlug } from './by-slug.js';
import { warnThrottled } from '../log-throttle.js';

export const Category: CategoryResolvers<GatewayContext, WpCategory> = {
  id: (c) => `category:${c.id}`,
  databaseId: (c) => c.id,
  name: (c) => decodeEntities(c.name).trim(),
  slug: (c) => c.slug,
  count: (c) => c.count,
};

export const categoryQueries: Pick<QueryResolvers<GatewayContext>, 'categories' | 'category'> = {
  categories: async (_parent, args, ctx) => {
    try {
      const all = await ctx.loaders.categories();
      const lang = fromGraphqlLanguage(args.language);
      if (!lang) return all;
      return all.flatMap((c) => {
        const count = categoryCountIn(c, lang);
        return count > 0 ? [{ ...c, count }] : [];
      });
    } catch (error) {
      // The category filter is an extra: without it the blog still lists posts.
      warnThrottled(ctx, { err: errorSummary(error) }, 'categories failed');
      return [];
    }
  },
  category: (_parent, args, ctx) =>
    bySlug(ctx, args.slug, 'category', (slug) => ctx.loaders.categoryBySlug.load(slug)),
};
