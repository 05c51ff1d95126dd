import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { HttpStatus, useRenderContext } from '../../app/render-context';
import { Head } from '../../components/Head';

/** The error boundary of every route (brief §8), rendered inside the site's layout. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ctx = useRenderContext();
  // Recorded for the server's log (with the request id); a 4xx answer is not a fault of the site.
  if (ctx?.isServer && status >= 500) ctx.routeError = error;
  return (
    <Container maxW="3xl" py="20" textAlign="center">
      <HttpStatus code={status} />
      <Head title="Unexpected Application Error!" description="" robots="noindex" />
      <Heading as="h1" fontSize="3xl" color="brand.800" mb="4">
        Unexpected Application Error!
      </Heading>
      <Box as="p" color="gray.700" mb="8">
        <Text as="span">{detail}</Text>
      </Box>
      <Button asChild colorPalette="brand">
        <Link to="/">Return to Home</Link>
      </Button>
    </Container>
  );
}
