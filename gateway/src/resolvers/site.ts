// Site: the firm's details from configuration (never fetched from WordPress).
import { siteFromConfig } from '../derive/site.js';
import type { GatewayContext } from '../context.js';
import type { QueryResolvers } from '../generated/resolvers.js';
import { siteConfigOf } from './shared.js';

export const siteQueries: Pick<QueryResolvers<GatewayContext>, 'site'> = {
  site: (_parent, _args, ctx) => siteFromConfig(siteConfigOf(ctx.config)),
};
