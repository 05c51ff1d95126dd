// PracticeArea: the seven built-in areas (SPEC §2) with their WordPress pages merged in, and
// practice_area posts from WordPress. Built-in data is the fallback whenever WordPress fails.
import {
  BUILT_IN_PRACTICE_AREAS,
  findBuiltInPracticeArea,
  mergePracticeArea,
  practiceAreaFromWp,
  type BuiltInPracticeArea,
} from '../derive/practice-areas.js';
import type { GatewayContext } from '../context.js';
import type { PracticeArea, QueryResolvers } from '../generated/resolvers.js';
import { normalizeSlug } from '../loaders.js';
import type { WpPage, WpPracticeArea } from '../sources/types.js';
import { errorSummary } from './errors.js';
import { bySlug } from './by-slug.js';
import { practiceHelpers } from './shared.js';
import { warnThrottled } from '../log-throttle.js';

function mediaIdsOf(items: ReadonlyArray<WpPage | WpPracticeArea | null>): number[] {
  return items.flatMap((p) => (p ? [p.featured_media, p.page_structure?.hero_image ?? 0] : []));
}

async function merged(ctx: GatewayContext, areas: readonly BuiltInPracticeArea[], pages: readonly WpPage[]) {
  const bySlug = new Map(pages.map((p) => [normalizeSlug(p.slug), p]));
  const matched = areas.map((a) => bySlug.get(normalizeSlug(a.wpSlug)) ?? null);
  const helpers = await practiceHelpers(ctx, mediaIdsOf(matched));
  return areas.map((a, i) => mergePracticeArea(a, matched[i], helpers));
}

/** Longest input worth trying against the built-in names and legacy paths. */
const MAX_PRACTICE_SLUG_INPUT = 200;

export const practiceAreaQueries: Pick<QueryResolvers<GatewayContext>, 'practiceAreas' | 'practiceArea'> = {
  practiceAreas: async (_parent, _args, ctx): Promise<PracticeArea[]> => {
    const pages: WpPage[] = [];
    try {
      const result = await ctx.api.practicePages(BUILT_IN_PRACTICE_AREAS.map((a) => a.wpSlug));
      const failures: Error[] = [];
      for (const value of result.values()) {
        if (value instanceof Error) failures.push(value);
        else if (value) pages.push(value);
      }
      if (failures.length > 0) throw failures[0];
    } catch (error) {
      // SPEC §8: areas whose page could not be fetched fall back to their built-in content.
      warnThrottled(
        ctx,
        { err: errorSummary(error) },
        'practice pages failed; serving built-in practice areas',
      );
    }
    for (const page of pages) ctx.loaders.pageBySlug.prime(page.slug, page);
    return merged(ctx, BUILT_IN_PRACTICE_AREAS, pages);
  },

  practiceArea: async (_parent, args, ctx) => {
    const raw = typeof args.slug === 'string' ? args.slug.trim() : '';
    if (raw === '' || raw.length > MAX_PRACTICE_SLUG_INPUT) return null;

    const builtIn = findBuiltInPracticeArea(raw);
    if (builtIn) {
      let page: WpPage | null = null;
      try {
        page = await ctx.loaders.pageBySlug.load(builtIn.wpSlug);
      } catch (error) {
        warnThrottled(
          ctx,
          { slug: raw, err: errorSummary(error) },
          'practice page failed; serving the built-in area',
        );
      }
      return (await merged(ctx, [builtIn], page ? [page] : []))[0] ?? null;
    }

    return bySlug(ctx, raw, 'practice area', async (slug) => {
      const post = await ctx.loaders.practiceAreaBySlug.load(slug);
      if (!post) return null;
      return practiceAreaFromWp(post, await practiceHelpers(ctx, mediaIdsOf([post])));
    });
  },
};
