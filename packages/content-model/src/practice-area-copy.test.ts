import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRACTICE_AREAS } from './practice-areas.js';
import { detectLanguage } from './language.js';
import { builtInCopy, copyMismatches, parsePracticeAreaCopy } from './practice-area-copy.js';
import catalogue from './practice-area-copy.json' with { type: 'json' };
import catalogueHi from './practice-area-copy.hi.json' with { type: 'json' };

/** The catalogue as a plain, changeable copy. */
function editable(): Record<string, Record<string, unknown> & { services: Record<string, unknown>[] }> {
  return structuredClone(catalogue) as never;
}

describe('the practice-area catalogue (practice-area-copy.json)', () => {
  it('validates, with copy for each built-in area and for nothing else', () => {
    const parsed = parsePracticeAreaCopy(catalogue);
    expect(Object.keys(parsed)).toEqual(BUILT_IN_PRACTICE_AREAS.map((a) => a.slug));
    for (const area of BUILT_IN_PRACTICE_AREAS) expect(builtInCopy(area)).toEqual(parsed[area.slug]);
  });

  it('rejects an empty field with one error that names it', () => {
    const bad = editable();
    bad['bail-hearings']!.services[2]!.title = ' ';
    expect(() => parsePracticeAreaCopy(bad, 'test.json')).toThrow(
      /^test\.json is not a valid practice-area catalogue: bail-hearings\.services\[2\]\.title: /,
    );
  });

  it('rejects an unknown icon, a missing field and an area that is not built in', () => {
    const bad = editable();
    bad['family-law']!.services[0]!.icon = 'Gavel';
    delete bad['motor-accident']!.heroSubtitle;
    bad['tax-law'] = bad['family-law']!;
    let message = '';
    try {
      parsePracticeAreaCopy(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^practice-area-copy\.json is not a valid practice-area catalogue: /);
    expect(message).toContain('family-law.services[0].icon');
    expect(message).toContain('motor-accident.heroSubtitle');
    expect(message).toContain('tax-law');
  });

  it('rejects an area left out', () => {
    const bad = editable();
    delete bad['divorce-advisory'];
    expect(() => parsePracticeAreaCopy(bad)).toThrow(/divorce-advisory/);
  });
});

/** Every path to a value in a JSON value, arrays by index: the shape of a catalogue without its words. */
function shapeOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => shapeOf(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => shapeOf(v, path ? `${path}.${k}` : k));
  }
  return [path];
}

/** Every text of a catalogue but the icon names, with its place. */
function textsOf(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return path.endsWith('.icon') ? [] : [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => textsOf(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => textsOf(v, path ? `${path}.${k}` : k));
  }
  return [];
}

describe('the Hindi practice-area catalogue (practice-area-copy.hi.json, brief §10)', () => {
  it('validates, with copy for each built-in area and for nothing else', () => {
    const parsed = parsePracticeAreaCopy(catalogueHi, 'practice-area-copy.hi.json');
    expect(Object.keys(parsed)).toEqual(BUILT_IN_PRACTICE_AREAS.map((a) => a.slug));
    for (const area of BUILT_IN_PRACTICE_AREAS) expect(builtInCopy(area, 'hi')).toEqual(parsed[area.slug]);
  });

  it('has exactly the areas, fields and items of the English one, each item under the same icon', () => {
    expect(shapeOf(catalogueHi)).toEqual(shapeOf(catalogue));
    expect(copyMismatches(parsePracticeAreaCopy(catalogue), parsePracticeAreaCopy(catalogueHi))).toEqual([]);
    for (const area of BUILT_IN_PRACTICE_AREAS) {
      const icons = (lang: 'en' | 'hi') =>
        [...builtInCopy(area, lang).services, ...builtInCopy(area, lang).whyChooseUs].map((f) => f.icon);
      expect(icons('hi'), area.slug).toEqual(icons('en'));
    }
  });

  it('is written in Hindi, every text of it, and English stays the default', () => {
    const texts = textsOf(catalogueHi);
    expect(texts.length).toBeGreaterThan(100);
    for (const [path, text] of texts) expect(detectLanguage(text), path).toBe('hi');
    for (const [path, text] of textsOf(catalogue)) expect(detectLanguage(text), path).toBe('en');
    for (const area of BUILT_IN_PRACTICE_AREAS) {
      expect(builtInCopy(area)).toBe(builtInCopy(area, 'en'));
      expect(builtInCopy(area, 'hi').description).not.toBe(builtInCopy(area).description);
    }
  });

  it('tells where a translation leaves out an item or changes its icon', () => {
    const en = parsePracticeAreaCopy(catalogue);
    const bad = structuredClone(catalogueHi) as Record<
      string,
      { services: Array<{ icon: string }>; whyChooseUs: unknown[] }
    >;
    bad['bail-hearings']!.whyChooseUs.pop();
    bad['family-law']!.services[1]!.icon = 'Heart';
    expect(copyMismatches(en, parsePracticeAreaCopy(bad))).toEqual([
      'family-law.services[1].icon: Heart, not Users',
      'bail-hearings.whyChooseUs: 2 items, not 3',
    ]);
  });
});
