// The site's own content snapshot (content/wp/*.json, the recorded shape of a real WordPress) through
// every query of the schema, once over the fake WordPress (HTTP client, cache) and once over the
// embedded source directly. The answers must agree, and every reference in the snapshot must resolve.
import path from 'node:path';
import { BUILT_IN_PRACTICE_AREAS } from '@site/content-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import type {
  Category,
  Page,
  PageSummary,
  Post,
  PostList,
  PracticeArea,
} from '../src/generated/resolvers.js';
import { readSnapshot, type ContentSnapshot } from '../src/sources/embedded/source.js';
import { startHarness, type Harness } from './harness.js';
import { BLOG_LIST, CATEGORIES, PAGE, PAGES, PRACTICE_AREA, PRACTICE_AREAS, SINGLE_POST } from './queries.js';

type Item = { id: number; slug: string; status: string; featured_media?: number };

let snapshot: ContentSnapshot;
let wp: Harness;
let embedded: Harness;
let published: Item[];

beforeAll(async () => {
  snapshot = await readSnapshot(path.join(REPO_ROOT, 'content'));
  published = (snapshot.posts as Item[]).filter((p) => p.status === 'publish');
  wp = await startHarness({ mode: 'wordpress', snapshot });
  embedded = await startHarness({ mode: 'embedded', snapshot });
});
afterAll(async () => {
  await wp.close();
  await embedded.close();
});

/**
 * What legitimately differs between the sources: edit links exist only when there is a WordPress to
 * edit in, and links to the WordPress host are internal (no rel="nofollow noopener noreferrer") only
 * when it is configured — the fake WordPress runs on 127.0.0.1, the host the snapshot was recorded from.
 */
function withoutEditUrls(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(' rel="nofollow noopener noreferrer"', '');
  if (Array.isArray(value)) return value.map(withoutEditUrls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'editUrl')
        .map(([k, v]) => [k, withoutEditUrls(v)]),
    );
  }
  return value;
}

/** The same operation on both sources: no errors, identical data. */
async function both<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const a = await wp.query<T>(query, variables);
  const b = await embedded.query<T>(query, variables);
  expect(a.errors).toBeUndefined();
  expect(b.errors).toBeUndefined();
  expect(withoutEditUrls(a.data)).toEqual(withoutEditUrls(b.data));
  return a.data as T;
}

describe('the content snapshot', () => {
  it('has at least 10 published posts over six categories', () => {
    expect(published.length).toBeGreaterThanOrEqual(10);
  });

  it('blog list: every published post, newest first, within the request budget', async () => {
    wp.wp!.resetStats();
    const first = Math.min(20, published.length);
    const data = await both<{ posts: PostList; categories: Category[] }>(BLOG_LIST, { first });
    expect(data.posts.totalCount).toBe(published.length);
    expect(data.posts.nodes).toHaveLength(first);
    const dates = data.posts.nodes.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(wp.wp!.stats.requests).toBeLessThanOrEqual(3);
    const used = new Set(data.posts.nodes.flatMap((p) => p.categories.map((c) => c.slug)));
    expect(used.size).toBe(6);
    for (const post of data.posts.nodes) {
      expect(post.title).not.toMatch(/&[a-z#0-9]+;|<[a-z]/i);
      expect(post.excerpt.length).toBeGreaterThan(0);
      const raw = published.find((p) => p.slug === post.slug)!;
      // An image that the snapshot has is found; only posts without one get the default.
      expect(post.featuredImage.isDefault).toBe(!raw.featured_media);
    }
    wp.wp!.resetStats();
    await wp.query(BLOG_LIST, { first });
    expect(wp.wp!.stats.requests).toBe(0);
  });

  it('every published post opens by slug with content, a table of contents and SEO', async () => {
    for (const { slug } of published) {
      const data = await both<{ post: Post; recent: PostList }>(SINGLE_POST, { slug });
      expect(data.post.slug).toBe(slug);
      expect(data.post.contentHtml.length).toBeGreaterThan(200);
      expect(data.post.contentHtml).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
      expect(data.post.seo.canonical).toBe(`http://localhost:3000/blog/${slug}`);
      expect(data.recent.nodes.map((p) => p.slug)).not.toContain(slug);
      expect(data.recent.nodes.length).toBe(Math.min(5, published.length - 1));
    }
  });

  it("dates carry the site's UTC offset, the same moments as WordPress's GMT twins, and read as written", async () => {
    type Dated = { slug: string; date: string; date_gmt: string; modified: string; modified_gmt: string };
    const recorded = published as unknown as Dated[];
    const { posts } = await both<{
      posts: { nodes: { slug: string; date: string; modified: string; dateFormatted: string }[] };
    }>(`{ posts(first: 100) { nodes { slug date modified dateFormatted } } }`);
    expect(posts.nodes.length).toBe(recorded.length);
    for (const post of posts.nodes) {
      const wpPost = recorded.find((p) => p.slug === post.slug)!;
      // The snapshot was recorded in Asia/Kolkata: the wall clock as WordPress wrote it, then +05:30.
      expect(post.date).toBe(`${wpPost.date}+05:30`);
      expect(new Date(post.date).toISOString().slice(0, 19)).toBe(wpPost.date_gmt);
      expect(new Date(post.modified).toISOString().slice(0, 19)).toBe(wpPost.modified_gmt);
      const [y, m, d] = wpPost.date.slice(0, 10).split('-').map(Number) as [number, number, number];
      expect(post.dateFormatted).toBe(
        new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' }),
      );
    }
    const { pages } = await both<{ pages: { slug: string; modified: string }[] }>(
      `{ pages(first: 100) { slug modified } }`,
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page.modified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
  });

  it('how-to-file-for-divorce-in-india exercises every table-of-contents rule', async () => {
    const { post } = await both<{ post: Post }>(SINGLE_POST, { slug: 'how-to-file-for-divorce-in-india' });
    const texts = post.toc.map((t) => t.text);
    expect(texts.length).toBeGreaterThan(2);
    expect(texts).not.toContain('Mutual Consent Divorce');
    expect(texts).not.toContain('Contested Divorce');
    expect(texts.some((t) => /^(\d|Step \d)/i.test(t))).toBe(false);
    expect(post.contentHtml).toMatch(/>\s*Mutual Consent Divorce\s*</);
    const ids = post.toc.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => /-\d+$/.test(id))).toBe(true);
    for (const id of ids) expect(post.contentHtml).toContain(`id="${id}"`);
  });

  it('every practice slug has a page with structure, merged into the seven areas; the practice_area posts follow by menu_order', async () => {
    const { practiceAreas } = await both<{ practiceAreas: PracticeArea[] }>(PRACTICE_AREAS);
    const posts = [...(snapshot.practice_areas as Array<Item & { menu_order: number }>)].sort(
      (a, b) => a.menu_order - b.menu_order,
    );
    expect(posts.length).toBeGreaterThan(0);
    expect(practiceAreas.map((a) => a.link)).toEqual([
      ...BUILT_IN_PRACTICE_AREAS.map((a) => a.link),
      ...posts.map((p) => `/practice/${p.slug}/`),
    ]);
    for (const area of practiceAreas) {
      expect(area.origin).toBe('WORDPRESS');
      expect(area.services.length).toBeGreaterThan(0);
      expect(area.whyChooseUs.length).toBeGreaterThan(0);
      expect(area.contentHtml).toBeTruthy();
    }
    for (const cpt of snapshot.practice_areas as Item[]) {
      const { practiceArea } = await both<{ practiceArea: PracticeArea }>(PRACTICE_AREA, { slug: cpt.slug });
      expect(practiceArea.slug).toBe(cpt.slug);
    }
  });

  it('every published page opens by slug and is in the sitemap list', async () => {
    const { pages } = await both<{ pages: PageSummary[] }>(PAGES);
    const slugs = (snapshot.pages as Item[]).filter((p) => p.status === 'publish').map((p) => p.slug);
    expect(pages.map((p) => p.slug).sort()).toEqual([...slugs].sort());
    for (const slug of slugs) {
      const { page } = await both<{ page: Page }>(PAGE, { slug });
      expect(page.slug).toBe(slug);
      expect(page.title.length).toBeGreaterThan(0);
    }
  });

  it('lists the categories with posts', async () => {
    const { categories } = await both<{ categories: Category[] }>(CATEGORIES);
    expect(categories.map((c) => c.name).sort()).toEqual([
      'Bail Hearings',
      'Criminal Defence',
      'Cybercrime',
      'Domestic Violence',
      'Family Law',
      'Motor Accidents',
    ]);
  });
});
