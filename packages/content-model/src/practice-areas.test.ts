import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from './icons.js';
import { detectLanguage } from './language.js';
import {
  BUILT_IN_PRACTICE_AREAS,
  builtInPracticeAreaSlugs,
  findBuiltInPracticeArea,
  practiceAreaTitle,
  type BuiltInPracticeArea,
} from './practice-areas.js';

function builtIn(slug: string): BuiltInPracticeArea {
  const area = BUILT_IN_PRACTICE_AREAS.find((a) => a.slug === slug);
  if (!area) throw new Error(`no built-in area ${slug}`);
  return area;
}

describe('BUILT_IN_PRACTICE_AREAS', () => {
  it('lists the seven areas of brief §2 in order, with canonical and WordPress slugs and icons', () => {
    expect(BUILT_IN_PRACTICE_AREAS.map((a) => [a.title, a.slug, a.wpSlug, a.icon, a.link])).toEqual([
      [
        'Criminal Defence',
        'criminal-defense',
        'criminal-defense',
        'Scale',
        '/practice-areas/criminal-defense/',
      ],
      ['Family Law', 'family-law', 'family-law', 'Users', '/practice-areas/family-law/'],
      ['Bail Hearings', 'bail-hearings', 'bail-hearings', 'Clock', '/practice-areas/bail-hearings/'],
      ['Motor Accident Claims', 'motor-accident', 'motor-accident', 'Car', '/practice-areas/motor-accident/'],
      [
        'Cybercrime Defense',
        'cybercrime-defense',
        'cybercrime',
        'Monitor',
        '/practice-areas/cybercrime-defense/',
      ],
      [
        'Domestic Violence',
        'domestic-violence',
        'domestic-violence',
        'Home',
        '/practice-areas/domestic-violence/',
      ],
      [
        'Divorce Advisory',
        'divorce-advisory',
        'divorce-advisory',
        'Heart',
        '/practice-areas/divorce-advisory/',
      ],
    ]);
    for (const area of BUILT_IN_PRACTICE_AREAS) expect(ICON_NAMES).toContain(area.icon);
  });

  it('is frozen, so one request cannot change another’s data', () => {
    expect(Object.isFrozen(BUILT_IN_PRACTICE_AREAS)).toBe(true);
    expect(BUILT_IN_PRACTICE_AREAS.filter((a) => !Object.isFrozen(a))).toEqual([]);
  });
});

describe('findBuiltInPracticeArea', () => {
  it.each([
    ['criminal-defense', 'criminal-defense'],
    ['cybercrime-defense', 'cybercrime-defense'],
    ['cybercrime', 'cybercrime-defense'],
    ['motor-accident-claims', 'motor-accident'],
    ['/family-law/', 'family-law'],
    ['Family-Law', 'family-law'],
    ['unknown', undefined],
    ['', undefined],
    ['../criminal-defense', undefined],
    ['constructor', undefined],
  ])('%j -> %j', (slug, expected) => {
    expect(findBuiltInPracticeArea(slug)?.slug).toBe(expected);
  });

  it('gives nothing for a value that is not a string', () => {
    expect(findBuiltInPracticeArea(42 as unknown as string)).toBeUndefined();
  });
});

describe('builtInPracticeAreaSlugs', () => {
  it('names every slug that leads to the area, and only those', () => {
    expect(builtInPracticeAreaSlugs(builtIn('cybercrime-defense'))).toEqual([
      'cybercrime-defense',
      'cybercrime',
    ]);
    expect(builtInPracticeAreaSlugs(builtIn('motor-accident'))).toEqual([
      'motor-accident',
      'motor-accident-claims',
    ]);
    expect(builtInPracticeAreaSlugs(builtIn('family-law'))).toEqual(['family-law']);
    for (const area of BUILT_IN_PRACTICE_AREAS) {
      for (const slug of builtInPracticeAreaSlugs(area)) expect(findBuiltInPracticeArea(slug)).toBe(area);
    }
  });
});

describe('practiceAreaTitle', () => {
  it('names a built-in area by its canonical slug only', () => {
    expect(practiceAreaTitle('divorce-advisory')).toBe('Divorce Advisory');
    expect(practiceAreaTitle('cybercrime')).toBeNull();
    expect(practiceAreaTitle('cheque-bounce')).toBeNull();
    expect(practiceAreaTitle(null)).toBeNull();
    expect(practiceAreaTitle(undefined)).toBeNull();
  });

  it('names it in Hindi on Hindi pages (brief §10), in English by default', () => {
    expect(practiceAreaTitle('divorce-advisory', 'hi')).toBe('तलाक परामर्श');
    expect(practiceAreaTitle('domestic-violence', 'hi')).toBe('घरेलू हिंसा');
    expect(practiceAreaTitle('family-law', 'en')).toBe('Family Law');
    expect(practiceAreaTitle('cybercrime', 'hi')).toBeNull();
    for (const area of BUILT_IN_PRACTICE_AREAS) {
      expect(area.titles.en).toBe(area.title);
      expect(detectLanguage(area.titles.hi), area.slug).toBe('hi');
    }
    expect(new Set(BUILT_IN_PRACTICE_AREAS.map((a) => a.titles.hi)).size).toBe(7);
  });
});
