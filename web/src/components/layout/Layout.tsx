import { Box, chakra } from '@chakra-ui/react';
import { Outlet, useLocation, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { graphql } from '../../gql';
import { requestLanguage, runQuery, useRouteData } from '../../app/route-data';
import { useTranslation } from 'react-i18next';
import { homeAliasFor, splitLangPath } from '@site/content-model';
import { Header } from './Header';
import { Footer } from './Footer';
import { ContactButtons } from './ContactButtons';
import { Disclaimer } from './Disclaimer';

const LayoutQuery = graphql(`
  query Layout($language: Language = EN) {
    site(language: $language) {
      ...HeaderSite
      ...FooterSite
      ...ContactButtonsSite
    }
  }
`);

/** The header's and footer's details: awaited everywhere, they frame every page. */
export async function layoutLoader({ context, request }: LoaderFunctionArgs) {
  return {
    layout: await runQuery(context, LayoutQuery, { language: requestLanguage(request) }),
  };
}

/** The firm's name as the layout has it, for a route that names no content of its own (the 404 page). */
export function useSiteName(): string | undefined {
  const root = useRouteLoaderData('root') as Awaited<ReturnType<typeof layoutLoader>> | undefined;
  return root?.layout.data?.site.name;
}

/**
 * The home page and its section addresses (/about/, /contact-us/, ...), which render it whole: its
 * first phone screen ends with its own call button, which the floating shortcuts must not cover.
 */
function rendersHomePage(pathname: string): boolean {
  const { path } = splitLangPath(pathname);
  return path === '/' || homeAliasFor(path) !== null;
}

export function Layout() {
  const { data } = useRouteData<typeof layoutLoader>().layout;
  const location = useLocation();
  const { t } = useTranslation();
  const site = data?.site;
  const onAdminPage = location.pathname.startsWith('/wp-admin');
  return (
    <Box
      minH="100vh"
      display="flex"
      flexDirection="column"
      // Rendered while the gateway was away: the page lacks the firm's details, phone numbers
      // included, and the browser asks again until it can have them (web/src/boot/page-state.ts).
      data-site-missing={site ? undefined : ''}
    >
      {/* First in the body: opened on a first visit before the page behind it is parsed. */}
      <Disclaimer />
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
        {t('skipToContent')}
      </chakra.a>
      <Header site={site} />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer site={site} />
      {site && !onAdminPage && (
        <ContactButtons site={site} revealOnScroll={rendersHomePage(location.pathname)} />
      )}
    </Box>
  );
}
