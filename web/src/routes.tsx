import { replace, type RouteObject } from 'react-router';
import { Layout, layoutLoader } from './components/layout/Layout';
import { RouteError } from './routes/error/RouteError';
import { HOME_ALIASES, LEGACY_PRACTICE_PATHS, type Lang } from '@site/content-model';

// The routes, as the server renders them (the browser runs no route: links load documents). Each
// route's module is loaded when a page first needs it, so a server starts without compiling every
// page; `module` names the source file.
export interface RouteHandle {
  module: string;
}
const lazyRoute = (module: string, load: RouteObject['lazy']) => ({
  lazy: load,
  handle: { module } satisfies RouteHandle,
});
const home = lazyRoute('src/routes/home/HomeRoute.tsx', () => import('./routes/home/HomeRoute'));
const blogList = lazyRoute('src/routes/blog/BlogListRoute.tsx', () => import('./routes/blog/BlogListRoute'));
const post = lazyRoute('src/routes/post/PostRoute.tsx', () => import('./routes/post/PostRoute'));
const practice = lazyRoute(
  'src/routes/practice/PracticeRoute.tsx',
  () => import('./routes/practice/PracticeRoute'),
);
const genericPractice = lazyRoute(
  'src/routes/practice/GenericPracticeRoute.tsx',
  () => import('./routes/practice/GenericPracticeRoute'),
);
const page = lazyRoute('src/routes/page/PageRoute.tsx', () => import('./routes/page/PageRoute'));
const wpAdmin = lazyRoute(
  'src/routes/wp-admin/WpAdminRoute.tsx',
  () => import('./routes/wp-admin/WpAdminRoute'),
);
const preview = lazyRoute(
  'src/routes/preview/PreviewRoute.tsx',
  () => import('./routes/preview/PreviewRoute'),
);
const notFound = lazyRoute(
  'src/routes/not-found/NotFoundRoute.tsx',
  () => import('./routes/not-found/NotFoundRoute'),
);

function redirectRoute(path: string, to: string): RouteObject {
  // 301 (brief §2).
  return { path, loader: () => replace(to, 301) };
}

/**
 * The pages a visitor reads, in one language: English at the site's addresses, Hindi under /hi/
 * (brief §10). The old WordPress addresses, /wp-admin and previews exist in English only.
 */
function readerRoutes(lang: Lang): RouteObject[] {
  return [
    // One route for the home page and its aliases: moving between its sections keeps the page
    // and its data (the children only match the addresses).
    {
      id: lang === 'en' ? 'home' : `home-${lang}`,
      ...home,
      // The home page answers on its own path and on the section aliases of brief §2.
      children: [{ index: true }, ...Object.keys(HOME_ALIASES).map((path) => ({ path }))],
    },
    { path: 'blog', ...blogList },
    { path: 'blog/page/:page', ...blogList },
    { path: 'blog/:slug', ...post },
    { path: 'practice-areas/:slug', ...practice },
    { path: 'practice/:slug', ...genericPractice },
    ...(lang === 'en'
      ? [
          redirectRoute(
            'criminal-defense/how-to-file-for-divorce-in-india',
            '/blog/how-to-file-for-divorce-in-india/',
          ),
          // Every old practice-area address answers 301 with its area's page.
          ...Object.entries(LEGACY_PRACTICE_PATHS).map(([from, to]) => redirectRoute(from.slice(1), to)),
          { path: 'wp-admin', ...wpAdmin },
          // Drafts, for the editor WordPress's Preview button sends (never cached: app.server.ts).
          { path: 'preview/:type/:id', ...preview },
          { path: ':categorySlug/:postSlug', ...post },
        ]
      : []),
    { path: ':slug', ...page },
    { path: '*', ...notFound },
  ];
}

export const routes: RouteObject[] = [
  {
    path: '/',
    id: 'root',
    Component: Layout,
    loader: layoutLoader,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [{ path: 'hi', children: readerRoutes('hi') }, ...readerRoutes('en')],
      },
    ],
  },
];
