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
  blocks: 'odd-blocks',
} as const;

/** The footnotes, anchors and embed of the `blocks` post, as the block editor writes them. */
export const BLOCKS_POST = {
  footnoteId: '3f2b6c1e-0a4d-4c1e-9b7a-1d2e3f4a5b6c',
  anchor: 'where-to-apply',
  videoTitle: 'Bail explained in five minutes',
  videoPage: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  statute:
    'Section 438(1): When any person has reason to believe that he may be arrested on an accusation of having committed a non-bailable offence, he may apply to the High Court or the Court of Session for a direction under this section.',
} as const;

const filler = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1}: what an arrested person's family should know before the bail hearing.</p>`,
  ).join('\n');

/**
 * A body as the block editor (WordPress 6.3+) renders it: a footnote (core/footnotes), a heading with
 * an "HTML anchor" and a link to it, a YouTube embed, a preformatted statute, an empty heading and a
 * heading whose text is one of the site's own ids.
 */
function blocksBody(): string {
  const { footnoteId: fn, anchor, videoTitle, statute } = BLOCKS_POST;
  return [
    `<p>Bail is the rule, jail the exception.<sup data-fn="${fn}" class="fn"><a href="#${fn}" id="${fn}-link">1</a></sup> See <a href="#${anchor}">where to apply</a>.</p>`,
    '<h2 class="wp-block-heading">Main</h2>',
    '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">',
    `<iframe title="${videoTitle}" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
    '</div><figcaption class="wp-element-caption">Our partner explains bail.</figcaption></figure>',
    `<pre class="wp-block-preformatted">${statute}</pre>`,
    filler(25),
    '<h2 class="wp-block-heading"></h2>',
    `<h2 class="wp-block-heading" id="${anchor}">Where to apply</h2>`,
    filler(25),
    `<ol class="wp-block-footnotes"><li id="${fn}"><em>Dataram Singh v. State of U.P.</em>, (2018) 3 SCC 22. <a href="#${fn}-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>`,
  ].join('\n');
}

/** One word longer than any phone's line: a pasted URL or statute name does this. */
export const LONG_WORD = 'Anticipatorybail'.repeat(8);

/**
 * The snapshot plus four posts, newer than the rest (so they are in every list and sidebar), as a
 * real WordPress answers for what editors do: a post published without a title, one with a password
 * (WordPress then answers an empty body and excerpt, flagged `protected`), one whose title,
 * excerpt, a heading and a paragraph hold a word longer than a phone's line, and one made of the
 * block editor's footnotes, anchors and embeds (blocksBody).
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
      odd(3, ODD_POSTS.blocks, {
        title: { rendered: 'Footnotes, anchors and a video' },
        content: { rendered: blocksBody(), protected: false },
        excerpt: { rendered: '<p>Footnotes, anchors and a video.</p>', protected: false },
      }),
    ],
  };
}

/** Categories named to sort before the recorded ones: "Area 01", "Area 02", ... */
export const AREA_CATEGORY = (n: number) => `Area ${String(n).padStart(2, '0')}`;

/**
 * The snapshot plus `count` categories with one English post each, named so that WordPress (which
 * lists categories by name) puts them before every recorded category: with 50 or more, the blog's
 * list of 50 holds none of the categories the posts were first in. Each new category is given to
 * one of the English posts in turn, so its count is true in either language's list.
 */
export function withManyCategories(snapshot: ContentSnapshot, count: number): ContentSnapshot {
  const categories = snapshot.categories as Array<{ id: number }>;
  const maxId = Math.max(...categories.map((c) => c.id));
  const added = Array.from({ length: count }, (_, i) => {
    const name = AREA_CATEGORY(i + 1);
    const slug = name.toLowerCase().replace(' ', '-');
    return categoryTerm(maxId + 1 + i, name, slug, 1);
  });
  const posts = snapshot.posts as Array<PostLike & { language?: string; categories?: number[] }>;
  const english = posts.filter((p) => p.language !== 'hi');
  if (english.length === 0) throw new Error('the snapshot has no English posts');
  const extra = new Map<number, number[]>();
  added.forEach((c, i) => {
    const post = english[i % english.length]!;
    extra.set(post.id, [...(extra.get(post.id) ?? []), c.id]);
  });
  return {
    ...snapshot,
    posts: posts.map((p) =>
      extra.has(p.id) ? { ...p, categories: [...(p.categories ?? []), ...extra.get(p.id)!] } : p,
    ),
    categories: [...categories, ...added],
  };
}
