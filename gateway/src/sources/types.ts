// The WordPress REST shapes the gateway reads (WordPress 6.1, context=view, plus the companion plugin's
// fields). Parsers are lenient where real sites vary: extra fields pass through, optional fields may be
// missing, and a malformed plugin field (Yoast, seo_meta, banner, page_structure) degrades to "absent"
// instead of failing a whole list. Core fields that every WordPress answer has (id, slug, title) are
// required: without them the answer has the wrong shape, which is an upstream error.
import { z } from 'zod';

/**
 * `{ rendered: "..." }` as WordPress returns title, content, excerpt and caption; `protected` is true
 * on the content and excerpt of a post with a password (rendered is then empty).
 */
const rendered = z.looseObject({
  rendered: z.string(),
  protected: z.boolean().optional().catch(undefined),
});
const renderedOrEmpty = rendered
  .optional()
  .catch(undefined)
  .transform((r) => r ?? { rendered: '' });

/** A string field a plugin may leave out, set to null, or fill with something unexpected. */
const optString = z
  .string()
  .nullish()
  .catch(undefined)
  .transform((s) => s ?? undefined);

/** A number a plugin may store as a number or a numeric string, or leave out. */
const numberish = z.union([z.number(), z.string()]).nullish().catch(undefined);

/** A string that reads as '' when missing, null or not a string. */
const stringOrEmpty = z
  .string()
  .nullish()
  .catch('')
  .transform((s) => s ?? '');

/** A media id field: WordPress uses 0 for "none"; plugins sometimes store ids as strings or "". */
const mediaId = numberish.transform((v) => {
  const n = typeof v === 'string' ? Number.parseInt(v, 10) : (v ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
});

const ogImageSchema = z.looseObject({
  url: z.string(),
  width: z.number().optional().catch(undefined),
  height: z.number().optional().catch(undefined),
  type: optString,
});

/** A yes/no a plugin may store as a boolean, "1"/"0" or leave out; anything else is "no answer". */
const optFlag = z
  .union([z.boolean(), z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)])
  .nullish()
  .catch(undefined)
  .transform((v) => (v === undefined || v === null ? undefined : v === true || v === '1' || v === 1));

export const wpYoastHeadSchema = z.looseObject({
  title: optString,
  description: optString,
  canonical: optString,
  og_title: optString,
  og_description: optString,
  og_url: optString,
  og_image: z.array(ogImageSchema).optional().catch(undefined),
  twitter_title: optString,
  twitter_description: optString,
  twitter_image: optString,
  // Yoast's robots choice for the page: { index: 'index' | 'noindex', follow: ... }.
  robots: z.looseObject({ index: optString }).optional().catch(undefined),
});

export const wpSeoMetaSchema = z.looseObject({
  yoast_seo_title: optString,
  yoast_seo_meta_description: optString,
  yoast_seo_og_title: optString,
  yoast_seo_og_description: optString,
  yoast_seo_twitter_title: optString,
  yoast_seo_twitter_description: optString,
  yoast_seo_canonical: optString,
  yoast_seo_og_image: optString,
  yoast_seo_twitter_image: optString,
  /** The companion plugin's reading of Yoast's "allow search engines to show this" (true: do not). */
  yoast_seo_noindex: optFlag,
});

export const wpBannerSettingsSchema = z.looseObject({
  banner_background_color: optString,
  banner_text_color: optString,
  banner_background_image: optString,
  // Post meta comes back as a number or as a numeric string depending on how it was registered.
  banner_overlay_opacity: numberish.transform((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : undefined;
  }),
  banner_title: optString,
  banner_description: optString,
});

export const wpFeatureItemSchema = z.looseObject({
  icon: optString,
  title: z.string().catch(''),
  description: stringOrEmpty,
});

const featureList = z
  .array(z.unknown())
  .nullish()
  .catch(undefined)
  .transform((items) =>
    (items ?? []).flatMap((item) => {
      const parsed = wpFeatureItemSchema.safeParse(item);
      return parsed.success && parsed.data.title !== '' ? [parsed.data] : [];
    }),
  );

export const wpPageStructureSchema = z.looseObject({
  hero_subtitle: optString,
  hero_image: mediaId,
  services_title: optString,
  services_items: featureList,
  why_choose_title: optString,
  why_choose_image: mediaId,
  why_choose_items: featureList,
});
export type WpPageStructure = z.infer<typeof wpPageStructureSchema>;

/** A plugin object field: absent, null, `[]` (PHP's empty array) or malformed all read as null. */
function pluginObject<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .optional()
    .transform((v) => {
      if (v === null || v === undefined || Array.isArray(v) || typeof v !== 'object') return null;
      const parsed = schema.safeParse(v);
      return parsed.success ? (parsed.data as z.output<T>) : null;
    });
}

/**
 * The companion plugin's `featured_image` field (api.ts asks for it): the featured image travels
 * with the post, so no `/media` request follows. Read on its own by featuredImage; `undefined` when
 * the answer has no such field (a WordPress without the plugin).
 */
const featuredImageField = z.unknown().optional();

/** The companion plugin's word count of a post body; absent when the plugin is not active. */
const wordCount = z.number().int().nonnegative().optional().catch(undefined);

/**
 * Polylang's `translations`: language code -> post id, the item itself included. Absent (undefined)
 * without Polylang; PHP's empty array or anything malformed reads as no links.
 */
const polylangTranslations = z
  .unknown()
  .optional()
  .transform((v) => {
    if (v === undefined || v === null) return undefined;
    const out: Record<string, number> = {};
    if (typeof v !== 'object' || Array.isArray(v)) return out;
    for (const [code, raw] of Object.entries(v as Record<string, unknown>)) {
      const id = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof id === 'number' && Number.isInteger(id) && id > 0) out[code] = id;
    }
    return out;
  });

/** The companion plugin's `translation`: the id of the same content in the other language, 0 = none. */
const translationId = numberish.transform((v) => {
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  return Number.isInteger(n) && n > 0 ? n : 0;
});

/**
 * The companion plugin's `translation_ref`: the published translation's id, slug and language; null
 * when there is none (unlinked, or not published). Undefined when the field is absent (no plugin, or
 * one from before the field), and then the translation is looked up by id.
 */
const translationRef = z
  .object({ id: z.number().int().positive(), slug: z.string(), language: optString })
  .nullish()
  .catch(undefined);

/**
 * The language of an item as WordPress says it (brief §10): Polylang's `lang` and `translations`, the
 * companion plugin's `language` ("" = not set), `translation` and `translation_ref`. Each is undefined
 * when the answer has no such field, which is how the gateway tells that WordPress cannot filter by
 * language.
 */
const languageFields = {
  lang: optString,
  translations: polylangTranslations,
  language: optString,
  translation: translationId,
  translation_ref: translationRef,
};

/** What every post type's answer starts with: its id, dates and slug. */
const wpContentHead = {
  id: z.number().int().positive(),
  date: z.string(),
  date_gmt: optString,
  modified: optString,
  modified_gmt: optString,
  slug: z.string(),
};

const wpContentBase = {
  ...wpContentHead,
  status: optString,
  type: optString,
  link: optString,
  title: rendered,
  content: renderedOrEmpty,
  excerpt: renderedOrEmpty,
  featured_media: mediaId,
  yoast_head_json: pluginObject(wpYoastHeadSchema),
  seo_meta: pluginObject(wpSeoMetaSchema),
  featured_image: featuredImageField,
  ...languageFields,
};

/** As pluginObject, but `undefined` when the answer has no such field: it was not asked for. */
function askedPluginObject<T extends z.ZodType>(schema: T) {
  const present = pluginObject(schema);
  return z
    .unknown()
    .optional()
    .transform((v) => (v === undefined ? undefined : present.parse(v)));
}

/**
 * The editor's robots choice, as a list asks for it when it needs it (api.ts, ROBOTS_FIELDS): of
 * Yoast's head only its `robots`, of the companion plugin's SEO block only its noindex flag
 * (derive/seo.ts, editorNoindex). Both `undefined` when the list did not ask (where WordPress has
 * neither plugin, the list says so: api.ts, withRobotsAnswered).
 */
const robotsFields = {
  yoast_head_json: askedPluginObject(z.looseObject({ robots: wpYoastHeadSchema.shape.robots })),
  seo_meta: askedPluginObject(z.looseObject({ yoast_seo_noindex: optFlag })),
};

/** The head of the list summaries below: plain object schemas, so unknown fields are dropped. */
const summaryBase = z.object({
  ...wpContentHead,
  title: rendered,
  excerpt: renderedOrEmpty,
  ...robotsFields,
  ...languageFields,
});

export const wpPostSchema = z.looseObject({
  ...wpContentBase,
  categories: z
    .array(z.number().int())
    .nullish()
    .catch(undefined)
    .transform((c) => c ?? []),
  author_name: optString,
  banner_settings: pluginObject(wpBannerSettingsSchema),
  word_count: wordCount,
});
export type WpPost = z.infer<typeof wpPostSchema>;

/**
 * A post as lists fetch it: no body, no SEO blocks (the companion plugin's `word_count` gives the
 * reading time). A plain object schema, so a WordPress that ignores `_fields` cannot smuggle a body
 * into something the resolvers treat as a summary.
 */
export const wpPostSummarySchema = summaryBase.extend({
  featured_media: wpContentBase.featured_media,
  featured_image: featuredImageField,
  categories: wpPostSchema.shape.categories,
  author_name: optString,
  word_count: wordCount,
});
export type WpPostSummary = z.infer<typeof wpPostSummarySchema>;
/** What a Post resolver receives: a whole post, or a list's summary of one. */
export type WpPostLike = WpPost | WpPostSummary;

export function isFullPost(post: WpPostLike): post is WpPost {
  return 'content' in post && post.content !== undefined;
}

/**
 * A post as the language filter reads it from a WordPress that cannot filter by language itself:
 * the summary and its body, to tell the language from (api.ts, listPosts).
 */
export const wpPostScanSchema = wpPostSummarySchema.extend({ content: renderedOrEmpty });

export const wpPageSchema = z.looseObject({
  ...wpContentBase,
  parent: z.number().int().optional().catch(undefined),
  menu_order: z.number().int().optional().catch(undefined),
  page_structure: pluginObject(wpPageStructureSchema),
});
export type WpPage = z.infer<typeof wpPageSchema>;

/** The custom post type `practice_area` (REST base `practice_areas`). */
export const wpPracticeAreaSchema = z.looseObject({
  ...wpContentBase,
  menu_order: z.number().int().optional().catch(undefined),
  practice_icon: optString,
  page_structure: pluginObject(wpPageStructureSchema),
});
export type WpPracticeArea = z.infer<typeof wpPracticeAreaSchema>;

/**
 * A practice area as the list fetches it: what a card, a link and the order need, no body, page
 * structure or SEO blocks. A plain object schema, so a WordPress that ignores `_fields` cannot
 * smuggle a body into something the resolvers treat as a summary.
 */
export const wpPracticeAreaSummarySchema = summaryBase.extend({
  date: optString,
  menu_order: wpPracticeAreaSchema.shape.menu_order,
  practice_icon: optString,
});
export type WpPracticeAreaSummary = z.infer<typeof wpPracticeAreaSummarySchema>;
/** What a practice area is resolved from: a whole post, or the list's summary of one. */
export type WpPracticeAreaOrSummary = WpPracticeArea | WpPracticeAreaSummary;

export function isFullPracticeArea(area: WpPracticeAreaOrSummary): area is WpPracticeArea {
  return 'content' in area && area.content !== undefined;
}

/** For the sitemap: only what `_fields=id,slug,date,date_gmt,modified,modified_gmt` returns. */
export const wpPageSummarySchema = z.looseObject({
  id: z.number().int().positive().optional(),
  slug: z.string(),
  modified: optString,
  modified_gmt: optString,
  date: optString,
  date_gmt: optString,
  ...robotsFields,
  ...languageFields,
});
export type WpPageSummary = z.infer<typeof wpPageSummarySchema>;

const wpMediaSizeSchema = z.looseObject({
  file: optString,
  width: z.number(),
  height: z.number(),
  mime_type: optString,
  source_url: z.string(),
});
export type WpMediaSize = z.infer<typeof wpMediaSizeSchema>;

const wpMediaDetailsSchema = z.looseObject({
  width: z.number().optional().catch(undefined),
  height: z.number().optional().catch(undefined),
  file: optString,
  sizes: z
    .record(z.string(), z.unknown())
    .nullish()
    .catch(undefined)
    .transform((sizes) => {
      const out: Record<string, WpMediaSize> = {};
      for (const [name, size] of Object.entries(sizes ?? {})) {
        const parsed = wpMediaSizeSchema.safeParse(size);
        if (parsed.success) out[name] = parsed.data;
      }
      return out;
    }),
});

export const wpMediaSchema = z.looseObject({
  id: z.number().int().positive(),
  date: optString,
  slug: optString,
  type: optString,
  title: rendered.optional().catch(undefined),
  alt_text: stringOrEmpty,
  caption: renderedOrEmpty,
  media_type: optString,
  mime_type: optString,
  source_url: z.string(),
  media_details: pluginObject(wpMediaDetailsSchema),
});
export type WpMedia = z.infer<typeof wpMediaSchema>;

/** The companion plugin's `featured_image`: what the site shows of an attachment, nothing more. */
const wpFeaturedImageSchema = z.object({
  id: z.number().int().positive(),
  source_url: z.string(),
  width: z.number().int().positive().nullish().catch(undefined),
  height: z.number().int().positive().nullish().catch(undefined),
  alt_text: optString,
  mime_type: optString,
});

/**
 * The featured image a post, page or practice area carries in the companion plugin's
 * `featured_image` field, as the attachment `/media` would give. undefined: the field is missing
 * (a WordPress without the plugin), malformed or about another attachment, so the image is to be
 * looked up by id as before. null: the plugin says there is none the visitor may see (a private,
 * trashed or deleted attachment): the post has no image, as a lookup by id would find.
 */
export function featuredImage(item: {
  featured_media?: number | undefined;
  featured_image?: unknown;
}): WpMedia | null | undefined {
  const id = item.featured_media ?? 0;
  if (id <= 0 || item.featured_image === undefined) return undefined;
  if (item.featured_image === null) return null;
  const parsed = wpFeaturedImageSchema.safeParse(item.featured_image);
  if (!parsed.success || parsed.data.id !== id) return undefined;
  const { width, height, ...rest } = parsed.data;
  return wpMediaSchema.parse({ ...rest, media_details: { width, height } });
}

export const wpCategorySchema = z.looseObject({
  id: z.number().int().positive(),
  count: z.number().int().nonnegative().catch(0).default(0),
  /** Polylang's language of the category (each language has its own categories). */
  lang: optString,
  /** The companion plugin's published posts per language; null with Polylang, absent without the plugin. */
  language_counts: z
    .object({
      en: z.number().int().nonnegative().catch(0).default(0),
      hi: z.number().int().nonnegative().catch(0).default(0),
    })
    .nullish()
    .catch(undefined),
  description: optString,
  link: optString,
  name: z.string(),
  slug: z.string(),
  taxonomy: optString,
  parent: z.number().int().optional().catch(undefined),
});
export type WpCategory = z.infer<typeof wpCategorySchema>;

/**
 * Another item by id, asked for only to link to it (a translation): its address and its language as
 * WordPress says it.
 */
export const wpRefSchema = z.looseObject({
  id: z.number().int().positive(),
  slug: z.string(),
  lang: optString,
  language: optString,
});
export type WpRef = z.infer<typeof wpRefSchema>;

/** WordPress's error body: `{ code, message, data: { status } }`. */
export const wpErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string().optional(),
  data: z.looseObject({ status: z.number().optional() }).nullish(),
});

/** The parser of a WordPress list answer whose items have this schema. */
export function listParser<T extends z.ZodType>(schema: T): (body: unknown) => z.output<T>[] {
  const list = z.array(schema);
  return (body) => list.parse(body);
}

/** The connectivity check asks only whether the route answers with a list. */
export const parseAnyList = listParser(z.unknown());
