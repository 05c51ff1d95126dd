/**
 * The home page's sections and the paths that open the page scrolled to one of them (brief §2): the
 * website routes each to the home page, names it in the page's head and breadcrumb, and leaves it
 * out of the sitemap, where the home page is listed once, as /.
 */
export type HomeSectionId = 'about' | 'practice' | 'testimonials' | 'contact';

export interface HomeAlias {
  section: HomeSectionId;
  /** Canonical path of the alias (with trailing slash, as the navigation links it). */
  path: string;
  title: string;
  description: string;
  /** Breadcrumb label. */
  label: string;
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
  },
  'practice-areas': {
    section: 'practice',
    path: '/practice-areas/',
    label: 'Practice Areas',
    title: 'Practice Areas: Criminal Defence, Bail, Family Law and More',
    description:
      'Criminal defence, bail hearings, family law, divorce advisory, domestic violence, cybercrime defence and motor accident claims in Ghaziabad. Free first consultation.',
  },
  testimonials: {
    section: 'testimonials',
    path: '/testimonials/',
    label: 'Testimonials',
    title: 'Successful Case Stories from Our Clients',
    description:
      'What our clients say: charges reduced, custody secured, charges dismissed. Real outcomes from four decades of criminal and family law practice in Ghaziabad.',
  },
  'contact-us': {
    section: 'contact',
    path: '/contact-us/',
    label: 'Contact Us',
    title: 'Contact Us: Free Consultation with a Lawyer in Ghaziabad',
    description:
      'Call, WhatsApp or e-mail our Ghaziabad office. Monday to Saturday 10AM-8PM, a 24/7 emergency line for arrests and bail, and a reply to every enquiry within 24 hours.',
  },
});

/** The alias a pathname names ('/about', '/about/'), or null for the home page itself. */
export function homeAliasFor(pathname: string): HomeAlias | null {
  const key = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  return Object.hasOwn(HOME_ALIASES, key) ? HOME_ALIASES[key]! : null;
}
