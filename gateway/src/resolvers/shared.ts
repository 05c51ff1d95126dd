// Helpers several type resolvers use: the site's settings, images through the media loader, and the
// hosts that count as internal links in content.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mediaFromWp, mediaOrDefault } from '../derive/media.js';
import type { PracticeAreaHelpers } from '../derive/practice-areas.js';
import { siteFromConfig } from '../derive/site.js';
import type { SanitizeOptions } from '../derive/sanitize.js';
import type { GatewayConfig } from '../config.js';
import type { GatewayContext } from '../context.js';
import type { Media } from '../generated/resolvers.js';
import type { WpMedia } from '../sources/types.js';
import { isDraft } from '../preview/drafts.js';
import { memo } from '../memo.js';
import { errorSummary } from './errors.js';

const siteNames = new WeakMap<GatewayConfig, string>();

/** The firm's name as the site shows it (config or the default), computed once per config. */
export function siteName(config: GatewayConfig): string {
  return memo(siteNames, config, () => siteFromConfig(config.site).name);
}

const sanitizeOptions = new WeakMap<GatewayConfig, SanitizeOptions>();

/** The WordPress origin an embedded snapshot was recorded from (its bodies link there), if known. */
function snapshotLinkOrigin(contentDir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(contentDir, 'manifest.json'), 'utf8')) as {
      linkOrigin?: unknown;
    };
    return typeof manifest.linkOrigin === 'string' ? manifest.linkOrigin : null;
  } catch {
    return null;
  }
}

/** Links to the public site and to the WordPress host are internal in sanitised content. */
function hostOptions(config: GatewayConfig): SanitizeOptions {
  return memo(sanitizeOptions, config, () => {
    const hostnames = (urls: (string | null)[]) =>
      urls.flatMap((u) => {
        const url = u ? URL.parse(u) : null;
        return url ? [url.hostname] : [];
      });
    const hosts = hostnames([config.site.url, config.wordpressUrl]);
    const contentHosts = hostnames([config.wordpressUrl ?? snapshotLinkOrigin(config.contentDir)]);
    return {
      internalHosts: [...new Set([...hosts, ...contentHosts])],
      contentHosts,
      wordpressOrigin: config.wordpressUrl ?? null,
    };
  });
}

const withMedia = new WeakMap<SanitizeOptions, SanitizeOptions>();

type WordPressFacts = Pick<GatewayContext, 'config' | 'mediaHosts' | 'wordpressOrigin'>;

/**
 * How this gateway sanitises content: its internal and content hosts, and the hosts that hold
 * WordPress's media now and its public origin (learned from WordPress: new options once they are;
 * until then the origin is the address the gateway reaches WordPress at).
 */
function contentOptions(ctx: WordPressFacts): SanitizeOptions {
  const base = hostOptions(ctx.config);
  const mediaHosts = ctx.mediaHosts();
  const wordpressOrigin = ctx.wordpressOrigin() ?? base.wordpressOrigin ?? null;
  const known = withMedia.get(base);
  if (known?.mediaHosts === mediaHosts && known.wordpressOrigin === wordpressOrigin) return known;
  const options = { ...base, mediaHosts, wordpressOrigin };
  withMedia.set(base, options);
  return options;
}

/** contentOptions, and for a draft (preview/drafts.ts) the same without keeping what is derived. */
export function contentOptionsFor(ctx: WordPressFacts, item: unknown): SanitizeOptions {
  const options = contentOptions(ctx);
  return isDraft(item) ? { ...options, memo: false } : options;
}

export function editUrl(config: GatewayConfig, id: number): string | null {
  return config.wordpressUrl ? `${config.wordpressUrl}/wp-admin/post.php?post=${id}&action=edit` : null;
}

/** The attachment, or null when there is none or the media lookup failed (logged, brief §8). */
export async function loadMedia(ctx: GatewayContext, id: number | null | undefined): Promise<WpMedia | null> {
  if (!id || id <= 0) return null;
  try {
    return await ctx.loaders.media.load(id);
  } catch (error) {
    ctx.logger.debug(
      { mediaId: id, err: errorSummary(error) },
      'media lookup failed; using the default image',
    );
    return null;
  }
}

/** A featured image that is always there: the attachment, else the default image (brief §8). */
export async function featuredImageOrDefault(
  ctx: GatewayContext,
  id: number | null | undefined,
  fallbackAlt: string,
): Promise<Media> {
  return mediaOrDefault(await loadMedia(ctx, id), { fallbackAlt });
}

/** An optional image: null when there is none. */
export async function optionalImage(
  ctx: GatewayContext,
  id: number | null | undefined,
  fallbackAlt: string,
): Promise<Media | null> {
  return mediaFromWp(await loadMedia(ctx, id), { fallbackAlt });
}

/** Fetches the given media ids in one batch and offers them to the pure practice-area mapping. */
export async function practiceHelpers(
  ctx: GatewayContext,
  mediaIds: readonly number[],
): Promise<PracticeAreaHelpers> {
  const ids = [...new Set(mediaIds.filter((id) => id > 0))];
  const found = new Map<number, WpMedia>();
  const results = await Promise.all(ids.map((id) => loadMedia(ctx, id)));
  results.forEach((m, i) => {
    if (m) found.set(ids[i] as number, m);
  });
  return {
    siteName: siteName(ctx.config),
    siteUrl: ctx.config.site.url,
    media: (id) => found.get(id) ?? null,
    editUrl: (id) => editUrl(ctx.config, id),
    content: contentOptions(ctx),
  };
}
