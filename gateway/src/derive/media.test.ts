import { describe, expect, it } from 'vitest';
import { mediaPath, type MediaWidth } from '../media/address.js';
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
  it('maps a WordPress attachment, its image served from the site at the widths up to the original', () => {
    const m = (w: number) => mediaPath(`${U}.jpg`, w as MediaWidth);
    expect(mediaFromWp(attachment())).toEqual({
      id: 'media:42',
      databaseId: 42,
      url: m(1280),
      alt: 'District court building',
      caption: 'Court & gavel',
      width: 1200,
      height: 800,
      // The widest candidate is served at the original's 1200 px, and says so.
      srcSet: [160, 320, 480, 640, 768, 960].map((w) => `${m(w)} ${w}w`).join(', ') + `, ${m(1280)} 1200w`,
      mimeType: 'image/jpeg',
      isDefault: false,
    });
  });

  it('offers no wider candidate than the original, and no srcSet without its width', () => {
    const narrow = mediaFromWp(attachment({ media_details: { width: 500, height: 750, sizes: {} } }));
    expect(narrow?.srcSet).toBe(
      `${mediaPath(`${U}.jpg`, 160)} 160w, ${mediaPath(`${U}.jpg`, 320)} 320w, ${mediaPath(`${U}.jpg`, 480)} 480w, ${mediaPath(`${U}.jpg`, 640)} 500w`,
    );
    expect(narrow?.url).toBe(mediaPath(`${U}.jpg`, 640));
    const noDetails = mediaFromWp(attachment({ media_details: null }));
    expect(noDetails).toMatchObject({
      width: null,
      height: null,
      srcSet: null,
      url: mediaPath(`${U}.jpg`, 1280),
    });
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
    expect(mediaFromWp(m)).toMatchObject({ width: 1200, height: 800 });
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

  it('accepts absolute http(s) URLs (the gateway decides at /media whether it may fetch them)', () => {
    expect(mediaFromWp(attachment({ source_url: 'https://cms.example.com/a.jpg' }))?.url).toBe(
      mediaPath('https://cms.example.com/a.jpg', 1280),
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
