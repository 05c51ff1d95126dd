import { describe, expect, it } from 'vitest';
import {
  mediaAddresses,
  mediaWidthAtLeast,
  oldFeaturedSrcSet,
  oldImageOf,
  pageTotals,
  savingPct,
  uploadFile,
  widthInSrcSet,
  type PageImage,
  type SnapshotMedia,
} from './image-renditions.js';

const U = '/wp-content/uploads/2026/06';
const DIVORCE: SnapshotMedia = {
  source_url: `${U}/divorce-guide-india.jpg`,
  media_details: {
    width: 1200,
    height: 800,
    sizes: {
      medium: { width: 300, height: 200, source_url: `${U}/divorce-guide-india-300x200.jpg` },
      large: { width: 1024, height: 683, source_url: `${U}/divorce-guide-india-1024x683.jpg` },
      thumbnail: { width: 150, height: 150, source_url: `${U}/divorce-guide-india-150x150.jpg` },
      medium_large: { width: 768, height: 512, source_url: `${U}/divorce-guide-india-768x512.jpg` },
      full: { width: 1200, height: 800, source_url: `${U}/divorce-guide-india.jpg` },
    },
  },
};

describe('oldFeaturedSrcSet', () => {
  it('lists the full image and the sizes of its shape, narrowest first, crops left out', () => {
    expect(oldFeaturedSrcSet(DIVORCE)).toBe(
      `${U}/divorce-guide-india-300x200.jpg 300w, ${U}/divorce-guide-india-768x512.jpg 768w, ` +
        `${U}/divorce-guide-india-1024x683.jpg 1024w, ${U}/divorce-guide-india.jpg 1200w`,
    );
  });

  it('is null without dimensions or without a size to choose from', () => {
    expect(oldFeaturedSrcSet({ source_url: `${U}/a.jpg` })).toBeNull();
    expect(
      oldFeaturedSrcSet({
        source_url: `${U}/a.jpg`,
        media_details: {
          width: 800,
          height: 600,
          sizes: { thumbnail: { width: 150, height: 150, source_url: `${U}/a-150x150.jpg` } },
        },
      }),
    ).toBeNull();
  });
});

describe('oldImageOf', () => {
  const body = `<p>x</p><img class="a" src="https://cms.example.in${U}/body.jpg" srcset="${U}/body-300x200.jpg 300w, ${U}/body.jpg 900w" sizes="100vw">`;

  it('finds a featured image by its attachment, a body image by its tag, and else the original alone', () => {
    expect(oldImageOf(`${U}/divorce-guide-india.jpg`, [DIVORCE], [body])).toEqual({
      src: `${U}/divorce-guide-india.jpg`,
      srcset: oldFeaturedSrcSet(DIVORCE),
      from: 'featured',
    });
    expect(oldImageOf(`${U}/body.jpg`, [DIVORCE], [body])).toEqual({
      src: `${U}/body.jpg`,
      srcset: `${U}/body-300x200.jpg 300w, ${U}/body.jpg 900w`,
      from: 'body',
    });
    expect(oldImageOf(`${U}/none.jpg`, [DIVORCE], [body])).toEqual({
      src: `${U}/none.jpg`,
      srcset: null,
      from: 'original',
    });
  });
});

describe('renditions and addresses', () => {
  it('reads a candidate’s width from a srcset', () => {
    const srcset = oldFeaturedSrcSet(DIVORCE);
    expect(widthInSrcSet(srcset, `${U}/divorce-guide-india-768x512.jpg`)).toBe(768);
    expect(widthInSrcSet(srcset, `${U}/divorce-guide-india-150x150.jpg`)).toBeNull();
    expect(widthInSrcSet(null, `${U}/divorce-guide-india.jpg`)).toBeNull();
  });

  it('names the snapshot file of an upload URL, and nothing outside the uploads', () => {
    expect(uploadFile(`${U}/divorce-guide-india-768x512.jpg`)).toBe(
      '2026/06/divorce-guide-india-768x512.jpg',
    );
    expect(uploadFile(`https://cms.example.in${U}/a%20b.jpg`)).toBe('2026/06/a b.jpg');
    expect(uploadFile('/images/hero.jpg')).toBeNull();
    expect(uploadFile('/wp-content/uploads/%2e%2e/wp/posts.json')).toBeNull();
  });

  it('picks the narrowest served width at least as wide, the widest past them all', () => {
    expect(mediaWidthAtLeast(768)).toBe(768);
    expect(mediaWidthAtLeast(769)).toBe(960);
    expect(mediaWidthAtLeast(100)).toBe(160);
    expect(mediaWidthAtLeast(4000)).toBe(1600);
  });

  it('lists each /media address a page names once, relative or absolute', () => {
    const html =
      '<meta property="og:image" content="http://localhost:3000/media/L3dw/1280">' +
      '<img src="/media/L3dw/1280" srcSet="/media/L3dw/160 160w, /media/L3dw/320 320w"><img src="/images/hero.jpg">';
    expect(mediaAddresses(html)).toEqual(['/media/L3dw/1280', '/media/L3dw/160', '/media/L3dw/320']);
  });
});

describe('pageTotals', () => {
  const image = (over: Partial<PageImage>): PageImage => ({
    url: '/images/hero.jpg',
    original: null,
    bytes: 1000,
    contentType: 'image/jpeg',
    displayedWidth: 375,
    naturalWidth: 800,
    neededWidth: 750,
    lcp: false,
    before: { url: '/images/hero.jpg', bytes: 1000, width: 800, from: 'unchanged' },
    ...over,
  });

  it('sums bytes before and after, the LCP image apart, and the saving in %', () => {
    const totals = pageTotals([
      image({ lcp: true }),
      image({
        url: '/media/x/768',
        original: `${U}/x.jpg`,
        bytes: 500,
        naturalWidth: 768,
        before: { url: `${U}/x-768x512.jpg`, bytes: 3000, width: 768, from: 'featured' },
      }),
    ]);
    expect(totals).toMatchObject({
      beforeBytes: 4000,
      afterBytes: 1500,
      savingPct: 62.5,
      smallerThanBefore: 0,
    });
    expect(totals.lcp).toEqual({
      url: '/images/hero.jpg',
      beforeBytes: 1000,
      afterBytes: 1000,
      savingPct: 0,
    });
    expect(totals.equalSize).toEqual({ afterBytes: 1500, savingPct: 62.5 });
  });

  it('counts an image narrower than needed and than before, and compares it at equal size', () => {
    const totals = pageTotals([
      image({
        url: '/media/x/640',
        original: `${U}/x.jpg`,
        bytes: 400,
        naturalWidth: 640,
        neededWidth: 690,
        before: { url: `${U}/x-768x512.jpg`, bytes: 1000, width: 768, from: 'featured' },
        atBeforeWidth: { url: '/media/x/768', bytes: 550, width: 768 },
      }),
    ]);
    expect(totals.smallerThanBefore).toBe(1);
    expect(totals.savingPct).toBe(60);
    expect(totals.equalSize).toEqual({ afterBytes: 550, savingPct: 45 });
    expect(totals.lcp).toBeNull();
  });

  it('calls no bytes before no saving, and more bytes a negative one', () => {
    expect(savingPct(0, 10)).toBe(0);
    expect(savingPct(100, 125)).toBe(-25);
  });
});
