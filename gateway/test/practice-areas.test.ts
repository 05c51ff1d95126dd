// The practice-area list over WordPress's practice_area posts: the seven built-in areas, then the
// posts an editor published, by WordPress's Order (menu_order) and title; a post named like a built-in
// area takes its place; the built-in areas alone when WordPress has none or fails. Over the fake
// WordPress and over the embedded source (the same snapshot), which must answer alike.
import { originalOf } from '../src/media/address.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUILT_IN_PRACTICE_AREAS, ENQUIRY_RULES } from '@site/content-model';
import { builtInCopy } from '@site/content-model/practice-area-copy';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_FILE } from '../src/enquiry/outbox.js';
import type { EnquiryResult, PracticeArea } from '../src/generated/resolvers.js';
import type { ContentSnapshot } from '../src/sources/embedded/source.js';
import { fixtureSnapshot } from './fixtures/snapshot.js';
import { startHarness, warnings, type Harness, type Mode } from './harness.js';
import { PRACTICE_AREA, PRACTICE_AREAS } from './queries.js';

/** The fields the home page's cards and the contact form's choice ask for (web/src/routes/home). */
const HOME_LIST = /* GraphQL */ `
  query HomePracticeAreas {
    practiceAreas {
      slug
      title
      description
      icon
      link
    }
  }
`;

const SUBMIT = /* GraphQL */ `
  mutation Submit($input: EnquiryInput!) {
    submitEnquiry(input: $input) {
      ok
      message
      fieldErrors {
        field
        message
      }
    }
  }
`;

function practiceArea(
  id: number,
  slug: string,
  title: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    date: '2026-10-01T10:00:00',
    date_gmt: '2026-10-01T04:30:00',
    modified: '2026-11-02T10:00:00',
    modified_gmt: '2026-11-02T04:30:00',
    slug,
    status: 'publish',
    type: 'practice_area',
    link: `https://cms.test/practice-area/${slug}/`,
    title: { rendered: title },
    content: { rendered: `<p>${title}: how we help.</p>`, protected: false },
    excerpt: { rendered: `<p>${title} before the courts of Ghaziabad.</p>`, protected: false },
    featured_media: 0,
    practice_icon: 'FileText',
    page_structure: [],
    ...extra,
  };
}

/** The fixture's Property Disputes (no menu_order: 0), and what an editor added since. */
function snapshotWithAreas(): ContentSnapshot {
  const snapshot = fixtureSnapshot();
  return {
    ...snapshot,
    practice_areas: [
      ...snapshot.practice_areas,
      practiceArea(402, 'cheque-bounce', 'Cheque Bounce', { menu_order: 2, featured_media: 205 }),
      practiceArea(403, 'anticipatory-bail-applications', 'Anticipatory Bail', { menu_order: 1 }),
      practiceArea(404, 'arbitration', 'Arbitration', { menu_order: 2 }),
      practiceArea(405, 'family-law', 'Family &amp; Matrimonial Law', {
        menu_order: 0,
        practice_icon: 'Heart',
        page_structure: { hero_subtitle: 'Written in WordPress', services_items: [] },
      }),
      practiceArea(406, 'unpublished-area', 'Unpublished', { status: 'draft' }),
    ],
  };
}

const BUILT_IN_SLUGS = BUILT_IN_PRACTICE_AREAS.map((a) => a.slug);
const LISTED_SLUGS = [
  ...BUILT_IN_SLUGS,
  'property-disputes',
  'anticipatory-bail-applications',
  'arbitration',
  'cheque-bounce',
];

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function start(mode: Mode, snapshot = snapshotWithAreas(), env: Record<string, string> = {}) {
  h = await startHarness({ mode, snapshot, env });
  return h;
}

async function list(harness: Harness, query = PRACTICE_AREAS): Promise<PracticeArea[]> {
  const res = await harness.query<{ practiceAreas: PracticeArea[] }>(query);
  expect(res.errors).toBeUndefined();
  return res.data!.practiceAreas;
}

describe.each<Mode>(['wordpress', 'embedded'])('the practice-area list over the %s source', (mode) => {
  it("lists the built-in areas, then WordPress's by menu_order and title; a post named like a built-in area takes its place", async () => {
    const areas = await list(await start(mode));
    expect(areas.map((a) => a.slug)).toEqual(LISTED_SLUGS);
    expect(areas.map((a) => a.link)).toEqual([
      ...BUILT_IN_PRACTICE_AREAS.map((a) => a.link),
      '/practice/property-disputes/',
      '/practice/anticipatory-bail-applications/',
      '/practice/arbitration/',
      '/practice/cheque-bounce/',
    ]);
    expect(areas.slice(7).map((a) => [a.title, a.origin, a.icon])).toEqual([
      ['Property Disputes', 'WORDPRESS', 'Home'],
      ['Anticipatory Bail', 'WORDPRESS', 'FileText'],
      ['Arbitration', 'WORDPRESS', 'FileText'],
      ['Cheque Bounce', 'WORDPRESS', 'FileText'],
    ]);
    const family = builtInCopy(BUILT_IN_PRACTICE_AREAS[1]!);
    expect(areas[1]).toMatchObject({
      id: 'practice-area:family-law',
      slug: 'family-law',
      link: '/practice-areas/family-law/',
      title: 'Family & Matrimonial Law',
      description: 'Family & Matrimonial Law before the courts of Ghaziabad.',
      icon: 'Heart',
      contentHtml: '<p>Family &amp; Matrimonial Law: how we help.</p>',
      heroSubtitle: 'Written in WordPress',
      // Where the post says nothing, the built-in area speaks.
      servicesTitle: family.servicesTitle,
      services: family.services,
      origin: 'WORDPRESS',
      editUrl: mode === 'wordpress' ? `${h!.wp!.url}/wp-admin/post.php?post=405&action=edit` : null,
    });
    // Not the family-law page of the fixture: the post replaces it.
    expect(areas[1]!.contentHtml).not.toContain('Family Law work of the firm');
    expect(areas[0]).toMatchObject({
      slug: 'criminal-defense',
      origin: 'WORDPRESS',
      title: 'Criminal Defence',
    });
    expect(areas[7]).toMatchObject({
      contentHtml: '<p>Title suits and partition.</p>',
      description: 'Title suits and partition of family property.',
      heroSubtitle: 'Property Disputes in Ghaziabad since 1985',
      seo: {
        title: 'Property Disputes | Law Partners',
        canonical: 'http://localhost:3000/practice/property-disputes/',
      },
    });
    expect(originalOf(areas[10]!.featuredImage?.url)).toBe('/wp-content/uploads/2025/01/image-205.jpg');
  });

  it('gives every listed area a page at its link, with what the list says', async () => {
    const harness = await start(mode);
    const areas = await list(harness);
    for (const area of areas) {
      const slug = area.link.split('/').filter(Boolean).at(-1)!;
      const res = await harness.query<{ practiceArea: PracticeArea | null }>(PRACTICE_AREA, { slug });
      expect(res.errors, area.link).toBeUndefined();
      expect(res.data!.practiceArea, area.link).toEqual(area);
    }
    // The post's own address leads to the area it replaced, and so does the area's old alias.
    const viaPost = await harness.query<{ practiceArea: PracticeArea }>(PRACTICE_AREA, {
      slug: 'family-law',
    });
    expect(viaPost.data!.practiceArea.title).toBe('Family & Matrimonial Law');
  });

  it('is the seven built-in areas when WordPress has no practice areas', async () => {
    const areas = await list(await start(mode, { ...fixtureSnapshot(), practice_areas: [] }));
    expect(areas.map((a) => a.slug)).toEqual(BUILT_IN_SLUGS);
  });
});

/** What the site's layout asks for the footer (web/src/components/layout/Footer.tsx). */
const FOOTER_LINKS = /* GraphQL */ `
  query FooterLinks {
    site {
      practiceLinks {
        label
        href
      }
    }
  }
`;

async function footerLinks(harness: Harness): Promise<Array<{ label: string; href: string }>> {
  const res = await harness.query<{ site: { practiceLinks: Array<{ label: string; href: string }> } }>(
    FOOTER_LINKS,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.site.practiceLinks;
}

const BUILT_IN_LINKS = BUILT_IN_PRACTICE_AREAS.map((a) => ({ label: a.title, href: a.link }));

describe.each<Mode>(['wordpress', 'embedded'])("the footer's practice links over the %s source", (mode) => {
  it('are the areas of the practice list in its order, published practice_area posts included, each at a working page', async () => {
    const harness = await start(mode);
    const links = await footerLinks(harness);
    const areas = await list(harness, HOME_LIST);
    expect(links.map((l) => l.href)).toEqual(areas.map((a) => a.link));
    expect(links).toEqual([
      BUILT_IN_LINKS[0],
      // The practice_area post that replaces the built-in area names it.
      { label: 'Family & Matrimonial Law', href: '/practice-areas/family-law/' },
      ...BUILT_IN_LINKS.slice(2),
      { label: 'Property Disputes', href: '/practice/property-disputes/' },
      { label: 'Anticipatory Bail', href: '/practice/anticipatory-bail-applications/' },
      { label: 'Arbitration', href: '/practice/arbitration/' },
      { label: 'Cheque Bounce', href: '/practice/cheque-bounce/' },
    ]);
    for (const link of links) {
      const slug = link.href.split('/').filter(Boolean).at(-1)!;
      const res = await harness.query<{ practiceArea: PracticeArea | null }>(PRACTICE_AREA, { slug });
      expect(res.errors, link.href).toBeUndefined();
      expect(res.data!.practiceArea?.link, link.href).toBe(link.href);
    }
  });

  it('are the seven built-in areas when WordPress has no practice areas', async () => {
    const harness = await start(mode, { ...fixtureSnapshot(), practice_areas: [] });
    expect(await footerLinks(harness)).toEqual(BUILT_IN_LINKS);
  });
});

it("the footer's practice links gain an area an editor publishes, once its purge arrives", async () => {
  const harness = await start('wordpress', { ...fixtureSnapshot(), practice_areas: [] });
  expect(await footerLinks(harness)).toEqual(BUILT_IN_LINKS);
  harness.wp!.setSnapshot({
    ...fixtureSnapshot(),
    practice_areas: [practiceArea(410, 'arbitration', 'Arbitration')],
  });
  await harness.gateway.purge({ type: 'practice_area', id: 410, slug: 'arbitration' });
  expect(await footerLinks(harness)).toEqual([
    ...BUILT_IN_LINKS,
    { label: 'Arbitration', href: '/practice/arbitration/' },
  ]);
});

describe("the footer's practice links when WordPress fails", () => {
  it('are the seven built-in areas when the practice_area list fails', async () => {
    const harness = await start('wordpress');
    await harness.wp!.fault('500', { path: '/practice_areas' });
    expect(await footerLinks(harness)).toEqual(BUILT_IN_LINKS);
    expect(warnings(harness.logs)).toContain(
      'practice area list failed; listing the built-in practice areas only',
    );
    // The fallback is not remembered: once WordPress answers, its areas are back.
    await harness.wp!.fault(null);
    expect((await footerLinks(harness)).map((l) => l.href)).toContain('/practice/property-disputes/');
  });

  it('are the seven built-in areas when WordPress cannot be reached at all', async () => {
    const harness = await start('wordpress');
    await harness.wp!.fault('refused');
    expect(await footerLinks(harness)).toEqual(BUILT_IN_LINKS);
    await harness.wp!.fault(null);
    expect((await footerLinks(harness)).map((l) => l.href)).toContain('/practice/property-disputes/');
  });

  it('cost one cached request: the practice_area list cold, nothing warm', async () => {
    const harness = await start('wordpress');
    await footerLinks(harness);
    expect(harness.wp!.stats.log).toEqual([
      '/practice_areas?per_page=100&orderby=title&order=asc&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,menu_order,practice_icon,lang,translations,language,translation,translation_ref',
    ]);
    harness.wp!.resetStats();
    await footerLinks(harness);
    expect(harness.wp!.stats.requests).toBe(0);
  });
});

describe('when WordPress fails', () => {
  it('lists the seven built-in areas with their pages when the practice_area list fails, and says so once', async () => {
    const harness = await start('wordpress');
    await harness.wp!.fault('500', { path: '/practice_areas' });
    const areas = await list(harness);
    expect(areas.map((a) => a.slug)).toEqual(BUILT_IN_SLUGS);
    expect(areas.map((a) => a.origin).slice(0, 3)).toEqual(['WORDPRESS', 'WORDPRESS', 'BUILT_IN']);
    // The family-law page, as there is no post to replace it.
    expect(areas[1]!.contentHtml).toContain('Family Law work of the firm');
    expect(warnings(harness.logs)).toContain(
      'practice area list failed; listing the built-in practice areas only',
    );
  });

  it('lists the seven built-in areas alone when WordPress cannot be reached at all', async () => {
    const harness = await start('wordpress');
    await harness.wp!.fault('refused');
    const areas = await list(harness);
    expect(areas.map((a) => [a.slug, a.origin])).toEqual(BUILT_IN_SLUGS.map((s) => [s, 'BUILT_IN']));
  });

  it("serves a built-in area's page from its WordPress page when the practice_area lookup fails", async () => {
    const harness = await start('wordpress');
    await harness.wp!.fault('503', { path: '/practice_areas' });
    const res = await harness.query<{ practiceArea: PracticeArea }>(PRACTICE_AREA, { slug: 'family-law' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.practiceArea).toMatchObject({ title: 'Family Law', origin: 'WORDPRESS' });
    expect(warnings(harness.logs)).toContain(
      'practice_area lookup failed; serving the built-in area with its page',
    );
  });
});

describe('upstream requests', () => {
  it("the home page's list: its pages and the practice_area summaries, no bodies or images; none warm", async () => {
    const harness = await start('wordpress');
    const areas = await list(harness, HOME_LIST);
    expect(areas).toHaveLength(11);
    expect([...harness.wp!.stats.log].sort()).toEqual([
      expect.stringMatching(/^\/pages\?slug=criminal-defense,family-law,/),
      '/practice_areas?per_page=100&orderby=title&order=asc&status=publish&_fields=id,date,date_gmt,modified,modified_gmt,slug,title,excerpt,menu_order,practice_icon,lang,translations,language,translation,translation_ref',
    ]);
    harness.wp!.resetStats();
    expect(await list(harness, HOME_LIST)).toEqual(areas);
    expect(harness.wp!.stats.requests).toBe(0);
  });

  it('a list that asks for bodies and images loads the posts in one batched request, with their images', async () => {
    const harness = await start('wordpress');
    await list(harness);
    const log = harness.wp!.stats.log.map((l) => l.split('&_fields')[0]!);
    expect(log.filter((l) => l.startsWith('/practice_areas?slug='))).toEqual([
      '/practice_areas?slug=family-law,property-disputes,anticipatory-bail-applications,arbitration,cheque-bounce&per_page=20&status=publish',
    ]);
    // The featured images come with the pages and posts (featured_image): no /media request.
    expect(log.filter((l) => l.startsWith('/media'))).toEqual([]);
    expect(harness.wp!.stats.requests).toBe(3);
  });

  it("a built-in area's page asks for its page and for a post named like it at once", async () => {
    const harness = await start('wordpress');
    await harness.query(PRACTICE_AREA, { slug: 'cybercrime-defense' });
    expect(harness.wp!.stats.log.map((l) => l.split('&per_page')[0]).sort()).toEqual([
      '/pages?slug=cybercrime',
      '/practice_areas?slug=cybercrime-defense,cybercrime',
    ]);
  });
});

it('a newly published practice area is listed after the publish webhook', async () => {
  const harness = await start('wordpress');
  const before = await list(harness, HOME_LIST);
  const snapshot = snapshotWithAreas();
  harness.wp!.setSnapshot({
    ...snapshot,
    practice_areas: [
      ...snapshot.practice_areas,
      practiceArea(410, 'adoption', 'Adoption', { menu_order: 1 }),
    ],
  });
  expect(await list(harness, HOME_LIST)).toEqual(before);
  await harness.gateway.purge({ type: 'practice_area', id: 410, slug: 'adoption' });
  const after = await list(harness, HOME_LIST);
  expect(after.map((a) => a.slug).slice(7)).toEqual([
    'property-disputes',
    'adoption',
    'anticipatory-bail-applications',
    'arbitration',
    'cheque-bounce',
  ]);
});

describe("an enquiry naming one of WordPress's practice areas", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  async function enquiryRig() {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'practice-enquiries-'));
    dirs.push(dir);
    const harness = await start('wordpress', snapshotWithAreas(), { OUTBOX_DIR: dir });
    const submit = async (practiceArea: string, other: Record<string, unknown> = {}) => {
      const res = await harness.query<{ submitEnquiry: EnquiryResult }>(SUBMIT, {
        input: {
          name: 'Asha Rao',
          email: 'asha@example.in',
          phone: '98765 43210',
          message: 'Please call me about my case.',
          practiceArea,
          elapsedMs: 10_000,
          ...other,
        },
      });
      expect(res.errors).toBeUndefined();
      return res.data!.submitEnquiry;
    };
    const stored = async () =>
      (await readFile(path.join(dir, OUTBOX_FILE), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { enquiry: { practiceArea: string | null } }).enquiry.practiceArea);
    return { harness, submit, stored };
  }

  it('is accepted for a listed area, and refused for a slug the list does not have', async () => {
    const { submit, stored } = await enquiryRig();
    expect(await submit('cheque-bounce')).toMatchObject({ ok: true, fieldErrors: [] });
    expect(await submit('family-law')).toMatchObject({ ok: true });
    const refused = { field: 'practiceArea', message: ENQUIRY_RULES.practiceArea.messages.invalid };
    for (const slug of ['no-such-area', 'unpublished-area', 'cybercrime']) {
      expect(await submit(slug), slug).toEqual({ ok: false, message: null, fieldErrors: [refused] });
    }
    expect(await stored()).toEqual(['cheque-bounce', 'family-law']);
  });

  it('is refused with every other mistake at once, not only once the rest is right', async () => {
    const { submit, stored } = await enquiryRig();
    const answer = await submit('no-such-area', { name: '', email: 'x', phone: '1' });
    expect(answer.fieldErrors.map((e) => e.field)).toEqual(['name', 'email', 'phone', 'practiceArea']);
    expect(await stored()).toEqual([]);
  });

  it('is accepted while WordPress cannot say which areas exist: the enquiry matters more than its label', async () => {
    const { harness, submit, stored } = await enquiryRig();
    await harness.wp!.fault('503', { path: '/practice_areas' });
    expect(await submit('cheque-bounce')).toMatchObject({ ok: true });
    expect(await stored()).toEqual(['cheque-bounce']);
  });
});
