import { BUILT_IN_PRACTICE_AREAS, detectLanguage } from '@site/content-model';
import { describe, expect, it } from 'vitest';
import { parseSiteCopy, siteCopy, TESTIMONIAL_KEYS } from './site-copy.js';
import catalogueHi from './site-copy.hi.json' with { type: 'json' };

/** Every path to a text in a value, arrays by index. */
function textsOf(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => textsOf(v, path ? `${path}.${k}` : k));
  }
  return [];
}

function editable(): Record<string, unknown> & Record<'stats' | 'testimonials', Record<string, unknown>> {
  return structuredClone(catalogueHi) as never;
}

describe('the site copy (brief §10)', () => {
  it('has the same texts in Hindi as in English, each in its language', () => {
    const en = textsOf(siteCopy('en'));
    const hi = textsOf(siteCopy('hi'));
    expect(hi.map(([path]) => path)).toEqual(en.map(([path]) => path));
    expect(siteCopy('hi')).toEqual(parseSiteCopy(catalogueHi, 'site-copy.hi.json'));
    for (const [path, text] of hi) expect(detectLanguage(text), path).toBe('hi');
    for (const [path, text] of en) expect(detectLanguage(text), path).toBe('en');
  });

  it("names a testimonial's case as the practice area of that name is called in each language", () => {
    for (const key of TESTIMONIAL_KEYS) {
      const area = BUILT_IN_PRACTICE_AREAS.find((a) => a.title === siteCopy('en').testimonials[key].caseType);
      expect(area, key).toBeDefined();
      expect(siteCopy('hi').testimonials[key].caseType, key).toBe(area!.titles.hi);
    }
  });

  it('writes figures in Western digits, as Hindi pages in India do', () => {
    const hindi = JSON.stringify(siteCopy('hi'));
    expect(hindi).not.toMatch(/[०-९]/);
    expect(hindi).toContain('24 घंटे');
  });

  it('is frozen, so one request cannot change another’s', () => {
    expect(Object.isFrozen(siteCopy('hi').testimonials.priya)).toBe(true);
    expect(Object.isFrozen(siteCopy('en').officeHours.weekdays)).toBe(true);
  });

  it('rejects a blank text, a missing one and one it does not know, naming each', () => {
    const bad = editable();
    bad.stats.cases = ' ';
    delete bad.testimonials.anita;
    bad.motto = 'कुछ';
    let message = '';
    try {
      parseSiteCopy(bad, 'test.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^test\.json is not a valid site copy: /);
    expect(message).toContain('stats.cases');
    expect(message).toContain('testimonials.anita');
    expect(message).toContain('motto');
  });

  it('rejects a logo text that does not name the firm', () => {
    const bad = editable();
    bad.logoAlt = 'लोगो';
    expect(() => parseSiteCopy(bad, 'test.json')).toThrow(/logoAlt: must name the firm with \{name\}/);
  });
});
