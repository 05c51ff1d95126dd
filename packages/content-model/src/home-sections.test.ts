import { describe, expect, it } from 'vitest';
import { HOME_ALIASES, homeAliasCopy, homeAliasFor } from './home-sections.js';
import { detectLanguage } from './language.js';

describe('homeAliasFor', () => {
  it('maps each alias, with or without trailing slash, to its section', () => {
    expect(homeAliasFor('/about')?.section).toBe('about');
    expect(homeAliasFor('/about/')?.section).toBe('about');
    expect(homeAliasFor('/practice-areas/')?.section).toBe('practice');
    expect(homeAliasFor('/testimonials')?.section).toBe('testimonials');
    expect(homeAliasFor('/contact-us/')?.section).toBe('contact');
  });

  it('gives canonical alias paths with a trailing slash', () => {
    expect(homeAliasFor('/contact-us')?.path).toBe('/contact-us/');
  });

  it('returns null for the home page and for unrelated paths', () => {
    expect(homeAliasFor('/')).toBeNull();
    expect(homeAliasFor('/blog')).toBeNull();
    expect(homeAliasFor('/toString')).toBeNull();
    expect(homeAliasFor('/practice-areas/family-law')).toBeNull();
  });
});

describe('HOME_ALIASES', () => {
  it('keys each alias by its path, one per section', () => {
    const aliases = Object.entries(HOME_ALIASES);
    expect(aliases).toHaveLength(4);
    for (const [key, alias] of aliases) expect(alias.path).toBe(`/${key}/`);
    expect(new Set(aliases.map(([, a]) => a.section)).size).toBe(4);
  });
});

describe('homeAliasCopy', () => {
  it('gives the English copy and path as HOME_ALIASES has them', () => {
    for (const alias of Object.values(HOME_ALIASES)) {
      expect(homeAliasCopy(alias, 'en')).toEqual({
        title: alias.title,
        description: alias.description,
        label: alias.label,
        path: alias.path,
      });
    }
  });

  it('gives each section its Hindi title, description and label, at its /hi/ path (brief §10)', () => {
    expect(homeAliasCopy(HOME_ALIASES.about!, 'hi')).toMatchObject({
      label: 'हमारे बारे में',
      path: '/hi/about/',
    });
    expect(homeAliasCopy(HOME_ALIASES['contact-us']!, 'hi').path).toBe('/hi/contact-us/');
    for (const alias of Object.values(HOME_ALIASES)) {
      const hi = homeAliasCopy(alias, 'hi');
      expect(hi.path).toBe(`/hi${alias.path}`);
      for (const text of [hi.title, hi.description, hi.label]) expect(detectLanguage(text), text).toBe('hi');
    }
    // The figures as the English description states them, in Western digits.
    expect(homeAliasCopy(HOME_ALIASES.about!, 'hi').description).toMatch(/40\+.*900\+.*15/);
  });
});
