// What the site says about each built-in practice area wherever its WordPress content says nothing
// (brief §2): content, kept in practice-area-copy.json (English) and practice-area-copy.hi.json (Hindi,
// brief §10) beside this file and checked once, when this module loads. The areas' slugs, titles and icons are in practice-areas.ts; the copy is keyed by
// their canonical slugs, one entry each, no more. Only the gateway imports this (the website's
// bundle has no use for it): `@site/content-model/practice-area-copy`.
import { z } from 'zod';
import { ICON_NAMES } from './icons.js';
import type { Lang } from './language.js';
import {
  BUILT_IN_PRACTICE_AREAS,
  type BuiltInPracticeArea,
  type BuiltInPracticeAreaSlug,
} from './practice-areas.js';
import catalogue from './practice-area-copy.json' with { type: 'json' };
import catalogueHi from './practice-area-copy.hi.json' with { type: 'json' };

const text = z.string().regex(/\S/, 'must not be blank');
const feature = z.strictObject({ icon: z.enum(ICON_NAMES), title: text, description: text });
const copy = z.strictObject({
  description: text,
  heroSubtitle: text,
  servicesTitle: text,
  services: z.array(feature).min(1),
  whyChooseTitle: text,
  whyChooseUs: z.array(feature).min(1),
});
const slugs = BUILT_IN_PRACTICE_AREAS.map((a) => a.slug) as [
  BuiltInPracticeAreaSlug,
  ...BuiltInPracticeAreaSlug[],
];
const catalogueSchema = z.record(z.enum(slugs), copy);

type BuiltInPracticeAreaCopy = z.infer<typeof copy>;
type PracticeAreaCopyCatalogue = Readonly<Record<BuiltInPracticeAreaSlug, BuiltInPracticeAreaCopy>>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A field's place as it reads in the JSON: bail-hearings.services[2].title */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) =>
      typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    '',
  );
}

/**
 * The catalogue checked (every built-in area has complete copy, and nothing else is there) and frozen:
 * every request shares it. A bad one throws a single error that names each field at fault.
 */
export function parsePracticeAreaCopy(
  value: unknown,
  source = 'practice-area-copy.json',
): PracticeAreaCopyCatalogue {
  const result = catalogueSchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${fieldName(i.path) || '(root)'}: ${i.message}`);
    throw new Error(`${source} is not a valid practice-area catalogue: ${problems.join('; ')}`);
  }
  return deepFreeze(result.data);
}

/**
 * The places where a translation does not say what the original says point by point: an area's list
 * with another number of items, or an item under another icon (the page shows them side by side with
 * the same pictures). Empty when the two match.
 */
export function copyMismatches(
  original: PracticeAreaCopyCatalogue,
  translation: PracticeAreaCopyCatalogue,
): string[] {
  const problems: string[] = [];
  for (const slug of slugs) {
    for (const list of ['services', 'whyChooseUs'] as const) {
      const a = original[slug][list];
      const b = translation[slug][list];
      if (a.length !== b.length) problems.push(`${slug}.${list}: ${b.length} items, not ${a.length}`);
      a.forEach((item, i) => {
        const other = b[i];
        if (other && other.icon !== item.icon) {
          problems.push(`${slug}.${list}[${i}].icon: ${other.icon}, not ${item.icon}`);
        }
      });
    }
  }
  return problems;
}

const BUILT_IN_COPY: Readonly<Record<Lang, PracticeAreaCopyCatalogue>> = Object.freeze({
  en: parsePracticeAreaCopy(catalogue),
  hi: parsePracticeAreaCopy(catalogueHi, 'practice-area-copy.hi.json'),
});
{
  const problems = copyMismatches(BUILT_IN_COPY.en, BUILT_IN_COPY.hi);
  if (problems.length > 0) {
    throw new Error(
      `practice-area-copy.hi.json does not match practice-area-copy.json: ${problems.join('; ')}`,
    );
  }
}

/** The copy of a built-in area, in a language (English by default). */
export function builtInCopy(area: BuiltInPracticeArea, lang: Lang = 'en'): BuiltInPracticeAreaCopy {
  return BUILT_IN_COPY[lang][area.slug];
}
