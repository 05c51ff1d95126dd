// Every query of the schema, run in-process against both sources: a fake WordPress on loopback
// (through the HTTP client and cache) and the embedded source directly. Same answers expected.
import { mediaPath, originalOf } from '../src/media/address.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  Connection,
  Page,
  PageSummary,
  Post,
  PostList,
  PracticeArea,
  Site,
} from '../src/generated/resolvers.js';
import { startHarness, type Harness, type Mode } from './harness.js';
import {
  BLOG_LIST,
  CATEGORIES,
  CONNECTION,
  PAGE,
  PAGES,
  PRACTICE_AREA,
  PRACTICE_AREAS,
  SINGLE_POST,
  SITE,
  SUBMIT_ENQUIRY,
} from './queries.js';

const modes: Mode[] = ['wordpress', 'embedded'];

describe.each(modes)('schema over the %s source', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode });
  });
  afterAll(() => h.close());

  describe('site', () => {
    it("returns the firm's details with the spec's defaults", async () => {
      const { data, errors } = await h.query<{ site: Site }>(SITE);
      expect(errors).toBeUndefined();
      const site = data!.site;
      expect(site.name).toBe('Law Partners');
      expect(site.url).toBe('http://localhost:3000');
      expect(site.established).toBe(1985);
      expect(site.phoneHref).toMatch(/^tel:\+\d+$/);
      expect(site.officeHours).toEqual([
        { days: 'Monday - Saturday', hours: '10AM - 8PM' },
        { days: 'Sunday', hours: 'Closed' },
      ]);
      expect(site.stats.map((s) => s.value)).toEqual(['40+', '900+', '95%', '15', '24/7', '1985']);
      expect(site.testimonials).toHaveLength(3);
      expect(site.testimonials.every((t) => t.rating === 5)).toBe(true);
      expect(site.socialLinks).toHaveLength(4);
      expect(site.defaultImage).toEqual({
        url: '/images/default-featured.jpg',
        alt: 'Featured image',
        isDefault: true,
      });
    });
  });

  describe('posts', () => {
    it('lists 20 published posts newest first with derived fields', async () => {
      const { data, errors } = await h.query<{ posts: PostList; categories: Category[] }>(BLOG_LIST, {
        first: 20,
      });
      expect(errors).toBeUndefined();
      const list = data!.posts;
      expect(list).toMatchObject({ totalCount: 24, totalPages: 2, page: 1, perPage: 20 });
      expect(list.nodes).toHaveLength(20);
      expect(list.nodes.map((p) => p.slug).slice(0, 3)).toEqual([
        'how-to-file-for-divorce-in-india',
        'anticipatory-bail-explained',
        'script-in-body',
      ]);
      const [divorce, bail, script] = list.nodes as [Post, Post, Post];
      expect(divorce).toMatchObject({
        id: 'post:101',
        databaseId: 101,
        uri: '/blog/how-to-file-for-divorce-in-india',
        dateFormatted: 'June 28, 2025',
        authorName: 'Adv. R. Sharma',
      });
      expect(divorce.categories.map((c) => c.slug)).toEqual(['family-law']);
      expect(divorce.featuredImage).toMatchObject({
        databaseId: 201,
        alt: 'Illustration 201',
        isDefault: false,
        width: 1600,
      });
      expect(divorce.featuredImage.srcSet).toContain(
        `${mediaPath(originalOf(divorce.featuredImage.url)!, 768)} 768w`,
      );
      expect(originalOf(divorce.featuredImage.url)).toMatch(/image-201\.jpg$/);
      // Entities decoded, no markup.
      expect(bail.title).toBe('Anticipatory Bail & Regular Bail: What’s the Difference?');
      expect(bail.categories.map((c) => c.slug)).toEqual(['bail-hearings', 'criminal-defence']);
      // No featured image: the default one (brief §8).
      expect(script.featuredImage).toMatchObject({ isDefault: true, alt: 'Featured image', databaseId: 0 });
      for (const post of list.nodes) {
        expect(post.excerpt.length).toBeLessThanOrEqual(123);
        expect(post.readingTimeMinutes).toBeGreaterThanOrEqual(1);
      }
      // 250 + 20 * index words: 'legal-note-105' (index 4) has 330 words -> 2 minutes.
      expect(list.nodes[4]?.readingTimeMinutes).toBe(2);
      expect(data!.categories).toHaveLength(6);
    });

    it('merges SEO: seo_meta over Yoast over defaults; default canonical is SITE_URL/blog/{slug}', async () => {
      const { data } = await h.query<{ posts: PostList }>(
        `{ posts(first: 4) { nodes { seo { title description canonical ogImage } } } }`,
      );
      const [divorce, bail, , broken] = data!.posts.nodes as [Post, Post, Post, Post];
      // Yoast's canonical points at the content host, so the site's own canonical wins.
      expect(divorce.seo.canonical).toBe('http://localhost:3000/blog/how-to-file-for-divorce-in-india');
      expect(originalOf(divorce.seo.ogImage)).toBe('https://cms.test/wp-content/uploads/og-101.jpg');
      expect(divorce.seo.title).toContain('How to File for Divorce in India');
      // No Yoast data: seo_meta values, and the featured image as the share image.
      expect(bail.seo.title).toBe('Bail explained | Law Partners');
      expect(bail.seo.description).toBe('Bail in brief');
      expect(bail.seo.ogImage).toBe(
        `http://localhost:3000${mediaPath('/wp-content/uploads/2025/01/image-202.jpg', 1280)}`,
      );
      // Malformed Yoast data reads as none.
      expect(broken.seo.title).toBe('Motor Accident Claims Tribunal | Law Partners');
      expect(broken.seo.canonical).toBe('http://localhost:3000/blog/motor-accident-claims-tribunal');
    });

    it('pages through the list and answers past the end with an empty page and the real totals', async () => {
      const p2 = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20, page: 2 });
      expect(p2.data!.posts.nodes).toHaveLength(4);
      expect(p2.data!.posts.page).toBe(2);
      const p3 = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20, page: 3 });
      expect(p3.errors).toBeUndefined();
      expect(p3.data!.posts).toMatchObject({ nodes: [], totalCount: 24, totalPages: 2, page: 3 });
    });

    it('clamps first to 1..100 and page to 1..1000', async () => {
      // A size the cost limit lets through (it counts `first` as given): small fields, 1000 of them.
      const big = await h.query<{ posts: PostList }>(
        'query($first: Int) { posts(first: $first) { perPage nodes { slug } } }',
        { first: 1000 },
      );
      expect(big.errors).toBeUndefined();
      expect(big.data!.posts.perPage).toBe(100);
      expect(big.data!.posts.nodes).toHaveLength(24);
      const zero = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 0 });
      expect(zero.data!.posts.nodes).toHaveLength(1);
      const negative = await h.query<{ posts: PostList }>(BLOG_LIST, { first: -5, page: -3 });
      expect(negative.data!.posts).toMatchObject({ perPage: 1, page: 1 });
      const far = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 10, page: 999999 });
      expect(far.errors).toBeUndefined();
      expect(far.data!.posts).toMatchObject({ page: 1000, nodes: [], totalCount: 24 });
    });

    it('searches case-insensitively, and finds nothing for unknown words without an error', async () => {
      const found = await h.query<{ posts: PostList }>(BLOG_LIST, { search: 'ANTICIPATORY' });
      expect(found.data!.posts.nodes.map((p) => p.slug)).toEqual(['anticipatory-bail-explained']);
      const none = await h.query<{ posts: PostList }>(BLOG_LIST, { search: 'तलाक "quoted" \u0000 <script>' });
      expect(none.errors).toBeUndefined();
      expect(none.data!.posts).toMatchObject({ nodes: [], totalCount: 0 });
      const blank = await h.query<{ posts: PostList }>(BLOG_LIST, { search: '   ', first: 5 });
      expect(blank.data!.posts.totalCount).toBe(24);
    });

    it('refuses a search longer than 200 characters with BAD_USER_INPUT', async () => {
      const before = h.upstreamRequests();
      const ok = await h.query<{ posts: PostList }>(BLOG_LIST, { search: 'a'.repeat(200) });
      expect(ok.errors).toBeUndefined();
      const res = await h.query<{ posts: PostList }>(BLOG_LIST, { search: 'a'.repeat(201) });
      expect(res.data?.posts ?? null).toBeNull();
      expect(res.errors?.[0]?.message).toBe('search must be at most 200 characters');
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      // Only the 200-character search reached upstream (plus the categories of the same operation).
      expect(h.upstreamRequests() - before).toBeLessThanOrEqual(2);
    });

    it('filters by category slug; an unknown category gives an empty list', async () => {
      const res = await h.query<{ posts: PostList }>(BLOG_LIST, {
        categorySlug: 'bail-hearings',
        first: 100,
      });
      const nodes = res.data!.posts.nodes;
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.every((p) => p.categories.some((c) => c.slug === 'bail-hearings'))).toBe(true);
      const unknown = await h.query<{ posts: PostList }>(BLOG_LIST, { categorySlug: 'no-such-category' });
      expect(unknown.errors).toBeUndefined();
      expect(unknown.data!.posts).toMatchObject({ nodes: [], totalCount: 0 });
    });

    it('leaves out excludeSlug on the first page and on later pages', async () => {
      const first = await h.query<{ recent: PostList }>(SINGLE_POST, {
        slug: 'how-to-file-for-divorce-in-india',
      });
      expect(first.data!.recent.nodes.map((p) => p.slug)).toEqual([
        'anticipatory-bail-explained',
        'script-in-body',
        'motor-accident-claims-tribunal',
        'legal-note-105',
        'legal-note-106',
      ]);
      expect(first.data!.recent.totalCount).toBe(23);
      const later = await h.query<{ posts: PostList }>(
        `{ posts(first: 5, page: 2, excludeSlug: "legal-note-105") { totalCount nodes { slug } } }`,
      );
      expect(later.data!.posts.totalCount).toBe(23);
      expect(later.data!.posts.nodes.map((p) => p.slug)).toEqual([
        'legal-note-107',
        'legal-note-108',
        'legal-note-109',
        'legal-note-110',
        'legal-note-111',
      ]);
    });
  });

  describe('post', () => {
    it('returns a post with sanitised content, heading ids, table of contents and banner', async () => {
      const { data, errors } = await h.query<{ post: Post }>(SINGLE_POST, {
        slug: 'how-to-file-for-divorce-in-india',
      });
      expect(errors).toBeUndefined();
      const post = data!.post;
      expect(post.toc).toEqual([
        { id: 'grounds-for-divorce', text: 'Grounds for Divorce', level: 2 },
        { id: 'documents-you-need', text: 'Documents You Need', level: 2 },
        { id: 'documents-you-need-1', text: 'Documents You Need', level: 2 },
        { id: 'talk-to-a-lawyer', text: 'Talk to a Lawyer', level: 1 },
      ]);
      for (const entry of post.toc) expect(post.contentHtml).toContain(`id="${entry.id}"`);
      expect(post.banner).toEqual({
        backgroundColor: '#1a365d',
        textColor: '#ffffff',
        backgroundImage: null,
        overlayOpacity: 0.6,
        title: 'Filing for Divorce',
        description: 'A step-by-step guide',
        descriptionColor: '#ffffffCC',
      });
      expect(post.excerpt.endsWith('...')).toBe(true);
    });

    it('never lets a script, event handler or javascript: URL through', async () => {
      const { data } = await h.query<{ post: Post }>(SINGLE_POST, { slug: 'script-in-body' });
      const html = data!.post.contentHtml;
      expect(html).toContain('Report within 24 hours.');
      expect(html).not.toMatch(/<script|onclick|javascript:/i);
      expect(data!.post.banner).toMatchObject({
        backgroundColor: '#1a365d',
        overlayOpacity: 0.5,
        title: 'Cyber Fraud Complaints',
      });
    });

    it('answers null for unknown, empty, huge, NUL and unicode slugs', async () => {
      for (const slug of [
        'no-such-post',
        '',
        ' ',
        'x'.repeat(10 * 1024),
        'a\u0000b',
        'तलाक-कैसे-लें',
        'a,b',
        '../etc/passwd',
      ]) {
        const res = await h.query<{ post: Post | null }>(`query($s: String!) { post(slug: $s) { id } }`, {
          s: slug,
        });
        expect(res.errors, JSON.stringify(slug)).toBeUndefined();
        expect(res.data!.post).toBeNull();
      }
    });

    it('does not ask upstream about slugs no post can have', async () => {
      const before = h.upstreamRequests();
      await h.query(`query($s: String!) { post(slug: $s) { id } }`, { s: 'x'.repeat(10 * 1024) });
      await h.query(`query($s: String!) { post(slug: $s) { id } }`, { s: 'a\u0000b' });
      expect(h.upstreamRequests()).toBe(before);
    });

    it('finds a post whatever the case of its slug, as WordPress does', async () => {
      const res = await h.query<{ post: Post | null }>(`{ post(slug: "Legal-Note-105") { slug } }`);
      expect(res.data!.post).toEqual({ slug: 'legal-note-105' });
    });

    it('leaves drafts out', async () => {
      const res = await h.query<{ post: Post | null }>(`{ post(slug: "unpublished-draft") { id } }`);
      expect(res.data!.post).toBeNull();
    });
  });

  describe('pages', () => {
    it('returns a generic page by slug', async () => {
      const { data, errors } = await h.query<{ page: Page }>(PAGE, { slug: 'about-the-firm' });
      expect(errors).toBeUndefined();
      expect(data!.page).toMatchObject({
        id: 'page:303',
        uri: '/about-the-firm',
        title: 'About the Firm',
        featuredImage: null,
        structure: null,
        editUrl: mode === 'wordpress' ? `${h.wp!.url}/wp-admin/post.php?post=303&action=edit` : null,
      });
      expect(data!.page.toc.map((t) => t.id)).toEqual(['about-about-the-firm', 'fees']);
      expect(data!.page.seo.canonical).toBe('http://localhost:3000/about-the-firm');
    });

    it('returns page_structure with normalised icons and images', async () => {
      const { data } = await h.query<{ page: Page }>(PAGE, { slug: 'criminal-defense' });
      const page = data!.page;
      expect(page.uri).toBe('/practice-areas/criminal-defense/');
      expect(page.structure).toMatchObject({
        heroSubtitle: 'Criminal Defence in Ghaziabad since 1985',
        heroImage: { url: mediaPath('/wp-content/uploads/2025/01/image-205.jpg', 1280) },
        servicesTitle: 'Our Criminal Defence Services',
        servicesItems: [
          { icon: 'Shield', title: 'Representation', description: 'In every court of the district.' },
          { icon: 'Scale', title: 'Advice', description: 'Before you speak to the police.' },
        ],
        whyChooseImage: null,
        whyChooseItems: [{ icon: 'Award', title: 'Experience', description: 'Four decades of trials.' }],
      });
      expect(originalOf(page.featuredImage?.url)).toBe('/wp-content/uploads/2025/01/image-206.jpg');
    });

    it('answers null for unknown and draft pages', async () => {
      for (const slug of ['no-such-page', 'private-page', 'y'.repeat(5000)]) {
        const res = await h.query<{ page: Page | null }>(PAGE, { slug });
        expect(res.errors).toBeUndefined();
        expect(res.data!.page).toBeNull();
      }
    });

    it('lists published pages for the sitemap', async () => {
      const { data } = await h.query<{ pages: PageSummary[] }>(PAGES);
      expect(data!.pages.map((p) => p.uri).sort()).toEqual([
        '/about-the-firm',
        '/practice-areas/criminal-defense/',
        '/practice-areas/family-law/',
      ]);
      expect(data!.pages.every((p) => p.modified === '2025-04-01T10:00:00')).toBe(true);
    });
  });

  describe('practice areas', () => {
    it("lists the seven built-in areas, merged with WordPress pages where they exist, then WordPress's practice areas", async () => {
      const { data, errors } = await h.query<{ practiceAreas: PracticeArea[] }>(PRACTICE_AREAS);
      expect(errors).toBeUndefined();
      const areas = data!.practiceAreas;
      expect(areas.map((a) => a.slug)).toEqual([
        'criminal-defense',
        'family-law',
        'bail-hearings',
        'motor-accident',
        'cybercrime-defense',
        'domestic-violence',
        'divorce-advisory',
        'property-disputes',
      ]);
      expect(areas.map((a) => a.origin)).toEqual([
        'WORDPRESS',
        'WORDPRESS',
        'BUILT_IN',
        'BUILT_IN',
        'BUILT_IN',
        'BUILT_IN',
        'BUILT_IN',
        'WORDPRESS',
      ]);
      const criminal = areas[0]!;
      expect(criminal.heroSubtitle).toBe('Criminal Defence in Ghaziabad since 1985');
      expect(criminal.services.map((s) => s.icon)).toEqual(['Shield', 'Scale']);
      expect(criminal.contentHtml).toContain('<h2 id="about-criminal-defence">');
      expect(originalOf(criminal.featuredImage?.url)).toBe('/wp-content/uploads/2025/01/image-206.jpg');
      expect(criminal.editUrl).toBe(
        mode === 'wordpress' ? `${h.wp!.url}/wp-admin/post.php?post=301&action=edit` : null,
      );
      const bail = areas[2]!;
      expect(bail).toMatchObject({
        icon: 'Clock',
        link: '/practice-areas/bail-hearings/',
        contentHtml: null,
        featuredImage: null,
        editUrl: null,
      });
      expect(bail.services.length).toBeGreaterThan(0);
    });

    it('finds an area by canonical slug, WordPress page slug, legacy alias or practice_area post', async () => {
      const get = async (slug: string) =>
        (await h.query<{ practiceArea: PracticeArea | null }>(PRACTICE_AREA, { slug })).data!.practiceArea;
      expect((await get('cybercrime-defense'))?.slug).toBe('cybercrime-defense');
      expect((await get('cybercrime'))?.slug).toBe('cybercrime-defense');
      expect(await get('family-law')).toMatchObject({ origin: 'WORDPRESS', title: 'Family Law' });
      const cpt = await get('property-disputes');
      expect(cpt).toMatchObject({
        slug: 'property-disputes',
        icon: 'Home',
        link: '/practice/property-disputes/',
        origin: 'WORDPRESS',
      });
      expect(originalOf(cpt?.featuredImage?.url)).toBe('/wp-content/uploads/2025/01/image-207.jpg');
      expect(await get('no-such-area')).toBeNull();
      expect(await get('z'.repeat(10 * 1024))).toBeNull();
    });
  });

  describe('categories', () => {
    it('lists non-empty categories with counts', async () => {
      const { data } = await h.query<{ categories: Category[] }>(CATEGORIES);
      expect(data!.categories).toContainEqual({
        id: 'category:2',
        databaseId: 2,
        name: 'Criminal Defence',
        slug: 'criminal-defence',
        count: 5,
      });
      expect(data!.categories.map((c) => c.slug)).not.toContain('uncategorized');
    });
  });

  describe('connection', () => {
    it('reports the source in use', async () => {
      const { data } = await h.query<{ connection: Connection }>(CONNECTION);
      const c = data!.connection;
      expect(Date.parse(c.checkedAt)).not.toBeNaN();
      if (mode === 'embedded') {
        expect(c).toMatchObject({ status: 'EMBEDDED', source: 'EMBEDDED', endpoint: null, latencyMs: null });
        expect(c.message).toMatch(/embedded content snapshot/);
      } else {
        expect(c).toMatchObject({
          status: 'CONNECTED',
          source: 'WORDPRESS',
          endpoint: `${h.wp!.url}/wp-json/wp/v2`,
          adminUrl: `${h.wp!.url}/wp-admin/`,
          practiceAreasEndpoint: `${h.wp!.url}/wp-json/wp/v2/practice_areas`,
          pagesEndpoint: `${h.wp!.url}/wp-json/wp/v2/pages`,
          message: 'Connected to WordPress',
        });
        expect(c.latencyMs).toBeGreaterThanOrEqual(0);
      }
    });
  });

  describe('submitEnquiry', () => {
    // The whole flow (outbox, delivery, spam checks) is in enquiries.test.ts.
    it('answers invalid input with one error per field, not a GraphQL error', async () => {
      const res = await h.query(SUBMIT_ENQUIRY, {
        input: { name: 'A', email: 'a@example.in', phone: '+91 98765 43210', message: 'Hello' },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        submitEnquiry: {
          ok: false,
          message: null,
          fieldErrors: [
            { field: 'name', message: 'Please enter your full name (at least 2 characters).' },
            {
              field: 'message',
              message: 'Please write at least 10 characters so we understand how to help.',
            },
          ],
        },
      });
    });
  });
});
