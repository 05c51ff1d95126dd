// The request budget, counted where it matters: in WordPress's access log. The blog list of 20 posts
// with featured images and categories costs 2 requests cold (posts carrying their images,
// categories) and none warm; the whole blog page, with the footer's practice list, 3. content/ has 18 posts, so four more (with images and categories) are published for
// the run and deleted afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostList } from '../../gateway/src/generated/resolvers.js';
import { BLOG_LIST, SINGLE_POST } from '../../gateway/test/queries.js';
import { readContent, type Content } from './lib/content.js';
import { figure } from './lib/figures.js';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { WEB } from './lib/operations.js';
import {
  CONTRACT_SLUG_PREFIX,
  createPost,
  credentials,
  deletePost,
  markAccessLog,
  restPath,
  restRequestsSince,
  wpRest,
  type AccessLine,
} from './lib/wordpress.js';

const EXTRA_POSTS = 4;
const created: number[] = [];
let content: Content;
let gw: InProcessGateway;

beforeAll(async () => {
  content = await readContent();
  const posts = await wpRest<Array<{ featured_media: number; categories: number[] }>>(
    'GET',
    '/posts?per_page=100&_fields=featured_media,categories',
    { auth: false },
  );
  const withImage = posts.json.filter((p) => p.featured_media > 0);
  for (let i = 0; i < EXTRA_POSTS; i++) {
    const like = withImage[i % withImage.length]!;
    const post = await createPost({
      slug: `${CONTRACT_SLUG_PREFIX}budget-${i + 1}`,
      status: 'publish',
      title: `Contract budget post ${i + 1}`,
      content: `<p>${'A paragraph of the budget post. '.repeat(40)}</p>`,
      excerpt: `Budget post ${i + 1}.`,
      featured_media: like.featured_media,
      categories: like.categories,
    });
    created.push(post.id);
  }
  const started = markAccessLog();
  gw = await inProcessGateway(credentials().url);
  // At start the gateway asks WordPress's index for its media hosts without waiting for the answer:
  // let that request land in the log before a test counts the requests of an operation.
  await restRequestsSince(started);
});

afterAll(async () => {
  await gw?.close();
  for (const id of created) await deletePost(id, true);
});

/** Requests WordPress logged while the operation ran, and the client's own count must agree. */
async function counted(run: () => Promise<unknown>): Promise<{ lines: AccessLine[]; bytes: number }> {
  gw.client!.resetStats();
  const mark = markAccessLog();
  await run();
  const lines = await restRequestsSince(mark);
  expect(gw.client!.stats.requests).toBe(lines.length);
  return { lines, bytes: gw.client!.stats.bytes };
}

describe('request budget at WordPress', () => {
  it('blog list of 20 posts with images and categories: <= 3 requests cold, 0 warm', async () => {
    let cold: { data?: { posts: PostList } | null; errors?: unknown } = {};
    const first = await counted(async () => {
      cold = await gw.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    });
    expect(cold.errors).toBeUndefined();
    const nodes = cold.data!.posts.nodes;
    expect(nodes).toHaveLength(20);
    expect(cold.data!.posts.totalCount).toBe(content.posts.length + EXTRA_POSTS);
    const withoutImage = new Set(content.posts.filter((p) => !p.featured_media).map((p) => p.slug));
    for (const post of nodes) {
      expect(post.featuredImage.isDefault, post.slug).toBe(withoutImage.has(post.slug));
      expect(post.categories.length, post.slug).toBeGreaterThan(0);
      expect(post.readingTimeMinutes, post.slug).toBeGreaterThan(0);
    }
    expect(first.lines.length).toBeLessThanOrEqual(3);
    // The images come with the posts (the plugin's featured_image): no /media request.
    expect(first.lines.map((l) => restPath(l.uri).split('?')[0]).sort()).toEqual(['/categories', '/posts']);
    expect(first.lines.every((l) => l.method === 'GET' && l.status === 200)).toBe(true);
    const answerBytes = Buffer.byteLength(JSON.stringify(cold.data));
    figure(
      'blog list (20 posts) cold',
      `${first.lines.length} requests, ${first.bytes} bytes from WordPress`,
      {
        requests: first.lines.map((l) => restPath(l.uri)),
        graphqlBytes: answerBytes,
      },
    );
    figure('blog list GraphQL answer', `${answerBytes} bytes`);

    let warm: { data?: unknown } = {};
    const second = await counted(async () => {
      warm = await gw.query(BLOG_LIST, { first: 20 });
    });
    expect(second.lines).toEqual([]);
    expect(warm.data).toEqual(cold.data);
    figure(
      'blog list (20 posts) warm',
      `${second.lines.length} requests, ${second.bytes} bytes from WordPress`,
    );
  });

  it('a post page after the list: its post by slug and the sidebar list (lists carry no bodies)', async () => {
    const slug = content.posts[3]!.slug;
    const page = await counted(async () => {
      const res = await gw.query(SINGLE_POST, { slug });
      expect(res.errors).toBeUndefined();
    });
    expect(page.lines.map((l) => restPath(l.uri)).sort()).toEqual([
      expect.stringMatching(/^\/posts\?per_page=6&page=1&orderby=date&order=desc&status=publish&_fields=/),
      expect.stringMatching(new RegExp(`^/posts\\?slug=${slug}&per_page=20&status=publish&_fields=id,`)),
    ]);
    figure('post page after the blog list', `${page.lines.length} request(s), ${page.bytes} bytes`);
  });

  it('the website’s blog page (Layout, BlogPosts, BlogCategories): counted cold, 0 warm', async () => {
    await gw.gateway.caches.purge('all');
    const page = () =>
      Promise.all([
        gw.query(WEB.Layout),
        gw.query(WEB.BlogPosts, { first: 20, page: 1 }),
        gw.query(WEB.BlogCategories),
      ]);
    const cold = await counted(async () => {
      for (const res of await page()) expect(res.errors).toBeUndefined();
    });
    // Posts carrying their images, categories, and the practice list of the footer.
    expect(cold.lines.map((l) => restPath(l.uri).split('?')[0]).sort()).toEqual([
      '/categories',
      '/posts',
      '/practice_areas',
    ]);
    figure('blog page (3 operations) cold', `${cold.lines.length} requests, ${cold.bytes} bytes`, {
      requests: cold.lines.map((l) => restPath(l.uri).split('?')[0]),
    });
    const warm = await counted(async () => {
      await page();
    });
    expect(warm.lines).toEqual([]);
    figure('blog page (3 operations) warm', `${warm.lines.length} requests`);
  });
});
