import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HttpStatus, useRenderContext } from '../../app/render-context';
import { Head } from '../../components/Head';
import { useLocalize } from '../../i18n/use-lang';

/** The error boundary of every route (brief §8), rendered inside the site's layout. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const localize = useLocalize();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('unexpected.unknown');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ctx = useRenderContext();
  // Recorded for the server's log (with the request id); a 4xx answer is not a fault of the site.
  if (ctx && status >= 500) ctx.routeError = error;
  return (
    <Container maxW="3xl" py="20" textAlign="center">
      <HttpStatus code={status} />
      <Head title={t('unexpected.title')} description="" robots="noindex" />
      <Heading as="h1" fontSize="3xl" color="brand.800" mb="4">
        {t('unexpected.title')}
      </Heading>
      <Box as="p" color="gray.700" mb="8">
        <Text as="span">{detail}</Text>
      </Box>
      <Button asChild colorPalette="brand">
        <Link to={localize('/')}>{t('unexpected.home')}</Link>
      </Button>
    </Container>
  );
}
