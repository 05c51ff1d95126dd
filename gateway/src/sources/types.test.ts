import { describe, expect, it } from 'vitest';
import {
  embeddedFeaturedMedia,
  wpMediaSchema,
  wpPostSummarySchema,
  wpSeoMetaSchema,
  wpYoastHeadSchema,
} from './types.js';

describe('the robots choice in WordPress answers', () => {
  it('reads the companion flag however a site stores it, and nothing else as a choice', () => {
    const flag = (v: unknown) => wpSeoMetaSchema.parse({ yoast_seo_noindex: v }).yoast_seo_noindex;
    expect([true, '1', 1].map(flag)).toEqual([true, true, true]);
    expect([false, '0', 0].map(flag)).toEqual([false, false, false]);
    expect([undefined, null, 'yes', 2, {}].map(flag)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("keeps Yoast's robots index and drops a malformed robots block", () => {
    expect(wpYoastHeadSchema.parse({ robots: { index: 'noindex', follow: 'follow' } }).robots?.index).toBe(
      'noindex',
    );
    expect(wpYoastHeadSchema.parse({ robots: 'noindex' }).robots).toBeUndefined();
  });
});

describe('the featured image embedded with a post (_embed=wp:featuredmedia)', () => {
  const attachment = {
    id: 42,
    slug: 'court',
    alt_text: 'The district court',
    caption: { rendered: '' },
    mime_type: 'image/jpeg',
    source_url: 'https://cms.test/wp-content/uploads/court.jpg',
    media_details: { width: 1200, height: 800, sizes: {} },
  };
  const post = (embedded: unknown, featured = 42) =>
    wpPostSummarySchema.parse({
      id: 7,
      date: '2026-11-01T10:00:00',
      slug: 'a-post',
      title: { rendered: 'A post' },
      featured_media: featured,
      _links: { 'wp:featuredmedia': [{ embeddable: true, href: 'https://cms.test/wp-json/wp/v2/media/42' }] },
      ...(embedded === undefined ? {} : { _embedded: embedded }),
    });

  it('is the attachment WordPress embedded, mapped like one asked for by id', () => {
    const found = embeddedFeaturedMedia(post({ 'wp:featuredmedia': [attachment] }));
    expect(found).toEqual(wpMediaSchema.parse(attachment));
    expect(found?.alt_text).toBe('The district court');
  });

  it('is null (no image, no lookup) for the error WordPress embeds for a private or deleted attachment, or junk', () => {
    const forbidden = { code: 'rest_forbidden', message: 'Sorry.', data: { status: 401 } };
    expect(embeddedFeaturedMedia(post({ 'wp:featuredmedia': [forbidden] }))).toBeNull();
    expect(embeddedFeaturedMedia(post({ 'wp:featuredmedia': [{ id: 42 }] }))).toBeNull();
    expect(embeddedFeaturedMedia(post({ 'wp:featuredmedia': ['nonsense'] }))).toBeNull();
  });

  it('is undefined (look the image up by id) when nothing usable for it was embedded', () => {
    // Asked without _embed, or a WordPress that ignores it.
    expect(embeddedFeaturedMedia(post(undefined))).toBeUndefined();
    expect(embeddedFeaturedMedia(post('not an object'))).toBeUndefined();
    expect(embeddedFeaturedMedia(post({ author: [{ id: 1 }] }))).toBeUndefined();
    expect(embeddedFeaturedMedia(post({ 'wp:featuredmedia': [] }))).toBeUndefined();
    // Another attachment than the post's.
    expect(embeddedFeaturedMedia(post({ 'wp:featuredmedia': [{ ...attachment, id: 43 }] }))).toBeUndefined();
    // No featured image at all.
    expect(embeddedFeaturedMedia(post({ 'wp:featuredmedia': [attachment] }, 0))).toBeUndefined();
  });
});
