// The practice areas the site is built with (brief §2): which they are, what they are called and
// where they live. The gateway serves them with their built-in copy and their WordPress content;
// the website offers them on the contact form while it has not been given the site's whole list.
import type { IconName } from './icons.js';
import type { Lang } from './language.js';
import { LEGACY_PRACTICE_PATHS } from './legacy-paths.js';

/** brief §2 and §7, in the order the site lists them; `titleHi`: the name on Hindi pages (brief §10). */
const CATALOGUE = [
  {
    slug: 'criminal-defense',
    wpSlug: 'criminal-defense',
    title: 'Criminal Defence',
    titleHi: 'आपराधिक बचाव',
    icon: 'Scale',
  },
  { slug: 'family-law', wpSlug: 'family-law', title: 'Family Law', titleHi: 'पारिवारिक कानून', icon: 'Users' },
  {
    slug: 'bail-hearings',
    wpSlug: 'bail-hearings',
    title: 'Bail Hearings',
    titleHi: 'जमानत की सुनवाई',
    icon: 'Clock',
  },
  {
    slug: 'motor-accident',
    wpSlug: 'motor-accident',
    title: 'Motor Accident Claims',
    titleHi: 'मोटर दुर्घटना दावे',
    icon: 'Car',
  },
  {
    slug: 'cybercrime-defense',
    wpSlug: 'cybercrime',
    title: 'Cybercrime Defense',
    titleHi: 'साइबर अपराध में बचाव',
    icon: 'Monitor',
  },
  {
    slug: 'domestic-violence',
    wpSlug: 'domestic-violence',
    title: 'Domestic Violence',
    titleHi: 'घरेलू हिंसा',
    icon: 'Home',
  },
  {
    slug: 'divorce-advisory',
    wpSlug: 'divorce-advisory',
    title: 'Divorce Advisory',
    titleHi: 'तलाक परामर्श',
    icon: 'Heart',
  },
] as const satisfies ReadonlyArray<{
  slug: string;
  wpSlug: string;
  title: string;
  titleHi: string;
  icon: IconName;
}>;

export type BuiltInPracticeAreaSlug = (typeof CATALOGUE)[number]['slug'];

export interface BuiltInPracticeArea {
  /** Canonical slug: the page lives at /practice-areas/{slug}/. */
  slug: BuiltInPracticeAreaSlug;
  /** Slug of the WordPress page whose content is merged in (brief §7). */
  wpSlug: string;
  /** The English name (what `titles.en` says). */
  title: string;
  /** The name in each language (brief §10). */
  titles: Readonly<Record<Lang, string>>;
  icon: IconName;
  /** The canonical page, /practice-areas/{slug}/ (Hindi: localizePath('hi', link)). */
  link: string;
}

/** The seven built-in practice areas, frozen: every request shares them. */
export const BUILT_IN_PRACTICE_AREAS: readonly BuiltInPracticeArea[] = Object.freeze(
  CATALOGUE.map(({ titleHi, ...area }) =>
    Object.freeze({
      ...area,
      titles: Object.freeze({ en: area.title, hi: titleHi }),
      link: `/practice-areas/${area.slug}/`,
    }),
  ),
);

/**
 * Every slug that names a built-in area: its canonical slug, its WordPress page's slug and its old
 * addresses (findBuiltInPracticeArea finds the area by each of them).
 */
export function builtInPracticeAreaSlugs(area: BuiltInPracticeArea): string[] {
  const slugs = new Set([area.slug, area.wpSlug]);
  for (const [path, link] of Object.entries(LEGACY_PRACTICE_PATHS)) {
    if (link === area.link) slugs.add(path.replace(/^\/(?:practice-areas\/)?/, ''));
  }
  return [...slugs];
}

/** A built-in area by canonical slug, WordPress page slug or an old alias (any case, slashes ignored). */
export function findBuiltInPracticeArea(slug: string): BuiltInPracticeArea | undefined {
  if (typeof slug !== 'string') return undefined;
  const key = slug
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');
  const direct = BUILT_IN_PRACTICE_AREAS.find((a) => a.slug === key || a.wpSlug === key);
  if (direct) return direct;
  const link = LEGACY_PRACTICE_PATHS[`/${key}`] ?? LEGACY_PRACTICE_PATHS[`/practice-areas/${key}`];
  return link ? BUILT_IN_PRACTICE_AREAS.find((a) => a.link === link) : undefined;
}

/** The title, in a language (English by default), of the built-in area with this canonical slug; null for any other value. */
export function practiceAreaTitle(slug: string | null | undefined, lang: Lang = 'en'): string | null {
  return BUILT_IN_PRACTICE_AREAS.find((a) => a.slug === slug)?.titles[lang] ?? null;
}
