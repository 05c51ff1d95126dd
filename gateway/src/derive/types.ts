// Input shapes the derivations read: the parts of WordPress REST objects (and the companion plugin's
// fields) they use. Deliberately loose — every field optional and nullable, and checked at run time —
// so both the validated source types and raw snapshots can be passed in.
import type { z } from 'zod';
import type {
  wpBannerSettingsSchema,
  wpFeatureItemSchema,
  wpPageStructureSchema,
  wpSeoMetaSchema,
  wpYoastHeadSchema,
} from '../sources/types.js';

export interface WpRendered {
  rendered?: string | null;
}

export interface WpMediaSizeLike {
  file?: string | null;
  width?: number | null;
  height?: number | null;
  mime_type?: string | null;
  source_url?: string | null;
}

export interface WpMediaLike {
  id?: number | null;
  source_url?: string | null;
  alt_text?: string | null;
  caption?: WpRendered | null;
  title?: WpRendered | null;
  mime_type?: string | null;
  media_details?: {
    width?: number | null;
    height?: number | null;
    file?: string | null;
    sizes?: Record<string, WpMediaSizeLike | null | undefined> | null;
  } | null;
}

// The plugin fields as their parsers (sources/types.ts) take them in.
export type YoastHeadJson = z.input<typeof wpYoastHeadSchema>;
export type SeoMeta = z.input<typeof wpSeoMetaSchema>;
/** banner_overlay_opacity: percentage 0..100; WordPress meta may arrive as a numeric string. */
export type BannerSettings = z.input<typeof wpBannerSettingsSchema>;
export type WpFeatureItemLike = z.input<typeof wpFeatureItemSchema>;
type WpPageStructureLike = z.input<typeof wpPageStructureSchema>;

/** A WordPress page (or practice_area post) as far as practice areas use it. */
export interface WpPageLike {
  id?: number | null;
  slug?: string | null;
  date?: string | null;
  date_gmt?: string | null;
  modified?: string | null;
  modified_gmt?: string | null;
  title?: WpRendered | null;
  content?: WpRendered | null;
  excerpt?: WpRendered | null;
  featured_media?: number | null;
  page_structure?: WpPageStructureLike | null;
  yoast_head_json?: YoastHeadJson | null;
  seo_meta?: SeoMeta | null;
}

export interface WpPracticeAreaLike extends WpPageLike {
  practice_icon?: string | null;
  /** The editor's "Order" (page attributes): lists show lower numbers first. */
  menu_order?: number | null;
}
