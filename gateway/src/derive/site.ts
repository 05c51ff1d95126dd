import { BUILT_IN_PRACTICE_AREAS, localizePath, phoneE164, type Lang } from '@site/content-model';
import type { Media, Site, Stat, Testimonial } from '../generated/resolvers.js';
import { DEFAULT_IMAGE } from './media.js';
import { siteCopy, SOCIAL_NETWORKS, STAT_KEYS, TESTIMONIAL_KEYS, type SiteCopy } from './site-copy.js';
import { isAbsoluteHttpUrl } from './url.js';

export type { Site };

/**
 * Site settings from configuration (the gateway's config.site); every field optional, the firm's
 * published details are defaults.
 */
export interface SiteConfig {
  name?: string | null;
  /** Public origin, e.g. https://www.example.in */
  url?: string | null;
  phone?: string | null;
  emergencyPhone?: string | null;
  email?: string | null;
  whatsappUrl?: string | null;
  streetAddress?: string | null;
  social?: Partial<Record<(typeof SOCIAL_NETWORKS)[number], string | null>> | null;
}

export const SITE_DEFAULTS = Object.freeze({
  name: 'Law Partners',
  url: 'http://localhost:3000',
  phone: '+91 120 400 1985',
  email: 'info@lawpartners.example',
  whatsappUrl: 'https://wa.me/911204001985',
  established: 1985,
  social: Object.freeze({
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    linkedin: 'https://www.linkedin.com/',
    x: 'https://x.com/',
  }),
});

const STAT_VALUES: Readonly<Record<(typeof STAT_KEYS)[number], string>> = Object.freeze({
  experience: '40+',
  cases: '900+',
  'success-rate': '95%',
  attorneys: '15',
  availability: '24/7',
  established: '1985',
});

/** brief §1 claims in a language, in the order the site shows them (figures in Western digits in both). */
function statsIn(copy: SiteCopy): Stat[] {
  return STAT_KEYS.map((key) => ({ key, value: STAT_VALUES[key], label: copy.stats[key] }));
}

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

/** brief §3's clients (fictional): who they are, whatever the language. */
const CLIENTS: Readonly<Record<(typeof TESTIMONIAL_KEYS)[number], { name: string; rating: number }>> =
  Object.freeze({
    priya: { name: 'Priya S.', rating: 5 },
    rajesh: { name: 'Rajesh K.', rating: 5 },
    anita: { name: 'Anita M.', rating: 5 },
  });

/** The static testimonials (brief §3) in a language: what each client wrote and how the case is described. */
function testimonialsIn(copy: SiteCopy): Testimonial[] {
  return TESTIMONIAL_KEYS.map((key) => {
    const { name, rating } = CLIENTS[key];
    const { role, content, caseType, outcome } = copy.testimonials[key];
    return { name, role, content, image: testimonialImage(key, name), caseType, outcome, rating };
  });
}

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

/**
 * The firm's public details (Query.site) from configuration, with brief §1/§3 content, its fixed texts
 * in `lang` (brief §10; English by default). What is configured reads the same in both languages.
 */
export function siteFromConfig(cfg: SiteConfig | null | undefined, lang: Lang = 'en'): Site {
  const c: SiteConfig = cfg ?? {};
  const copy = siteCopy(lang);
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
    practiceLinks: BUILT_IN_PRACTICE_AREAS.map((a) => ({
      label: a.titles[lang],
      href: localizePath(lang, a.link),
    })),
    tagline: copy.tagline,
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
    replyPromise: copy.replyPromise,
    officeHours: [{ ...copy.officeHours.weekdays }, { ...copy.officeHours.sunday }],
    address: {
      streetAddress: str(c.streetAddress, copy.address.streetAddress),
      locality: copy.address.locality,
      region: copy.address.region,
      postalCode: '201002',
      country: 'IN',
    },
    stats: statsIn(copy),
    testimonials: testimonialsIn(copy),
    socialLinks: SOCIAL_NETWORKS.map((network) => ({
      network,
      label: copy.socialLabels[network],
      url: httpUrl(c.social?.[network], SITE_DEFAULTS.social[network]),
    })),
    logo: {
      id: 'media:logo',
      databaseId: 0,
      url: '/logo.svg',
      alt: copy.logoAlt.replace('{name}', () => name),
      caption: null,
      width: null,
      height: null,
      srcSet: null,
      mimeType: 'image/svg+xml',
      isDefault: false,
    },
    defaultImage: { ...DEFAULT_IMAGE, alt: copy.defaultImageAlt },
  };
}
