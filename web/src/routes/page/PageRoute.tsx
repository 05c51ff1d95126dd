import {
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Heading,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { graphql } from '../../gql';
import type { ContentPageQuery, PageImageFragment, SeoSiteFragment } from '../../gql/graphql';
import { withMovedAddress } from '../../app/moved-address';
import {
  mapDeferred,
  runQuery,
  settle,
  useReady,
  useRouteData,
  type QueryOutcome,
} from '../../app/route-data';
import { HttpStatus, MovedTo } from '../../app/render-context';
import { Head } from '../../components/Head';
import { TryAgainLink } from '../../components/TryAgainLink';
import { PageLoading } from '../../components/PageLoading';
import { IconByName } from '../../components/IconByName';
import { Prose } from '../../components/Prose';
import { absoluteUrl, breadcrumbJsonLd, legalServiceJsonLd, pageTitle } from '../../app/seo';

graphql(`
  fragment PageImage on Media {
    url
    alt
    width
    height
    srcSet
  }
`);

const ContentPage = graphql(`
  query ContentPage($slug: String!) {
    site {
      ...SeoSite
    }
    page(slug: $slug) {
      id
      slug
      uri
      title
      contentHtml
      excerpt
      featuredImage {
        ...PageImage
      }
      seo {
        title
        description
        canonical
        ogImage
        twitterTitle
        twitterDescription
        twitterImage
        noindex
      }
      structure {
        heroSubtitle
        heroImage {
          ...PageImage
        }
        servicesTitle
        servicesItems {
          icon
          title
          description
        }
        whyChooseTitle
        whyChooseImage {
          ...PageImage
        }
        whyChooseItems {
          icon
          title
          description
        }
      }
    }
  }
`);

type Page = NonNullable<ContentPageQuery['page']>;

function PageHead({ site, page }: { site: SeoSiteFragment; page: Page }) {
  const canonical = page.seo.canonical || absoluteUrl(site, page.uri);
  const image = page.seo.ogImage ?? (page.featuredImage ? absoluteUrl(site, page.featuredImage.url) : null);
  return (
    <Head
      title={pageTitle(page.seo.title || page.title, site.name)}
      description={page.seo.description || page.excerpt}
      canonical={canonical}
      ogImage={image}
      twitterTitle={page.seo.twitterTitle || undefined}
      twitterDescription={page.seo.twitterDescription || undefined}
      robots={page.seo.noindex ? 'noindex, follow' : undefined}
      twitterImage={page.seo.twitterImage ?? image}
      jsonLd={[
        legalServiceJsonLd(site),
        breadcrumbJsonLd(site, [
          { name: 'Home', path: '/' },
          { name: page.title, path: page.uri },
        ]),
      ]}
    />
  );
}

function PageImg({ image, sizes, eager }: { image: PageImageFragment; sizes: string; eager?: boolean }) {
  return (
    <chakra.img
      src={image.url}
      srcSet={image.srcSet ?? undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width ?? 1200}
      height={image.height ?? 800}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      w="full"
      h="auto"
      borderRadius="xl"
      boxShadow="lg"
    />
  );
}

function NotFound({ error, siteName }: { error: string | null; siteName?: string }) {
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }} textAlign="center">
      <HttpStatus code={error ? 503 : 404} />
      <Head
        title={siteName ? pageTitle('Page Not Found', siteName) : 'Page Not Found'}
        description=""
        robots="noindex"
      />
      <Heading as="h1" fontFamily="heading" fontSize={{ base: '3xl', md: '4xl' }} color="brand.800" mb="4">
        Page Not Found
      </Heading>
      <Text fontSize="lg" color="gray.700" mb="2">
        The requested page could not be found.
      </Text>
      <Text color="red.700" mb="2">
        {`Error: ${error ?? 'Page not found'}`}
      </Text>
      <Text color="gray.700" mb="8">
        Please check the URL and try again.
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="center" align="center" gap="3">
        {error && <TryAgainLink />}
        <Button asChild colorPalette="brand" variant={error ? 'outline' : 'solid'} size="lg">
          <Link to="/">Back to Home</Link>
        </Button>
      </Stack>
    </Container>
  );
}

export function loader({ context, params, request }: LoaderFunctionArgs) {
  const page = mapDeferred(runQuery(context, ContentPage, { slug: params.slug ?? '' }), (outcome) =>
    // WordPress permalinks of posts are /{slug}/ too: a body link to a post lands here.
    withMovedAddress(
      context,
      request,
      outcome,
      Boolean(outcome.data && !outcome.data.page && !outcome.error),
    ),
  );
  return settle(context, { page });
}

export function Component() {
  const outcome = useReady(useRouteData<typeof loader>().page);
  if (!outcome) return <PageLoading text="Loading page..." />;
  return <ContentPageView outcome={outcome} />;
}

function ContentPageView({
  outcome,
}: {
  outcome: QueryOutcome<ContentPageQuery> & { movedTo: string | null };
}) {
  const page = outcome.data?.page;
  const site = outcome.data?.site;
  if (outcome.movedTo) return <MovedTo to={outcome.movedTo} />;
  if (!page) {
    // brief §8 names the hook's message; the gateway's own text is for the logs, not for visitors.
    return <NotFound error={outcome.error ? 'Failed to fetch page' : null} siteName={site?.name} />;
  }

  const s = page.structure;
  const heroImage = s?.heroImage ?? page.featuredImage;
  return (
    <>
      {site && <PageHead site={site} page={page} />}
      <Box as="section" bg="brand.800" color="white" py={{ base: '12', md: '20' }}>
        <Container maxW="7xl">
          <Grid
            templateColumns={{ base: '1fr', lg: heroImage ? '1.1fr 1fr' : '1fr' }}
            gap={{ base: '8', lg: '14' }}
            alignItems="center"
          >
            <Box
              textAlign={heroImage ? { base: 'center', lg: 'start' } : 'center'}
              maxW={heroImage ? undefined : '3xl'}
              mx={heroImage ? undefined : 'auto'}
            >
              <Heading as="h1" fontFamily="heading" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
                {page.title}
              </Heading>
              <Box
                w="16"
                h="1"
                bg="gold.500"
                borderRadius="full"
                mt="5"
                mx={heroImage ? { base: 'auto', lg: '0' } : 'auto'}
              />
              {s?.heroSubtitle && (
                <Text mt="5" fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900">
                  {s.heroSubtitle}
                </Text>
              )}
            </Box>
            {heroImage && <PageImg image={heroImage} sizes="(min-width: 62em) 560px, 92vw" eager />}
          </Grid>
        </Container>
      </Box>

      {page.contentHtml && (
        <Container maxW="4xl" py={{ base: '10', md: '16' }}>
          <Prose html={page.contentHtml} mx="auto" />
        </Container>
      )}

      {s && s.servicesItems.length > 0 && (
        <Box as="section" aria-labelledby="page-services" bg="gray.50" py={{ base: '12', md: '20' }}>
          <Container maxW="7xl">
            <Heading
              id="page-services"
              as="h2"
              fontFamily="heading"
              fontSize={{ base: '2xl', md: '4xl' }}
              color="brand.800"
              textAlign="center"
              mb={{ base: '8', md: '12' }}
            >
              {s.servicesTitle || 'Our Services'}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '5', md: '8' }}>
              {s.servicesItems.map((item, i) => (
                <Stack
                  key={`${item.title}-${i}`}
                  gap="3"
                  bg="white"
                  borderWidth="1px"
                  borderColor="gray.200"
                  borderRadius="xl"
                  boxShadow="sm"
                  p={{ base: '6', md: '8' }}
                >
                  <Flex
                    boxSize="12"
                    align="center"
                    justify="center"
                    borderRadius="lg"
                    bg="brand.50"
                    color="brand.800"
                  >
                    <IconByName name={item.icon} size={24} />
                  </Flex>
                  <Heading as="h3" fontFamily="heading" fontSize="xl" color="brand.800">
                    {item.title}
                  </Heading>
                  <Text color="gray.700">{item.description}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      )}

      {s && s.whyChooseItems.length > 0 && (
        <Box as="section" aria-labelledby="page-why" py={{ base: '12', md: '20' }}>
          <Container maxW="7xl">
            <Grid
              templateColumns={{ base: '1fr', lg: s.whyChooseImage ? '1fr 1fr' : '1fr' }}
              gap={{ base: '8', lg: '14' }}
              alignItems="center"
            >
              {s.whyChooseImage && <PageImg image={s.whyChooseImage} sizes="(min-width: 62em) 600px, 92vw" />}
              <Box>
                <Heading
                  id="page-why"
                  as="h2"
                  fontFamily="heading"
                  fontSize={{ base: '2xl', md: '4xl' }}
                  color="brand.800"
                  mb="8"
                >
                  {s.whyChooseTitle || 'Why Choose Us'}
                </Heading>
                <Stack as="ul" listStyleType="none" m="0" p="0" gap="6">
                  {s.whyChooseItems.map((item, i) => (
                    <Flex as="li" key={`${item.title}-${i}`} gap="4" align="flex-start">
                      <Flex
                        flexShrink="0"
                        boxSize="11"
                        align="center"
                        justify="center"
                        borderRadius="full"
                        bg="gold.100"
                        color="gold.800"
                      >
                        <IconByName name={item.icon} size={20} />
                      </Flex>
                      <Box>
                        <Heading as="h3" fontSize="lg" color="brand.800" mb="1">
                          {item.title}
                        </Heading>
                        <Text color="gray.700">{item.description}</Text>
                      </Box>
                    </Flex>
                  ))}
                </Stack>
              </Box>
            </Grid>
          </Container>
        </Box>
      )}
    </>
  );
}
