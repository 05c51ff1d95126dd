import { replace, type RouteObject } from 'react-router';
import { Layout } from './components/layout/Layout';
import { RouteError } from './routes/error/RouteError';
import { LEGACY_REDIRECTS } from './routes/legacy-redirects';

// Route modules are split per route: a phone downloads the code of the page it opens first.
const home = () => import('./routes/home/HomeRoute');
const blogList = () => import('./routes/blog/BlogListRoute');
const post = () => import('./routes/post/PostRoute');
const practice = () => import('./routes/practice/PracticeRoute');
const genericPractice = () => import('./routes/practice/GenericPracticeRoute');
const page = () => import('./routes/page/PageRoute');
const wpAdmin = () => import('./routes/wp-admin/WpAdminRoute');
const notFound = () => import('./routes/not-found/NotFoundRoute');

/** The home page answers on its own path and on the section aliases of SPEC §2. */
const HOME_ALIASES = ['about', 'contact-us', 'testimonials', 'practice-areas'];

function redirectRoute(path: string, to: string): RouteObject {
  // 301 on the server; a replace navigation in the browser (SPEC §2).
  return { path, loader: () => replace(to, 301) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: home },
          ...HOME_ALIASES.map((path) => ({ path, lazy: home })),
          redirectRoute(
            'criminal-defense/how-to-file-for-divorce-in-india',
            '/blog/how-to-file-for-divorce-in-india/',
          ),
          ...Object.entries(LEGACY_REDIRECTS).map(([from, to]) => redirectRoute(from.slice(1), to)),
          { path: 'blog', lazy: blogList },
          { path: 'blog/page/:page', lazy: blogList },
          { path: 'blog/:slug', lazy: post },
          { path: 'practice-areas/:slug', lazy: practice },
          { path: 'practice/:slug', lazy: genericPractice },
          { path: 'wp-admin', lazy: wpAdmin },
          { path: ':categorySlug/:postSlug', lazy: post },
          { path: ':slug', lazy: page },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
