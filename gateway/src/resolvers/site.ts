// Site: the firm's details from configuration; only its practice links come from WordPress (the
// practice areas' list, cached like every other list).
import { siteFromConfig } from '../derive/site.js';
import type { GatewayContext } from '../context.js';
import type { QueryResolvers, SiteResolvers } from '../generated/resolvers.js';
import { practiceLinks } from './practice-area.js';
import { siteConfigOf } from './shared.js';

export const siteQueries: Pick<QueryResolvers<GatewayContext>, 'site'> = {
  site: (_parent, _args, ctx) => siteFromConfig(siteConfigOf(ctx.config)),
};

export const Site: Pick<SiteResolvers<GatewayContext>, 'practiceLinks'> = {
  // The same areas as the practice list everywhere else, published practice_area posts included.
  practiceLinks: (_site, _args, ctx) => practiceLinks(ctx),
};
