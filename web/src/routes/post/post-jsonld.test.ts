import { describe, expect, it } from 'vitest';
import type { SeoSiteFragment } from '../../gql/graphql';
import { blogPostingJsonLd } from './post-jsonld.js';

const site: SeoSiteFragment = {
  name: 'Law Partners',
  url: 'https://www.example.in',
  phone: '+91 98100 00000',
  email: 'info@example.in',
  established: 1985,
  logo: { url: '/logo.svg' },
  defaultImage: { url: '/images/default-featured.jpg' },
  address: {
    streetAddress: 'Raj Nagar',
    locality: 'Ghaziabad',
    region: 'Uttar Pradesh',
    postalCode: '201002',
    country: 'IN',
  },
  officeHours: [],
  socialLinks: [{ url: 'https://facebook.com/example' }],
};

const post = {
  title: 'How to File for Divorce in India',
  description: 'A step-by-step guide.',
  date: '2026-11-02T10:00:00',
  modified: '2026-11-05T08:30:00',
  authorName: 'Adv. R. Sharma',
  canonical: 'https://www.example.in/blog/how-to-file-for-divorce-in-india',
  imageUrl: '/wp-content/uploads/2026/11/divorce.jpg',
  language: 'en' as const,
};

describe('blogPostingJsonLd', () => {
  it('describes the post with absolute URLs and the firm as publisher', () => {
    const ld = blogPostingJsonLd(site, post);
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.date,
      dateModified: post.modified,
      author: { '@type': 'Person', name: 'Adv. R. Sharma' },
      image: 'https://www.example.in/wp-content/uploads/2026/11/divorce.jpg',
      url: post.canonical,
      inLanguage: 'en-IN',
    });
    const publisher = ld.publisher as Record<string, unknown>;
    expect(publisher['@type']).toEqual(['LegalService', 'Attorney']);
    expect(publisher.name).toBe('Law Partners');
    expect(publisher).not.toHaveProperty('@context');
  });

  it('names the language the post is written in', () => {
    expect(blogPostingJsonLd(site, { ...post, language: 'hi' }).inLanguage).toBe('hi-IN');
  });

  it('keeps the headline within the 110 characters search engines read', () => {
    const ld = blogPostingJsonLd(site, { ...post, title: 'x'.repeat(200) });
    expect(String(ld.headline)).toHaveLength(110);
  });

  it('falls back to the publication date and the firm as author', () => {
    const ld = blogPostingJsonLd(site, { ...post, modified: '', authorName: '' });
    expect(ld.dateModified).toBe(post.date);
    expect(ld.author).toEqual({
      '@type': 'Organization',
      name: 'Law Partners',
      url: 'https://www.example.in',
    });
  });
});
