// The editor's "do not show in search results" in lists: posts and pages say it from the list's own
// answer (two nested `_fields`), the same as their whole SEO blocks say, over the fake WordPress and
// over the embedded source alike, and the list costs WordPress no request for whole posts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSnapshot } from '../src/sources/embedded/source.js';
import { fixtureSnapshot } from './fixtures/snapshot.js';
import { startHarness, type Harness } from './harness.js';

type Item = {
  slug: string;
  status?: string;
  seo_meta?: unknown;
  yoast_head_json?: unknown;
  content?: { rendered: string; protected?: boolean };
  excerpt?: { rendered: string; protected?: boolean };
};

/**
 * The fixture with one post marked by the companion plugin's flag, one by Yoast's head, one behind a
 * password (as WordPress answers it: both texts empty and flagged), and one page marked by Yoast's.
 */
function markedSnapshot(): { snapshot: ContentSnapshot; posts: string[]; page: string } {
  const snapshot = fixtureSnapshot();
  const posts = (snapshot.posts as Item[]).filter((p) => p.status === 'publish');
  const pages = (snapshot.pages as Item[]).filter((p) => p.status === 'publish');
  const [byFlag, byYoast] = [posts[0]!, posts[3]!];
  byFlag.seo_meta = { ...(byFlag.seo_meta as object | null), yoast_seo_noindex: true };
  byYoast.seo_meta = null;
  byYoast.yoast_head_json = {
    ...(byYoast.yoast_head_json as object | null),
    robots: { index: 'noindex', follow: 'follow' },
  };
  const page = pages[0]!;
  page.seo_meta = null;
  page.yoast_head_json = { ...(page.yoast_head_json as object | null), robots: { index: 'noindex' } };
  // A flag that says "index" wins over Yoast's head.
  const overruled = posts[5]!;
  overruled.seo_meta = { ...(overruled.seo_meta as object | null), yoast_seo_noindex: false };
  overruled.yoast_head_json = {
    ...(overruled.yoast_head_json as object | null),
    robots: { index: 'noindex' },
  };
  const locked = posts[7]!;
  locked.content = { rendered: '', protected: true };
  locked.excerpt = { rendered: '', protected: true };
  return { snapshot, posts: [byFlag.slug, byYoast.slug, locked.slug].sort(), page: page.slug };
}

const marked = markedSnapshot();
let harnesses: Harness[];

beforeAll(async () => {
  harnesses = [
    await startHarness({ mode: 'wordpress', snapshot: structuredClone(marked.snapshot) }),
    await startHarness({ mode: 'embedded', snapshot: structuredClone(marked.snapshot) }),
  ];
});
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
});

describe('noindex in lists', () => {
  it('names the posts and pages the editor kept out of search, and the post behind a password, from both sources', async () => {
    for (const h of harnesses) {
      const res = await h.query<{
        posts: { nodes: { slug: string; noindex: boolean }[] };
        pages: { slug: string; noindex: boolean }[];
      }>(`{ posts(first: 100) { nodes { slug noindex } } pages(first: 100) { slug noindex } }`);
      expect(res.errors, h.mode).toBeUndefined();
      const posts = res.data!.posts.nodes;
      expect(posts.length, h.mode).toBeGreaterThan(10);
      expect(
        posts
          .filter((p) => p.noindex)
          .map((p) => p.slug)
          .sort(),
        h.mode,
      ).toEqual(marked.posts);
      expect(
        res.data!.pages.filter((p) => p.noindex).map((p) => p.slug),
        h.mode,
      ).toEqual([marked.page]);
    }
  });

  it('agrees with the whole post’s SEO', async () => {
    for (const h of harnesses) {
      const res = await h.query<{ posts: { nodes: { noindex: boolean; seo: { noindex: boolean } }[] } }>(
        `{ posts(first: 100) { nodes { noindex seo { noindex } } } }`,
      );
      expect(res.errors, h.mode).toBeUndefined();
      for (const node of res.data!.posts.nodes) expect(node.noindex, h.mode).toBe(node.seo.noindex);
    }
  });

  it('asks WordPress for the list alone, with the two nested fields', async () => {
    const h = harnesses[0]!;
    h.wp!.resetStats();
    // A question the tests above did not ask, so the gateway's cache does not answer it.
    const res = await h.query(`{ posts(first: 50) { nodes { slug noindex } } }`);
    expect(res.errors).toBeUndefined();
    const log = h.wp!.stats.log.filter((l) => l.startsWith('/posts'));
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(',yoast_head_json.robots,seo_meta.yoast_seo_noindex');
  });

  it('leaves them out of a list that does not ask for noindex (the blog’s)', async () => {
    const h = harnesses[0]!;
    h.wp!.resetStats();
    const res = await h.query(`{ posts(first: 40) { nodes { slug seo { noindex } } } }`);
    expect(res.errors).toBeUndefined();
    const log = h.wp!.stats.log.filter((l) => l.startsWith('/posts?per_page=40'));
    expect(log).toHaveLength(1);
    expect(log[0]).not.toContain('robots');
    expect(log[0]).not.toContain('seo_meta');
  });

  it('finds the posts indexable where WordPress has neither plugin, from the list alone', async () => {
    const bare = fixtureSnapshot();
    for (const post of bare.posts as Item[]) {
      delete post.seo_meta;
      delete post.yoast_head_json;
    }
    const h = await startHarness({ mode: 'wordpress', snapshot: bare });
    try {
      const res = await h.query<{ posts: { nodes: { noindex: boolean }[] } }>(
        `{ posts(first: 5) { nodes { noindex } } }`,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.posts.nodes.map((p) => p.noindex)).toEqual([false, false, false, false, false]);
      // The list alone: a sitemap of a thousand posts does not load them whole.
      const log = h.wp!.stats.log.filter((l) => l.startsWith('/posts'));
      expect(log).toHaveLength(1);
      expect(log[0]).toContain('seo_meta.yoast_seo_noindex');
    } finally {
      await h.close();
    }
  });
});
