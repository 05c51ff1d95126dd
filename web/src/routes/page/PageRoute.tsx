import { Box, Container, Flex, Grid, Heading, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import type { LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { PageArticleFragment, PageImageFragment, SeoSiteFragment } from '../../gql/graphql';
import { withMovedAddress } from '../../app/moved-address';
import { requestLanguage, runQuery, useReady, useRouteData } from '../../app/route-data';
import { useLocalize } from '../../i18n/use-lang';
import { ArticleFrame, ArticleHead, ArticleNotFound } from '../../components/article/ArticleFrame';
import { contentAlternates, useContentLang } from '../../components/article/content-lang';
import { IconByName } from '../../components/IconByName';
import { Prose } from '../../components/Prose';
import { renderWhenNear } from '../../components/render-when-near';
import { FeatureCard } from '../../components/article/FeatureCard';
import { absoluteUrl, useBreadcrumbJsonLd, legalServiceJsonLd } from '../../app/seo';

graphql(`
  fragment PageImage on Media {
    url
    alt
    width
    height
    srcSet
  }
`);

graphql(`
  fragment PageArticle on Page {
    id
    slug
    uri
    title
    contentHtml
    excerpt
    language
    translations {
      language
      uri
    }
    featuredImage {
      ...PageImage
    }
    seo {
      ...ArticleSeo
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
`);

const ContentPage = graphql(`
  query ContentPage($slug: String!, $language: Language = EN) {
    site(language: $language) {
      ...SeoSite
    }
    page(slug: $slug) {
      ...PageArticle
    }
  }
`);

type Page = PageArticleFragment;

function PageHead({ site, page }: { site: SeoSiteFragment; page: Page }) {
  const localize = useLocalize();
  const canonical = page.seo.canonical || absoluteUrl(site, page.uri);
  const image = page.seo.ogImage ?? (page.featuredImage ? absoluteUrl(site, page.featuredImage.url) : null);
  return (
    <ArticleHead
      siteName={site.name}
      seo={page.seo}
      title={page.title}
      description={page.seo.description || page.excerpt}
      canonical={canonical}
      ogImage={image}
      jsonLd={[
        legalServiceJsonLd(site),
        useBreadcrumbJsonLd(site, [{ name: page.title, path: localize(page.uri) }]),
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

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const language = requestLanguage(request);
  const outcome = await runQuery(context, ContentPage, { slug: params.slug ?? '', language });
  const found = outcome.data?.page;
  // WordPress permalinks of posts are /{slug}/ too: a body link to a post lands here.
  const missing = Boolean(outcome.data && !found && !outcome.error);
  return {
    page: await withMovedAddress(context, request, outcome, missing),
    // A page WordPress links to a translation: the switcher and hreflang lead there (brief §10);
    // else to the same address in the other language.
    alternates: found && found.translations.length > 0 ? contentAlternates(found) : null,
  };
}

export function Component() {
  const { t } = useTranslation('page');
  return (
    <ArticleFrame
      outcome={useReady(useRouteData<typeof loader>().page)}
      loading={t('loading')}
      select={(data) => data.page}
      // brief §8 names the hook's message; the gateway's own text is for the logs, not for visitors.
      missing={(error, data) => (
        <ArticleNotFound
          what="page"
          error={error ? t('fetchFailed') : null}
          siteName={data?.site.name}
          hint={t('hint')}
        />
      )}
    >
      {(page, data) => <ContentPageView page={page} site={data.site} />}
    </ArticleFrame>
  );
}

/** A page, for its loader's answer or a preview's (routes/preview/). */
export function ContentPageView({ page, site }: { page: Page; site: SeoSiteFragment }) {
  const { t } = useTranslation('page');
  // The page's texts carry its language when the page around them is in the other (brief §10).
  const contentLang = useContentLang()(page.language);
  const s = page.structure;
  const heroImage = s?.heroImage ?? page.featuredImage;
  return (
    <>
      <PageHead site={site} page={page} />
      <Box as="section" bg="brand.800" color="white" py={{ base: '12', md: '20' }}>
        <Container maxW="7xl">
          <Grid
            templateColumns={{ base: '1fr', lg: heroImage ? '1.1fr 1fr' : '1fr' }}
            gap={{ base: '8', lg: '14' }}
            alignItems="center"
          >
            <Box
              lang={contentLang}
              textAlign={heroImage ? { base: 'center', lg: 'start' } : 'center'}
              maxW={heroImage ? undefined : '3xl'}
              mx={heroImage ? undefined : 'auto'}
            >
              {/* dir="auto": a title in Urdu (or any right-to-left script) reads from the right. */}
              <Heading
                as="h1"
                fontFamily="heading"
                fontSize={{ base: '3xl', md: '5xl' }}
                lineHeight="1.15"
                dir="auto"
              >
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
          <Prose html={page.contentHtml} mx="auto" lang={contentLang} />
        </Container>
      )}

      {s && s.servicesItems.length > 0 && (
        <Box
          as="section"
          aria-labelledby="page-services"
          bg="gray.50"
          py={{ base: '12', md: '20' }}
          {...renderWhenNear('1200px')}
        >
          <Container maxW="7xl">
            <Heading
              id="page-services"
              lang={s.servicesTitle ? contentLang : undefined}
              as="h2"
              fontFamily="heading"
              fontSize={{ base: '2xl', md: '4xl' }}
              color="brand.800"
              textAlign="center"
              mb={{ base: '8', md: '12' }}
            >
              {s.servicesTitle || t('servicesTitle')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '5', md: '8' }} lang={contentLang}>
              {s.servicesItems.map((item, i) => (
                <FeatureCard key={`${item.title}-${i}`} {...item} roomy />
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      )}

      {s && s.whyChooseItems.length > 0 && (
        <Box
          as="section"
          aria-labelledby="page-why"
          py={{ base: '12', md: '20' }}
          {...renderWhenNear('1000px')}
        >
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
                  lang={s.whyChooseTitle ? contentLang : undefined}
                  as="h2"
                  fontFamily="heading"
                  fontSize={{ base: '2xl', md: '4xl' }}
                  color="brand.800"
                  mb="8"
                >
                  {s.whyChooseTitle || t('whyChooseTitle')}
                </Heading>
                <Stack as="ul" listStyleType="none" m="0" p="0" gap="6" lang={contentLang}>
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
