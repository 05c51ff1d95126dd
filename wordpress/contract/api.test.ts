// brief §7 against the real WordPress: every call the gateway makes (sources/api.ts over its HTTP
// client), with the query strings checked where WordPress received them (its access log), the
// answers parsed by the gateway's zod parsers, and the values checked against content/, the
// snapshot WordPress was seeded from. Each call is also asked of the embedded source over content/
// (what the tests' fake WordPress answers with): the two must agree, or the fake has drifted.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_FIELDS,
  MEDIA_BY_ID,
  MEDIA_FIELDS,
  PAGE_FIELDS,
  POST_FIELDS,
  POST_SUMMARY_FIELDS,
  PAGE_SUMMARY_FIELDS,
  PRACTICE_AREA_FIELDS,
  PRACTICE_AREA_SUMMARY_FIELDS,
  createWpApi,
  type WpApi,
} from '../../gateway/src/sources/api.js';
import { withUtcOffset } from '../../gateway/src/derive/date.js';
import { htmlToText } from '../../gateway/src/derive/text.js';
import { prepareContent } from '../../gateway/src/derive/content.js';
import { createEmbeddedSource } from '../../gateway/src/sources/embedded/source.js';
import { UpstreamError } from '../../gateway/src/sources/rest.js';
import { mediaFromWp } from '../../gateway/src/derive/media.js';
import {
  featuredImage,
  listParser,
  wpMediaSchema,
  type WpMedia,
  type WpPost,
} from '../../gateway/src/sources/types.js';
import { createWordPressClient, type WordPressClient } from '../../gateway/src/sources/wordpress/client.js';
import { readContent, sitePath, type Content } from './lib/content.js';
import { figure } from './lib/figures.js';
import { freePort } from '../../scripts/ports.mjs';
import { PRACTICE_SLUGS } from './lib/operations.js';
import { CONTENT_DIR, credentials, markAccessLog, restPath, restRequestsSince } from './lib/wordpress.js';

let content: Content;
let client: WordPressClient;
let wp: WpApi;
let fake: WpApi;

beforeAll(async () => {
  content = await readContent();
  client = createWordPressClient({ baseUrl: credentials().url, timeoutMs: 15_000, retries: 0 });
  wp = createWpApi(client);
  fake = createWpApi(createEmbeddedSource({ dir: CONTENT_DIR }));
});

/** Runs a call and returns the REST requests WordPress logged for it (`/posts?...`). */
async function logged<T>(call: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  const mark = markAccessLog();
  const result = await call();
  const requests = (await restRequestsSince(mark)).map((l) => restPath(l.uri));
  return { result, requests };
}

const fields = (list: readonly string[]) => list.join(',');
const POSTS_FIELDS = fields(POST_FIELDS);
const SUMMARY_FIELDS = fields(POST_SUMMARY_FIELDS);
const slugs = (items: ReadonlyArray<{ slug: string }>) => items.map((i) => i.slug);
const title = (item: { title: { rendered: string } }) => htmlToText(item.title.rendered);

/** What the companion plugin's featured_image should hold for an attachment /media answers. */
function fieldOf(media: WpMedia) {
  return {
    id: media.id,
    source_url: media.source_url,
    width: media.media_details?.width,
    height: media.media_details?.height,
    alt_text: media.alt_text,
    mime_type: media.mime_type,
  };
}

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

/** Category ids differ between the snapshot and WordPress: look them up by slug on each side. */
async function categoryIds(slug: string): Promise<{ wp: number; fake: number }> {
  const [a, b] = await Promise.all([wp.categories(), fake.categories()]);
  const wpId = a.find((c) => c.slug === slug)?.id;
  const fakeId = b.find((c) => c.slug === slug)?.id;
  if (wpId === undefined || fakeId === undefined) throw new Error(`no category ${slug}`);
  return { wp: wpId, fake: fakeId };
}

describe('brief §7 /posts', () => {
  it('blog list: per_page=20, orderby date desc, status=publish, _fields; every published post of content/', async () => {
    const { result, requests } = await logged(() => wp.listPosts({ perPage: 20, page: 1 }));
    expect(requests).toEqual([
      `/posts?per_page=20&page=1&orderby=date&order=desc&status=publish&_fields=${SUMMARY_FIELDS}`,
    ]);

    expect(result.total).toBe(content.posts.length);
    expect(result.totalPages).toBe(1);
    const expected = [...content.posts].sort((a, b) => String(b.date).localeCompare(String(a.date)));
    expect(slugs(result.items)).toEqual(slugs(expected));
    for (const post of result.items) {
      const recorded = content.posts.find((p) => p.slug === post.slug)!;
      expect(title(post)).toBe(content.titleOf(post.slug));
      expect(post.date).toBe(recorded.date);
      // The site's zone (the seed sets Asia/Kolkata): the GMT twin gives every date its offset.
      expect(withUtcOffset(post.date, post.date_gmt), post.slug).toBe(`${recorded.date}+05:30`);
      expect(withUtcOffset(post.modified ?? '', post.modified_gmt), post.slug).toMatch(/\+05:30$/);
      // A summary: no body, and the companion plugin's word count of the body instead.
      expect('content' in post).toBe(false);
      expect(post.word_count).toBe(recorded.word_count);
      expect(post.author_name).toBeTruthy();
      expect(post.featured_media > 0).toBe((recorded.featured_media ?? 0) > 0);
    }

    const fakeList = await fake.listPosts({ perPage: 20, page: 1 });
    expect(slugs(result.items)).toEqual(slugs(fakeList.items));
    expect(result.total).toBe(fakeList.total);

    // The featured images come with the posts (the companion plugin's featured_image): each is the
    // attachment /media answers for its id, reduced to what the site shows, so the page asks no
    // /media for them. The fake gives the same ones.
    const withImages = result.items.filter((p) => p.featured_media > 0);
    expect(withImages.length).toBeGreaterThan(0);
    const asked = await wp.mediaByIds(withImages.map((p) => p.featured_media));
    for (const post of withImages) {
      const media = asked.get(String(post.featured_media)) as WpMedia;
      expect(post.featured_image, post.slug).toEqual(fieldOf(media));
      // Mapped, the same image (but the caption, which the field leaves out: the site shows none).
      expect(mediaFromWp(featuredImage(post)), post.slug).toEqual({ ...mediaFromWp(media), caption: null });
    }
    expect(fakeList.items.map((p) => sitePath(featuredImage(p)?.source_url ?? ''))).toEqual(
      result.items.map((p) => sitePath(featuredImage(p)?.source_url ?? '')),
    );
  });

  it('_fields: WordPress answers exactly the fields asked for (yoast_head_json only with Yoast, lang and translations only with Polylang)', async () => {
    const raw = await client.get('/posts', {
      per_page: 100,
      status: 'publish',
      _fields: POST_FIELDS,
    });
    const items = raw.body as Array<Record<string, unknown>>;
    expect(items).toHaveLength(content.posts.length);
    const keys = new Set(items.flatMap((i) => Object.keys(i)));
    // This WordPress has the companion plugin and neither Yoast SEO nor Polylang: every field but
    // theirs is there.
    const elsewhere = new Set(['yoast_head_json', 'lang', 'translations']);
    expect([...keys].sort()).toEqual(POST_FIELDS.filter((f) => !elsewhere.has(f)).sort());
    // featured_image and translation_ref are derived (from media.json, from translation), not
    // recorded: the snapshot drops them.
    const recorded = new Set([
      ...content.posts.flatMap((p) => Object.keys(p)),
      'featured_image',
      'translation_ref',
      'lang',
      'translations',
    ]);
    expect(POST_FIELDS.filter((f) => !recorded.has(f))).toEqual([]);
  });

  it('word_count: the plugin counts the words the gateway counts in the sanitised body', async () => {
    const raw = await client.get('/posts', {
      per_page: 100,
      status: 'publish',
      _fields: ['slug', 'content', 'word_count'],
    });
    const items = raw.body as Array<{ slug: string; content: { rendered: string }; word_count: number }>;
    expect(items).toHaveLength(content.posts.length);
    for (const item of items) {
      expect(item.word_count, item.slug).toBe(prepareContent(item.content.rendered).words);
    }
  });

  it('categories of each post are the snapshot’s, by slug', async () => {
    const { items } = await wp.listPosts({ perPage: 100, page: 1 });
    const bySlug = new Map((await wp.categories()).map((c) => [c.id, c.slug]));
    for (const post of items) {
      const recorded = content.posts.find((p) => p.slug === post.slug)!;
      expect(post.categories.map((id) => bySlug.get(id)).sort()).toEqual(content.categorySlugsOf(recorded));
    }
  });

  it('sidebar (per_page=6) and later pages: X-WP-Total and X-WP-TotalPages; past the end is 400', async () => {
    const { result, requests } = await logged(() => wp.listPosts({ perPage: 6, page: 2 }));
    expect(requests).toEqual([
      `/posts?per_page=6&page=2&orderby=date&order=desc&status=publish&_fields=${SUMMARY_FIELDS}`,
    ]);
    const expected = await fake.listPosts({ perPage: 6, page: 2 });
    expect(slugs(result.items)).toEqual(slugs(expected.items));
    expect(result.total).toBe(content.posts.length);
    expect(result.totalPages).toBe(Math.ceil(content.posts.length / 6));
    expect(expected.totalPages).toBe(result.totalPages);

    const pastEnd = result.totalPages + 1;
    const real = await rejection(wp.listPosts({ perPage: 6, page: pastEnd }));
    const fromFake = await rejection(fake.listPosts({ perPage: 6, page: pastEnd }));
    expect(real.message).toBe('WordPress API error: 400');
    expect([real.code, real.status]).toEqual(['rest_post_invalid_page_number', 400]);
    expect([fromFake.code, fromFake.status]).toEqual([real.code, real.status]);
  });

  it('per_page outside 1..100 is refused alike (rest_invalid_param)', async () => {
    for (const perPage of [0, 101]) {
      const real = await rejection(wp.listPosts({ perPage, page: 1 }));
      const fromFake = await rejection(fake.listPosts({ perPage, page: 1 }));
      expect([real.status, real.code]).toEqual([400, 'rest_invalid_param']);
      expect([fromFake.status, fromFake.code]).toEqual([real.status, real.code]);
    }
  });

  it.each(['bail', 'divorce', 'cheque bounce', 'Section 138', 'no-such-term-anywhere'])(
    'search=%s finds what the snapshot finds',
    async (search) => {
      const { result, requests } = await logged(() => wp.listPosts({ perPage: 20, page: 1, search }));
      expect(requests).toEqual([
        `/posts?per_page=20&page=1&orderby=date&order=desc&status=publish&search=${encodeURIComponent(search)}&_fields=${SUMMARY_FIELDS}`,
      ]);
      const expected = await fake.listPosts({ perPage: 20, page: 1, search });
      expect(expected.total > 0).toBe(!search.startsWith('no-such'));
      expect(slugs(result.items)).toEqual(slugs(expected.items));
      expect(result.total).toBe(expected.total);
      expect(await wp.countPosts({ search })).toBe(expected.total);
    },
  );

  it('categories=<id>: each category lists the snapshot’s posts, as many as its count', async () => {
    for (const category of content.categories.filter((c) => (c.count ?? 0) > 0)) {
      const ids = await categoryIds(category.slug);
      const { result, requests } = await logged(() =>
        wp.listPosts({ perPage: 20, page: 1, categories: [ids.wp] }),
      );
      expect(requests).toEqual([
        `/posts?per_page=20&page=1&orderby=date&order=desc&status=publish&categories=${ids.wp}&_fields=${SUMMARY_FIELDS}`,
      ]);
      const expected = await fake.listPosts({ perPage: 20, page: 1, categories: [ids.fake] });
      expect(slugs(result.items)).toEqual(slugs(expected.items));
      expect(result.total).toBe(category.count);
    }
  });

  it('exclude=<id> leaves that post out', async () => {
    const first = (await wp.listPosts({ perPage: 1, page: 1 })).items[0]!;
    const fakeFirst = (await fake.listPosts({ perPage: 1, page: 1 })).items[0]!;
    expect(fakeFirst.slug).toBe(first.slug);
    const real = await wp.listPosts({ perPage: 6, page: 1, exclude: [first.id] });
    const expected = await fake.listPosts({ perPage: 6, page: 1, exclude: [fakeFirst.id] });
    expect(slugs(real.items)).not.toContain(first.slug);
    expect(slugs(real.items)).toEqual(slugs(expected.items));
    expect(real.total).toBe(content.posts.length - 1);
  });

  it('slug lists: one request for several posts, status=publish, unknown slugs answered as none', async () => {
    const wanted = [
      content.posts[0]!.slug,
      content.posts[5]!.slug,
      content.posts[9]!.slug,
      'no-such-post-anywhere',
    ];
    const { result, requests } = await logged(() => wp.postsBySlugs(wanted));
    expect(requests).toEqual([
      `/posts?slug=${wanted.join(',')}&per_page=20&status=publish&_fields=${POSTS_FIELDS}`,
    ]);
    expect([...result.keys()]).toEqual(wanted);
    for (const slug of wanted.slice(0, 3))
      expect(title(result.get(slug) as WpPost)).toBe(content.titleOf(slug));
    expect(result.get('no-such-post-anywhere')).toBeNull();
  });
});

describe('brief §7 /pages', () => {
  it('the practice pages: one request, per_page=20, status=publish, the seven practice slugs', async () => {
    const { result, requests } = await logged(() => wp.practicePages([...PRACTICE_SLUGS]));
    expect(requests).toEqual([
      `/pages?slug=${PRACTICE_SLUGS.join(',')}&per_page=20&status=publish&_fields=${fields(PAGE_FIELDS)}`,
    ]);
    for (const slug of PRACTICE_SLUGS) {
      const page = result.get(slug);
      expect(page, slug).toBeTruthy();
      if (!page || page instanceof Error) continue;
      expect(title(page)).toBe(content.titleOf(slug));
      expect(page.page_structure?.services_items.length).toBeGreaterThan(0);
    }
  });

  it('a page by slug, and an unknown slug', async () => {
    const pageSlugs = content.pages.map((p) => p.slug);
    const { result, requests } = await logged(() => wp.pagesBySlugs([...pageSlugs, 'no-such-page-anywhere']));
    expect(requests).toEqual([
      `/pages?slug=${[...pageSlugs, 'no-such-page-anywhere'].join(',')}&per_page=20&status=publish&_fields=${fields(PAGE_FIELDS)}`,
    ]);
    for (const slug of pageSlugs) {
      const page = result.get(slug);
      expect(page && !(page instanceof Error) ? title(page) : null).toBe(content.titleOf(slug));
    }
    expect(result.get('no-such-page-anywhere')).toBeNull();
  });

  it('the page list (sitemap): every published page of content/', async () => {
    const { result, requests } = await logged(() => wp.listPages(100));
    expect(requests).toEqual([
      `/pages?per_page=100&orderby=date&order=desc&status=publish&_fields=${fields(PAGE_SUMMARY_FIELDS)}`,
    ]);
    expect(slugs(result).sort()).toEqual(slugs(content.pages).sort());
    expect(slugs(result)).toEqual(slugs(await fake.listPages(100)));
  });
});

describe('brief §7 practice_areas', () => {
  it('all practice areas as summaries, and one by slug, with the plugin’s practice_icon and the Order', async () => {
    const { result, requests } = await logged(() => wp.listPracticeAreas());
    expect(requests).toEqual([
      `/practice_areas?per_page=100&orderby=title&order=asc&status=publish&_fields=${fields(PRACTICE_AREA_SUMMARY_FIELDS)}`,
    ]);
    expect(slugs(result)).toEqual(slugs(await fake.listPracticeAreas()));
    for (const area of result) {
      const recorded = content.practiceAreas.find((p) => p.slug === area.slug)!;
      expect(title(area)).toBe(content.titleOf(area.slug));
      expect(area.practice_icon).toBe(recorded.practice_icon);
      // The post type's page-attributes: the site orders practice areas by it.
      expect(area.menu_order).toBe(recorded.menu_order);
      expect(area).not.toHaveProperty('content');
    }
    const one = content.practiceAreas[0]!.slug;
    const { result: bySlug, requests: bySlugRequests } = await logged(() =>
      wp.practiceAreasBySlugs([one, 'no-such-area']),
    );
    expect(bySlugRequests).toEqual([
      `/practice_areas?slug=${one},no-such-area&per_page=20&status=publish&_fields=${fields(PRACTICE_AREA_FIELDS)}`,
    ]);
    expect(bySlug.get(one)).toMatchObject({ slug: one, menu_order: content.practiceAreas[0]!.menu_order });
    expect(bySlug.get('no-such-area')).toBeNull();
  });

  it('the connectivity check: practice_areas?per_page=1, and an error when nothing answers', async () => {
    const { requests } = await logged(() => wp.checkConnection());
    expect(requests).toEqual(['/practice_areas?per_page=1']);
    const nobody = createWpApi(
      createWordPressClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, timeoutMs: 2000, retries: 0 }),
    );
    const error = await rejection(nobody.checkConnection());
    expect(error.kind).toBe('network');
  });
});

describe('brief §7 /media', () => {
  it('featured images of the blog list: one request, include=<ids>&orderby=include, in that order', async () => {
    const { items } = await wp.listPosts({ perPage: 20, page: 1 });
    const ids = [...new Set(items.map((p) => p.featured_media).filter((id) => id > 0))];
    expect(ids.length).toBe(content.posts.filter((p) => (p.featured_media ?? 0) > 0).length);
    const { result, requests } = await logged(() => wp.mediaByIds(ids));
    const sorted = [...ids].sort((a, b) => a - b);
    expect(requests).toEqual([
      `/media?include=${sorted.join(',')}&per_page=100&orderby=include&_fields=${fields(MEDIA_FIELDS)}`,
    ]);
    for (const post of items.filter((p) => p.featured_media > 0)) {
      const media = result.get(String(post.featured_media));
      if (!media || media instanceof Error) throw new Error(`no media ${post.featured_media}`);
      const recorded = content.posts.find((p) => p.slug === post.slug)!;
      expect(sitePath(media.source_url)).toBe(content.featuredUrlOf(recorded));
      expect(Object.keys(media.media_details?.sizes ?? {}).length).toBeGreaterThan(0);
    }

    // orderby=include: WordPress answers in the order asked, whatever it is.
    const reversed = [...sorted].reverse().map(String);
    const raw = await client.get('/media', { ...MEDIA_BY_ID.query(reversed), include: reversed });
    expect(listParser(wpMediaSchema)(raw.body).map((m) => String(m.id))).toEqual(reversed);
  });

  it('/media/{id} without a query (brief §7) parses as a media item', async () => {
    const post = (await wp.listPosts({ perPage: 1, page: 1 })).items[0]!;
    const { result, requests } = await logged(() =>
      client.get(`/media/${post.featured_media}`, undefined, { parse: (b) => wpMediaSchema.parse(b) }),
    );
    expect(requests).toEqual([`/media/${post.featured_media}`]);
    expect(sitePath(result.body.source_url)).toBe(
      content.featuredUrlOf(content.posts.find((p) => p.slug === post.slug)!),
    );
    const missing = await rejection(client.get('/media/999999'));
    expect([missing.status, missing.code]).toEqual([404, 'rest_post_invalid_id']);
  });
});

describe('brief §7 /categories', () => {
  it('hide_empty=true&per_page=50: the snapshot’s categories with posts, with their counts', async () => {
    const { result, requests } = await logged(() => wp.categories());
    expect(requests).toEqual([`/categories?hide_empty=true&per_page=50&_fields=${fields(CATEGORY_FIELDS)}`]);
    const expected = content.categories
      .filter((c) => (c.count ?? 0) > 0)
      .map((c) => ({ slug: c.slug, name: c.name, count: c.count }))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    expect(
      result
        .map((c) => ({ slug: c.slug, name: c.name, count: c.count }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    ).toEqual(expected);
    expect(slugs(result)).toEqual(slugs(await fake.categories()));
    figure('categories (hide_empty)', `${result.length} of ${content.categories.length}`);
  });

  it('categories by id (past the first 50), include=<ids>', async () => {
    const all = await wp.categories();
    const ids = all.map((c) => c.id).slice(0, 3);
    const { result, requests } = await logged(() => wp.categoriesByIds(ids));
    expect(requests).toEqual([
      `/categories?include=${[...ids].sort((a, b) => a - b).join(',')}&per_page=100&_fields=${fields(CATEGORY_FIELDS)}`,
    ]);
    expect(result.map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it('categories by slug (past the first 50), slug=<slugs>: empty ones too, unknown ones as none', async () => {
    const withPosts = content.categories.filter((c) => (c.count ?? 0) > 0).map((c) => c.slug);
    const wanted = [withPosts[0]!, withPosts[1]!, 'uncategorized', 'no-such-category-anywhere'];
    const { result, requests } = await logged(() => wp.categoriesBySlugs(wanted));
    expect(requests).toEqual([
      `/categories?slug=${wanted.join(',')}&per_page=20&_fields=${fields(CATEGORY_FIELDS)}`,
    ]);
    expect([...result.keys()]).toEqual(wanted);
    for (const slug of wanted.slice(0, 2)) {
      const category = content.categories.find((c) => c.slug === slug)!;
      expect(result.get(slug)).toMatchObject({ slug, name: category.name, count: category.count });
    }
    expect(result.get('uncategorized')).toMatchObject({ slug: 'uncategorized', count: 0 });
    expect(result.get('no-such-category-anywhere')).toBeNull();
    const expected = await fake.categoriesBySlugs(wanted);
    expect([...result.values()].map((c) => (c && !(c instanceof Error) ? c.count : c))).toEqual(
      [...expected.values()].map((c) => (c && !(c instanceof Error) ? c.count : c)),
    );
  });
});

describe('request accounting', () => {
  it('the client’s own count of requests and bytes agrees with WordPress’s access log', async () => {
    client.resetStats();
    const { requests } = await logged(async () => {
      await wp.listPosts({ perPage: 20, page: 1 });
      await wp.categories();
      await wp.practicePages([...PRACTICE_SLUGS]);
    });
    expect(requests).toHaveLength(3);
    expect(client.stats.requests).toBe(3);
    figure(
      'brief §7 blog list + categories + practice pages',
      `${client.stats.requests} requests, ${client.stats.bytes} bytes`,
    );
  });
});
