// @vitest-environment happy-dom
// The home page in each language (brief §10): its fixed texts, its head and the section addresses
// under /hi/. English renders as it always has; a Hindi page shows no English beyond names.
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '@site/content-model';
import { getSystem } from '../../app/theme';
import { RenderContext, type RenderContextValue } from '../../app/render-context';
import type { HomePracticeAreasQuery, HomeQuery } from '../../gql/graphql';
import { inLang } from '../../i18n/test-render';
import { Component } from './HomeRoute';

const NAME = 'Law Partners';
const EMAIL = 'info@lawpartners.example';

/** What the gateway answers for `site(language: HI)`: its own texts are Hindi already. */
const SITE_HI: HomeQuery['site'] = {
  name: NAME,
  url: 'https://www.example.in',
  tagline: '1985 से फ़ौजदारी मामलों की पैरवी',
  phone: '+91 120 400 1985',
  phoneHref: 'tel:+911204001985',
  emergencyPhone: '+91 98765 43210',
  emergencyPhoneHref: 'tel:+919876543210',
  email: EMAIL,
  established: 1985,
  replyPromise: 'हम हर पूछताछ का जवाब 24 घंटे के भीतर देते हैं।',
  logo: { url: '/logo.svg' },
  defaultImage: { url: '/images/hero.jpg' },
  address: {
    streetAddress: 'राज नगर',
    locality: 'गाज़ियाबाद',
    region: 'उत्तर प्रदेश',
    postalCode: '201002',
    country: 'IN',
  },
  officeHours: [
    { days: 'सोमवार से शनिवार', hours: 'सुबह 10 से रात 8 बजे तक' },
    { days: 'रविवार', hours: 'बंद' },
  ],
  socialLinks: [{ url: 'https://www.facebook.com/' }],
  stats: [
    { key: 'experience', value: '40+', label: 'वर्षों का अनुभव' },
    { key: 'cases', value: '900+', label: 'सफल मुकदमे' },
    { key: 'success-rate', value: '95%', label: 'सफलता दर' },
    { key: 'attorneys', value: '15', label: 'अनुभवी अधिवक्ता' },
  ],
  testimonials: [
    {
      name: 'Priya S.',
      role: 'व्यवसायी, इंदिरापुरम',
      content: 'टीम ने मुझे हर कदम समझाया।',
      caseType: 'आपराधिक बचाव',
      outcome: 'आरोपों में कमी',
      rating: 5,
      image: { url: '/images/priya.jpg', srcSet: null, width: 56, height: 56 },
    },
  ],
};

const AREAS_HI: HomePracticeAreasQuery['practiceAreas'] = [
  {
    slug: 'family-law',
    title: 'पारिवारिक कानून',
    description: 'तलाक, भरण-पोषण और बच्चों की कस्टडी।',
    icon: 'Users',
    link: '/practice-areas/family-law',
    language: 'HI',
  },
  {
    slug: 'cheque-bounce',
    title: 'Cheque Bounce',
    description: 'Section 138 notices and complaints.',
    icon: 'FileText',
    link: '/practice-areas/cheque-bounce',
    language: 'EN',
  },
];

function renderHome(path: string, lang: Lang) {
  const render_: RenderContextValue = { status: 200, head: null };
  const data = {
    home: { data: { site: SITE_HI }, error: null },
    practiceAreas: { data: { practiceAreas: AREAS_HI }, error: null },
  };
  const router = createMemoryRouter([{ id: 'home', path: '*', Component, loader: () => data }], {
    initialEntries: [path],
    hydrationData: { loaderData: { home: data } },
  });
  const view = render(
    <RenderContext.Provider value={render_}>
      {inLang(
        <CacheProvider value={createCache({ key: 'css' })}>
          <ChakraProvider value={getSystem()}>
            <RouterProvider router={router} />
          </ChakraProvider>
        </CacheProvider>,
        lang,
      )}
    </RenderContext.Provider>,
  );
  return { view, head: render_.head! };
}

afterEach(() => cleanup());

describe('the home page in Hindi', () => {
  it('shows every fixed text in Hindi: nothing English but names', () => {
    const { view } = renderHome('/hi/', 'hi');
    const text = view.container.textContent ?? '';
    expect(text).toContain('जब आपका भविष्य दाँव पर हो, तब भरोसेमंद आपराधिक बचाव');
    expect(text).toContain('1985 से आपराधिक मामलों में बचाव');
    expect(text).toContain('अभी कॉल करें: +91 120 400 1985');
    expect(text).toContain('हमारी फ़र्म के बारे में');
    expect(text).toContain('हमारे सेवा क्षेत्र');
    expect(text).toContain('सफल मामलों की कहानियाँ');
    expect(text).toContain('निःशुल्क परामर्श लें');
    expect(text).toContain('हमें संदेश भेजें');
    // Names, the address's e-mail and the one area written in English in WordPress are all that
    // may be in Latin letters: of what anyone sees (the contact form's honeypot is for machines).
    const shown = view.container.cloneNode(true) as HTMLElement;
    for (const hidden of shown.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    const rest = (shown.textContent ?? '')
      .replaceAll(NAME, '')
      .replaceAll(EMAIL, '')
      .replaceAll('Priya S.', '')
      .replaceAll('Cheque Bounce', '')
      .replaceAll('Section 138 notices and complaints.', '');
    expect(rest.match(/[A-Za-z]{3,}/g)).toBeNull();
    expect(view.container.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('5 में से 5 रेटिंग');
  });

  it('links the practice areas to their Hindi pages, and marks the one written in English', () => {
    const { view } = renderHome('/hi/', 'hi');
    const links = [...view.container.querySelectorAll('a[data-likely]')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/hi/practice-areas/family-law',
      '/hi/practice-areas/cheque-bounce',
    ]);
    expect(links[0]!.textContent).toBe('और जानें: पारिवारिक कानून के बारे में');
    const english = [...view.container.querySelectorAll('[lang="en-IN"]')].map((e) => e.textContent);
    expect(english).toEqual(['Cheque Bounce', 'Section 138 notices and complaints.', 'Cheque Bounce']);
    expect(links[1]!.textContent).toBe('और जानें: Cheque Bounce के बारे में');
  });

  it('answers /hi/contact-us/ with the section’s Hindi title, description and breadcrumb', () => {
    const { view, head } = renderHome('/hi/contact-us/', 'hi');
    expect(head.title).toBe(`संपर्क करें: गाज़ियाबाद में वकील से निःशुल्क सलाह | ${NAME}`);
    expect(head.description).toMatch(/^हमारे गाज़ियाबाद कार्यालय/);
    expect(head.canonical).toBe('https://www.example.in/contact-us/');
    const trail = head.jsonLd?.find((ld) => (ld as { '@type': string })['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(trail.itemListElement.map((i) => [i.name, i.item])).toEqual([
      ['मुखपृष्ठ', 'https://www.example.in/hi/'],
      ['संपर्क करें', 'https://www.example.in/hi/contact-us/'],
    ]);
    expect(view.container.querySelector('[data-open-at]')?.getAttribute('data-open-at')).toBe('contact');
  });

  it('names the page’s language in the home page’s JSON-LD', () => {
    const { head } = renderHome('/hi/', 'hi');
    expect(head.title).toBe(`गाज़ियाबाद में 1985 से आपराधिक मामलों के वकील | ${NAME}`);
    const website = head.jsonLd?.find((ld) => (ld as { '@type': string })['@type'] === 'WebSite');
    expect(website).toMatchObject({ inLanguage: 'hi-IN', url: 'https://www.example.in/hi/' });
    const firm = head.jsonLd?.[0] as Record<string, unknown>;
    expect(firm.knowsLanguage).toEqual(['en-IN', 'hi-IN']);
  });
});

describe('the home page in English', () => {
  it('keeps its texts and head', () => {
    const { view, head } = renderHome('/about/', 'en');
    const text = view.container.textContent ?? '';
    expect(text).toContain('Trusted Criminal Defence When Your Future Is At Stake');
    expect(text).toContain('Criminal Defence Since 1985');
    expect(text).toContain(
      "Since 1985 our advocates have stood beside people at the hardest moments of their lives: an arrest, a bail hearing, a marriage that has ended, a child's custody.",
    );
    expect(head.title).toBe(`About Our Firm: Criminal and Family Law Partners in Ghaziabad | ${NAME}`);
    const links = [...view.container.querySelectorAll('a[data-likely]')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/practice-areas/family-law',
      '/practice-areas/cheque-bounce',
    ]);
    expect(links[1]!.textContent).toBe('Learn More about Cheque Bounce');
    // The Hindi area is the one in another language here.
    expect([...view.container.querySelectorAll('[lang="hi-IN"]')].map((e) => e.textContent)).toEqual([
      'पारिवारिक कानून',
      'तलाक, भरण-पोषण और बच्चों की कस्टडी।',
      'पारिवारिक कानून',
    ]);
  });
});
