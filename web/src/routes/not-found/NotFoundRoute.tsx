import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { movedAddress } from '../../app/moved-address';
import { useReady, useRouteData } from '../../app/route-data';
import { useSiteName } from '../../components/layout/Layout';
import { HttpStatus, MovedTo } from '../../app/render-context';
import { Head } from '../../components/Head';
import { PageLoading } from '../../components/PageLoading';
import { pageTitle } from '../../app/seo';
import { useLocalize } from '../../i18n/use-lang';

export async function loader({ context, request }: LoaderFunctionArgs) {
  // Only paths of three parts or more come here (the page and post routes take the shorter ones).
  return { movedTo: await movedAddress(context, new URL(request.url).pathname) };
}

/**
 * The catch-all route (brief §2): a 404 page that also logs the missing path in the console. A
 * WordPress date-based permalink of a published post moves to the post instead, and the address of a
 * page nested two or more levels deep in WordPress to the page.
 */
export function Component() {
  const movedTo = useReady(useRouteData<typeof loader>().movedTo);
  const { t } = useTranslation('page');
  if (movedTo === undefined) return <PageLoading text={t('loading')} />;
  return movedTo ? <MovedTo to={movedTo} /> : <NotFound />;
}

/** The 404 page, in the language of the address that was not found (brief §10). */
export function NotFound() {
  const siteName = useSiteName();
  const { t } = useTranslation('errors');
  const localize = useLocalize();
  const title = t('notFound.title');
  return (
    // data-not-found: the boot script names the missing address in the console (web/src/boot/page-state.ts).
    <Container data-not-found="" maxW="3xl" py={{ base: '20', md: '28' }} textAlign="center">
      <HttpStatus code={404} />
      <Head title={siteName ? pageTitle(title, siteName) : title} description="" robots="noindex" />
      <Text
        fontFamily="heading"
        fontWeight="bold"
        fontSize={{ base: '6xl', md: '8xl' }}
        lineHeight="1"
        color="brand.800"
        aria-hidden="true"
      >
        404
      </Text>
      <Heading
        as="h1"
        fontFamily="heading"
        fontSize={{ base: '2xl', md: '3xl' }}
        color="brand.800"
        mt="4"
        mb="8"
      >
        {t('notFound.heading')}
      </Heading>
      <Button asChild colorPalette="brand" size="lg">
        <Link to={localize('/')}>{t('notFound.home')}</Link>
      </Button>
    </Container>
  );
}
