import { describe, expect, it } from 'vitest';
import { LEGACY_PRACTICE_PATHS } from './legacy-paths.js';
import { BUILT_IN_PRACTICE_AREAS } from './practice-areas.js';

describe('LEGACY_PRACTICE_PATHS', () => {
  it('maps every old path to the canonical link of an area', () => {
    expect(LEGACY_PRACTICE_PATHS).toEqual({
      '/criminal-defense': '/practice-areas/criminal-defense/',
      '/family-law': '/practice-areas/family-law/',
      '/bail-hearings': '/practice-areas/bail-hearings/',
      '/motor-accident': '/practice-areas/motor-accident/',
      '/cybercrime': '/practice-areas/cybercrime-defense/',
      '/domestic-violence': '/practice-areas/domestic-violence/',
      '/divorce-advisory': '/practice-areas/divorce-advisory/',
      '/practice-areas/cybercrime': '/practice-areas/cybercrime-defense/',
      '/practice-areas/motor-accident-claims': '/practice-areas/motor-accident/',
    });
    const links = new Set(BUILT_IN_PRACTICE_AREAS.map((a) => a.link));
    for (const target of Object.values(LEGACY_PRACTICE_PATHS)) expect(links.has(target)).toBe(true);
  });

  it('keeps every old address of an area apart from its canonical page', () => {
    const links = new Set(BUILT_IN_PRACTICE_AREAS.map((a) => a.link.replace(/\/$/, '')));
    expect(Object.keys(LEGACY_PRACTICE_PATHS).filter((path) => links.has(path))).toEqual([]);
    expect(Object.keys(LEGACY_PRACTICE_PATHS).filter((path) => path.endsWith('/'))).toEqual([]);
  });
});
