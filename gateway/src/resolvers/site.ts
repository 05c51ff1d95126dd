// Site: the firm's details from configuration, its fixed texts in the language asked for (brief §10);
// only its practice links come from WordPress (the practice areas' list, cached like every other list).
// Each language's answer is its own query (its own variables): the response cache, keyed by the whole
// request, never serves one for the other.
import type { Lang } from '@site/content-model';
import { fromGraphqlLanguage } from '../derive/language.js';
import { siteFromConfig, type Site as SiteData } from '../derive/site.js';
import type { GatewayContext } from '../context.js';
import type { QueryResolvers, SiteResolvers } from '../generated/resolvers.js';
import { practiceLinks } from './practice-area.js';

/** What a Site is resolved from: its data, and the language its fields are asked in. */
export type SiteModel = SiteData & { lang: Lang };

export const siteQueries: Pick<QueryResolvers<GatewayContext>, 'site'> = {
  site: (_parent, args, ctx) => {
    const lang = fromGraphqlLanguage(args.language) ?? 'en';
    return { ...siteFromConfig(ctx.config.site, lang), lang };
  },
};

export const Site: Pick<SiteResolvers<GatewayContext, SiteModel>, 'practiceLinks'> = {
  // The same areas as the practice list everywhere else, published practice_area posts included.
  practiceLinks: (site, _args, ctx) => practiceLinks(ctx, site.lang),
};
