import { describe, expect, it } from 'vitest';
import { homeAliasFor } from './sections.js';

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
