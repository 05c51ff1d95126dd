import { describe, expect, it } from 'vitest';
import { wpMediaSchema } from '../sources/types.js';
import { DEFAULT_IMAGE, mediaFromWp, mediaOrDefault } from './media.js';
import type { WpMediaLike } from './types.js';

const U = '/wp-content/uploads/2026/11/court';

function attachment(overrides: Partial<WpMediaLike> = {}): WpMediaLike {
  return {
    id: 42,
    source_url: `${U}.jpg`,
    alt_text: 'District court building',
    caption: { rendered: '<p>Court &amp; gavel</p>\n' },
    mime_type: 'image/jpeg',
    media_details: {
      width: 1200,
      height: 800,
      file: '2026/11/court.jpg',
      sizes: {
        thumbnail: {
          file: 'court-150x150.jpg',
          width: 150,
          height: 150,
          mime_type: 'image/jpeg',
          source_url: `${U}-150x150.jpg`,
        },
        medium: {
          file: 'court-300x200.jpg',
          width: 300,
          height: 200,
          mime_type: 'image/jpeg',
          source_url: `${U}-300x200.jpg`,
        },
        medium_large: { width: 768, height: 512, mime_type: 'image/jpeg', source_url: `${U}-768x512.jpg` },
        large: { width: 1024, height: 683, mime_type: 'image/jpeg', source_url: `${U}-1024x683.jpg` },
        full: { width: 1200, height: 800, mime_type: 'image/jpeg', source_url: `${U}.jpg` },
      },
    },
    ...overrides,
  };
}

describe('mediaFromWp', () => {
  it('maps a WordPress attachment', () => {
    expect(mediaFromWp(attachment())).toEqual({
      id: 'media:42',
      databaseId: 42,
      url: `${U}.jpg`,
      alt: 'District court building',
      caption: 'Court & gavel',
      width: 1200,
      height: 800,
      srcSet: `${U}-300x200.jpg 300w, ${U}-768x512.jpg 768w, ${U}-1024x683.jpg 1024w, ${U}.jpg 1200w`,
      mimeType: 'image/jpeg',
      isDefault: false,
    });
  });

  it('leaves out sizes of another shape and keeps one candidate per width', () => {
    const m = attachment({
      media_details: {
        width: 800,
        height: 1200,
        sizes: {
          thumbnail: { width: 150, height: 150, source_url: '/t.jpg' },
          medium: { width: 200, height: 300, source_url: '/m.jpg' },
          wide_crop: { width: 600, height: 300, source_url: '/w.jpg' },
          also_200: { width: 200, height: 300, source_url: '/m2.jpg' },
          large: { width: 683, height: 1024, source_url: '/l.jpg' },
          same_as_full: { width: 800, height: 1200, source_url: '/other-full.jpg' },
        },
      },
    });
    expect(mediaFromWp(m)?.srcSet).toBe(`/m.jpg 200w, /l.jpg 683w, ${U}.jpg 800w`);
  });

  it('skips sizes with unusable URLs or dimensions', () => {
    const m = attachment({
      media_details: {
        width: 1200,
        height: 800,
        sizes: {
          a: { width: 300, height: 200, source_url: 'javascript:alert(1)' },
          b: { width: 600, height: 400, source_url: '/b.jpg' },
          c: { width: 0, height: 0, source_url: '/c.jpg' },
          d: { width: 900, source_url: '/d.jpg' },
          e: null,
          f: { width: 450, height: 300, source_url: '/f b.jpg' },
        },
      },
    });
    expect(mediaFromWp(m)?.srcSet).toBe(`/b.jpg 600w, ${U}.jpg 1200w`);
  });

  it('has no srcSet when there is nothing to choose between or no dimensions', () => {
    expect(
      mediaFromWp(attachment({ media_details: { width: 1200, height: 800, sizes: {} } }))?.srcSet,
    ).toBeNull();
    const noDetails = mediaFromWp(attachment({ media_details: null }));
    expect(noDetails).toMatchObject({ width: null, height: null, srcSet: null });
    // PHP encodes an empty media_details as [].
    expect(mediaFromWp(attachment({ media_details: [] as unknown as null }))).toMatchObject({
      width: null,
      srcSet: null,
    });
  });

  it('takes dimensions from sizes.full when media_details has none', () => {
    const m = attachment({
      media_details: {
        sizes: {
          medium: { width: 300, height: 200, source_url: '/m.jpg' },
          full: { width: 1200, height: 800, source_url: `${U}.jpg` },
        },
      },
    });
    expect(mediaFromWp(m)).toMatchObject({ width: 1200, height: 800, srcSet: `/m.jpg 300w, ${U}.jpg 1200w` });
  });

  it('falls back from an empty alt to the given alt, then to "Featured image"', () => {
    expect(
      mediaFromWp(attachment({ alt_text: '' }), { fallbackAlt: 'Divorce &amp; <em>you</em>' })?.alt,
    ).toBe('Divorce & you');
    expect(mediaFromWp(attachment({ alt_text: '   ' }), { fallbackAlt: '' })?.alt).toBe('Featured image');
    expect(mediaFromWp(attachment({ alt_text: null }))?.alt).toBe('Featured image');
    expect(mediaFromWp(attachment({ alt_text: 'Don&#8217;t' }), { fallbackAlt: 'x' })?.alt).toBe('Don’t');
  });

  it('has a null caption and mime type when WordPress has none', () => {
    expect(mediaFromWp(attachment({ caption: { rendered: '' }, mime_type: '' }))).toMatchObject({
      caption: null,
      mimeType: null,
    });
    expect(mediaFromWp(attachment({ caption: null, mime_type: null }))).toMatchObject({
      caption: null,
      mimeType: null,
    });
  });

  it('accepts absolute http(s) URLs', () => {
    expect(mediaFromWp(attachment({ source_url: 'https://cms.example.com/a.jpg' }))?.url).toBe(
      'https://cms.example.com/a.jpg',
    );
  });

  it.each([
    [undefined],
    [''],
    ['   '],
    ['javascript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['//evil.example/a.jpg'],
    ['relative/a.jpg'],
    ['/a.jpg"); background: red'],
  ])('returns null for the source URL %j', (source_url) => {
    expect(mediaFromWp(attachment({ source_url }))).toBeNull();
  });

  it('returns null for no attachment', () => {
    expect(mediaFromWp(null)).toBeNull();
    expect(mediaFromWp(undefined)).toBeNull();
    expect(mediaFromWp([] as unknown as WpMediaLike)).toBeNull();
  });

  it('identifies an attachment without an id by its URL', () => {
    expect(mediaFromWp(attachment({ id: undefined }))).toMatchObject({ id: `media:${U}.jpg`, databaseId: 0 });
  });

  it('maps an attachment parsed by the source schema', () => {
    const parsed = wpMediaSchema.parse({
      ...attachment(),
      date: '2026-11-21T09:30:00',
      slug: 'court',
      type: 'attachment',
    });
    expect(mediaFromWp(parsed)).toEqual(mediaFromWp(attachment()));
  });
});

describe('DEFAULT_IMAGE', () => {
  it('is the site’s default featured image', () => {
    expect(DEFAULT_IMAGE).toEqual({
      id: 'media:default',
      databaseId: 0,
      url: '/images/default-featured.jpg',
      alt: 'Featured image',
      caption: null,
      width: 1200,
      height: 800,
      srcSet:
        '/images/default-featured-300x200.jpg 300w, /images/default-featured-768x512.jpg 768w, ' +
        '/images/default-featured-1024x683.jpg 1024w, /images/default-featured.jpg 1200w',
      mimeType: 'image/jpeg',
      isDefault: true,
    });
    expect(Object.isFrozen(DEFAULT_IMAGE)).toBe(true);
  });
});

describe('mediaOrDefault', () => {
  it('returns the default image when there is none or it is unusable', () => {
    expect(mediaOrDefault(null)).toBe(DEFAULT_IMAGE);
    expect(mediaOrDefault(undefined)).toBe(DEFAULT_IMAGE);
    expect(mediaOrDefault(attachment({ source_url: 'javascript:alert(1)' }))).toBe(DEFAULT_IMAGE);
  });

  it('maps a WordPress attachment and passes a mapped Media through', () => {
    const mapped = mediaOrDefault(attachment({ alt_text: '' }), { fallbackAlt: 'Post title' });
    expect(mapped).toMatchObject({ id: 'media:42', alt: 'Post title', isDefault: false });
    expect(mediaOrDefault(mapped)).toBe(mapped);
  });
});
