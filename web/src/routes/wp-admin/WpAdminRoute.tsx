import type { FormEvent, ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  HStack,
  Heading,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
  chakra,
} from '@chakra-ui/react';
import { useLocation, type LoaderFunctionArgs } from 'react-router';
import { CircleCheck, CircleX, Database, ExternalLink, RefreshCw, type LucideIcon } from 'lucide-react';
import { graphql } from '../../gql';
import { Head } from '../../components/Head';
import { pageTitle } from '../../app/seo';
import { runQuery, settle, useReady, useRouteData } from '../../app/route-data';
import { useConnectionCheck, type CheckState } from './connection-check';

const WpAdminPage = graphql(`
  query WpAdminPage {
    site {
      name
    }
    practiceAreas {
      id
      slug
      title
      link
      origin
      editUrl
    }
  }
`);

const WpAdminConnection = graphql(`
  query WpAdminConnection {
    connection {
      status
      source
      endpoint
      adminUrl
      practiceAreasEndpoint
      pagesEndpoint
      latencyMs
      checkedAt
      message
    }
  }
`);

const Card = chakra('section', {
  base: {
    bg: 'white',
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'xl',
    boxShadow: 'sm',
    p: { base: '5', md: '8' },
  },
});

const Mono = chakra('code', {
  base: { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', px: '1', borderRadius: 'sm' },
});

const ExternalAnchor = chakra('a', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    minH: '11',
    color: 'brand.700',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    overflowWrap: 'anywhere',
    _hover: { color: 'brand.900' },
  },
});

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ExternalAnchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalLink size={14} aria-hidden="true" />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </ExternalAnchor>
  );
}

function formatCheckedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Kolkata' });
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex
      gap={{ base: '0', sm: '4' }}
      direction={{ base: 'column', sm: 'row' }}
      py="2"
      borderTopWidth="1px"
      borderColor="gray.100"
    >
      <chakra.dt w={{ sm: '36' }} flexShrink="0" fontWeight="semibold" color="gray.700">
        {label}
      </chakra.dt>
      <chakra.dd m="0" color="gray.800" overflowWrap="anywhere">
        {children}
      </chakra.dd>
    </Flex>
  );
}

function StatusLine({ check }: { check: CheckState }) {
  if (check.phase === 'idle') {
    // The server's HTML: true whether or not the page's scripts ever run.
    return (
      <Stack gap="2">
        <StatusHeading icon={RefreshCw} color="gray.700">
          Connection not checked yet
        </StatusHeading>
        <Text color="gray.700">
          The live check runs in this browser once the page&apos;s scripts have loaded. If this message stays,
          press Refresh.
        </Text>
        <noscript>
          <Text color="gray.700">
            JavaScript is off in this browser, so this page cannot check the connection.
          </Text>
        </noscript>
      </Stack>
    );
  }
  if (check.phase === 'failed') {
    return (
      <Stack gap="2">
        <StatusHeading icon={CircleX} color="red.700">
          Connection failed
        </StatusHeading>
        <Text color="gray.800">{check.reason}</Text>
        <Text color="gray.700">
          Check that the site&apos;s content gateway is running, then press Refresh.
        </Text>
      </Stack>
    );
  }
  const connection = check.phase === 'done' ? check.connection : undefined;
  if (!connection) {
    return (
      <HStack gap="3">
        <Spinner size="md" color="brand.800" />
        <Text fontSize="lg" fontWeight="semibold">
          Checking connection...
        </Text>
      </HStack>
    );
  }
  if (connection.status === 'CONNECTED') {
    return (
      <StatusHeading icon={CircleCheck} color="green.700">
        Connected to WordPress
      </StatusHeading>
    );
  }
  if (connection.status === 'EMBEDDED') {
    return (
      <Stack gap="3">
        <StatusHeading icon={Database} color="brand.800">
          Not connected to WordPress: serving the embedded content snapshot
        </StatusHeading>
        <Text color="gray.700">
          The site is showing the copy of the content that ships with it (the <Mono>content/</Mono> folder),
          so edits made in a WordPress admin will not appear here. To publish from WordPress, set{' '}
          <Mono>WORDPRESS_URL</Mono> to the WordPress address (for example <Mono>https://cms.example.in</Mono>
          ) in the site&apos;s environment and restart it; this page then checks the live connection.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <StatusHeading icon={CircleX} color="red.700">
        Connection failed
      </StatusHeading>
      <Text color="gray.700">Please check your WordPress setup and ensure the REST API is accessible.</Text>
    </Stack>
  );
}

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Open Practice Areas › Add New',
    text: 'Sign in to the WordPress admin and choose Practice Areas › Add New in the menu (the firm’s companion plugin adds it).',
  },
  {
    title: 'Fill in the area',
    text: 'Enter the title, the page content and an excerpt (the text of its card), choose an icon in the Icon box, and complete the Page structure box: hero subtitle and image, the services, and the why-choose-us reasons. The slug becomes the address of the page, /practice/{slug}/. Under Page attributes, Order places the area in the site’s lists: lower numbers first, the same number by title.',
  },
  {
    title: 'Publish',
    text: 'Press Publish. Only published areas appear on the site; drafts stay private.',
  },
  {
    title: 'Check the site',
    text: 'WordPress tells the site about the change, and the site updates within seconds. Open the practice page to see it, or press Refresh above to check the connection.',
  },
];

export function loader({ context }: LoaderFunctionArgs) {
  return settle(context, { page: runQuery(context, WpAdminPage) });
}

export function Component() {
  const page = useReady(useRouteData<typeof loader>().page);
  const check = useConnectionCheck(WpAdminConnection);
  const checking = check.phase === 'checking';
  const connection = check.phase === 'done' ? check.connection : undefined;
  const { pathname, search } = useLocation();
  // Without scripts the form reloads the page; with them it checks again in place.
  const onRefresh = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checking) check.refresh();
  };
  const siteName = page?.data?.site.name;
  const areas = page?.data?.practiceAreas ?? [];

  return (
    <Box bg="gray.50" py={{ base: '8', md: '14' }}>
      <Head
        title={siteName ? pageTitle('WordPress Content Manager', siteName) : 'WordPress Content Manager'}
        description="Connection status and editing links for the site's WordPress content."
        robots="noindex, nofollow"
      />
      <Container maxW="5xl">
        <Stack gap={{ base: '6', md: '8' }}>
          <Box>
            <Heading as="h1" fontFamily="heading" fontSize={{ base: '3xl', md: '4xl' }} color="brand.800">
              WordPress Content Manager
            </Heading>
            <Text color="gray.700" mt="2">
              The practice areas, pages and blog posts of this site are edited in WordPress. This page checks
              the connection and links to the places where content is edited.
            </Text>
          </Box>

          <Card aria-labelledby="wp-connection">
            <Flex
              justify="space-between"
              align={{ base: 'stretch', sm: 'center' }}
              gap="4"
              direction={{ base: 'column', sm: 'row' }}
              mb="5"
            >
              <Heading id="wp-connection" as="h2" fontFamily="heading" fontSize="2xl" color="brand.800">
                Connection status
              </Heading>
              <form method="get" action={`${pathname}${search}`} onSubmit={onRefresh}>
                <Button
                  type="submit"
                  disabled={checking}
                  variant="outline"
                  colorPalette="brand"
                  size="lg"
                  w={{ base: 'full', sm: 'auto' }}
                >
                  <RefreshCw size={18} aria-hidden="true" />
                  Refresh
                </Button>
              </form>
            </Flex>
            <Box role="status" aria-live="polite" aria-busy={checking} mb="4">
              <StatusLine check={check} />
            </Box>
            {connection && (
              <chakra.dl m="0" fontSize="sm">
                <Detail label="Content source">
                  {connection.source === 'WORDPRESS' ? 'WordPress REST API' : 'Embedded snapshot (content/)'}
                </Detail>
                <Detail label="Endpoint">{connection.endpoint ?? 'None (WORDPRESS_URL is not set)'}</Detail>
                <Detail label="Response time">
                  {connection.latencyMs !== null && connection.latencyMs !== undefined
                    ? `${connection.latencyMs} ms`
                    : '—'}
                </Detail>
                <Detail label="Checked at">{formatCheckedAt(connection.checkedAt)}</Detail>
                <Detail label="Details">{connection.message}</Detail>
              </chakra.dl>
            )}
          </Card>

          <Card aria-labelledby="wp-links">
            <Heading id="wp-links" as="h2" fontFamily="heading" fontSize="2xl" color="brand.800" mb="4">
              WordPress links
            </Heading>
            {connection?.adminUrl ? (
              <Button asChild colorPalette="brand" size="lg" mb="4">
                <a href={connection.adminUrl} target="_blank" rel="noopener noreferrer">
                  Open WordPress Admin
                  <ExternalLink size={16} aria-hidden="true" />
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </a>
              </Button>
            ) : (
              <Text color="gray.700" mb="3">
                {connection
                  ? 'The WordPress admin link appears once the site is connected to WordPress.'
                  : check.phase === 'failed'
                    ? 'The WordPress admin link appears once the connection check succeeds.'
                    : 'The WordPress admin link appears once the connection has been checked.'}
              </Text>
            )}
            <Stack as="ul" listStyleType="none" m="0" p="0" gap="1">
              <li>
                <Text as="span" fontWeight="semibold" color="gray.700" me="2">
                  Practice areas API:
                </Text>
                {connection?.practiceAreasEndpoint ? (
                  <External href={connection.practiceAreasEndpoint}>
                    {connection.practiceAreasEndpoint}
                  </External>
                ) : (
                  <Text as="span" color="gray.600">
                    not available
                  </Text>
                )}
              </li>
              <li>
                <Text as="span" fontWeight="semibold" color="gray.700" me="2">
                  Pages API:
                </Text>
                {connection?.pagesEndpoint ? (
                  <External href={connection.pagesEndpoint}>{connection.pagesEndpoint}</External>
                ) : (
                  <Text as="span" color="gray.600">
                    not available
                  </Text>
                )}
              </li>
            </Stack>
          </Card>

          <Card aria-labelledby="wp-areas">
            <Heading id="wp-areas" as="h2" fontFamily="heading" fontSize="2xl" color="brand.800" mb="4">
              Practice areas
            </Heading>
            {!page && areas.length === 0 ? (
              <Spinner color="brand.800" />
            ) : (
              <Stack as="ul" listStyleType="none" m="0" p="0" gap="0">
                {areas.map((area) => (
                  <Flex
                    as="li"
                    key={area.id}
                    justify="space-between"
                    align={{ base: 'flex-start', sm: 'center' }}
                    direction={{ base: 'column', sm: 'row' }}
                    gap="2"
                    py="3"
                    borderTopWidth="1px"
                    borderColor="gray.100"
                  >
                    <Box>
                      <Text fontWeight="semibold" color="gray.900">
                        {area.title}
                      </Text>
                      <chakra.a
                        href={area.link}
                        fontSize="sm"
                        color="brand.700"
                        textDecoration="underline"
                        _hover={{ color: 'brand.900' }}
                      >
                        {area.link}
                      </chakra.a>
                    </Box>
                    <HStack gap="3">
                      <Badge colorPalette={area.origin === 'WORDPRESS' ? 'green' : 'gray'} variant="subtle">
                        {area.origin === 'WORDPRESS' ? 'WordPress content' : 'Built-in'}
                      </Badge>
                      {area.editUrl ? (
                        <ExternalAnchor href={area.editUrl} target="_blank" rel="noopener noreferrer">
                          Edit
                          <VisuallyHidden> {area.title} in WordPress (opens in a new tab)</VisuallyHidden>
                          <ExternalLink size={14} aria-hidden="true" />
                        </ExternalAnchor>
                      ) : (
                        <Text fontSize="sm" color="gray.600">
                          {area.origin === 'BUILT_IN' ? 'built-in' : 'embedded snapshot, no edit link'}
                        </Text>
                      )}
                    </HStack>
                  </Flex>
                ))}
              </Stack>
            )}
            <Text fontSize="sm" color="gray.600" mt="4">
              Built-in areas show the site&apos;s own text, with the WordPress page of the same slug merged
              in. Published WordPress practice areas follow them, by their Order and then title. A practice
              area whose slug is a built-in area&apos;s takes that area&apos;s place and address, and its
              content replaces the page&apos;s; the site&apos;s own text fills what it leaves empty.
            </Text>
          </Card>

          <Card aria-labelledby="wp-howto">
            <Heading id="wp-howto" as="h2" fontFamily="heading" fontSize="2xl" color="brand.800" mb="5">
              How to add a practice area
            </Heading>
            <Stack as="ol" listStyleType="none" m="0" p="0" gap="5">
              {STEPS.map((step, i) => (
                <Flex as="li" key={step.title} gap="4" align="flex-start">
                  <Flex
                    flexShrink="0"
                    boxSize="10"
                    align="center"
                    justify="center"
                    borderRadius="full"
                    bg="brand.800"
                    color="white"
                    fontWeight="bold"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </Flex>
                  <Box>
                    <Text fontWeight="semibold" color="gray.900">
                      <VisuallyHidden>Step {i + 1}: </VisuallyHidden>
                      {step.title}
                    </Text>
                    <Text color="gray.700">{step.text}</Text>
                  </Box>
                </Flex>
              ))}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}

/** One line of the connection status: its icon and what it says, in the state's colour. */
function StatusHeading({
  icon: Icon,
  color,
  children,
}: {
  icon: LucideIcon;
  color: string;
  children: ReactNode;
}) {
  return (
    <HStack gap="3" color={color}>
      <Icon size={28} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text fontSize="lg" fontWeight="semibold">
        {children}
      </Text>
    </HStack>
  );
}
