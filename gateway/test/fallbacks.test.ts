// brief §8's fallbacks and the cache's stale answers, against a fake WordPress that fails on purpose.
import { mediaPath } from '../src/media/address.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, Page, Post, PostList, PracticeArea } from '../src/generated/resolvers.js';
import type { FaultMode } from './fake-wordpress.js';
import { POSTS, fixtureSnapshot } from './fixtures/snapshot.js';
import { startHarness, warnings, type Harness } from './harness.js';
import { BLOG_LIST, CONNECTION, PAGE, PRACTICE_AREA, PRACTICE_AREAS, SINGLE_POST } from './queries.js';
import {
  FIREWALL_ADVICE,
  FOREIGN_ADVICE,
  LOGIN_ADVICE,
  PLUGIN_ADVICE,
  UNREACHABLE_ADVICE,
} from '../src/resolvers/connection-advice.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('fallbacks (brief §8)', () => {
  it('practice pages failure -> the built-in areas without their pages, no error', async () => {
    await h.wp!.fault('500', { path: '/pages' });
    const res = await h.query<{ practiceAreas: PracticeArea[] }>(PRACTICE_AREAS);
    expect(res.errors).toBeUndefined();
    const areas = res.data!.practiceAreas;
    expect(areas.slice(0, 7).every((a) => a.origin === 'BUILT_IN')).toBe(true);
    // The practice_area posts come from another request (gateway/test/practice-areas.test.ts).
    expect(areas.slice(7).map((a) => a.slug)).toEqual(['property-disputes']);
    expect(warnings(h.logs)).toContain('practice pages failed; serving built-in practice areas');
  });

  it('single practice area failure -> null, logged, and said (the site answers 503); a built-in area falls back to built-in data', async () => {
    await h.wp!.fault('503', { path: '/practice_areas' });
    const cpt = await h.query<{ practiceArea: PracticeArea | null }>(PRACTICE_AREA, {
      slug: 'property-disputes',
    });
    expect(cpt.errors).toMatchObject([
      { message: 'Failed to fetch practice area', extensions: { code: 'UPSTREAM_UNAVAILABLE' } },
    ]);
    expect(cpt.data!.practiceArea).toBeNull();
    expect(warnings(h.logs)).toContain('practice area lookup failed');

    await h.wp!.fault('500', { path: '/pages' });
    const builtIn = await h.query<{ practiceArea: PracticeArea | null }>(PRACTICE_AREA, {
      slug: 'family-law',
    });
    expect(builtIn.errors).toBeUndefined();
    expect(builtIn.data!.practiceArea).toMatchObject({
      slug: 'family-law',
      origin: 'BUILT_IN',
      title: 'Family Law',
    });
  });

  it("page failure -> null, logged, and 'Failed to fetch page' (the site answers 503, not 404)", async () => {
    await h.wp!.fault('500', { path: '/pages' });
    const res = await h.query<{ page: Page | null }>(PAGE, { slug: 'about-the-firm' });
    expect(res.errors).toMatchObject([
      { message: 'Failed to fetch page', extensions: { code: 'UPSTREAM_UNAVAILABLE' } },
    ]);
    expect(res.data!.page).toBeNull();
    expect(warnings(h.logs)).toContain('page lookup failed');
  });

  it("post list failure with nothing cached -> null and 'Failed to fetch posts' (UPSTREAM_UNAVAILABLE)", async () => {
    await h.wp!.fault('500', { path: '/posts' });
    const res = await h.query<{ posts: PostList | null; categories: unknown[] }>(BLOG_LIST, { first: 20 });
    expect(res.data!.posts).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]).toMatchObject({ message: 'Failed to fetch posts', path: ['posts'] });
    expect(res.errors![0]!.extensions!.code).toBe('UPSTREAM_UNAVAILABLE');
    // The rest of the operation is unaffected.
    expect(res.data!.categories).toHaveLength(6);
  });

  it("single post failure -> null and 'Failed to fetch post'", async () => {
    await h.wp!.fault('502', { path: '/posts' });
    const res = await h.query<{ post: Post | null }>(`{ post(slug: "legal-note-105") { id } }`);
    expect(res.data!.post).toBeNull();
    expect(res.errors![0]).toMatchObject({
      message: 'Failed to fetch post',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('media failure -> the default image, and the posts still load', async () => {
    // Images are looked up by id only when they did not come with the posts (no companion plugin).
    h.wp!.withoutFeaturedImage(true);
    await h.wp!.fault('500', { path: '/media' });
    const res = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(res.errors).toBeUndefined();
    for (const post of res.data!.posts.nodes) {
      expect(post.featuredImage).toMatchObject({
        isDefault: true,
        alt: 'Featured image',
        url: '/images/default-featured.jpg',
      });
    }
  });

  it("the blog list's images come in the posts' featured_image: no /media request; without the field, one lookup by id", async () => {
    const carried = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(carried.errors).toBeUndefined();
    expect(h.wp!.stats.log.filter((l) => l.startsWith('/media'))).toEqual([]);
    // A WordPress without the companion plugin: one /media request for all the list's images, the same images.
    await h.close();
    h = await startHarness();
    h.wp!.withoutFeaturedImage(true);
    const lookedUp = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(h.wp!.stats.log.filter((l) => l.startsWith('/media'))).toEqual([
      expect.stringMatching(/^\/media\?include=[\d,]+&per_page=100&orderby=include&_fields=/),
    ]);
    expect(carried.data!.posts.nodes.map((n) => n.featuredImage)).toEqual(
      lookedUp.data!.posts.nodes.map((n) => n.featuredImage),
    );
    expect(carried.data!.posts.nodes.filter((n) => !n.featuredImage.isDefault).length).toBeGreaterThan(0);
  });

  it('an image that comes with its post (featured_image) needs no /media request, and is mapped like one asked for', async () => {
    const carried = await h.query<{ post: Post }>(SINGLE_POST, { slug: 'anticipatory-bail-explained' });
    expect(carried.errors).toBeUndefined();
    expect(h.wp!.stats.log.filter((l) => l.startsWith('/media'))).toEqual([]);
    // The same post from a WordPress without the field: the image is looked up by id, and is the same.
    await h.close();
    h = await startHarness();
    h.wp!.withoutFeaturedImage(true);
    const lookedUp = await h.query<{ post: Post }>(SINGLE_POST, { slug: 'anticipatory-bail-explained' });
    // One batch for the page's images (the post's and its sidebar's).
    expect(h.wp!.stats.log.filter((l) => l.startsWith('/media'))).toEqual([
      expect.stringMatching(/^\/media\?include=(\d+,)*202(,\d+)*&per_page=100&orderby=include&_fields=/),
    ]);
    expect(carried.data!.post.featuredImage).toEqual(lookedUp.data!.post.featuredImage);
    expect(carried.data!.post.featuredImage).toMatchObject({
      url: mediaPath('/wp-content/uploads/2025/01/image-202.jpg', 1280),
      isDefault: false,
    });
  });

  it('an image WordPress will not show (private or deleted attachment) -> the default image, no lookup, no leak, no error', async () => {
    await h.close();
    const snapshot = fixtureSnapshot();
    h = await startHarness({
      snapshot: {
        ...snapshot,
        // 202 attached to something private; 201 deleted from the media library.
        media: snapshot.media.flatMap((m) => {
          const { id } = m as { id: number };
          return id === 201 ? [] : id === 202 ? [{ ...(m as object), status: 'private' }] : [m];
        }),
      },
    });
    const res = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(res.errors).toBeUndefined();
    const bySlug = new Map(res.data!.posts.nodes.map((n) => [n.slug, n.featuredImage]));
    for (const slug of ['anticipatory-bail-explained', POSTS.find((p) => p.featured_media === 201)!.slug]) {
      expect(bySlug.get(slug), slug).toMatchObject({ isDefault: true, url: '/images/default-featured.jpg' });
    }
    // The other posts keep their own images, and nothing was asked of /media.
    expect(bySlug.get(POSTS.find((p) => p.featured_media === 204)!.slug)).toMatchObject({ databaseId: 204 });
    expect(h.wp!.stats.log.filter((l) => l.startsWith('/media'))).toEqual([]);
    // Nothing of the private attachment reaches the page.
    const full = await h.query<{ post: Post }>(SINGLE_POST, { slug: 'anticipatory-bail-explained' });
    expect(full.data!.post.featuredImage).toMatchObject({ isDefault: true });
    expect(JSON.stringify([res.data, full.data])).not.toContain('image-202');
  });

  it('categories failure -> empty categories, posts still listed', async () => {
    await h.wp!.fault('503', { path: '/categories' });
    const res = await h.query<{ posts: PostList; categories: unknown[] }>(BLOG_LIST, { first: 5 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.categories).toEqual([]);
    expect(res.data!.posts.nodes).toHaveLength(5);
    expect(res.data!.posts.nodes.every((p) => p.categories.length === 0)).toBe(true);
  });

  const faults: FaultMode[] = [
    'timeout',
    '500',
    '502',
    '503',
    'malformed',
    'truncated',
    'wrong-content-type',
    'wrong-shape',
    'refused',
  ];
  it.each(faults)('a WordPress answering %s is an upstream failure, never a crash', async (mode) => {
    if (mode === 'timeout') {
      await h.close();
      h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '300' } });
    }
    await h.wp!.fault(mode, { path: '/posts' });
    const res = await h.query<{ posts: PostList | null }>(BLOG_LIST, { first: 20 });
    expect(res.data!.posts).toBeNull();
    expect(res.errors?.map((e) => e.message)).toEqual(['Failed to fetch posts']);
  });

  it('empty arrays everywhere: empty lists, built-in areas, unknown slugs, no errors', async () => {
    await h.wp!.fault('empty');
    const list = await h.query<{ posts: PostList; categories: unknown[] }>(BLOG_LIST);
    expect(list.errors).toBeUndefined();
    expect(list.data!.posts).toMatchObject({ nodes: [], totalCount: 0, totalPages: 0 });
    expect(list.data!.categories).toEqual([]);
    const areas = await h.query<{ practiceAreas: PracticeArea[] }>(PRACTICE_AREAS);
    expect(areas.data!.practiceAreas.every((a) => a.origin === 'BUILT_IN')).toBe(true);
    const post = await h.query<{ post: Post | null }>(SINGLE_POST, { slug: 'legal-note-105' });
    expect(post.errors).toBeUndefined();
    expect(post.data!.post).toBeNull();
  });
});

describe('cache: stale-while-revalidate and stale-if-error', () => {
  it('serves the last good answer while WordPress fails, up to STALE_IF_ERROR_MAX_AGE', async () => {
    const good = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    const post = await h.query<{ post: Post }>(SINGLE_POST, { slug: 'legal-note-110' });
    await h.wp!.fault('503');
    h.clock.advance(10 * MINUTE);
    h.wp!.resetStats();

    const stale = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(stale.errors).toBeUndefined();
    expect(stale.data).toEqual(good.data);
    // WordPress was asked (and failed): the answer is stale because it had to be.
    expect(h.wp!.stats.requests).toBeGreaterThan(0);
    const stalePost = await h.query<{ post: Post }>(SINGLE_POST, { slug: 'legal-note-110' });
    expect(stalePost.errors).toBeUndefined();
    expect(stalePost.data).toEqual(post.data);
    expect(warnings(h.logs)).toContain('WordPress failed; serving the last good answer');

    h.clock.advance(24 * HOUR);
    const expired = await h.query<{ posts: PostList | null }>(BLOG_LIST, { first: 20 });
    expect(expired.data!.posts).toBeNull();
    expect(expired.errors![0]!.message).toBe('Failed to fetch posts');
  });

  it('serves a stale answer at once and refreshes it in the background', async () => {
    await h.close();
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '300' } });
    await h.query(BLOG_LIST, { first: 20 });
    h.clock.advance(31_000);
    h.wp!.resetStats();
    await h.wp!.fault('timeout');
    // WordPress hangs, yet the answer comes from the cache without waiting for it.
    const res = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.posts.nodes).toHaveLength(20);
    await h.wp!.fault(null);
    await h.gateway.source.idle();
    // The two answers behind the list (posts with their images embedded, categories), refreshed.
    expect(h.wp!.stats.requests).toBe(2);
  });

  it('logs a failing resource once per 30 s, not once per request', async () => {
    await h.wp!.fault('500', { path: '/posts' });
    for (let i = 0; i < 5; i++) await h.query(BLOG_LIST, { first: 20, page: i + 1 });
    const upstreamWarnings = h.logs.filter(
      (l) => l.msg === 'WordPress failed; nothing cached to serve' && l.resource === 'posts',
    );
    expect(upstreamWarnings).toHaveLength(1);
  });
});

describe('connection', () => {
  it('checks live every time, never from the cache', async () => {
    await h.query(CONNECTION);
    await h.query(CONNECTION);
    expect(h.wp!.stats.log).toEqual(['/practice_areas?per_page=1', '/practice_areas?per_page=1']);
  });

  it("reports 'Connection failed' with the reason, and does not retry", async () => {
    await h.wp!.fault('503', { path: '/practice_areas' });
    const res = await h.query<{ connection: Connection }>(CONNECTION);
    expect(res.errors).toBeUndefined();
    expect(res.data!.connection).toMatchObject({
      status: 'ERROR',
      source: 'WORDPRESS',
      message:
        'Connection failed: WordPress API error: 503. Please check your WordPress setup and ensure the REST API is accessible.',
    });
    expect(h.wp!.stats.requests).toBe(1);
  });

  it('reports a refused connection', async () => {
    await h.wp!.fault('refused');
    const res = await h.query<{ connection: Connection }>(CONNECTION);
    expect(res.data!.connection.status).toBe('ERROR');
    expect(res.data!.connection.message).toMatch(/^Connection failed: WordPress is unreachable\./);
    expect(res.data!.connection.message).toContain(UNREACHABLE_ADVICE);
  });

  // The ways a firm's own WordPress refuses the site, each named with the setting to look at.
  it.each([
    ['login-required', 'WordPress API error: 401 (rest_not_logged_in)', LOGIN_ADVICE],
    ['firewall', 'WordPress API error: 403', FIREWALL_ADVICE],
    ['no-route', 'WordPress API error: 404 (rest_no_route)', PLUGIN_ADVICE],
    [
      'wrong-content-type',
      'WordPress answered with text/html; charset=UTF-8 instead of JSON',
      FOREIGN_ADVICE,
    ],
  ] as const)('a check refused as %s says why and what to look at', async (fault, reason, advice) => {
    await h.wp!.fault(fault, { path: '/practice_areas' });
    const res = await h.query<{ connection: Connection }>(CONNECTION);
    expect(res.data!.connection.status).toBe('ERROR');
    expect(res.data!.connection.message).toBe(`Connection failed: ${reason}. ${advice}`);
  });
});

describe('purge', () => {
  it('drops the post, its lists and the category counts, and nothing else', async () => {
    await h.query(BLOG_LIST, { first: 20 });
    await h.query(`{ post(slug: "legal-note-105") { id } }`);
    await h.query(`{ post(slug: "legal-note-106") { id } }`);
    await h.query(PAGE, { slug: 'about-the-firm' });
    h.wp!.resetStats();
    const dropped = await h.gateway.purge({ type: 'post', id: 105, slug: 'legal-note-105' });
    expect(dropped).toBeGreaterThanOrEqual(3);
    await h.query(BLOG_LIST, { first: 20 });
    await h.query(PAGE, { slug: 'about-the-firm' });
    expect(h.wp!.stats.log.map((l) => l.split('?')[0]).sort()).toEqual(['/categories', '/posts']);
    h.wp!.resetStats();
    await h.query(`{ post(slug: "legal-note-106") { id } }`);
    expect(h.wp!.stats.requests).toBe(0);
    await h.query(`{ post(slug: "legal-note-105") { id } }`);
    expect(h.wp!.stats.log).toEqual([expect.stringMatching(/^\/posts\?slug=legal-note-105&/)]);
  });

  it('drops one image by attachment id', async () => {
    await h.query(BLOG_LIST, { first: 20 });
    h.wp!.resetStats();
    await h.gateway.purge({ type: 'attachment', id: 202 });
    await h.query(BLOG_LIST, { first: 20 });
    // The list carries the image (featured_image): the list is asked again, nothing else.
    expect(h.wp!.stats.log).toEqual([
      '/posts?per_page=20&page=1&orderby=date&order=desc&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,featured_media,featured_image,categories,author_name,word_count,lang,translations,language,translation,translation_ref',
    ]);
  });
});
