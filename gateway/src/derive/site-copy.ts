// The firm's fixed texts that are words (brief §1, §3) in each of the site's languages (brief §10):
// English here, Hindi in site-copy.hi.json beside this file, both checked against one schema when this
// module loads. Figures ("40+"), names, addresses of pages and everything configured are not here:
// they read the same in both languages (Hindi pages in India write Western digits).
import { z } from 'zod';
import type { Lang } from '@site/content-model';
import catalogueHi from './site-copy.hi.json' with { type: 'json' };
import { deepFreeze } from '../memo.js';

/** brief §1's claims, in the order the site shows them. */
export const STAT_KEYS = [
  'experience',
  'cases',
  'success-rate',
  'attorneys',
  'availability',
  'established',
] as const;
/** brief §3's three clients, in the order the site shows them. */
export const TESTIMONIAL_KEYS = ['priya', 'rajesh', 'anita'] as const;
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'x'] as const;

const text = z.string().regex(/\S/, 'must not be blank');
const keyed = <K extends string, T extends z.ZodType>(keys: readonly K[], value: T) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, value])) as Record<K, T>);
const hours = z.strictObject({ days: text, hours: text });

const siteCopySchema = z.strictObject({
  tagline: text,
  replyPromise: text,
  officeHours: z.strictObject({ weekdays: hours, sunday: hours }),
  /** The default street address (a configured one is shown as configured) and the town and state. */
  address: z.strictObject({ streetAddress: text, locality: text, region: text }),
  /** The claims' labels, by key. */
  stats: keyed(STAT_KEYS, text),
  /** What each client wrote and how the site describes the case; the names stay as they are. */
  testimonials: keyed(
    TESTIMONIAL_KEYS,
    z.strictObject({ role: text, content: text, caseType: text, outcome: text }),
  ),
  socialLabels: keyed(SOCIAL_NETWORKS, text),
  /** The logo's alt text; `{name}` is the firm's name. */
  logoAlt: text.refine((v) => v.includes('{name}'), 'must name the firm with {name}'),
  /** The alt text of the picture shown where content has none. */
  defaultImageAlt: text,
});

export type SiteCopy = z.infer<typeof siteCopySchema>;

const SITE_COPY_EN: SiteCopy = {
  tagline: 'Criminal Defence Since 1985',
  replyPromise: 'We respond to all enquiries within 24 hours.',
  officeHours: {
    weekdays: { days: 'Monday - Saturday', hours: '10AM - 8PM' },
    sunday: { days: 'Sunday', hours: 'Closed' },
  },
  address: { streetAddress: 'Raj Nagar', locality: 'Ghaziabad', region: 'Uttar Pradesh' },
  stats: {
    experience: 'Years Experience',
    cases: 'Successful Cases',
    'success-rate': 'Success Rate',
    attorneys: 'Expert Attorneys',
    availability: 'Availability',
    established: 'Established',
  },
  testimonials: {
    priya: {
      role: 'Business owner, Indirapuram',
      content:
        'When a dispute with a former partner turned into a criminal complaint, the team explained every step, prepared me for each hearing and answered my calls the same day.',
      caseType: 'Criminal Defence',
      outcome: 'Charges Reduced',
    },
    rajesh: {
      role: 'Father of two, Vaishali',
      content:
        'My custody case was handled with patience and care. They kept the focus on what was best for my children and told me honestly what to expect.',
      caseType: 'Family Law',
      outcome: 'Custody Secured',
    },
    anita: {
      role: 'Teacher, Raj Nagar',
      content:
        'My brother was arrested late at night. The advocate on the emergency line guided us through the bail hearing and stayed with the case until it was closed.',
      caseType: 'Bail Hearings',
      outcome: 'Charges Dismissed',
    },
  },
  socialLabels: { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', x: 'X' },
  logoAlt: '{name} logo',
  defaultImageAlt: 'Featured image',
};

/**
 * A language's copy checked (every text there and nothing else) and frozen: every request shares it.
 * A bad one throws a single error that names each field at fault.
 */
export function parseSiteCopy(value: unknown, source: string): SiteCopy {
  const result = siteCopySchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`${source} is not a valid site copy: ${problems.join('; ')}`);
  }
  return deepFreeze(result.data);
}

const SITE_COPY: Readonly<Record<Lang, SiteCopy>> = Object.freeze({
  en: parseSiteCopy(SITE_COPY_EN, 'the English site copy'),
  hi: parseSiteCopy(catalogueHi, 'site-copy.hi.json'),
});

/** The firm's fixed texts in a language. */
export function siteCopy(lang: Lang): SiteCopy {
  return SITE_COPY[lang];
}
