import { mediaPath } from '../media/address.js';
import { describe, expect, it } from 'vitest';
import { editorNoindex, mergeSeo, stripSiteSuffix, type MergeSeoInput } from './seo.js';

const SITE = 'https://www.firm.example';
const base: MergeSeoInput = {
  title: 'How to File for Divorce in India',
  description: '<p>A step-by-step guide &amp; checklist.</p>',
  canonical: `${SITE}/blog/how-to-file-for-divorce-in-india/`,
  siteName: 'Law Partners',
};

describe('mergeSeo', () => {
  it('uses the defaults when WordPress has nothing', () => {
    expect(mergeSeo(base)).toEqual({
      title: 'How to File for Divorce in India | Law Partners',
      description: 'A step-by-step guide & checklist.',
      canonical: `${SITE}/blog/how-to-file-for-divorce-in-india/`,
      ogTitle: 'How to File for Divorce in India | Law Partners',
      ogDescription: 'A step-by-step guide & checklist.',
      ogImage: null,
      ogUrl: `${SITE}/blog/how-to-file-for-divorce-in-india/`,
      twitterTitle: 'How to File for Divorce in India | Law Partners',
      twitterDescription: 'A step-by-step guide & checklist.',
      twitterImage: null,
      noindex: false,
    });
    expect(mergeSeo({ ...base, yoast: null, seoMeta: null })).toEqual(mergeSeo(base));
  });

  it('prefers yoast_head_json over the defaults', () => {
    const seo = mergeSeo({
      ...base,
      yoast: {
        title: 'Divorce in India: the steps - Law Partners',
        description: 'Yoast description &#8211; decoded.',
        og_title: 'OG title',
        og_description: 'OG description',
        og_image: [{ url: 'https://cms.firm.example/wp-content/uploads/og.jpg', width: 1200, height: 630 }],
        twitter_title: 'Tw title',
        twitter_description: 'Tw description',
        twitter_image: 'https://cms.firm.example/wp-content/uploads/tw.jpg',
      },
    });
    expect(seo).toEqual({
      title: 'Divorce in India: the steps | Law Partners',
      description: 'Yoast description – decoded.',
      canonical: base.canonical,
      ogTitle: 'OG title',
      ogDescription: 'OG description',
      ogImage: `${SITE}${mediaPath('https://cms.firm.example/wp-content/uploads/og.jpg', 1280)}`,
      ogUrl: base.canonical,
      twitterTitle: 'Tw title',
      twitterDescription: 'Tw description',
      twitterImage: `${SITE}${mediaPath('https://cms.firm.example/wp-content/uploads/tw.jpg', 1280)}`,
      noindex: false,
    });
  });

  it('prefers explicit seo_meta values over yoast_head_json, ignoring empty ones', () => {
    const seo = mergeSeo({
      ...base,
      yoast: {
        title: 'Yoast title',
        description: 'Yoast description',
        og_title: 'Yoast OG',
        twitter_title: 'Yoast Tw',
      },
      seoMeta: {
        yoast_seo_title: 'Custom title',
        yoast_seo_meta_description: '   ',
        yoast_seo_og_title: '',
        yoast_seo_og_description: 'Meta OG description',
        yoast_seo_twitter_title: 'Meta Tw',
        yoast_seo_twitter_description: '',
        yoast_seo_canonical: '',
        yoast_seo_og_image: '',
        yoast_seo_twitter_image: '',
      },
    });
    expect(seo).toMatchObject({
      title: 'Custom title | Law Partners',
      description: 'Yoast description',
      ogTitle: 'Yoast OG',
      ogDescription: 'Meta OG description',
      twitterTitle: 'Meta Tw',
      twitterDescription: 'Meta OG description',
      canonical: base.canonical,
    });
  });

  it('adds the site name exactly once', () => {
    const title = (t: string) => mergeSeo({ ...base, title: t }).title;
    expect(title('Bail | Law Partners')).toBe('Bail | Law Partners');
    expect(title('Bail | Law Partners | Law Partners')).toBe('Bail | Law Partners');
    expect(title('Bail - Law Partners')).toBe('Bail | Law Partners');
    expect(title('Bail – law partners')).toBe('Bail | Law Partners');
    expect(title('Bail » Law Partners')).toBe('Bail | Law Partners');
    expect(title('Law Partners')).toBe('Law Partners');
    expect(title('')).toBe('Law Partners');
    expect(title('Partners in law')).toBe('Partners in law | Law Partners');
    expect(mergeSeo({ ...base, title: 'Bail', siteName: '' }).title).toBe('Bail');
  });

  it('collapses a doubled suffix in explicit share titles', () => {
    const seo = mergeSeo({
      ...base,
      yoast: { og_title: 'Bail - Law Partners - Law Partners', twitter_title: 'Plain' },
    });
    expect(seo.ogTitle).toBe('Bail | Law Partners');
    expect(seo.twitterTitle).toBe('Plain');
  });

  it('decodes entities and strips markup in every text field', () => {
    const seo = mergeSeo({
      ...base,
      title: '&#8220;Bail&#8221; &amp; <em>you</em>',
      description: 'A&nbsp;&nbsp;b',
    });
    expect(seo.title).toBe('“Bail” & you | Law Partners');
    expect(seo.description).toBe('A b');
  });

  it('clamps descriptions to 300 characters', () => {
    const long = 'word '.repeat(100).trim();
    const seo = mergeSeo({ ...base, description: long, yoast: { og_description: long } });
    expect(seo.description.length).toBeLessThanOrEqual(300);
    expect(seo.description).toBe(`${'word '.repeat(59).trim()}...`);
    expect(seo.ogDescription).toBe(seo.description);
    expect(seo.twitterDescription).toBe(seo.description);
  });

  it('takes the canonical from seo_meta, then Yoast on the public origin, then the default', () => {
    const explicit = `${SITE}/blog/original-article/`;
    expect(
      mergeSeo({
        ...base,
        seoMeta: { yoast_seo_canonical: explicit },
        yoast: { canonical: `${SITE}/x/`, og_url: `${SITE}/y/` },
      }),
    ).toMatchObject({
      canonical: explicit,
      ogUrl: explicit,
    });
    expect(
      mergeSeo({ ...base, yoast: { canonical: `${SITE}/blog/yoast/`, og_url: `${SITE}/blog/yoast-og/` } }),
    ).toMatchObject({
      canonical: `${SITE}/blog/yoast/`,
      ogUrl: `${SITE}/blog/yoast-og/`,
    });
    // WordPress's own permalinks on the content host are not the public page.
    expect(
      mergeSeo({
        ...base,
        yoast: { canonical: 'https://cms.firm.example/how-to/', og_url: 'https://cms.firm.example/how-to/' },
      }),
    ).toMatchObject({ canonical: base.canonical, ogUrl: base.canonical });
  });

  it.each([
    ['/blog/relative/'],
    ['javascript:alert(1)'],
    ['ftp://www.firm.example/x'],
    ['https://'],
    ['not a url'],
    ['  '],
  ])('ignores the canonical %j', (bad) => {
    expect(
      mergeSeo({ ...base, seoMeta: { yoast_seo_canonical: bad }, yoast: { canonical: bad } }).canonical,
    ).toBe(base.canonical);
  });

  it('takes share images from seo_meta, then Yoast, then the default image, made absolute', () => {
    const featured = `${SITE}${mediaPath('/wp-content/uploads/featured.jpg', 1280)}`;
    expect(mergeSeo({ ...base, image: '/wp-content/uploads/featured.jpg' })).toMatchObject({
      ogImage: featured,
      twitterImage: featured,
    });
    // An image the gateway already gave a site address keeps it.
    expect(mergeSeo({ ...base, image: mediaPath('/wp-content/uploads/featured.jpg', 1280) }).ogImage).toBe(
      featured,
    );
    expect(
      mergeSeo({
        ...base,
        image: '/featured.jpg',
        yoast: { og_image: [{ url: 'https://cms.firm.example/og.jpg' }] },
        seoMeta: { yoast_seo_og_image: '', yoast_seo_twitter_image: 'https://cdn.firm.example/tw.jpg' },
      }),
    ).toMatchObject({
      ogImage: `${SITE}${mediaPath('https://cms.firm.example/og.jpg', 1280)}`,
      twitterImage: `${SITE}${mediaPath('https://cdn.firm.example/tw.jpg', 1280)}`,
    });
    expect(
      mergeSeo({
        ...base,
        image: 'javascript:alert(1)',
        yoast: { og_image: [{ url: 'data:image/png;base64,AAAA' }], twitter_image: '//x/y.jpg' },
      }),
    ).toMatchObject({ ogImage: null, twitterImage: null });
    expect(mergeSeo({ ...base, yoast: { og_image: [] } }).ogImage).toBeNull();
  });
});

describe('mergeSeo noindex', () => {
  it("follows the editor's robots choice: seo_meta first, then Yoast's head, else indexable", () => {
    expect(mergeSeo({ ...base, seoMeta: { yoast_seo_noindex: true } }).noindex).toBe(true);
    expect(mergeSeo({ ...base, yoast: { robots: { index: 'noindex' } } }).noindex).toBe(true);
    expect(mergeSeo({ ...base, yoast: { robots: { index: 'NoIndex' } } }).noindex).toBe(true);
    expect(mergeSeo({ ...base, yoast: { robots: { index: 'index' } } }).noindex).toBe(false);
    // An explicit "show it" in seo_meta wins over Yoast's head, as every other seo_meta value does.
    expect(
      mergeSeo({ ...base, seoMeta: { yoast_seo_noindex: false }, yoast: { robots: { index: 'noindex' } } })
        .noindex,
    ).toBe(false);
    expect(mergeSeo({ ...base, yoast: { robots: null as never } }).noindex).toBe(false);
  });
});

describe('editorNoindex', () => {
  it('reads the two fields a list keeps, and treats missing ones as indexable', () => {
    expect(editorNoindex(null, null)).toBe(false);
    expect(editorNoindex(undefined, undefined)).toBe(false);
    expect(editorNoindex({}, {})).toBe(false);
    expect(editorNoindex({ robots: { index: 'noindex' } }, null)).toBe(true);
    expect(editorNoindex(null, { yoast_seo_noindex: true })).toBe(true);
    expect(editorNoindex({ robots: { index: 'noindex' } }, { yoast_seo_noindex: false })).toBe(false);
    expect(editorNoindex({ robots: { index: '<b>noindex</b>' } }, {})).toBe(true);
  });
});

describe('stripSiteSuffix', () => {
  it('handles site names with regular-expression characters', () => {
    expect(stripSiteSuffix('Bail | Singh & Co. (Advocates)', 'Singh & Co. (Advocates)')).toBe('Bail');
    expect(stripSiteSuffix('Bail | Singh & Cox (Advocates)', 'Singh & Co. (Advocates)')).toBe(
      'Bail | Singh & Cox (Advocates)',
    );
  });
});
