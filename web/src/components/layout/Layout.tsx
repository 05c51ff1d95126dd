import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import {
  Outlet,
  useLocation,
  useNavigationType,
  useRevalidator,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from 'react-router';
import { graphql } from '../../gql';
import { runQuery, useRouteData } from '../../app/route-data';
import { Header } from './Header';
import { Footer } from './Footer';
import { ContactButtons } from './ContactButtons';
import { DISCLAIMER_KEY } from './disclaimer-key';
import { homeAliasFor } from '@site/content-model';

// The dialog is only ever shown in the browser after hydration: keep it out of the first download.
const Disclaimer = lazy(() => import('./Disclaimer').then((m) => ({ default: m.Disclaimer })));

const LayoutQuery = graphql(`
  query Layout {
    site {
      ...HeaderSite
      ...FooterSite
      ...ContactButtonsSite
    }
  }
`);

let layoutMissing = false;

/** The header's and footer's details: awaited everywhere, they frame every page. */
export async function layoutLoader({ context }: LoaderFunctionArgs) {
  return { layout: await runQuery(context, LayoutQuery) };
}

/** The firm's name as the layout has it, for a route that names no content of its own (the 404 page). */
export function useSiteName(): string | undefined {
  const root = useRouteLoaderData('root') as Awaited<ReturnType<typeof layoutLoader>> | undefined;
  return root?.layout.data?.site.name;
}

/** Asked once per visit, and again on a navigation only if the firm's details could not be had. */
export const layoutShouldRevalidate = () => layoutMissing;

function useFirstVisit(): [boolean, () => void] {
  const [show, setShow] = useState(false);
  useEffect(() => {
    try {
      if (localStorage.getItem(DISCLAIMER_KEY) !== 'true') setShow(true);
    } catch {
      setShow(true);
    }
  }, []);
  return [show, () => setShow(false)];
}

/** A new page opens at its top (or at its #hash); back and forward keep the browser's position. */
function useScrollToTopOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'PUSH' && navigationType !== 'REPLACE') return;
    // The home page scrolls its own sections (/about/, /contact-us/, ...) into view.
    if (location.hash || location.pathname === '/' || homeAliasFor(location.pathname)) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.pathname, location.search, location.hash, navigationType]);
}

export function Layout() {
  const { data } = useRouteData<typeof layoutLoader>().layout;
  const location = useLocation();
  useScrollToTopOnNavigation();
  const [showDisclaimer, closeDisclaimer] = useFirstVisit();
  const site = data?.site;
  // A page the server rendered without the firm's details (the gateway could not answer it) asks
  // again from the browser once it has hydrated, page data included, and on later navigations until
  // they come: the phone numbers are what a visitor in trouble needs.
  const revalidator = useRevalidator();
  const askedAgain = useRef(false);
  useEffect(() => {
    layoutMissing = !site;
    if (site || askedAgain.current) return;
    askedAgain.current = true;
    void revalidator.revalidate();
  }, [site, revalidator]);
  const onAdminPage = location.pathname.startsWith('/wp-admin');
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <chakra.a
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{
          left: '4',
          top: '4',
          zIndex: 'skipNav',
          bg: 'white',
          p: '3',
          borderRadius: 'md',
          boxShadow: 'lg',
        }}
      >
        Skip to content
      </chakra.a>
      <Header site={site} />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer site={site} />
      {site && !onAdminPage && <ContactButtons site={site} revealOnScroll={location.pathname === '/'} />}
      {showDisclaimer && (
        <Suspense fallback={null}>
          <Disclaimer onClose={closeDisclaimer} />
        </Suspense>
      )}
    </Box>
  );
}
