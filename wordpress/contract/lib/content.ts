// The recorded snapshot (content/) the real WordPress was seeded from, read the way the tests
// compare against it: published items, titles as the text a visitor reads, references by slug.
import { htmlToText } from '../../../gateway/src/derive/text.js';
import { readSnapshot, type ContentSnapshot } from '../../../gateway/src/sources/embedded/source.js';
import { CONTENT_DIR } from './wordpress.js';

export interface ContentItem {
  id: number;
  slug: string;
  status?: string;
  date?: string;
  title?: { rendered: string };
  name?: string;
  count?: number;
  featured_media?: number;
  categories?: number[];
  source_url?: string;
  practice_icon?: string;
  menu_order?: number;
  word_count?: number;
}

export interface Content {
  snapshot: ContentSnapshot;
  posts: ContentItem[];
  pages: ContentItem[];
  practiceAreas: ContentItem[];
  media: ContentItem[];
  categories: ContentItem[];
  /** Decoded title of a published post, page or practice area by slug. */
  titleOf(slug: string): string | undefined;
  /** Category slugs of a post, through the snapshot's own category ids. */
  categorySlugsOf(post: ContentItem): string[];
  /** The snapshot's featured image URL (site-relative) of a post, page or practice area. */
  featuredUrlOf(item: ContentItem): string | null;
}

const published = (list: readonly unknown[]) =>
  (list as ContentItem[]).filter((i) => i.status === undefined || i.status === 'publish');

export async function readContent(dir = CONTENT_DIR): Promise<Content> {
  const snapshot = await readSnapshot(dir);
  const posts = published(snapshot.posts);
  const pages = published(snapshot.pages);
  const practiceAreas = published(snapshot.practice_areas);
  const media = snapshot.media as ContentItem[];
  const categories = snapshot.categories as ContentItem[];
  const titles = new Map(
    [...posts, ...pages, ...practiceAreas].map((i) => [i.slug, htmlToText(i.title?.rendered ?? '')]),
  );
  const categorySlug = new Map(categories.map((c) => [c.id, c.slug]));
  const mediaUrl = new Map(media.map((m) => [m.id, m.source_url ?? '']));
  return {
    snapshot,
    posts,
    pages,
    practiceAreas,
    media,
    categories,
    titleOf: (slug) => titles.get(slug),
    categorySlugsOf: (post) =>
      (post.categories ?? []).map((id) => categorySlug.get(id) ?? `missing ${id}`).sort(),
    featuredUrlOf: (item) => (item.featured_media ? (mediaUrl.get(item.featured_media) ?? null) : null),
  };
}

/** `http://127.0.0.1:8080/wp-content/uploads/x.jpg` -> `/wp-content/uploads/x.jpg`. */
export function sitePath(url: string): string {
  return url.replace(/^https?:\/\/[^/]+(?=\/)/, '');
}
