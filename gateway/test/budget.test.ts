// The request budget of the blog list (20 posts with featured images, categories and SEO):
// at most 3 upstream requests cold, none warm. Counted at the fake WordPress.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostList } from '../src/generated/resolvers.js';
import { MEDIA, POSTS } from './fixtures/snapshot.js';
import { startHarness, type Harness } from './harness.js';
import { BLOG_LIST, PRACTICE_AREAS, SINGLE_POST } from './queries.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe('request budget', () => {
  it('blog list of 20 posts: 2 requests cold (posts with their images, categories), 0 warm', async () => {
    const cold = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(cold.errors).toBeUndefined();
    expect(cold.data!.posts.nodes).toHaveLength(20);
    const log = [...h.wp!.stats.log].sort();
    // The featured images travel with the posts (featured_image): no /media request, and every card has its
    // attachment, not the default image.
    expect(log).toEqual([
      '/categories?hide_empty=true&per_page=50&_fields=id,name,slug,count,lang,language_counts',
      '/posts?per_page=20&page=1&orderby=date&order=desc&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,featured_media,featured_image,categories,author_name,word_count,lang,translations,language,translation,translation_ref',
    ]);
    // Each post's own attachment; the default image only where a post has none (or an unknown id).
    const mediaIds = new Set(MEDIA.map((m) => m.id));
    for (const node of cold.data!.posts.nodes) {
      const featured = POSTS.find((p) => p.slug === node.slug)!.featured_media;
      expect(node.featuredImage.databaseId, node.slug).toBe(mediaIds.has(featured) ? featured : 0);
    }

    h.wp!.resetStats();
    const warm = await h.query<{ posts: PostList }>(BLOG_LIST, { first: 20 });
    expect(warm.data).toEqual(cold.data);
    expect(h.wp!.stats.requests).toBe(0);
  });

  it('a post page after the list: the post by slug and the sidebar list; images from cache', async () => {
    await h.query(BLOG_LIST, { first: 20 });
    h.wp!.resetStats();
    // Lists carry summaries, not bodies: the post page asks for its post, and the sidebar's list
    // (6 posts, one dropped as the current one) is a new question. Every image is cached per item.
    const res = await h.query(SINGLE_POST, { slug: 'legal-note-110' });
    expect(res.errors).toBeUndefined();
    expect([...h.wp!.stats.log].sort()).toEqual([
      expect.stringMatching(/^\/posts\?per_page=6&page=1&orderby=date&order=desc&status=publish&_fields=/),
      expect.stringMatching(
        /^\/posts\?slug=legal-note-110&per_page=20&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,content,/,
      ),
    ]);
  });

  it('a list that asks for bodies or SEO loads the whole posts in one batched request', async () => {
    const res = await h.query<{
      posts: { nodes: { slug: string; contentHtml: string; seo: { title: string } }[] };
    }>(`{ posts(first: 5) { nodes { slug contentHtml seo { title } } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.posts.nodes).toHaveLength(5);
    for (const node of res.data!.posts.nodes) {
      expect(node.contentHtml).toContain('<p>');
      expect(node.seo.title).not.toBe('');
    }
    const log = h.wp!.stats.log.filter((l) => l.startsWith('/posts'));
    expect(log).toHaveLength(2);
    expect(log[0]).toContain(
      '_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,featured_media,featured_image,categories,author_name,word_count,lang,translations,language,translation,translation_ref',
    );
    const slugs = res.data!.posts.nodes.map((n) => n.slug).join(',');
    expect(log[1]).toMatch(
      new RegExp(
        `^/posts\\?slug=${slugs}&per_page=20&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,content,`,
      ),
    );
  });

  it('home practice areas: one /pages call for all seven practice slugs and one /practice_areas list', async () => {
    // What the home page's cards and the contact form ask for: no body, no image.
    await h.query(`{ practiceAreas { slug title description icon link } }`);
    expect([...h.wp!.stats.log].sort()).toEqual([
      '/pages?slug=criminal-defense,family-law,bail-hearings,motor-accident,cybercrime,domestic-violence,divorce-advisory&per_page=20&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,content,excerpt,featured_media,featured_image,yoast_head_json,seo_meta,page_structure,lang,translations,language,translation,translation_ref',
      '/practice_areas?per_page=100&orderby=title&order=asc&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,menu_order,practice_icon,lang,translations,language,translation,translation_ref',
    ]);
  });

  it('every practice area with its body and images: one more request for the bodies, one for the images', async () => {
    await h.query(PRACTICE_AREAS);
    expect(h.wp!.stats.log.map((l) => l.split('?')[0]).sort()).toEqual([
      '/media',
      '/pages',
      '/practice_areas',
      '/practice_areas',
    ]);
    // The featured images came with the pages and posts (featured_image); only a hero image that is not one
    // of them (205) is asked for by id.
    expect(h.wp!.stats.log).toContain(
      '/media?include=205&per_page=100&orderby=include&_fields=id,source_url,alt_text,caption,media_details,mime_type',
    );
  });

  it('concurrent identical operations share upstream requests', async () => {
    await Promise.all(Array.from({ length: 5 }, () => h.query(BLOG_LIST, { first: 20 })));
    expect(h.wp!.stats.requests).toBe(2);
  });
});
