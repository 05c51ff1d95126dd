// Category: the blog's categories (hide_empty, per_page 50), and one by slug beyond those 50.
import { decodeEntities } from '../derive/text.js';
import type { GatewayContext } from '../context.js';
import type { CategoryResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { WpCategory } from '../sources/types.js';
import { errorSummary, upstreamUnavailable } from './errors.js';
import { boundedSlug } from './inputs.js';
import { warnThrottled } from '../log-throttle.js';

export const Category: CategoryResolvers<GatewayContext, WpCategory> = {
  id: (c) => `category:${c.id}`,
  databaseId: (c) => c.id,
  name: (c) => decodeEntities(c.name).trim(),
  slug: (c) => c.slug,
  count: (c) => c.count,
};

export const categoryQueries: Pick<QueryResolvers<GatewayContext>, 'categories' | 'category'> = {
  categories: async (_parent, _args, ctx) => {
    try {
      return await ctx.loaders.categories();
    } catch (error) {
      // The category filter is an extra: without it the blog still lists posts.
      warnThrottled(ctx, { err: errorSummary(error) }, 'categories failed');
      return [];
    }
  },
  category: async (_parent, args, ctx) => {
    const slug = boundedSlug(args.slug);
    if (slug === null) return null;
    try {
      return await ctx.loaders.categoryBySlug.load(slug);
    } catch (error) {
      warnThrottled(ctx, { slug, err: errorSummary(error) }, 'category lookup failed');
      throw upstreamUnavailable('Failed to fetch category');
    }
  },
};
