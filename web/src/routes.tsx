import { replace, type RouteObject } from 'react-router';
import { Layout, layoutLoader, layoutShouldRevalidate } from './components/layout/Layout';
import { RouteError } from './routes/error/RouteError';
import { HOME_ALIASES, LEGACY_PRACTICE_PATHS, type HomeSectionId } from '@site/content-model';

// Route modules are split per route: a phone downloads the code of the page it opens first.
// `module` names the source file as Vite's manifest keys it, so the server can preload the chunks of
// the route it rendered (no request chain entry → route chunk → its imports on a slow network).
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
const notFound = lazyRoute(
  'src/routes/not-found/NotFoundRoute.tsx',
  () => import('./routes/not-found/NotFoundRoute'),
);

/**
 * The home page's last sections load their code when the visitor comes near them; an alias that
 * opens the page scrolled to one of them preloads its code with the page's own.
 */
const OPENS_SCROLLED_TO: Partial<Record<HomeSectionId, RouteHandle>> = {
  testimonials: { module: 'src/routes/home/TestimonialsSection.tsx' },
  contact: { module: 'src/routes/home/ContactSection.tsx' },
};

function redirectRoute(path: string, to: string): RouteObject {
  // 301 on the server; a replace navigation in the browser (brief §2).
  return { path, loader: () => replace(to, 301) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    id: 'root',
    Component: Layout,
    loader: layoutLoader,
    shouldRevalidate: layoutShouldRevalidate,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          // One route for the home page and its aliases: moving between its sections keeps the page
          // and its data (the children only match the addresses).
          {
            id: 'home',
            ...home,
            children: [
              { index: true },
              // The home page answers on its own path and on the section aliases of brief §2.
              ...Object.entries(HOME_ALIASES).map(([path, alias]) => ({
                path,
                handle: OPENS_SCROLLED_TO[alias.section],
              })),
            ],
          },
          redirectRoute(
            'criminal-defense/how-to-file-for-divorce-in-india',
            '/blog/how-to-file-for-divorce-in-india/',
          ),
          // Every old practice-area address answers 301 with its area's page.
          ...Object.entries(LEGACY_PRACTICE_PATHS).map(([from, to]) => redirectRoute(from.slice(1), to)),
          { path: 'blog', ...blogList },
          { path: 'blog/page/:page', ...blogList },
          { path: 'blog/:slug', ...post },
          { path: 'practice-areas/:slug', ...practice },
          { path: 'practice/:slug', ...genericPractice },
          { path: 'wp-admin', ...wpAdmin },
          { path: ':categorySlug/:postSlug', ...post },
          { path: ':slug', ...page },
          { path: '*', ...notFound },
        ],
      },
    ],
  },
];
