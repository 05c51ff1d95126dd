import { mediaPath } from '../media/address.js';
import {
  BUILT_IN_PRACTICE_AREAS,
  ICON_NAMES,
  type BuiltInPracticeArea,
  type IconName as SharedIconName,
} from '@site/content-model';
import { builtInCopy } from '@site/content-model/practice-area-copy';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { wpPageSchema } from '../sources/types.js';
import { clearContentCache } from './content.js';
import {
  comparePracticeAreaPosts,
  practiceAreaCard,
  practiceAreaList,
  practiceAreaOf,
  toIconName,
  type IconName,
  type PracticeAreaContent,
  type PracticeAreaHelpers,
} from './practice-areas.js';
import type { WpMediaLike, WpPageLike, WpPracticeAreaLike } from './types.js';

const SITE = 'https://www.firm.example';

const attachment: WpMediaLike = {
  id: 7,
  source_url: '/wp-content/uploads/2026/11/court.jpg',
  alt_text: '',
  media_details: { width: 1200, height: 800, sizes: {} },
  mime_type: 'image/jpeg',
};

const helpers: PracticeAreaHelpers = {
  siteName: 'Law Partners',
  siteUrl: `${SITE}/`,
  media: (id) => (id === 7 ? attachment : null),
  editUrl: (id) => `https://cms.firm.example/wp-admin/post.php?post=${id}&action=edit`,
};

/** A built-in area with its WordPress page (or none), as practiceAreaOf derives it. */
function mergePracticeArea(
  area: BuiltInPracticeArea,
  wpPage: WpPageLike | null | undefined,
  helpers: PracticeAreaHelpers,
): PracticeAreaContent {
  return practiceAreaOf({ builtIn: area, page: wpPage ?? null, post: null }, helpers);
}

/** A `practice_area` post of its own (/practice/{slug}/), as practiceAreaOf derives it. */
function practiceAreaFromWp(wp: WpPracticeAreaLike, helpers: PracticeAreaHelpers): PracticeAreaContent {
  return practiceAreaOf({ builtIn: null, page: null, post: wp }, helpers);
}

function builtIn(slug: string): BuiltInPracticeArea {
  const area = BUILT_IN_PRACTICE_AREAS.find((a) => a.slug === slug);
  if (!area) throw new Error(`no built-in area ${slug}`);
  return area;
}

/** A built-in area with its copy: what the site shows of it without WordPress. */
function withCopy(slug: string) {
  const area = builtIn(slug);
  return { ...area, ...builtInCopy(area) };
}

function wpPage(overrides: Partial<WpPageLike> = {}): WpPageLike {
  return {
    id: 101,
    slug: 'criminal-defense',
    title: { rendered: 'Criminal Defence Lawyers in Ghaziabad &#8211; Law Partners' },
    content: {
      rendered: '<h2>Our approach</h2><p>We defend <strong>you</strong>.</p><script>alert(1)</script>',
    },
    excerpt: { rendered: '<p>Excerpt</p>' },
    featured_media: 7,
    page_structure: {
      hero_subtitle: 'Defence you can rely on &amp; reach',
      hero_image: 0,
      services_title: 'What We Do',
      services_items: [
        { icon: 'gavel', title: 'Trial advocacy', description: 'In the Sessions Court.' },
        { icon: 'shield', title: 'Quashing &amp; appeals', description: '<b>High Court</b> work.' },
        { icon: 'Clock', title: '', description: 'dropped: no title' },
      ],
      why_choose_title: 'Why Us',
      why_choose_items: [
        { icon: 'unknown', title: 'Since 1985', description: 'Four decades.' },
        { icon: 'users', title: 'Team', description: null },
      ],
    },
    yoast_head_json: {
      title: 'Criminal Defence Lawyers in Ghaziabad - Law Partners',
      description: 'Yoast description.',
      canonical: 'https://cms.firm.example/criminal-defense/',
    },
    seo_meta: null,
    ...overrides,
  };
}

beforeEach(() => {
  clearContentCache();
});

describe('the icons', () => {
  it("are the schema's IconName, no more and no fewer", () => {
    expectTypeOf<SharedIconName>().toEqualTypeOf<IconName>();
    expect(new Set(ICON_NAMES).size).toBe(10);
  });
});

describe('builtInCopy', () => {
  it.each(BUILT_IN_PRACTICE_AREAS.map((a) => [a.title, builtInCopy(a)]))(
    '%s has complete, well-formed content',
    (_title, area) => {
      const sentences = area.description.match(/[.!?](\s|$)/g) ?? [];
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(2);
      expect(area.services.length).toBeGreaterThanOrEqual(4);
      expect(area.services.length).toBeLessThanOrEqual(6);
      expect(area.whyChooseUs.length).toBeGreaterThanOrEqual(3);
      expect(area.whyChooseUs.length).toBeLessThanOrEqual(4);
      for (const f of [...area.services, ...area.whyChooseUs]) {
        expect(ICON_NAMES).toContain(f.icon);
        expect(f.title.trim()).not.toBe('');
        expect(f.description.trim()).not.toBe('');
      }
      expect(new Set(area.services.map((f) => f.title)).size).toBe(area.services.length);
      expect(area.heroSubtitle).not.toBe('');
      expect(area.servicesTitle).not.toBe('');
      expect(area.whyChooseTitle).not.toBe('');
    },
  );

  it('promises no outcomes', () => {
    const text = JSON.stringify(BUILT_IN_PRACTICE_AREAS.map((a) => builtInCopy(a)));
    expect(text).not.toMatch(
      /guarantee|assured|100%|always win|will win|certain(ly)? (win|acquit)|get you off/i,
    );
    // Nor in Hindi (brief §10).
    const hindi = JSON.stringify(BUILT_IN_PRACTICE_AREAS.map((a) => builtInCopy(a, 'hi')));
    expect(hindi).not.toMatch(/गारंटी|100%|निश्चित (जीत|रिहाई)|जीत पक्की|ज़रूर जीत|बरी करा(एँगे|ने का वादा)/);
  });

  it('is frozen, so one request cannot change another’s data', () => {
    const first = builtInCopy(BUILT_IN_PRACTICE_AREAS[0]!);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.services)).toBe(true);
    expect(Object.isFrozen(first.services[0])).toBe(true);
  });
});

describe('toIconName', () => {
  it.each([
    ['Scale', 'Award', 'Scale'],
    ['scale', 'Award', 'Scale'],
    ['file-text', 'Award', 'FileText'],
    ['FILE_TEXT', 'Award', 'FileText'],
    ['File Text', 'Award', 'FileText'],
    ['home', 'Scale', 'Home'],
    ['Gavel', 'Scale', 'Scale'],
    ['', 'Award', 'Award'],
    [42, 'Scale', 'Scale'],
    [null, 'Award', 'Award'],
    [undefined, 'Scale', 'Scale'],
  ] as const)('%j (fallback %s) -> %s', (value, fallback, expected) => {
    expect(toIconName(value, fallback)).toBe(expected);
  });
});

describe('mergePracticeArea', () => {
  it('returns the built-in area when WordPress has no page', () => {
    const area = mergePracticeArea(builtIn('criminal-defense'), null, helpers);
    const b = withCopy('criminal-defense');
    expect(area).toEqual({
      id: 'practice-area:criminal-defense',
      slug: 'criminal-defense',
      title: 'Criminal Defence',
      description: b.description,
      icon: 'Scale',
      link: '/practice-areas/criminal-defense/',
      contentHtml: null,
      heroSubtitle: b.heroSubtitle,
      servicesTitle: b.servicesTitle,
      services: b.services,
      whyChooseTitle: b.whyChooseTitle,
      whyChooseUs: b.whyChooseUs,
      featuredImage: null,
      origin: 'BUILT_IN',
      editUrl: null,
      modified: null,
      seo: {
        title: 'Criminal Defence | Law Partners',
        description: b.description,
        canonical: `${SITE}/practice-areas/criminal-defense/`,
        ogTitle: 'Criminal Defence | Law Partners',
        ogDescription: b.description,
        ogImage: null,
        ogUrl: `${SITE}/practice-areas/criminal-defense/`,
        twitterTitle: 'Criminal Defence | Law Partners',
        twitterDescription: b.description,
        twitterImage: null,
        noindex: false,
      },
    });
    // Copies, not the frozen built-in objects.
    expect(area.services).not.toBe(b.services);
    expect(area.services[0]).not.toBe(b.services[0]);
  });

  it('inserts the WordPress page’s content', () => {
    const area = mergePracticeArea(builtIn('criminal-defense'), wpPage(), helpers);
    expect(area).toMatchObject({
      id: 'practice-area:criminal-defense',
      slug: 'criminal-defense',
      title: 'Criminal Defence Lawyers in Ghaziabad – Law Partners',
      icon: 'Scale',
      link: '/practice-areas/criminal-defense/',
      contentHtml: '<h2 id="our-approach">Our approach</h2><p>We defend <strong>you</strong>.</p>',
      heroSubtitle: 'Defence you can rely on & reach',
      servicesTitle: 'What We Do',
      services: [
        { icon: 'Scale', title: 'Trial advocacy', description: 'In the Sessions Court.' },
        { icon: 'Shield', title: 'Quashing & appeals', description: 'High Court work.' },
      ],
      whyChooseTitle: 'Why Us',
      whyChooseUs: [
        { icon: 'Award', title: 'Since 1985', description: 'Four decades.' },
        { icon: 'Users', title: 'Team', description: '' },
      ],
      origin: 'WORDPRESS',
      editUrl: 'https://cms.firm.example/wp-admin/post.php?post=101&action=edit',
    });
    expect(area.featuredImage).toMatchObject({
      id: 'media:7',
      url: mediaPath('/wp-content/uploads/2026/11/court.jpg', 1280),
      alt: 'Criminal Defence Lawyers in Ghaziabad – Law Partners',
    });
    expect(area.seo).toMatchObject({
      title: 'Criminal Defence Lawyers in Ghaziabad | Law Partners',
      description: 'Yoast description.',
      // Yoast's canonical points at the content host; the public page wins.
      canonical: `${SITE}/practice-areas/criminal-defense/`,
      ogImage: `${SITE}${mediaPath('/wp-content/uploads/2026/11/court.jpg', 1280)}`,
    });
  });

  it('keeps built-in data where the WordPress page is empty', () => {
    const b = withCopy('family-law');
    const area = mergePracticeArea(
      b,
      wpPage({
        slug: 'family-law',
        title: { rendered: '  ' },
        content: { rendered: '<script>only()</script>' },
        featured_media: 0,
        page_structure: { services_items: [{ title: '' }], why_choose_items: [] },
        yoast_head_json: null,
      }),
      helpers,
    );
    expect(area).toMatchObject({
      title: 'Family Law',
      contentHtml: null,
      heroSubtitle: b.heroSubtitle,
      servicesTitle: b.servicesTitle,
      services: b.services,
      whyChooseTitle: b.whyChooseTitle,
      whyChooseUs: b.whyChooseUs,
      featuredImage: null,
      origin: 'WORDPRESS',
    });
    expect(mergePracticeArea(b, wpPage({ page_structure: null, content: undefined }), helpers)).toMatchObject(
      {
        services: b.services,
        contentHtml: null,
      },
    );
  });

  it('falls back to the hero image, and accepts an already mapped Media', () => {
    const heroOnly = mergePracticeArea(
      builtIn('bail-hearings'),
      wpPage({ featured_media: 0, page_structure: { hero_image: 7 } }),
      helpers,
    );
    expect(heroOnly.featuredImage?.id).toBe('media:7');
    const mapped = {
      id: 'media:9',
      databaseId: 9,
      url: '/nine.jpg',
      alt: 'Nine',
      isDefault: false,
    };
    const area = mergePracticeArea(builtIn('bail-hearings'), wpPage({ featured_media: 9 }), {
      ...helpers,
      media: () => mapped,
    });
    expect(area.featuredImage).toBe(mapped);
  });

  it('has no image when the lookup finds none or there is no lookup', () => {
    expect(
      mergePracticeArea(builtIn('bail-hearings'), wpPage({ featured_media: 99 }), helpers).featuredImage,
    ).toBeNull();
    const { media: _media, editUrl: _editUrl, ...bare } = helpers;
    const area = mergePracticeArea(builtIn('bail-hearings'), wpPage(), bare);
    expect(area.featuredImage).toBeNull();
    expect(area.editUrl).toBeNull();
  });

  it('merges a page parsed by the source schema', () => {
    const raw = {
      ...wpPage(),
      date: '2026-11-21T09:30:00',
      modified: '2026-11-21T09:30:00',
      status: 'publish',
      type: 'page',
      page_structure: { ...wpPage().page_structure, hero_image: '0' },
    };
    const parsed = wpPageSchema.parse(raw);
    const area = mergePracticeArea(builtIn('criminal-defense'), parsed, helpers);
    expect(area.services.map((s) => s.title)).toEqual(['Trial advocacy', 'Quashing & appeals']);
    expect(area.contentHtml).toBe(
      '<h2 id="our-approach">Our approach</h2><p>We defend <strong>you</strong>.</p>',
    );
  });
});

describe('practiceAreaFromWp', () => {
  const post: WpPracticeAreaLike = {
    id: 55,
    slug: 'cheque-bounce',
    title: { rendered: 'Cheque Bounce &amp; Section 138' },
    content: {
      rendered: '<p>Complaints under Section 138 of the Negotiable Instruments Act.</p><h2>Notice</h2>',
    },
    excerpt: { rendered: '<p>Help with cheque dishonour cases [&hellip;]</p>' },
    featured_media: 7,
    practice_icon: 'FileText',
    page_structure: {
      hero_subtitle: 'Recover what you are owed',
      services_title: 'Services',
      services_items: [{ icon: 'nope', title: 'Legal notice', description: 'Within the time limit.' }],
      why_choose_items: [{ title: 'Experience', description: 'Since 1985.' }],
    },
  };

  it('maps a practice_area post', () => {
    const area = practiceAreaFromWp(post, helpers);
    expect(area).toMatchObject({
      id: 'practice_area:55',
      slug: 'cheque-bounce',
      title: 'Cheque Bounce & Section 138',
      description: 'Help with cheque dishonour cases...',
      icon: 'FileText',
      link: '/practice/cheque-bounce/',
      contentHtml:
        '<p>Complaints under Section 138 of the Negotiable Instruments Act.</p><h2 id="notice">Notice</h2>',
      heroSubtitle: 'Recover what you are owed',
      servicesTitle: 'Services',
      services: [{ icon: 'Scale', title: 'Legal notice', description: 'Within the time limit.' }],
      whyChooseTitle: null,
      whyChooseUs: [{ icon: 'Award', title: 'Experience', description: 'Since 1985.' }],
      origin: 'WORDPRESS',
      editUrl: 'https://cms.firm.example/wp-admin/post.php?post=55&action=edit',
    });
    expect(area.featuredImage?.alt).toBe('Cheque Bounce & Section 138');
    expect(area.seo.canonical).toBe(`${SITE}/practice/cheque-bounce/`);
    expect(area.seo.title).toBe('Cheque Bounce & Section 138 | Law Partners');
  });

  it('describes a post without an excerpt by its content, and defaults missing parts', () => {
    const area = practiceAreaFromWp(
      {
        id: 56,
        slug: 'x',
        title: { rendered: '' },
        content: { rendered: '<p>Body text.</p>' },
        practice_icon: 'Unknown',
      },
      helpers,
    );
    expect(area).toMatchObject({
      title: 'Practice Area',
      description: 'Body text.',
      icon: 'Scale',
      heroSubtitle: null,
      servicesTitle: null,
      services: [],
      whyChooseUs: [],
      featuredImage: null,
    });
  });

  it('keeps links one safe path segment', () => {
    expect(practiceAreaFromWp({ id: 57, slug: '%e0%a4%a4%e0%a4%b2%e0%a4%be%e0%a4%95' }, helpers).link).toBe(
      '/practice/%e0%a4%a4%e0%a4%b2%e0%a4%be%e0%a4%95/',
    );
    expect(practiceAreaFromWp({ id: 58, slug: 'a/../b c' }, helpers).link).toBe('/practice/a%2F..%2Fb%20c/');
    expect(practiceAreaFromWp({ id: 59, slug: '' }, helpers)).toMatchObject({
      slug: 'practice-area-59',
      link: '/practice/practice-area-59/',
    });
  });
});

describe('practiceAreaList', () => {
  const post = (id: number, slug: string, title: string, menuOrder?: number | null): WpPracticeAreaLike => ({
    id,
    slug,
    title: { rendered: title },
    excerpt: { rendered: `<p>${title} excerpt.</p>` },
    ...(menuOrder === undefined ? {} : { menu_order: menuOrder }),
  });
  const listed = (posts: WpPracticeAreaLike[]) =>
    practiceAreaList(posts).map((e) => [e.builtIn?.slug ?? null, e.post?.slug ?? null]);
  const builtIns = BUILT_IN_PRACTICE_AREAS.map((a) => [a.slug, null]);

  it('is the seven built-in areas in their order when WordPress has no practice areas', () => {
    expect(listed([])).toEqual(builtIns);
  });

  it("adds WordPress's practice areas after them, by menu_order, then title, then the older post", () => {
    const posts = [
      post(10, 'zoning', 'Zoning Appeals', 1),
      post(11, 'arbitration', 'arbitration', 2),
      post(12, 'cheque-bounce', 'Cheque Bounce', 2),
      post(13, 'property', 'Property Disputes'),
      post(14, 'wills', 'Wills', -1),
      post(16, 'tax-b', 'Tax', 3),
      post(15, 'tax-a', 'Tax', 3),
      post(17, 'odd-order', 'Odd Order', Number.NaN),
    ];
    expect(listed(posts).slice(7)).toEqual([
      [null, 'wills'],
      [null, 'odd-order'],
      [null, 'property'],
      [null, 'zoning'],
      // Titles compare without regard to case, as WordPress's collation does.
      [null, 'arbitration'],
      [null, 'cheque-bounce'],
      [null, 'tax-a'],
      [null, 'tax-b'],
    ]);
    expect(listed(posts).slice(0, 7)).toEqual(builtIns);
    expect(comparePracticeAreaPosts(posts[5]!, posts[6]!)).toBeGreaterThan(0);
  });

  it("puts a post whose slug names a built-in area in that area's place; its exact slug wins over an alias", () => {
    const posts = [
      post(20, 'family-law', 'Family and Matrimonial Law', 9),
      post(21, 'cybercrime', 'Cyber Fraud', 0),
      post(22, 'cybercrime-defense', 'Cybercrime', 5),
      post(23, 'motor-accident-claims', 'Road Accident Claims', 1),
      post(24, 'cheque-bounce', 'Cheque Bounce', 0),
    ];
    expect(listed(posts)).toEqual([
      ['criminal-defense', null],
      ['family-law', 'family-law'],
      ['bail-hearings', null],
      ['motor-accident', 'motor-accident-claims'],
      ['cybercrime-defense', 'cybercrime-defense'],
      ['domestic-violence', null],
      ['divorce-advisory', null],
      [null, 'cheque-bounce'],
    ]);
  });

  it('of two aliases of one area keeps the first in order', () => {
    const posts = [post(31, 'cybercrime', 'B', 2), post(30, 'Cybercrime-Defense/', 'A', 1)];
    expect(practiceAreaList(posts)[4]).toEqual({ builtIn: builtIn('cybercrime-defense'), post: posts[1] });
  });

  it('ignores what is not a post', () => {
    expect(listed([null as unknown as WpPracticeAreaLike, post(40, 'x', 'X')]).slice(7)).toEqual([
      [null, 'x'],
    ]);
  });
});

describe('a practice_area post replacing a built-in area', () => {
  const b = withCopy('family-law');
  const post: WpPracticeAreaLike = {
    id: 77,
    slug: 'family-law',
    modified: '2026-11-20T10:00:00',
    modified_gmt: '2026-11-20T04:30:00',
    title: { rendered: 'Family &amp; Matrimonial Law' },
    excerpt: { rendered: '<p>Divorce, custody and maintenance in Ghaziabad.</p>' },
    content: { rendered: '<p>Our family practice.</p>' },
    practice_icon: 'Heart',
    featured_media: 7,
    page_structure: { hero_subtitle: 'With care', services_items: [] },
  };

  it("keeps the area's address and slug, and takes WordPress's content where it has some", () => {
    const area = practiceAreaOf({ builtIn: b, page: wpPage({ slug: 'family-law' }), post }, helpers);
    expect(area).toMatchObject({
      id: 'practice-area:family-law',
      slug: 'family-law',
      link: '/practice-areas/family-law/',
      title: 'Family & Matrimonial Law',
      description: 'Divorce, custody and maintenance in Ghaziabad.',
      icon: 'Heart',
      contentHtml: '<p>Our family practice.</p>',
      heroSubtitle: 'With care',
      servicesTitle: b.servicesTitle,
      services: b.services,
      whyChooseUs: b.whyChooseUs,
      origin: 'WORDPRESS',
      editUrl: 'https://cms.firm.example/wp-admin/post.php?post=77&action=edit',
      modified: '2026-11-20T10:00:00+05:30',
    });
    expect(area.featuredImage?.id).toBe('media:7');
    expect(area.seo.canonical).toBe(`${SITE}/practice-areas/family-law/`);
  });

  it('falls back to the built-in title, description and icon when the post leaves them empty', () => {
    const bare = { id: 78, slug: 'family-law', title: { rendered: '' }, practice_icon: 'nope' };
    expect(practiceAreaCard({ builtIn: b, page: null, post: bare }, helpers)).toMatchObject({
      title: b.title,
      description: b.description,
      icon: b.icon,
    });
  });
});

describe('practiceAreaCard', () => {
  const summary: WpPracticeAreaLike = {
    id: 90,
    slug: 'cheque-bounce',
    modified: '2026-01-20T10:30:00',
    modified_gmt: '2026-01-20T05:00:00',
    title: { rendered: 'Cheque Bounce' },
    excerpt: { rendered: '<p>Section 138 cases.</p>' },
    practice_icon: 'FileText',
  };

  it('says from a summary what the whole post says', () => {
    const whole = { ...summary, content: { rendered: '<p>Body.</p>' }, featured_media: 7 };
    const card = practiceAreaCard({ builtIn: null, page: null, post: summary }, helpers);
    const area = practiceAreaOf({ builtIn: null, page: null, post: whole }, helpers);
    expect(card).toEqual({
      id: area.id,
      slug: area.slug,
      title: area.title,
      description: area.description,
      icon: area.icon,
      link: area.link,
      origin: area.origin,
      editUrl: area.editUrl,
      modified: '2026-01-20T10:30:00+05:30',
    });
    expect(area.modified).toBe(card.modified);
  });

  it('leaves the description to the body when there is no excerpt', () => {
    const noExcerpt = { ...summary, excerpt: { rendered: '' } };
    expect(practiceAreaCard({ builtIn: null, page: null, post: noExcerpt }, helpers).description).toBeNull();
  });

  it('dates a built-in area by its WordPress page, and not at all without one', () => {
    const page = wpPage({ modified: '2025-04-01T10:00:00' } as Partial<WpPageLike>);
    expect(
      practiceAreaCard({ builtIn: builtIn('criminal-defense'), page, post: null }, helpers).modified,
    ).toBe('2025-04-01T10:00:00');
    expect(
      practiceAreaCard({ builtIn: builtIn('criminal-defense'), page: null, post: null }, {}).modified,
    ).toBeNull();
  });
});

describe('a practice area asked for in Hindi (brief §10)', () => {
  it('is the Hindi built-in copy at its /hi/ address when WordPress has nothing for it', () => {
    const b = builtIn('bail-hearings');
    const hi = builtInCopy(b, 'hi');
    const area = practiceAreaOf({ builtIn: b, page: null, post: null, lang: 'hi' }, helpers);
    expect(area).toMatchObject({
      id: 'practice-area:bail-hearings',
      slug: 'bail-hearings',
      title: 'जमानत की सुनवाई',
      description: hi.description,
      link: '/hi/practice-areas/bail-hearings/',
      heroSubtitle: hi.heroSubtitle,
      servicesTitle: hi.servicesTitle,
      services: hi.services,
      whyChooseTitle: hi.whyChooseTitle,
      whyChooseUs: hi.whyChooseUs,
      origin: 'BUILT_IN',
      seo: {
        title: 'जमानत की सुनवाई | Law Partners',
        description: hi.description,
        canonical: `${SITE}/hi/practice-areas/bail-hearings/`,
        ogUrl: `${SITE}/hi/practice-areas/bail-hearings/`,
        ogTitle: 'जमानत की सुनवाई | Law Partners',
      },
    });
    expect(area.services).not.toBe(hi.services);
    // The same area in English is untouched by it.
    const en = practiceAreaOf({ builtIn: b, page: null, post: null }, helpers);
    expect(en).toEqual(practiceAreaOf({ builtIn: b, page: null, post: null, lang: 'en' }, helpers));
    expect(en).toMatchObject({ title: 'Bail Hearings', link: '/practice-areas/bail-hearings/' });
    expect(en.services).toEqual(builtInCopy(b).services);
  });

  it("keeps what the WordPress page says as it says it, and fills its gaps in Hindi; the page's canonical is the Hindi one", () => {
    const b = builtIn('criminal-defense');
    const hi = builtInCopy(b, 'hi');
    const page = wpPage({
      page_structure: { hero_subtitle: 'Defence you can rely on', services_items: [] },
      yoast_head_json: {
        title: 'Criminal Defence Lawyers - Law Partners',
        canonical: `${SITE}/practice-areas/criminal-defense/`,
        og_url: `${SITE}/practice-areas/criminal-defense/`,
      },
    });
    const area = practiceAreaOf({ builtIn: b, page, post: null, lang: 'hi' }, helpers);
    expect(area).toMatchObject({
      title: 'Criminal Defence Lawyers in Ghaziabad – Law Partners',
      // A page's excerpt is not a card's description: the built-in one, in Hindi.
      description: hi.description,
      heroSubtitle: 'Defence you can rely on',
      servicesTitle: hi.servicesTitle,
      services: hi.services,
      whyChooseUs: hi.whyChooseUs,
      link: '/hi/practice-areas/criminal-defense/',
      origin: 'WORDPRESS',
      seo: {
        title: 'Criminal Defence Lawyers | Law Partners',
        canonical: `${SITE}/hi/practice-areas/criminal-defense/`,
        ogUrl: `${SITE}/hi/practice-areas/criminal-defense/`,
      },
    });
    expect(area.contentHtml).toContain('We defend');
    // In English, the same page keeps Yoast's canonical as it was.
    expect(practiceAreaOf({ builtIn: b, page, post: null }, helpers).seo.canonical).toBe(
      `${SITE}/practice-areas/criminal-defense/`,
    );
  });

  it('leaves a canonical an editor set on another site as it is', () => {
    const page = wpPage({
      seo_meta: { yoast_seo_canonical: 'https://elsewhere.example/criminal-law/' },
    });
    const area = practiceAreaOf(
      { builtIn: builtIn('criminal-defense'), page, post: null, lang: 'hi' },
      helpers,
    );
    expect(area.seo.canonical).toBe('https://elsewhere.example/criminal-law/');
  });

  it("links WordPress's own practice areas at their /hi/ address, named as WordPress names them", () => {
    const post: WpPracticeAreaLike = {
      id: 56,
      slug: 'cheque-bounce',
      title: { rendered: 'Cheque Bounce' },
      excerpt: { rendered: '<p>Section 138 complaints.</p>' },
      content: { rendered: '<p>Body.</p>' },
    };
    const card = practiceAreaCard({ builtIn: null, page: null, post, lang: 'hi' }, helpers);
    expect(card).toMatchObject({
      title: 'Cheque Bounce',
      description: 'Section 138 complaints.',
      link: '/hi/practice/cheque-bounce/',
    });
    const area = practiceAreaOf({ builtIn: null, page: null, post, lang: 'hi' }, helpers);
    expect(area.seo.canonical).toBe(`${SITE}/hi/practice/cheque-bounce/`);
    // One WordPress left untitled is named in Hindi.
    expect(
      practiceAreaCard(
        { builtIn: null, page: null, post: { ...post, title: { rendered: '' } }, lang: 'hi' },
        {},
      ).title,
    ).toBe('कार्यक्षेत्र');
  });
});
