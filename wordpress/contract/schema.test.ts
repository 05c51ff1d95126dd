// The whole schema in-process over the real WordPress: every operation the website sends (and the
// gateway tests' wider field sets) for every post, page and practice area of content/. Each answer
// must carry no error, read as content/ says, and equal the answer of the same gateway over the
// recorded snapshot (the tests' fake), once install-specific details are set aside: database ids,
// upload origins, the srcset WordPress adds to body images, and Yoast's fields (no Yoast here).
// Unknown slugs read as none, and WordPress is asked about them once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  Connection,
  Post,
  PostList,
  PracticeArea,
} from '../../gateway/src/generated/resolvers.js';
import {
  BLOG_LIST,
  CATEGORIES,
  PAGE,
  PAGES,
  PRACTICE_AREA,
  PRACTICE_AREAS,
  SINGLE_POST,
} from '../../gateway/test/queries.js';
import { POSTS_PER_PAGE } from '../../web/src/routes/blog/blog-params.js';
import { readContent, type Content } from './lib/content.js';
import { figure } from './lib/figures.js';
import {
  inProcessGateway,
  installIndependent,
  snapshotGateway,
  withoutField,
  type InProcessGateway,
} from './lib/gateway.js';
import { PRACTICE_SLUGS, WEB } from './lib/operations.js';
import { credentials, markAccessLog, restPath, restRequestsSince } from './lib/wordpress.js';

let content: Content;
let real: InProcessGateway;
let fake: InProcessGateway;
let origins: string[];

beforeAll(async () => {
  content = await readContent();
  const { url } = credentials();
  real = await inProcessGateway(url);
  fake = await snapshotGateway(withoutField(content.snapshot, 'yoast_head_json'), url);
  origins = [url, real.gateway.config.site.url];
});
afterAll(async () => {
  await real?.close();
  await fake?.close();
});

type Vars = Record<string, unknown>;

/** Runs an operation on both gateways: no errors on either, the same install-independent data. */
async function agree<T>(query: string, variables?: Vars): Promise<T> {
  const a = await real.query<T>(query, variables);
  const b = await fake.query<T>(query, variables);
  expect(a.errors, JSON.stringify({ variables, errors: a.errors })).toBeUndefined();
  expect(b.errors).toBeUndefined();
  expect(installIndependent(a.data, origins)).toEqual(installIndependent(b.data, origins));
  return a.data as T;
}

describe('the website’s operations over the real WordPress', () => {
  it('Layout, Home and the home practice areas: the seven areas with their WordPress pages, then the practice_area posts by Order', async () => {
    // The shell's practice links (the footer) are the practice list's areas, in its order.
    const layout = await agree<{ site: { practiceLinks: Array<{ href: string }> } }>(WEB.Layout);
    await agree(WEB.Home);
    const home = await agree<{ practiceAreas: Array<{ slug: string; link: string }> }>(WEB.HomePracticeAreas);
    expect(layout.site.practiceLinks.map((l) => l.href)).toEqual(home.practiceAreas.map((a) => a.link));
    expect(home.practiceAreas.slice(7).map((a) => a.slug)).toEqual(
      [...content.practiceAreas].sort((a, b) => (a.menu_order ?? 0) - (b.menu_order ?? 0)).map((a) => a.slug),
    );
    expect(home.practiceAreas).toHaveLength(7 + content.practiceAreas.length);
    const wide = await agree<{ practiceAreas: PracticeArea[] }>(PRACTICE_AREAS);
    for (const area of wide.practiceAreas) {
      expect(area.origin, area.slug).toBe('WORDPRESS');
      expect(area.services.length).toBeGreaterThan(0);
      expect(area.contentHtml).toBeTruthy();
    }
  });

  it('blog list pages, search and category filter read as content/', async () => {
    // The site's blog lists the posts of its language: English by default (brief §10).
    const english = content.posts.filter((p) => (p as { language?: string }).language !== 'hi');
    expect(english.length).toBeLessThan(content.posts.length);
    const first = await agree<{ posts: PostList }>(WEB.BlogPosts, { first: POSTS_PER_PAGE, page: 1 });
    expect(first.posts.totalCount).toBe(english.length);
    expect(first.posts.nodes.map((p) => p.title)).toEqual(
      [...english]
        .sort((a, b) => String(b.date).localeCompare(String(a.date)))
        .slice(0, POSTS_PER_PAGE)
        .map((p) => content.titleOf(p.slug)),
    );
    const second = await agree<{ posts: PostList }>(WEB.BlogPosts, { first: 6, page: 2 });
    expect(second.posts.nodes).toHaveLength(6);
    const past = await agree<{ posts: PostList }>(WEB.BlogPosts, { first: 6, page: 9 });
    expect(past.posts).toMatchObject({ nodes: [], totalCount: english.length });
    const search = await agree<{ posts: PostList }>(WEB.BlogPosts, { first: 20, page: 1, search: 'bail' });
    expect(search.posts.totalCount).toBeGreaterThan(0);
    for (const category of content.categories.filter((c) => (c.count ?? 0) > 0)) {
      const list = await agree<{ posts: PostList }>(WEB.BlogPosts, {
        first: 20,
        page: 1,
        categorySlug: category.slug,
      });
      expect(list.posts.totalCount, category.slug).toBe(
        english.filter((p) => ((p.categories as number[] | undefined) ?? []).includes(category.id)).length,
      );
    }
    // The English blog's chips: the categories with English posts, each counting those.
    const englishIn = (id: number) =>
      english.filter((p) => ((p.categories as number[] | undefined) ?? []).includes(id)).length;
    const { categories } = await agree<{ categories: Category[] }>(WEB.BlogCategories);
    expect(categories.map((c) => [c.slug, c.count])).toEqual(
      content.categories
        .filter((c) => englishIn(c.id) > 0)
        .map((c) => [c.slug, englishIn(c.id)])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    await agree(BLOG_LIST, { first: 20 });
    await agree(CATEGORIES);
  });

  it('every post by slug (post page, sidebar, wider fields)', async () => {
    for (const { slug } of content.posts) {
      const { post } = await agree<{ post: Post }>(WEB.PostPage, { slug });
      expect(post.title).toBe(content.titleOf(slug));
      expect(post.contentHtml.length).toBeGreaterThan(200);
      const recent = await agree<{ posts: PostList }>(WEB.RecentPosts, { excludeSlug: slug });
      expect(recent.posts.nodes.map((p) => p.slug)).not.toContain(slug);
      await agree(SINGLE_POST, { slug });
    }
  });

  it('every page by slug, and the sitemap list', async () => {
    for (const { slug } of content.pages) {
      const { page } = await agree<{ page: { title: string } }>(WEB.ContentPage, { slug });
      expect(page.title).toBe(content.titleOf(slug));
      await agree(PAGE, { slug });
    }
    const { pages } = await agree<{ pages: Array<{ slug: string }> }>(PAGES);
    expect(pages.map((p) => p.slug).sort()).toEqual(content.pages.map((p) => p.slug).sort());
  });

  it('every practice area: the seven practice pages, their aliases and the practice_area posts', async () => {
    const slugs = [...PRACTICE_SLUGS, 'cybercrime-defense', ...content.practiceAreas.map((p) => p.slug)];
    for (const slug of slugs) {
      const page = await agree<{ practiceArea: PracticeArea | null }>(WEB.PracticeAreaPage, { slug });
      expect(page.practiceArea, slug).not.toBeNull();
      const { practiceArea } = await agree<{ practiceArea: PracticeArea }>(PRACTICE_AREA, { slug });
      expect(practiceArea.origin, slug).toBe('WORDPRESS');
    }
    for (const area of content.practiceAreas) {
      const { practiceArea } = await agree<{ practiceArea: PracticeArea }>(PRACTICE_AREA, {
        slug: area.slug,
      });
      expect(practiceArea.title).toBe(content.titleOf(area.slug));
      expect(practiceArea.icon).toBe(area.practice_icon);
    }
    await agree(WEB.WpAdminPage);
  });

  it('the connection check says CONNECTED, with the real endpoints', async () => {
    const { url } = credentials();
    const res = await real.query<{ connection: Connection }>(WEB.WpAdminConnection);
    expect(res.errors).toBeUndefined();
    expect(res.data!.connection).toMatchObject({
      status: 'CONNECTED',
      source: 'WORDPRESS',
      endpoint: `${url}/wp-json/wp/v2`,
      practiceAreasEndpoint: `${url}/wp-json/wp/v2/practice_areas`,
      pagesEndpoint: `${url}/wp-json/wp/v2/pages`,
      adminUrl: `${url}/wp-admin/`,
      message: 'Connected to WordPress',
    });
    figure(
      'schema over the real WordPress',
      `${real.client!.stats.requests} requests, ${real.client!.stats.bytes} bytes`,
    );
  });
});

describe('unknown slugs', () => {
  const UNKNOWN = 'contract-no-such-slug';

  it('post, page and practice area by an unknown slug are null, without an error', async () => {
    for (const [query, field] of [
      [WEB.PostPage, 'post'],
      [WEB.ContentPage, 'page'],
      [WEB.PracticeAreaPage, 'practiceArea'],
    ] as const) {
      const res = await real.query<Record<string, unknown>>(query, { slug: UNKNOWN });
      expect(res.errors, field).toBeUndefined();
      expect(res.data![field], field).toBeNull();
    }
  });

  it('WordPress is asked once (status=publish, the slug) and the answer "none" is kept', async () => {
    const slug = `${UNKNOWN}-once`;
    const mark = markAccessLog();
    expect((await real.query<{ post: null }>(WEB.PostPage, { slug })).data!.post).toBeNull();
    const cold = await restRequestsSince(mark);
    expect(cold.map((l) => [restPath(l.uri).split('&')[0], l.status])).toEqual([
      [`/posts?slug=${slug}`, 200],
    ]);
    expect(cold[0]!.uri).toContain('&status=publish&');

    const again = markAccessLog();
    expect((await real.query<{ post: null }>(WEB.PostPage, { slug })).data!.post).toBeNull();
    expect(await restRequestsSince(again)).toEqual([]);
  });

  it('an unknown category lists nothing; an unknown excluded slug excludes nothing', async () => {
    const list = await agree<{ posts: PostList }>(WEB.BlogPosts, {
      first: 20,
      page: 1,
      categorySlug: UNKNOWN,
    });
    expect(list.posts).toMatchObject({ nodes: [], totalCount: 0 });
    const recent = await agree<{ posts: PostList }>(WEB.RecentPosts, { excludeSlug: UNKNOWN });
    expect(recent.posts.nodes).toHaveLength(6);
  });

  it('slugs no post can have read as none; an upper-case slug finds the post, as in WordPress', async () => {
    for (const slug of ['a,b', '../../wp-config', 'x?y=1', '%E0%A4', '\u0000', 'x'.repeat(700)]) {
      const res = await agree<{ post: null; page: null }>(
        `query($slug: String!) { post(slug: $slug) { id } page(slug: $slug) { id } }`,
        {
          slug,
        },
      );
      expect(res).toEqual({ post: null, page: null });
    }
    const known = content.posts[0]!.slug;
    const { post } = await agree<{ post: { slug: string } }>(
      `query($slug: String!) { post(slug: $slug) { slug } }`,
      {
        slug: known.toUpperCase(),
      },
    );
    expect(post.slug).toBe(known);
  });
});
