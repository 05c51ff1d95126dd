import { Box, Button, Container, Flex, Grid, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import type { ButtonProps } from '@chakra-ui/react';
import { Link, useLocation, type LoaderFunctionArgs } from 'react-router';
import { splitLangPath } from '@site/content-model';
import { CalendarCheck, ChevronRight, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { PracticeAreaArticleFragment, PracticeSiteFragment } from '../../gql/graphql';
import { requestLanguage, runQuery, useReady, useRouteData } from '../../app/route-data.js';
import { useLang, useLocalize } from '../../i18n/use-lang.js';
import { contentAlternates, useContentLang } from '../../components/article/content-lang.js';
import { absoluteUrl, useBreadcrumbJsonLd, legalServiceJsonLd } from '../../app/seo.js';
import { ArticleFrame, ArticleHead, ArticleNotFound } from '../../components/article/ArticleFrame.js';
import { IconByName } from '../../components/IconByName.js';
import { Prose } from '../../components/Prose.js';
import { renderWhenNear } from '../../components/render-when-near.js';
import { FeatureCard } from '../../components/article/FeatureCard.js';
import { Eyebrow, SectionHeading } from '../../components/SectionHeading.js';

graphql(`
  fragment PracticeAreaArticle on PracticeArea {
    slug
    title
    description
    icon
    link
    contentHtml
    language
    translations {
      language
      uri
    }
    heroSubtitle
    servicesTitle
    services {
      icon
      title
      description
    }
    whyChooseTitle
    whyChooseUs {
      icon
      title
      description
    }
    featuredImage {
      url
      alt
      width
      height
      srcSet
    }
    seo {
      ...ArticleSeo
    }
  }
`);

graphql(`
  fragment PracticeSite on Site {
    ...SeoSite
    phoneHref
    whatsappUrl
  }
`);

const PracticeAreaPageQueryDoc = graphql(`
  query PracticeAreaPage($slug: String!, $language: Language = EN) {
    site(language: $language) {
      ...PracticeSite
    }
    practiceArea(slug: $slug, language: $language) {
      ...PracticeAreaArticle
    }
  }
`);

type Site = PracticeSiteFragment;
type Area = PracticeAreaArticleFragment;

export interface PracticeAreaPageProps {
  /**
   * 'seo': the canonical the gateway merged from WordPress SEO fields (practice pages);
   * 'link': always the area's own page, for the addresses that duplicate it (/practice/{slug}).
   */
  canonical: 'seo' | 'link';
}

const StyledLink = chakra(Link);
const crumbLinkStyles = {
  color: 'gray.200',
  _hover: { color: 'gold.300', textDecoration: 'underline' },
} as const;

function Breadcrumbs({ title, titleLang }: { title: string; titleLang?: string }) {
  const { t } = useTranslation('page');
  const localize = useLocalize();
  return (
    <chakra.nav aria-label={t('breadcrumbs.label')} fontSize="sm" mb="3" mt={{ base: '-2', md: '-3' }}>
      <chakra.ol display="flex" flexWrap="wrap" alignItems="center" gap="1" listStyleType="none">
        <li>
          <StyledLink to={localize('/')} {...crumbLinkStyles}>
            {t('breadcrumbs.home')}
          </StyledLink>
        </li>
        <chakra.li display="inline-flex" alignItems="center" gap="1">
          <ChevronRight size={14} aria-hidden="true" />
          <StyledLink to={localize('/practice-areas/')} {...crumbLinkStyles}>
            {t('breadcrumbs.practiceAreas')}
          </StyledLink>
        </chakra.li>
        <chakra.li display="inline-flex" alignItems="center" gap="1" color="gold.200">
          <ChevronRight size={14} aria-hidden="true" />
          <span aria-current="page" lang={titleLang}>
            {title}
          </span>
        </chakra.li>
      </chakra.ol>
    </chakra.nav>
  );
}

function CallButton({ site, ...props }: ButtonProps & { site: Site }) {
  const { t } = useTranslation('practice');
  return (
    <Button asChild size="lg" {...props}>
      <a href={site.phoneHref}>
        <Phone aria-hidden="true" />
        {t('call', { phone: site.phone })}
      </a>
    </Button>
  );
}

/** To the home page's contact form, told which practice area the visitor was reading about. */
function ConsultationButton({ area, ...props }: ButtonProps & { area: Area }) {
  const { t } = useTranslation('practice');
  const localize = useLocalize();
  return (
    <Button asChild size="lg" variant="outline" {...props}>
      <Link to={localize(`/contact-us/?practice=${encodeURIComponent(area.slug)}`)}>
        <CalendarCheck aria-hidden="true" />
        {t('freeConsultation')}
      </Link>
    </Button>
  );
}

/**
 * A practice area mixes the built-in copy, in the page's language, with what the firm wrote in
 * WordPress, in its own: each text is told by its script (brief §10).
 */
function useTextLang(): (...texts: Array<string | null | undefined>) => string | undefined {
  const contentLang = useContentLang();
  return (...texts) => contentLang({ text: texts.filter(Boolean).join(' ') });
}

function Hero({ area, site }: { area: Area; site: Site }) {
  const textLang = useTextLang();
  const image = area.featuredImage;
  const lead = area.heroSubtitle ?? area.description;
  return (
    <Box
      as="section"
      aria-labelledby="practice-title"
      bg="brand.900"
      color="white"
      position="relative"
      overflow="hidden"
    >
      <Box
        position="absolute"
        inset="0"
        bgImage="radial-gradient(circle at 85% 20%, rgba(201,162,39,0.18), transparent 45%)"
        aria-hidden="true"
      />
      <Container maxW="7xl" position="relative" py={{ base: '10', md: '16', lg: '20' }}>
        <Breadcrumbs title={area.title} titleLang={textLang(area.title)} />
        <Grid
          templateColumns={{ base: '1fr', lg: image ? '3fr 2fr' : '1fr' }}
          gap={{ base: '8', lg: '12' }}
          alignItems="center"
        >
          <Stack gap="5" maxW="3xl">
            <Flex
              boxSize="14"
              borderRadius="lg"
              bg="gold.500"
              color="brand.950"
              align="center"
              justify="center"
            >
              <IconByName name={area.icon} size={28} />
            </Flex>
            <Heading
              as="h1"
              id="practice-title"
              fontFamily="heading"
              fontSize={{ base: '3xl', md: '5xl' }}
              lineHeight="1.15"
              color="white"
              lang={textLang(area.title)}
              dir="auto"
            >
              {area.title}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.100" lang={textLang(lead)}>
              {lead}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2">
              <CallButton
                site={site}
                bg="gold.500"
                color="brand.950"
                _hover={{ bg: 'gold.400' }}
                fontWeight="bold"
              />
              <ConsultationButton
                area={area}
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
              />
            </Stack>
          </Stack>
          {image && (
            <chakra.img
              src={image.url}
              srcSet={image.srcSet ?? undefined}
              sizes="(min-width: 80rem) 480px, (min-width: 62rem) 38vw, 100vw"
              htmlWidth={image.width ?? undefined}
              htmlHeight={image.height ?? undefined}
              alt={image.alt}
              fetchPriority="high"
              w="full"
              h="auto"
              maxH={{ base: '20rem', lg: '26rem' }}
              objectFit="cover"
              borderRadius="xl"
              boxShadow="2xl"
              bg="brand.800"
            />
          )}
        </Grid>
      </Container>
    </Box>
  );
}

function CtaBand({ area, site }: { area: Area; site: Site }) {
  const { t } = useTranslation('practice');
  return (
    <Box
      as="section"
      aria-labelledby="practice-cta-title"
      bg="gold.50"
      borderTopWidth="1px"
      borderColor="gold.200"
      {...renderWhenNear('400px')}
    >
      <Container maxW="5xl" py={{ base: '12', md: '16' }} textAlign="center">
        <Heading
          as="h2"
          id="practice-cta-title"
          fontFamily="heading"
          color="brand.800"
          fontSize={{ base: '2xl', md: '3xl' }}
        >
          {t('cta.title', { title: area.title })}
        </Heading>
        <Text color="gray.700" fontSize={{ base: 'md', md: 'lg' }} mt="3" maxW="2xl" mx="auto">
          {t('cta.text')}
        </Text>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="center" mt="8">
          <CallButton site={site} colorPalette="brand" />
          <Button asChild size="lg" bg="#1a7f4b" color="white" _hover={{ bg: '#156b3f' }}>
            <a href={site.whatsappUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              {t('whatsapp')}
              <chakra.span srOnly>{` (${t('opensInNewTab')})`}</chakra.span>
            </a>
          </Button>
          <ConsultationButton area={area} colorPalette="brand" borderColor="brand.800" bg="white" />
        </Stack>
      </Container>
    </Box>
  );
}

function PracticeHead({ area, site, canonical }: { area: Area; site: Site; canonical: 'seo' | 'link' }) {
  const { t } = useTranslation('page');
  const localize = useLocalize();
  const url = canonical === 'seo' && area.seo.canonical ? area.seo.canonical : absoluteUrl(site, area.link);
  return (
    <ArticleHead
      siteName={site.name}
      seo={area.seo}
      title={area.title}
      canonical={url}
      ogImage={area.seo.ogImage ?? absoluteUrl(site, '/images/hero-1200x675.jpg')}
      jsonLd={[
        useBreadcrumbJsonLd(site, [
          { name: t('breadcrumbs.practiceAreas'), path: localize('/practice-areas/') },
          { name: area.title, path: url },
        ]),
        { ...legalServiceJsonLd(site), knowsAbout: area.title },
      ]}
    />
  );
}

/** The loader of both practice-area addresses (/practice-areas/{slug}/ and /practice/{slug}). */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  // brief §10: the built-in copy comes in the page's language.
  const language = requestLanguage(request);
  const area = await runQuery(context, PracticeAreaPageQueryDoc, { slug: params.slug ?? '', language });
  const found = area.data?.practiceArea;
  return {
    area,
    // An area WordPress links to a translation: the switcher and hreflang lead there; else to the
    // same address in the other language, where the built-in copy is in that language.
    alternates:
      found && found.translations.length > 0 ? contentAlternates({ ...found, uri: found.link }) : null,
  };
}

/**
 * A practice-area page: built-in content with WordPress content inserted where the firm has written
 * it. /practice-areas/{slug}: the canonical address of a practice area. /practice/{slug}: practice
 * areas written in WordPress as `practice_area` posts, the same page; its canonical is always the
 * area's own link, so a built-in area reached there does not compete with its page.
 */
export function Component() {
  const { t } = useTranslation('practice');
  const lang = useLang();
  const localize = useLocalize();
  const canonical = splitLangPath(useLocation().pathname).path.startsWith('/practice/') ? 'link' : 'seo';
  return (
    <ArticleFrame
      outcome={useReady(useRouteData<typeof loader>().area)}
      loading={t('loading')}
      select={(data) => data.practiceArea}
      missing={(error, data) => (
        <ArticleNotFound
          what="practiceArea"
          // The gateway's message is English: a Hindi page says it in Hindi.
          error={error && (lang === 'en' ? error : t('loadFailed'))}
          siteName={data?.site.name}
          description={t('notFoundDescription')}
        >
          <Button asChild variant="outline" colorPalette="brand" size="lg">
            <Link to={localize('/practice-areas/')}>{t('seeAll')}</Link>
          </Button>
        </ArticleNotFound>
      )}
    >
      {(area, data) => <PracticeAreaView area={area} site={data.site} canonical={canonical} />}
    </ArticleFrame>
  );
}

/** A practice area's page, for its loader's answer or a preview's (routes/preview/). */
export function PracticeAreaView({
  area,
  site,
  canonical,
}: { area: Area; site: Site } & PracticeAreaPageProps) {
  const { t } = useTranslation('practice');
  const contentLang = useContentLang();
  const textLang = useTextLang();
  return (
    <>
      <PracticeHead area={area} site={site} canonical={canonical} />
      <Hero area={area} site={site} />
      <Box as="section" aria-label={t('about', { title: area.title })} py={{ base: '12', md: '16' }}>
        <Container maxW="7xl">
          {area.contentHtml ? (
            // The body is WordPress's, in the language WordPress gives it.
            <Prose html={area.contentHtml} mx="auto" lang={contentLang(area.language)} />
          ) : (
            <Text
              maxW="70ch"
              mx="auto"
              fontSize={{ base: 'md', md: 'lg' }}
              lineHeight="1.7"
              color="gray.800"
              lang={textLang(area.description)}
            >
              {area.description}
            </Text>
          )}
        </Container>
      </Box>
      {area.services.length > 0 && (
        <Box
          as="section"
          aria-labelledby="practice-services-title"
          py={{ base: '12', md: '20' }}
          bg="gray.50"
          {...renderWhenNear('1200px')}
        >
          <Container maxW="7xl">
            <SectionHeading
              id="practice-services-title"
              eyebrow={t('howWeHelp')}
              title={area.servicesTitle ?? t('servicesTitle')}
            />
            <Grid
              templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
              gap={{ base: '5', md: '6' }}
            >
              {area.services.map((s) => (
                <FeatureCard key={s.title} {...s} lang={textLang(s.title, s.description)} />
              ))}
            </Grid>
          </Container>
        </Box>
      )}
      {area.whyChooseUs.length > 0 && (
        <Box
          as="section"
          aria-labelledby="practice-why-title"
          py={{ base: '12', md: '20' }}
          bg="brand.800"
          {...renderWhenNear('1000px')}
        >
          <Container maxW="7xl">
            <Box textAlign="center" mb={{ base: '8', md: '12' }}>
              <Eyebrow color="gold.300" mb="2">
                {t('whyChooseUs')}
              </Eyebrow>
              <Heading
                as="h2"
                id="practice-why-title"
                lang={textLang(area.whyChooseTitle)}
                fontFamily="heading"
                color="white"
                fontSize={{ base: '3xl', md: '4xl' }}
                lineHeight="1.2"
              >
                {area.whyChooseTitle ?? t('whyChooseUs')}
              </Heading>
            </Box>
            <Grid
              templateColumns={{
                base: '1fr',
                md: 'repeat(2, 1fr)',
                lg: `repeat(${Math.min(area.whyChooseUs.length, 4)}, 1fr)`,
              }}
              gap={{ base: '5', md: '6' }}
            >
              {area.whyChooseUs.map((w) => (
                <FeatureCard key={w.title} {...w} dark lang={textLang(w.title, w.description)} />
              ))}
            </Grid>
          </Container>
        </Box>
      )}
      <CtaBand area={area} site={site} />
    </>
  );
}
