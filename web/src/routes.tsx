import { replace, type RouteObject } from 'react-router';
import { Layout, layoutLoader } from './components/layout/Layout';
import { RouteError } from './routes/error/RouteError';
import { HOME_ALIASES, LEGACY_PRACTICE_PATHS, type Lang } from '@site/content-model';

// The routes, as the server renders them (the browser runs no route: links load documents). Each
// route's module is loaded when a page first needs it, so a server starts without compiling every
// page.
const home = { lazy: () => import('./routes/home/HomeRoute') };
const blogList = { lazy: () => import('./routes/blog/BlogListRoute') };
const post = { lazy: () => import('./routes/post/PostRoute') };
const practice = { lazy: () => import('./routes/practice/PracticeAreaPage') };

const page = { lazy: () => import('./routes/page/PageRoute') };
const wpAdmin = { lazy: () => import('./routes/wp-admin/WpAdminRoute') };
const preview = { lazy: () => import('./routes/preview/PreviewRoute') };
const notFound = { lazy: () => import('./routes/not-found/NotFoundRoute') };

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
    { path: 'practice/:slug', ...practice },
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
