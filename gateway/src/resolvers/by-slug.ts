// One item by slug, the same way for every kind the site opens by address (post, page, practice
// area, category).
import type { GatewayContext } from '../context.js';
import { warnThrottled } from '../log-throttle.js';
import { errorSummary, upstreamUnavailable } from './errors.js';
import { boundedSlug } from './inputs.js';

/**
 * A slug no item could have is none, without asking WordPress. brief §8: a failed fetch is logged and
 * answered UPSTREAM_UNAVAILABLE ("Failed to fetch {what}"), so the site answers 503, not a 404 a
 * search engine would believe for something that may well exist.
 */
export async function bySlug<T>(
  ctx: GatewayContext,
  raw: string | null | undefined,
  what: string,
  fetch: (slug: string) => Promise<T | null>,
): Promise<T | null> {
  const slug = boundedSlug(raw);
  if (slug === null) return null;
  try {
    return await fetch(slug);
  } catch (error) {
    warnThrottled(ctx, { slug, err: errorSummary(error) }, `${what} lookup failed`);
    throw upstreamUnavailable(`Failed to fetch ${what}`);
  }
}
