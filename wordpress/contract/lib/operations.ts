// The website's own GraphQL operations (web/src, compiled by `npm run codegen` into
// web/src/gql/graphql.ts), as the query strings the web server sends to the gateway.
import { print, type DocumentNode } from 'graphql';
import {
  BlogCategoriesDocument,
  BlogPostsDocument,
  ContentPageDocument,
  HomeDocument,
  HomePracticeAreasDocument,
  LayoutDocument,
  PostPageDocument,
  PracticeAreaPageDocument,
  RecentPostsDocument,
  WpAdminConnectionDocument,
  WpAdminPageDocument,
} from '../../../web/src/gql/graphql.js';

const text = (doc: unknown) => print(doc as DocumentNode);

export const WEB = {
  Layout: text(LayoutDocument),
  Home: text(HomeDocument),
  HomePracticeAreas: text(HomePracticeAreasDocument),
  BlogPosts: text(BlogPostsDocument),
  BlogCategories: text(BlogCategoriesDocument),
  PostPage: text(PostPageDocument),
  RecentPosts: text(RecentPostsDocument),
  ContentPage: text(ContentPageDocument),
  PracticeAreaPage: text(PracticeAreaPageDocument),
  WpAdminPage: text(WpAdminPageDocument),
  WpAdminConnection: text(WpAdminConnectionDocument),
} as const;

/** brief §2's practice pages: the WordPress page slugs behind the seven built-in areas. */
export const PRACTICE_SLUGS = [
  'criminal-defense',
  'family-law',
  'bail-hearings',
  'motor-accident',
  'cybercrime',
  'domestic-violence',
  'divorce-advisory',
] as const;

export interface Operation {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
}

/**
 * Every operation the website sends for the content it has: each page type for every post, page and
 * practice area slug (the connection check aside: it is live by design).
 */
export function siteOperations(slugs: {
  posts: string[];
  pages: string[];
  practiceAreas: string[];
}): Operation[] {
  const ops: Operation[] = [
    { name: 'Layout', query: WEB.Layout },
    { name: 'Home', query: WEB.Home },
    { name: 'HomePracticeAreas', query: WEB.HomePracticeAreas },
    { name: 'BlogPosts', query: WEB.BlogPosts, variables: { first: 20, page: 1 } },
    { name: 'BlogPosts search', query: WEB.BlogPosts, variables: { first: 20, page: 1, search: 'bail' } },
    {
      name: 'BlogPosts category',
      query: WEB.BlogPosts,
      variables: { first: 20, page: 1, categorySlug: 'family-law' },
    },
    { name: 'BlogCategories', query: WEB.BlogCategories },
    { name: 'WpAdminPage', query: WEB.WpAdminPage },
  ];
  for (const slug of slugs.posts) {
    ops.push({ name: `PostPage ${slug}`, query: WEB.PostPage, variables: { slug } });
    ops.push({ name: `RecentPosts ${slug}`, query: WEB.RecentPosts, variables: { excludeSlug: slug } });
  }
  for (const slug of slugs.pages)
    ops.push({ name: `ContentPage ${slug}`, query: WEB.ContentPage, variables: { slug } });
  for (const slug of [...PRACTICE_SLUGS, ...slugs.practiceAreas]) {
    ops.push({ name: `PracticeAreaPage ${slug}`, query: WEB.PracticeAreaPage, variables: { slug } });
  }
  return ops;
}
