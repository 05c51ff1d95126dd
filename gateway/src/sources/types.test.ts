import { mediaPath } from '../media/address.js';
import { describe, expect, it } from 'vitest';
import { mediaFromWp } from '../derive/media.js';
import {
  featuredImage,
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

describe("the featured image a post carries (the companion plugin's featured_image)", () => {
  const field = {
    id: 42,
    source_url: 'https://cms.test/wp-content/uploads/court.jpg',
    width: 1200,
    height: 800,
    alt_text: 'The district court',
    mime_type: 'image/jpeg',
    sizes: {
      medium: {
        width: 300,
        height: 200,
        source_url: 'https://cms.test/wp-content/uploads/court-300x200.jpg',
      },
      thumbnail: {
        width: 150,
        height: 150,
        source_url: 'https://cms.test/wp-content/uploads/court-150x150.jpg',
      },
    },
  };
  // The same attachment as /wp/v2/media/42 answers it.
  const attachment = {
    id: 42,
    alt_text: 'The district court',
    caption: { rendered: '' },
    mime_type: 'image/jpeg',
    source_url: 'https://cms.test/wp-content/uploads/court.jpg',
    media_details: { width: 1200, height: 800, sizes: field.sizes },
  };
  const post = (image: unknown, featured = 42) =>
    wpPostSummarySchema.parse({
      id: 7,
      date: '2026-11-01T10:00:00',
      slug: 'a-post',
      title: { rendered: 'A post' },
      featured_media: featured,
      ...(image === undefined ? {} : { featured_image: image }),
    });

  it('is the attachment, mapped to the same image as one asked for by id', () => {
    const found = featuredImage(post(field));
    expect(found).toMatchObject({ id: 42, alt_text: 'The district court', mime_type: 'image/jpeg' });
    expect(mediaFromWp(found)).toEqual(mediaFromWp(wpMediaSchema.parse(attachment)));
    // The site's /media addresses of the original, up to its 1200 px.
    expect(mediaFromWp(found)?.srcSet).toContain(
      `${mediaPath('https://cms.test/wp-content/uploads/court.jpg', 1280)} 1200w`,
    );
    // Without sizes or dimensions it is still the image.
    expect(
      mediaFromWp(featuredImage(post({ id: 42, source_url: field.source_url, width: null }))),
    ).toMatchObject({
      url: mediaPath(field.source_url, 1280),
      alt: 'Featured image',
      width: null,
      srcSet: null,
    });
  });

  it('is null (no image, no lookup) when the plugin says there is none the visitor may see', () => {
    expect(featuredImage(post(null))).toBeNull();
  });

  it('is undefined (look the image up by id) when the field is missing, malformed or about another attachment', () => {
    // A WordPress without the companion plugin.
    expect(featuredImage(post(undefined))).toBeUndefined();
    expect(featuredImage(post('not an object'))).toBeUndefined();
    expect(featuredImage(post([]))).toBeUndefined();
    expect(featuredImage(post({ id: 42 }))).toBeUndefined();
    expect(featuredImage(post({ ...field, source_url: 7 }))).toBeUndefined();
    expect(featuredImage(post({ ...field, id: 43 }))).toBeUndefined();
    // No featured image at all.
    expect(featuredImage(post(field, 0))).toBeUndefined();
  });
});
