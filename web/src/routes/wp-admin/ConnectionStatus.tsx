// The /wp-admin helper's live part: the connection status with its Refresh, and the WordPress links
// the check finds. An island (web/src/islands/): the server renders it idle, and the browser
// hydrates it alone and runs the check with a GraphQL client it loads then.
import type { FormEvent, ReactNode } from 'react';
import {
  Box,
  Button,
  Flex,
  HStack,
  Heading,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
  chakra,
} from '@chakra-ui/react';
import { CircleCheck, CircleX, Database, ExternalLink, RefreshCw, type LucideIcon } from 'lucide-react';
import { graphql } from '../../gql';
import { formatFirmTime } from '../../app/firm-time';
import { cardStyles } from '../../components/card-styles';
import { useConnectionCheck, type CheckState } from './connection-check';

export const WpAdminConnection = graphql(`
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

export const Card = chakra('section', { base: { ...cardStyles, p: { base: '5', md: '8' } } });

const Mono = chakra('code', {
  base: { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', px: '1', borderRadius: 'sm' },
});

export const ExternalAnchor = chakra('a', {
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
  const connection = check.phase === 'done' ? check.connection : undefined;
  if (!connection && check.phase !== 'failed') {
    return (
      <HStack gap="3">
        <Spinner size="md" color="brand.800" />
        <Text fontSize="lg" fontWeight="semibold">
          Checking connection...
        </Text>
      </HStack>
    );
  }
  if (connection?.status === 'CONNECTED') {
    return (
      <StatusHeading icon={CircleCheck} color="green.700">
        Connected to WordPress
      </StatusHeading>
    );
  }
  if (connection?.status === 'EMBEDDED') {
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
  // The check failed, or the gateway could not reach WordPress.
  return (
    <Stack gap="2">
      <StatusHeading icon={CircleX} color="red.700">
        Connection failed
      </StatusHeading>
      {check.phase === 'failed' ? (
        <>
          <Text color="gray.800">{check.reason}</Text>
          <Text color="gray.700">
            Check that the site&apos;s content gateway is running, then press Refresh.
          </Text>
        </>
      ) : (
        <Text color="gray.700">Please check your WordPress setup and ensure the REST API is accessible.</Text>
      )}
    </Stack>
  );
}

/** The connection status and the WordPress links; `action` is the page's own address (Refresh without JavaScript reloads it). */
export function ConnectionStatus({ action }: { action: string }) {
  const check = useConnectionCheck(WpAdminConnection);
  const checking = check.phase === 'checking';
  const connection = check.phase === 'done' ? check.connection : undefined;
  // Without scripts the form reloads the page; with them it checks again in place.
  const onRefresh = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checking) check.refresh();
  };
  return (
    <>
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
          <form method="get" action={action} onSubmit={onRefresh}>
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
            <Detail label="Checked at">{formatFirmTime(connection.checkedAt, 'medium')}</Detail>
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
          {[
            { label: 'Practice areas API:', endpoint: connection?.practiceAreasEndpoint },
            { label: 'Pages API:', endpoint: connection?.pagesEndpoint },
          ].map(({ label, endpoint }) => (
            <li key={label}>
              <Text as="span" fontWeight="semibold" color="gray.700" me="2">
                {label}
              </Text>
              {endpoint ? (
                <ExternalAnchor href={endpoint} target="_blank" rel="noopener noreferrer">
                  {endpoint}
                  <ExternalLink size={14} aria-hidden="true" />
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </ExternalAnchor>
              ) : (
                <Text as="span" color="gray.600">
                  not available
                </Text>
              )}
            </li>
          ))}
        </Stack>
      </Card>
    </>
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
