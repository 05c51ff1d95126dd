// The recorded content snapshot (content/wp/*.json) as the fake WordPress serves it, and variants
// of it for the tests.
import path from 'node:path';
import { readSnapshot, type ContentSnapshot } from '../../gateway/src/sources/embedded/source.js';
import { categoryTerm } from '../../gateway/test/fixtures/snapshot.js';
import { REPO_ROOT } from './servers.js';

export function recordedSnapshot(): Promise<ContentSnapshot> {
  return readSnapshot(path.join(REPO_ROOT, 'content'));
}

interface PostLike {
  id: number;
  slug: string;
  date: string;
  date_gmt?: string;
  modified?: string;
  modified_gmt?: string;
  title: { rendered: string };
  content?: { rendered: string; protected: boolean };
  excerpt?: { rendered: string; protected: boolean };
  link?: string;
}

/**
 * The snapshot plus `count` older posts (copies of the oldest, years earlier), so the first page of
 * the blog (20 posts) and the recent-posts sidebar leave some posts that no page has shown.
 * Returns their slugs, oldest last.
 */
export function withArchivedPosts(
  snapshot: ContentSnapshot,
  count: number,
): { snapshot: ContentSnapshot; archived: string[] } {
  const posts = snapshot.posts as PostLike[];
  const oldest = [...posts].sort((a, b) => a.date.localeCompare(b.date))[0];
  if (!oldest) throw new Error('the snapshot has no posts');
  const maxId = Math.max(...posts.map((p) => p.id));
  const archived: PostLike[] = Array.from({ length: count }, (_, i) => {
    const date = `${2015 - i}-03-01T10:00:00`;
    return {
      ...oldest,
      id: maxId + 1 + i,
      slug: `archived-note-${i + 1}`,
      date,
      date_gmt: date,
      modified: date,
      modified_gmt: date,
      title: { rendered: `Archived note ${i + 1}` },
      // Plain words of its own, so no search of the real posts finds it.
      content: { rendered: `<p>Archived note number ${i + 1} of the firm.</p>`, protected: false },
      excerpt: { rendered: `<p>Archived note number ${i + 1}.</p>`, protected: false },
      link: oldest.link?.replace(oldest.slug, `archived-note-${i + 1}`),
    };
  });
  return {
    snapshot: { ...snapshot, posts: [...posts, ...archived] },
    archived: archived.map((p) => p.slug),
  };
}

/** The odd posts of withOddPosts, by what is odd about them. */
export const ODD_POSTS = {
  untitled: 'odd-untitled',
  protected: 'odd-password-protected',
  longWords: 'odd-long-words',
} as const;

/** One word longer than any phone's line: a pasted URL or statute name does this. */
export const LONG_WORD = 'Anticipatorybail'.repeat(8);

/**
 * The snapshot plus three posts, newer than the rest (so they are in every list and sidebar), as a
 * real WordPress answers for what editors do: a post published without a title, one with a password
 * (WordPress then answers an empty body and excerpt, flagged `protected`), and one whose title,
 * excerpt, a heading and a paragraph hold a word longer than a phone's line.
 */
export function withOddPosts(snapshot: ContentSnapshot): ContentSnapshot {
  const posts = snapshot.posts as PostLike[];
  const newest = [...posts].sort((a, b) => b.date.localeCompare(a.date))[0];
  if (!newest) throw new Error('the snapshot has no posts');
  const maxId = Math.max(...posts.map((p) => p.id));
  const day = Date.parse(`${newest.date}Z`);
  const odd = (i: number, slug: string, fields: Partial<PostLike>): PostLike => {
    const date = new Date(day + (i + 1) * 86_400_000).toISOString().slice(0, 19);
    return {
      ...newest,
      id: maxId + 1 + i,
      slug,
      date,
      date_gmt: date,
      modified: date,
      modified_gmt: date,
      link: newest.link?.replace(newest.slug, slug),
      // Its own post, not the copied one's SEO title, description and banner.
      ...({ yoast_head_json: null, seo_meta: null, banner_settings: null } as object),
      ...fields,
    };
  };
  return {
    ...snapshot,
    posts: [
      ...posts,
      odd(0, ODD_POSTS.untitled, {
        title: { rendered: '' },
        content: { rendered: '<p>A post with no title.</p>', protected: false },
        excerpt: { rendered: '', protected: false },
      }),
      odd(1, ODD_POSTS.protected, {
        title: { rendered: 'Advice behind a password' },
        content: { rendered: '', protected: true },
        excerpt: { rendered: '', protected: true },
        // The plugin's count of the hidden words, as the real WordPress answers it.
        ...({ word_count: 5 } as object),
      }),
      odd(2, ODD_POSTS.longWords, {
        title: { rendered: `Title ${LONG_WORD} end` },
        content: {
          rendered: `<p>Body ${LONG_WORD} end.</p><h2>Heading ${LONG_WORD}</h2><p>More.</p>`,
          protected: false,
        },
        excerpt: { rendered: `<p>Excerpt ${LONG_WORD} end.</p>`, protected: false },
      }),
    ],
  };
}

/** Categories named to sort before the recorded ones: "Area 01", "Area 02", ... */
export const AREA_CATEGORY = (n: number) => `Area ${String(n).padStart(2, '0')}`;

/**
 * The snapshot plus `count` categories with one post each by their count, named so that WordPress
 * (which lists categories by name) puts them before every recorded category: with 50 or more, the
 * blog's list of 50 holds none of the categories the posts are really in.
 */
export function withManyCategories(snapshot: ContentSnapshot, count: number): ContentSnapshot {
  const categories = snapshot.categories as Array<{ id: number }>;
  const maxId = Math.max(...categories.map((c) => c.id));
  const added = Array.from({ length: count }, (_, i) => {
    const name = AREA_CATEGORY(i + 1);
    const slug = name.toLowerCase().replace(' ', '-');
    return categoryTerm(maxId + 1 + i, name, slug, 1);
  });
  return { ...snapshot, categories: [...categories, ...added] };
}
