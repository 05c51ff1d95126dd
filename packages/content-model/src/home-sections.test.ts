import { describe, expect, it } from 'vitest';
import { HOME_ALIASES, homeAliasFor } from './home-sections.js';

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
