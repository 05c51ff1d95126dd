/**
 * The home page's sections and the paths that open the page scrolled to one of them (brief §2): the
 * website routes each to the home page, names it in the page's head and breadcrumb, and leaves it
 * out of the sitemap, where the home page is listed once, as /.
 */
import { localizePath, type Lang } from './language.js';

export type HomeSectionId = 'about' | 'practice' | 'testimonials' | 'contact';

/** What a section's page says of itself in one language. */
export interface HomeAliasCopy {
  title: string;
  description: string;
  /** Breadcrumb label. */
  label: string;
}

export interface HomeAlias extends HomeAliasCopy {
  section: HomeSectionId;
  /** Canonical path of the alias (with trailing slash, as the navigation links it). */
  path: string;
  /** The same in Hindi (brief §10); the fields above are English. */
  hi: Readonly<HomeAliasCopy>;
}

/** By path segment: /about/ is `about`. */
export const HOME_ALIASES: Readonly<Record<string, HomeAlias>> = Object.freeze({
  about: {
    section: 'about',
    path: '/about/',
    label: 'About',
    title: 'About Our Firm: Criminal and Family Law Partners in Ghaziabad',
    description:
      'Law partners practising criminal defence and family law in Ghaziabad since 1985: 40+ years, 900+ successful cases and a team of 15 expert attorneys.',
    hi: {
      label: 'हमारे बारे में',
      title: 'हमारी फ़र्म: गाज़ियाबाद में आपराधिक और पारिवारिक मामलों के अधिवक्ता',
      description:
        '1985 से गाज़ियाबाद में आपराधिक मामलों और पारिवारिक कानून की वकालत: 40+ वर्षों का अनुभव, 900+ सफल मुकदमे और 15 अनुभवी अधिवक्ताओं की टीम।',
    },
  },
  'practice-areas': {
    section: 'practice',
    path: '/practice-areas/',
    label: 'Practice Areas',
    title: 'Practice Areas: Criminal Defence, Bail, Family Law and More',
    description:
      'Criminal defence, bail hearings, family law, divorce advisory, domestic violence, cybercrime defence and motor accident claims in Ghaziabad. Free first consultation.',
    hi: {
      label: 'कार्यक्षेत्र',
      title: 'हमारे कार्यक्षेत्र: आपराधिक बचाव, जमानत, पारिवारिक कानून और अन्य',
      description:
        'गाज़ियाबाद में आपराधिक मामलों में बचाव, जमानत, पारिवारिक कानून, तलाक परामर्श, घरेलू हिंसा, साइबर अपराध और मोटर दुर्घटना दावे। पहली सलाह निःशुल्क।',
    },
  },
  testimonials: {
    section: 'testimonials',
    path: '/testimonials/',
    label: 'Testimonials',
    title: 'Successful Case Stories from Our Clients',
    description:
      'What our clients say: charges reduced, custody secured, charges dismissed. Real outcomes from four decades of criminal and family law practice in Ghaziabad.',
    hi: {
      label: 'मुवक्किलों की राय',
      title: 'हमारे मुवक्किलों के अनुभव: सफल मामलों की कहानियाँ',
      description:
        'हमारे मुवक्किल क्या कहते हैं: आरोपों में कमी, बच्चों की कस्टडी, आरोप खारिज। गाज़ियाबाद में चार दशकों की आपराधिक और पारिवारिक वकालत के असली नतीजे।',
    },
  },
  'contact-us': {
    section: 'contact',
    path: '/contact-us/',
    label: 'Contact Us',
    title: 'Contact Us: Free Consultation with a Lawyer in Ghaziabad',
    description:
      'Call, WhatsApp or e-mail our Ghaziabad office. Monday to Saturday 10AM-8PM, a 24/7 emergency line for arrests and bail, and a reply to every enquiry within 24 hours.',
    hi: {
      label: 'संपर्क करें',
      title: 'संपर्क करें: गाज़ियाबाद में वकील से निःशुल्क सलाह',
      description:
        'हमारे गाज़ियाबाद कार्यालय को फ़ोन, व्हाट्सऐप या ई-मेल करें। सोमवार से शनिवार सुबह 10 से रात 8 बजे तक, गिरफ़्तारी और जमानत के लिए 24/7 इमरजेंसी लाइन, और हर पूछताछ का जवाब 24 घंटे के भीतर।',
    },
  },
});

/** The alias a pathname names ('/about', '/about/'), or null for the home page itself. */
export function homeAliasFor(pathname: string): HomeAlias | null {
  const key = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  return Object.hasOwn(HOME_ALIASES, key) ? HOME_ALIASES[key]! : null;
}

/**
 * A section page's title, description and breadcrumb label in a language, with its path in that
 * language: homeAliasCopy(HOME_ALIASES.about, 'hi').path is '/hi/about/'.
 */
export function homeAliasCopy(alias: HomeAlias, lang: Lang): HomeAliasCopy & { path: string } {
  const { title, description, label } = lang === 'hi' ? alias.hi : alias;
  return { title, description, label, path: localizePath(lang, alias.path) };
}
