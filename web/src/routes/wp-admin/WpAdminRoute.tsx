import {
  Badge,
  Box,
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
import { ExternalLink } from 'lucide-react';
import { graphql } from '../../gql';
import { Head } from '../../components/Head';
import { pageTitle } from '../../app/seo';
import { runQuery, useReady, useRouteData } from '../../app/route-data';
import { Island } from '../../islands/Island';
import { Card, ConnectionStatus, ExternalAnchor } from './ConnectionStatus';

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

export async function loader({ context }: LoaderFunctionArgs) {
  return { page: await runQuery(context, WpAdminPage) };
}

export function Component() {
  const page = useReady(useRouteData<typeof loader>().page);
  const { pathname, search } = useLocation();
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

          {/* An island: the browser checks the connection live (ConnectionStatus.tsx). */}
          <Island
            name="wp-connection"
            component={ConnectionStatus}
            props={{ action: `${pathname}${search}` }}
          />
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
