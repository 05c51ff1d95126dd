import { HTML_LANG, type Lang } from '@site/content-model';
import type { SeoSiteFragment } from '../../gql/graphql';
import { absoluteUrl, legalServiceJsonLd } from '../../app/seo';

export interface BlogPostingInput {
  title: string;
  description: string;
  date: string;
  modified: string;
  authorName: string;
  canonical: string;
  imageUrl: string;
  /** The language the post is written in (not necessarily the page's). */
  language: Lang;
}

/** schema.org BlogPosting of a post, published by the firm (the LegalService of every page). */
export function blogPostingJsonLd(site: SeoSiteFragment, post: BlogPostingInput): Record<string, unknown> {
  const { '@context': _context, ...publisher } = legalServiceJsonLd(site);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title.length > 110 ? `${post.title.slice(0, 109)}…` : post.title,
    description: post.description || undefined,
    datePublished: post.date,
    dateModified: post.modified || post.date,
    author: post.authorName
      ? { '@type': 'Person', name: post.authorName }
      : { '@type': 'Organization', name: site.name, url: site.url },
    image: absoluteUrl(site, post.imageUrl),
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.canonical },
    url: post.canonical,
    inLanguage: HTML_LANG[post.language],
    publisher,
  };
}
