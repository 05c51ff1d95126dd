import { siteImageUrl } from './media.js';
import type { Seo } from '../generated/resolvers.js';
import { truncateText } from './excerpt.js';
import { htmlToText } from './text.js';
import type { SeoMeta, YoastHeadJson } from './types.js';
import { isAbsoluteHttpUrl, safeImageUrl } from './url.js';

export type { Seo, SeoMeta, YoastHeadJson };

export const MAX_DESCRIPTION_LENGTH = 300;
export const TITLE_SEPARATOR = ' | ';

export interface MergeSeoInput {
  yoast?: YoastHeadJson | null;
  seoMeta?: SeoMeta | null;
  /** Default title, without the site name. */
  title: string;
  /** Default description (plain text or HTML). */
  description: string;
  /** Default canonical URL: the site origin plus the page's path (brief §9). */
  canonical: string;
  /** Default share image, e.g. the featured image. */
  image?: string | null;
  siteName: string;
}

/** The first of the values with text in it, as plain text. */
function first(...values: unknown[]): string {
  return values.map((value) => htmlToText(value)).find((t) => t !== '') ?? '';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes the " | Site" / " - Site" (or –, —, ·, •, », :) suffixes Yoast appends, however many, so the
 * site name is added exactly once.
 */
export function stripSiteSuffix(title: string, siteName: string): string {
  if (siteName === '') return title;
  const suffix = new RegExp(`\\s*[|\\-–—·•»:]\\s*${escapeRegExp(siteName)}\\s*$`, 'i');
  let out = title;
  while (suffix.test(out)) out = out.replace(suffix, '');
  return out.trim();
}

function withSiteName(base: string, siteName: string): string {
  if (siteName === '') return base;
  if (base === '' || base.toLowerCase() === siteName.toLowerCase()) return siteName;
  return `${base}${TITLE_SEPARATOR}${siteName}`;
}

/** Explicit share titles keep their wording, but a doubled site suffix collapses to one. */
function normaliseShareTitle(title: string, siteName: string): string {
  if (title === '') return '';
  const base = stripSiteSuffix(title, siteName);
  return base === title ? title : withSiteName(base, siteName);
}

function clampDescription(description: string): string {
  return truncateText(description, MAX_DESCRIPTION_LENGTH - 3);
}

function origin(url: string): string | null {
  return URL.parse(url)?.origin ?? null;
}

/**
 * Yoast computes `canonical` and `og_url` from WordPress's own permalinks, which for a headless site
 * can point at the content host instead of the public site. Only a URL on the public site's origin is
 * taken from Yoast; an explicit seo_meta canonical is trusted as the editor's choice.
 */
function yoastUrl(value: unknown, siteOrigin: string | null): string | null {
  const url = htmlToText(value);
  if (!isAbsoluteHttpUrl(url)) return null;
  return siteOrigin === null || origin(url) === siteOrigin ? url : null;
}

function imageUrl(value: unknown, base: string | null): string | null {
  // An image on WordPress's host (Yoast's, or the editor's own choice) is shown from the site's origin.
  const url = siteImageUrl(safeImageUrl(htmlToText(value)));
  if (url === null) return null;
  // Open Graph needs absolute image URLs; site-relative ones are resolved against the site.
  if (url.startsWith('/') && base !== null) return new URL(url, base).href;
  return url;
}

function firstImage(base: string | null, ...values: unknown[]): string | null {
  return values.map((value) => imageUrl(value, base)).find((url) => url !== null) ?? null;
}

/**
 * The editor's "do not show in search results": the companion plugin's flag (seo_meta), else Yoast's
 * own head's robots; indexable when neither says. Lists read it from the two nested fields they ask
 * WordPress for (sources/api.ts, ROBOTS_FIELDS), whole items from their SEO blocks.
 */
export function editorNoindex(
  yoast: Pick<YoastHeadJson, 'robots'> | null | undefined,
  meta: Pick<SeoMeta, 'yoast_seo_noindex'> | null | undefined,
): boolean {
  if (typeof meta?.yoast_seo_noindex === 'boolean') return meta.yoast_seo_noindex;
  return htmlToText(yoast?.robots?.index).toLowerCase() === 'noindex';
}

/**
 * SEO fields for a page: per field, the explicit seo_meta value, else yoast_head_json, else the
 * defaults; plain text with entities decoded; the title carries " | {site}" once; descriptions are at
 * most 300 characters; Open Graph and Twitter fall back to the page's title and description (Twitter
 * to Open Graph first); the canonical is always an absolute http(s) URL.
 */
export function mergeSeo(input: MergeSeoInput): Seo {
  const meta: SeoMeta = input.seoMeta ?? {};
  const yoast: YoastHeadJson = input.yoast ?? {};
  const siteName = htmlToText(input.siteName);
  const defaultCanonical = htmlToText(input.canonical);
  const siteOrigin = isAbsoluteHttpUrl(defaultCanonical) ? origin(defaultCanonical) : null;

  const title = withSiteName(
    stripSiteSuffix(first(meta.yoast_seo_title, yoast.title, input.title), siteName),
    siteName,
  );
  const description = clampDescription(
    first(meta.yoast_seo_meta_description, yoast.description, input.description),
  );

  const explicitCanonical = htmlToText(meta.yoast_seo_canonical);
  const canonical = isAbsoluteHttpUrl(explicitCanonical)
    ? explicitCanonical
    : (yoastUrl(yoast.canonical, siteOrigin) ?? defaultCanonical);
  const ogUrl = isAbsoluteHttpUrl(explicitCanonical)
    ? canonical
    : (yoastUrl(yoast.og_url, siteOrigin) ?? canonical);

  const ogTitle = normaliseShareTitle(first(meta.yoast_seo_og_title, yoast.og_title), siteName) || title;
  const ogDescription =
    clampDescription(first(meta.yoast_seo_og_description, yoast.og_description)) || description;
  const twitterTitle =
    normaliseShareTitle(first(meta.yoast_seo_twitter_title, yoast.twitter_title), siteName) || ogTitle;
  const twitterDescription =
    clampDescription(first(meta.yoast_seo_twitter_description, yoast.twitter_description)) || ogDescription;

  const yoastOgImage = Array.isArray(yoast.og_image)
    ? (yoast.og_image[0] as { url?: unknown } | undefined)?.url
    : null;
  const ogImage = firstImage(siteOrigin, meta.yoast_seo_og_image, yoastOgImage, input.image);
  const twitterImage = firstImage(siteOrigin, meta.yoast_seo_twitter_image, yoast.twitter_image) ?? ogImage;

  const noindex = editorNoindex(yoast, meta);

  return {
    title,
    description,
    canonical,
    noindex,
    ogTitle,
    ogDescription,
    ogImage,
    ogUrl,
    twitterTitle,
    twitterDescription,
    twitterImage,
  };
}
