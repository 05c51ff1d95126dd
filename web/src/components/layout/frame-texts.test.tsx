// @vitest-environment happy-dom
// What frames every page besides the header (footer, Bar Council disclaimer, floating contact
// buttons) in the page's language (brief §10), English unchanged.
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '@site/content-model';
import { getSystem } from '../../app/theme';
import type { ContactButtonsSiteFragment, FooterSiteFragment } from '../../gql/graphql';
import { inLang } from '../../i18n/test-render';
import { ContactButtons } from './ContactButtons';
import { Disclaimer } from './Disclaimer';
import { Footer } from './Footer';

const SITE: FooterSiteFragment & ContactButtonsSiteFragment = {
  name: 'Law Partners',
  phone: '+91 120 400 1985',
  phoneHref: 'tel:+911204001985',
  whatsappUrl: 'https://wa.me/911204001985',
  email: 'info@lawpartners.example',
  established: 1985,
  address: { streetAddress: 'राज नगर', locality: 'गाज़ियाबाद', region: 'उत्तर प्रदेश', postalCode: '201002' },
  officeHours: [{ days: 'रविवार', hours: 'बंद' }],
  socialLinks: [{ network: 'facebook', label: 'फ़ेसबुक', url: 'https://www.facebook.com/' }],
  practiceLinks: [{ label: 'पारिवारिक कानून', href: '/practice-areas/family-law' }],
};

function renderFrame(lang: Lang, site = SITE) {
  return render(
    inLang(
      <MemoryRouter>
        <ChakraProvider value={getSystem()}>
          <Disclaimer />
          <Footer site={site} />
          <ContactButtons site={site} />
        </ChakraProvider>
      </MemoryRouter>,
      lang,
    ),
  );
}

afterEach(() => cleanup());

describe('the page frame', () => {
  it('speaks Hindi on a Hindi page, its links leading to Hindi pages', () => {
    const { container } = renderFrame('hi');
    const text = container.textContent ?? '';
    expect(text).toContain('अस्वीकरण');
    expect(text).toContain('मैं सहमत हूँ, आगे बढ़ें');
    expect(text).toContain('उपयोगी लिंक');
    expect(text).toContain(`© ${new Date().getFullYear()} Law Partners। सर्वाधिकार सुरक्षित।`);
    expect(text).toContain('1985 से गाज़ियाबाद में आपराधिक और पारिवारिक मामलों की वकालत।');
    const rest = text.replaceAll('Law Partners', '').replaceAll('info@lawpartners.example', '');
    expect(rest.match(/[A-Za-z]{3,}/g)).toBeNull();
    const labels = [...container.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
    expect(labels).toEqual(expect.arrayContaining(['तुरंत संपर्क', 'हमें कॉल करें: +91 120 400 1985']));
    const hrefs = [...container.querySelectorAll('footer a[href^="/"]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/hi/practice-areas/family-law');
    expect(hrefs).toContain('/hi/about/');
    expect(hrefs.every((h) => h!.startsWith('/hi/'))).toBe(true);
  });

  it('marks a practice area named in the other language with its own lang', () => {
    const site = {
      ...SITE,
      practiceLinks: [
        ...SITE.practiceLinks,
        { label: 'Cheque Bounce Cases', href: '/practice/cheque-bounce-cases/' },
      ],
    };
    const langOf = (container: HTMLElement, name: string) =>
      [...container.querySelectorAll('footer a')].find((a) => a.textContent === name)?.getAttribute('lang');
    const hi = renderFrame('hi', site);
    expect(langOf(hi.container, 'Cheque Bounce Cases')).toBe('en-IN');
    expect(langOf(hi.container, 'पारिवारिक कानून')).toBeNull();
    cleanup();
    const en = renderFrame('en', site);
    expect(langOf(en.container, 'Cheque Bounce Cases')).toBeNull();
    expect(langOf(en.container, 'पारिवारिक कानून')).toBe('hi-IN');
  });

  it('reads as before on an English page', () => {
    const { container } = renderFrame('en');
    const text = container.textContent ?? '';
    expect(text).toContain(
      'The Bar Council of India does not permit advocates to solicit work or advertise. By clicking “I Agree & Continue” you confirm that:',
    );
    expect(text).toContain(
      'Criminal defence and family law in Ghaziabad since 1985. We listen, explain your options plainly, and stand beside you in court.',
    );
    expect(text).toContain(`© ${new Date().getFullYear()} Law Partners. All rights reserved.`);
    expect(container.querySelector('a[href="https://wa.me/911204001985"]')?.getAttribute('aria-label')).toBe(
      'Chat with us on WhatsApp (opens in a new tab)',
    );
  });
});
