import { BUILT_IN_PRACTICE_AREAS, phoneE164 } from '@site/content-model';
import type { Media, Site, Stat, Testimonial } from '../generated/resolvers.js';
import { DEFAULT_IMAGE } from './media.js';
import { isAbsoluteHttpUrl } from './url.js';

export type { Site };

/** Site settings from configuration; every field optional, the firm's published details are defaults. */
export interface SiteConfig {
  name?: string | null;
  /** Public origin, e.g. https://www.example.in */
  url?: string | null;
  phone?: string | null;
  emergencyPhone?: string | null;
  email?: string | null;
  whatsappUrl?: string | null;
  streetAddress?: string | null;
  facebookUrl?: string | null;
  instagramUrl?: string | null;
  linkedinUrl?: string | null;
  xUrl?: string | null;
}

export const SITE_DEFAULTS = Object.freeze({
  name: 'Law Partners',
  url: 'http://localhost:3000',
  tagline: 'Criminal Defence Since 1985',
  phone: '+91 120 400 1985',
  email: 'info@lawpartners.example',
  whatsappUrl: 'https://wa.me/911204001985',
  established: 1985,
  replyPromise: 'We respond to all enquiries within 24 hours.',
  streetAddress: 'Raj Nagar',
  facebookUrl: 'https://www.facebook.com/',
  instagramUrl: 'https://www.instagram.com/',
  linkedinUrl: 'https://www.linkedin.com/',
  xUrl: 'https://x.com/',
});

/** brief §1 claims, in the order the site shows them. */
export const SITE_STATS: readonly Stat[] = Object.freeze([
  { key: 'experience', value: '40+', label: 'Years Experience' },
  { key: 'cases', value: '900+', label: 'Successful Cases' },
  { key: 'success-rate', value: '95%', label: 'Success Rate' },
  { key: 'attorneys', value: '15', label: 'Expert Attorneys' },
  { key: 'availability', value: '24/7', label: 'Availability' },
  { key: 'established', value: '1985', label: 'Established' },
]);

function testimonialImage(key: string, name: string): Media {
  return {
    id: `media:testimonial-${key}`,
    databaseId: 0,
    url: `/images/testimonials/${key}.jpg`,
    alt: name,
    caption: null,
    width: 160,
    height: 160,
    srcSet: null,
    mimeType: 'image/jpeg',
    isDefault: false,
  };
}

/** Static testimonials (brief §3); the clients are fictional. */
export const TESTIMONIALS: readonly Testimonial[] = Object.freeze([
  {
    name: 'Priya S.',
    role: 'Business owner, Indirapuram',
    content:
      'When a dispute with a former partner turned into a criminal complaint, the team explained every step, prepared me for each hearing and answered my calls the same day.',
    image: testimonialImage('priya', 'Priya S.'),
    caseType: 'Criminal Defence',
    outcome: 'Charges Reduced',
    rating: 5,
  },
  {
    name: 'Rajesh K.',
    role: 'Father of two, Vaishali',
    content:
      'My custody case was handled with patience and care. They kept the focus on what was best for my children and told me honestly what to expect.',
    image: testimonialImage('rajesh', 'Rajesh K.'),
    caseType: 'Family Law',
    outcome: 'Custody Secured',
    rating: 5,
  },
  {
    name: 'Anita M.',
    role: 'Teacher, Raj Nagar',
    content:
      'My brother was arrested late at night. The advocate on the emergency line guided us through the bail hearing and stayed with the case until it was closed.',
    image: testimonialImage('anita', 'Anita M.'),
    caseType: 'Bail Hearings',
    outcome: 'Charges Dismissed',
    rating: 5,
  },
]);

function str(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const v = value.trim();
  return v === '' ? fallback : v;
}

function httpUrl(value: unknown, fallback: string): string {
  const v = str(value, '');
  return isAbsoluteHttpUrl(v) ? v : fallback;
}

/** "tel:" link for a phone number: digits only, with the international "+" kept. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The WhatsApp chat link of a phone number (wa.me wants the international number, digits only), or
 * null when the number cannot be read as one. Indian numbers may be written without +91.
 */
export function whatsAppFor(phone: string): string | null {
  const e164 = phoneE164(phone);
  return e164 === null ? null : `https://wa.me/${e164.slice(1)}`;
}

function validPhone(value: unknown): string | null {
  const v = str(value, '');
  return /^\+?[\d\s().-]{6,24}$/.test(v) && /\d{6,}/.test(v.replace(/\D/g, '')) ? v : null;
}

function validEmail(value: unknown): string | null {
  const v = str(value, '');
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v) ? v : null;
}

/** The firm's public details (Query.site) from configuration, with brief §1/§3 content. */
export function siteFromConfig(cfg: SiteConfig | null | undefined): Site {
  const c: SiteConfig = cfg ?? {};
  const name = str(c.name, SITE_DEFAULTS.name);
  const url = httpUrl(c.url, SITE_DEFAULTS.url).replace(/\/+$/, '');
  const phone = validPhone(c.phone) ?? SITE_DEFAULTS.phone;
  const emergencyPhone = validPhone(c.emergencyPhone) ?? phone;
  const whatsapp = str(c.whatsappUrl, '');
  return {
    name,
    url,
    // The built-in areas' canonical pages; the Site.practiceLinks resolver (resolvers/site.ts) answers
    // with the whole practice list, published practice_area posts included, and falls back to these.
    practiceLinks: BUILT_IN_PRACTICE_AREAS.map((a) => ({ label: a.title, href: a.link })),
    tagline: SITE_DEFAULTS.tagline,
    phone,
    phoneHref: telHref(phone),
    emergencyPhone,
    emergencyPhoneHref: telHref(emergencyPhone),
    email: validEmail(c.email) ?? SITE_DEFAULTS.email,
    // Unset: the firm's own number (set once, reached both ways), never the placeholder's chat.
    whatsappUrl:
      /^https:\/\//i.test(whatsapp) && isAbsoluteHttpUrl(whatsapp)
        ? whatsapp
        : ((validPhone(c.phone) && whatsAppFor(phone)) ?? SITE_DEFAULTS.whatsappUrl),
    established: SITE_DEFAULTS.established,
    replyPromise: SITE_DEFAULTS.replyPromise,
    officeHours: [
      { days: 'Monday - Saturday', hours: '10AM - 8PM' },
      { days: 'Sunday', hours: 'Closed' },
    ],
    address: {
      streetAddress: str(c.streetAddress, SITE_DEFAULTS.streetAddress),
      locality: 'Ghaziabad',
      region: 'Uttar Pradesh',
      postalCode: '201002',
      country: 'IN',
    },
    stats: SITE_STATS.map((s) => ({ ...s })),
    testimonials: TESTIMONIALS.map((t) => ({ ...t, image: { ...t.image } })),
    socialLinks: [
      { network: 'facebook', label: 'Facebook', url: httpUrl(c.facebookUrl, SITE_DEFAULTS.facebookUrl) },
      { network: 'instagram', label: 'Instagram', url: httpUrl(c.instagramUrl, SITE_DEFAULTS.instagramUrl) },
      { network: 'linkedin', label: 'LinkedIn', url: httpUrl(c.linkedinUrl, SITE_DEFAULTS.linkedinUrl) },
      { network: 'x', label: 'X', url: httpUrl(c.xUrl, SITE_DEFAULTS.xUrl) },
    ],
    logo: {
      id: 'media:logo',
      databaseId: 0,
      url: '/logo.svg',
      alt: `${name} logo`,
      caption: null,
      width: null,
      height: null,
      srcSet: null,
      mimeType: 'image/svg+xml',
      isDefault: false,
    },
    defaultImage: { ...DEFAULT_IMAGE },
  };
}
