// The gateway's fixed texts in Hindi (brief §10): `site(language: HI)` and the built-in practice areas'
// copy and addresses in `practiceAreas(language: HI)` / `practiceArea(slug, language: HI)`, over the
// fake WordPress and the embedded source alike; what WordPress says is served as WordPress has it, and
// the English answers are what they were. The response cache never serves one language for the other.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { BUILT_IN_PRACTICE_AREAS, practiceAreaTitle } from '@site/content-model';
import { builtInCopy } from '@site/content-model/practice-area-copy';
import { afterEach, describe, expect, it } from 'vitest';
import type { PracticeArea } from '../src/generated/resolvers.js';
import { createHttpServer, listen } from '../src/http.js';
import { startHarness, type Harness, type Mode } from './harness.js';

const SITE = /* GraphQL */ `
  query Site($language: Language) {
    site(language: $language) {
      name
      tagline
      replyPromise
      phone
      officeHours {
        days
        hours
      }
      address {
        streetAddress
        locality
        region
        postalCode
      }
      stats {
        key
        value
        label
      }
      testimonials {
        name
        role
        content
        caseType
        outcome
      }
      socialLinks {
        network
        label
        url
      }
      practiceLinks {
        label
        href
      }
      logo {
        alt
      }
    }
  }
`;

const FIELDS = /* GraphQL */ `
  slug title description link heroSubtitle servicesTitle
  services { icon title description }
  whyChooseTitle
  whyChooseUs { icon title description }
  contentHtml origin
  seo { title description canonical ogUrl }
`;
const AREAS = `query Areas($language: Language) { practiceAreas(language: $language) { ${FIELDS} } }`;
const AREA = `query Area($slug: String!, $language: Language) { practiceArea(slug: $slug, language: $language) { ${FIELDS} } }`;

interface SiteAnswer {
  tagline: string;
  replyPromise: string;
  stats: Array<{ key: string; value: string; label: string }>;
  testimonials: Array<{ name: string; role: string; caseType: string }>;
  practiceLinks: Array<{ label: string; href: string }>;
  [field: string]: unknown;
}

let h: Harness | null = null;
let server: FastifyInstance | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  await h?.close();
  h = null;
});

async function site(harness: Harness, variables: Record<string, unknown> = {}): Promise<SiteAnswer> {
  const res = await harness.query<{ site: SiteAnswer }>(SITE, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.site;
}

async function areas(harness: Harness, language?: 'EN' | 'HI'): Promise<PracticeArea[]> {
  const res = await harness.query<{ practiceAreas: PracticeArea[] }>(AREAS, language ? { language } : {});
  expect(res.errors).toBeUndefined();
  return res.data!.practiceAreas;
}

describe.each<Mode>(['wordpress', 'embedded'])('site(language: HI) over the %s source', (mode) => {
  it('says the fixed texts in Hindi, with the same figures, names and configured details', async () => {
    h = await startHarness({ mode });
    const en = await site(h, { language: 'EN' });
    const hi = await site(h, { language: 'HI' });
    expect(hi).toMatchObject({
      name: en.name,
      phone: en.phone,
      tagline: '1985 से फ़ौजदारी मामलों की पैरवी',
      replyPromise: 'हम हर पूछताछ का जवाब 24 घंटे के भीतर देते हैं।',
      officeHours: [
        { days: 'सोमवार से शनिवार', hours: 'सुबह 10 से रात 8 बजे तक' },
        { days: 'रविवार', hours: 'बंद' },
      ],
      address: { streetAddress: 'राज नगर', locality: 'गाज़ियाबाद', region: 'उत्तर प्रदेश', postalCode: '201002' },
      logo: { alt: 'Law Partners का लोगो' },
    });
    expect(hi.stats.map((s) => s.value)).toEqual(en.stats.map((s) => s.value));
    expect(hi.stats.map((s) => s.label)).toEqual([
      'वर्षों का अनुभव',
      'सफल मुकदमे',
      'सफलता दर',
      'अनुभवी अधिवक्ता',
      'हर समय उपलब्ध',
      'स्थापना वर्ष',
    ]);
    expect(hi.testimonials.map((t) => t.name)).toEqual(en.testimonials.map((t) => t.name));
    expect(hi.testimonials.map((t) => t.caseType)).toEqual([
      'आपराधिक बचाव',
      'पारिवारिक कानून',
      'जमानत की सुनवाई',
    ]);
  });

  it('links every listed practice area at its /hi/ address, the built-in ones by their Hindi names', async () => {
    h = await startHarness({ mode });
    const hi = await site(h, { language: 'HI' });
    expect(hi.practiceLinks).toEqual([
      ...BUILT_IN_PRACTICE_AREAS.map((a) => ({ label: a.titles.hi, href: `/hi${a.link}` })),
      // A practice_area post is named as WordPress names it.
      { label: 'Property Disputes', href: '/hi/practice/property-disputes/' },
    ]);
    // The same links as the Hindi list of areas.
    expect(hi.practiceLinks.map((l) => l.href)).toEqual((await areas(h, 'HI')).map((a) => a.link));
  });

  it('is English by default, as it was', async () => {
    h = await startHarness({ mode });
    const plain = await h.query<{ site: SiteAnswer }>(
      SITE.replace('Site($language: Language)', 'Site').replace('site(language: $language)', 'site'),
    );
    expect(plain.errors).toBeUndefined();
    const en = await site(h, { language: 'EN' });
    expect(await site(h)).toEqual(en);
    expect(plain.data!.site).toEqual(en);
    expect(en).toMatchObject({
      tagline: 'Criminal Defence Since 1985',
      replyPromise: 'We respond to all enquiries within 24 hours.',
      address: { streetAddress: 'Raj Nagar', locality: 'Ghaziabad', region: 'Uttar Pradesh' },
    });
    expect(en.practiceLinks[0]).toEqual({
      label: 'Criminal Defence',
      href: '/practice-areas/criminal-defense/',
    });
    expect(en.stats[0]).toEqual({ key: 'experience', value: '40+', label: 'Years Experience' });
  });
});

describe.each<Mode>(['wordpress', 'embedded'])('practice areas in Hindi over the %s source', (mode) => {
  it('are the same areas in the same order at their /hi/ addresses, the built-in copy in Hindi', async () => {
    h = await startHarness({ mode });
    const en = await areas(h, 'EN');
    const hi = await areas(h, 'HI');
    expect(hi.map((a) => a.slug)).toEqual(en.map((a) => a.slug));
    expect(hi.map((a) => a.link)).toEqual(en.map((a) => `/hi${a.link}`));
    expect(hi.map((a) => a.seo.canonical)).toEqual(
      en.map((a) => a.seo.canonical.replace('3000/', '3000/hi/')),
    );

    // bail-hearings has no WordPress page in the fixture: all of it is the built-in copy.
    const bail = BUILT_IN_PRACTICE_AREAS[2]!;
    const copy = builtInCopy(bail, 'hi');
    expect(hi[2]).toEqual({
      slug: 'bail-hearings',
      title: 'जमानत की सुनवाई',
      description: copy.description,
      link: '/hi/practice-areas/bail-hearings/',
      heroSubtitle: copy.heroSubtitle,
      servicesTitle: copy.servicesTitle,
      services: copy.services,
      whyChooseTitle: copy.whyChooseTitle,
      whyChooseUs: copy.whyChooseUs,
      contentHtml: null,
      origin: 'BUILT_IN',
      seo: {
        title: 'जमानत की सुनवाई | Law Partners',
        description: copy.description,
        canonical: 'http://localhost:3000/hi/practice-areas/bail-hearings/',
        ogUrl: 'http://localhost:3000/hi/practice-areas/bail-hearings/',
      },
    });
  });

  it('show a built-in area in its Hindi copy over an English WordPress page; a WordPress-only area as it is', async () => {
    h = await startHarness({ mode });
    const en = await areas(h, 'EN');
    const hi = await areas(h, 'HI');
    // criminal-defense has an English WordPress page (title, body, page_structure): the English page
    // shows it, the Hindi page the area's own Hindi copy.
    const copy = builtInCopy(BUILT_IN_PRACTICE_AREAS[0]!, 'hi');
    expect(en[0]).toMatchObject({ origin: 'WORDPRESS' });
    expect(en[0]!.contentHtml).toBeTruthy();
    expect(hi[0]).toMatchObject({
      title: practiceAreaTitle('criminal-defense', 'hi'),
      contentHtml: null,
      heroSubtitle: copy.heroSubtitle,
      services: copy.services,
      whyChooseUs: copy.whyChooseUs,
      origin: 'BUILT_IN',
      description: copy.description,
    });
    // A practice_area post is all WordPress's.
    const property = hi.find((a) => a.slug === 'property-disputes')!;
    const propertyEn = en.find((a) => a.slug === 'property-disputes')!;
    expect(property).toEqual({
      ...propertyEn,
      link: '/hi/practice/property-disputes/',
      seo: {
        ...propertyEn.seo,
        canonical: 'http://localhost:3000/hi/practice/property-disputes/',
        ogUrl: 'http://localhost:3000/hi/practice/property-disputes/',
      },
    });
  });

  it('open each at its Hindi address, by its slug or an old alias, as the list says', async () => {
    h = await startHarness({ mode });
    const list = await areas(h, 'HI');
    for (const area of list) {
      const res = await h.query<{ practiceArea: PracticeArea }>(AREA, { slug: area.slug, language: 'HI' });
      expect(res.errors, area.slug).toBeUndefined();
      expect(res.data!.practiceArea, area.slug).toEqual(area);
    }
    const alias = await h.query<{ practiceArea: PracticeArea }>(AREA, { slug: 'cybercrime', language: 'HI' });
    expect(alias.data!.practiceArea).toMatchObject({
      title: 'साइबर अपराध में बचाव',
      link: '/hi/practice-areas/cybercrime-defense/',
    });
  });

  it('are English by default, as they were', async () => {
    h = await startHarness({ mode });
    const en = await areas(h, 'EN');
    expect(await areas(h)).toEqual(en);
    expect(en[2]).toMatchObject({
      title: 'Bail Hearings',
      link: '/practice-areas/bail-hearings/',
      services: builtInCopy(BUILT_IN_PRACTICE_AREAS[2]!).services,
      seo: { canonical: 'http://localhost:3000/practice-areas/bail-hearings/' },
    });
    const one = await h.query<{ practiceArea: PracticeArea }>(AREA, { slug: 'bail-hearings' });
    expect(one.data!.practiceArea).toEqual(en[2]);
  });
});

describe('the response cache', () => {
  it('keeps each language’s answer apart, however often both are asked', async () => {
    h = await startHarness({ mode: 'embedded' });
    server = createHttpServer(h.gateway);
    await listen(server, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const ask = async (variables: Record<string, unknown>) => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: SITE, variables }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { site: SiteAnswer } };
      return { hit: res.headers.get('x-response-cache') === 'hit', tagline: body.data.site.tagline };
    };
    const english = 'Criminal Defence Since 1985';
    const hindi = '1985 से फ़ौजदारी मामलों की पैरवी';
    expect(await ask({ language: 'EN' })).toEqual({ hit: false, tagline: english });
    expect(await ask({ language: 'HI' })).toEqual({ hit: false, tagline: hindi });
    expect(await ask({ language: 'EN' })).toEqual({ hit: true, tagline: english });
    expect(await ask({ language: 'HI' })).toEqual({ hit: true, tagline: hindi });
    expect(await ask({})).toEqual({ hit: false, tagline: english });
  });
});
