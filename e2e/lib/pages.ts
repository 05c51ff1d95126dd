import { NOT_FOUND_CONSOLE } from './browser.js';
import { DIVORCE_POST, PRACTICE_PAGES, gql, siteFacts } from './site.js';

const DEVANAGARI = /[\u0900-\u097F]/;

export interface PageSpec {
  /** Screenshot and test name. */
  name: string;
  path: string;
  status: 200 | 404;
  /** The main heading the visitor (and a crawler) sees first. */
  h1: string | RegExp;
  /** Inner pages carry a BreadcrumbList; the home page carries the firm's LegalService. */
  jsonLdType: string;
  /** Indexable pages have a canonical URL; noindex pages need none. */
  indexable: boolean;
  /** Console errors the page must log (brief §2: the 404 route's). */
  consoleErrors?: RegExp[];
}

/** Every kind of page the site has, each once, with what its head and first heading must say. */
export async function pageCatalog(): Promise<PageSpec[]> {
  const facts = await siteFacts();
  const post = facts.posts?.nodes.find((p) => p.slug === DIVORCE_POST) ?? facts.posts?.nodes[0];
  if (!post) throw new Error('the content snapshot has no posts');
  // WordPress pages named after a practice area are shown as that area's page.
  const page = facts.pages.find((p) => !p.uri.startsWith('/practice-areas/'));
  const { posts: hindi } = await gql<{ posts: { nodes: { uri: string; title: string }[] } | null }>(
    '{ posts(first: 1, language: HI) { nodes { uri title } } }',
  );
  const hindiPost = hindi?.nodes[0];
  if (!hindiPost) throw new Error('the content snapshot has no Hindi post');
  const pages: PageSpec[] = [
    {
      name: 'home',
      path: '/',
      status: 200,
      h1: 'Trusted Criminal Defence When Your Future Is At Stake',
      jsonLdType: 'LegalService',
      indexable: true,
    },
    {
      name: 'about',
      path: '/about/',
      status: 200,
      h1: 'Trusted Criminal Defence When Your Future Is At Stake',
      jsonLdType: 'LegalService',
      indexable: true,
    },
    { name: 'blog', path: '/blog', status: 200, h1: /\S/, jsonLdType: 'BreadcrumbList', indexable: true },
    {
      name: 'blog-search',
      path: '/blog?q=divorce',
      status: 200,
      h1: /\S/,
      jsonLdType: 'BreadcrumbList',
      // Internal search results are linkable but kept out of search engines (noindex, follow).
      indexable: false,
    },
    { name: 'post', path: post.uri, status: 200, h1: post.title, jsonLdType: 'BlogPosting', indexable: true },
    ...PRACTICE_PAGES.map((p): PageSpec => ({
      name: `practice-${p.slug}`,
      path: `/practice-areas/${p.slug}/`,
      status: 200,
      h1: p.title,
      jsonLdType: 'BreadcrumbList',
      indexable: true,
    })),
    {
      // A practice area written in WordPress (a practice_area post in the content snapshot).
      name: 'practice-generic',
      path: '/practice/anticipatory-bail',
      status: 200,
      h1: 'Anticipatory Bail',
      jsonLdType: 'BreadcrumbList',
      indexable: true,
    },
    {
      name: 'wp-admin',
      path: '/wp-admin',
      status: 200,
      h1: /\S/,
      jsonLdType: '',
      indexable: false,
    },
    {
      name: 'page-not-found',
      path: '/no-such-page-here',
      status: 404,
      h1: 'Page Not Found',
      jsonLdType: '',
      indexable: false,
    },
    { name: 'post-not-found', path: '/blog/nope', status: 404, h1: /\S/, jsonLdType: '', indexable: false },
    {
      name: 'practice-not-found',
      path: '/practice/nope',
      status: 404,
      h1: 'Practice Area Not Found',
      jsonLdType: '',
      indexable: false,
    },
    {
      name: 'not-found',
      path: '/this/path/does-not-exist',
      status: 404,
      h1: 'Oops! Page not found',
      jsonLdType: '',
      indexable: false,
      consoleErrors: [NOT_FOUND_CONSOLE],
    },
  ];
  // The Hindi site (brief §10): its own headings, in Devanagari.
  pages.push(
    {
      name: 'hi-home',
      path: '/hi/',
      status: 200,
      h1: DEVANAGARI,
      jsonLdType: 'LegalService',
      indexable: true,
    },
    {
      name: 'hi-practice',
      path: `/hi/practice-areas/${PRACTICE_PAGES[0].slug}/`,
      status: 200,
      h1: DEVANAGARI,
      jsonLdType: 'BreadcrumbList',
      indexable: true,
    },
    {
      name: 'hi-blog',
      path: '/hi/blog',
      status: 200,
      h1: DEVANAGARI,
      jsonLdType: 'BreadcrumbList',
      indexable: true,
    },
    {
      name: 'hi-post',
      path: `/hi${hindiPost.uri}`,
      status: 200,
      h1: hindiPost.title,
      jsonLdType: 'BlogPosting',
      indexable: true,
    },
    {
      name: 'hi-page-not-found',
      path: '/hi/no-such-page-here',
      status: 404,
      h1: DEVANAGARI,
      jsonLdType: '',
      indexable: false,
    },
  );
  if (page) {
    pages.push({
      name: 'page',
      path: page.uri,
      status: 200,
      h1: /\S/,
      jsonLdType: 'BreadcrumbList',
      indexable: true,
    });
  }
  return pages;
}
