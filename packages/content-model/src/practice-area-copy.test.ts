import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRACTICE_AREAS } from './practice-areas.js';
import { builtInCopy, parsePracticeAreaCopy } from './practice-area-copy.js';
import catalogue from './practice-area-copy.json' with { type: 'json' };

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
