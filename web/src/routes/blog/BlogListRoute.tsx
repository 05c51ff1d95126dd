import type { ReactNode } from 'react';
import { Box, Button, Container, Heading, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { FileSearch, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, type Lang } from '@site/content-model';
import { graphql } from '../../gql';
import type { SeoSiteFragment } from '../../gql/graphql';
import { HttpStatus } from '../../app/render-context';
import {
  NOT_ASKED,
  requestLang,
  requestLanguage,
  runQuery,
  settle,
  useReady,
  useRouteData,
} from '../../app/route-data';
import { useLang } from '../../i18n/use-lang';
import { Head } from '../../components/Head';
import { Eyebrow } from '../../components/SectionHeading';
import { TryAgainLink } from '../../components/TryAgainLink';
import { absoluteUrl, useBreadcrumbJsonLd, legalServiceJsonLd, pageTitle } from '../../app/seo';
import { BlogSearch } from './BlogSearch.js';
import { CategoryFilter } from './CategoryFilter.js';
import { Pagination } from './Pagination.js';
import { PostCard, PostCardSkeleton } from './PostCard.js';
import { blogAlternates, blogHref, parseBlogParams, POSTS_PER_PAGE, type BlogParams } from './blog-params.js';

const BlogCategories = graphql(`
  query BlogCategories($language: Language = EN) {
    site(language: $language) {
      ...SeoSite
    }
    categories(language: $language) {
      id
      name
      slug
      count
    }
  }
`);

const BlogPosts = graphql(`
  query BlogPosts(
    $first: Int!
    $page: Int!
    $search: String
    $categorySlug: String
    $language: Language = EN
  ) {
    posts(first: $first, page: $page, search: $search, categorySlug: $categorySlug, language: $language) {
      totalCount
      totalPages
      page
      category {
        id
        name
        slug
        count
      }
      nodes {
        ...PostCard
      }
    }
  }
`);

/** Cards in the first row of the widest grid load at once; the rest wait until they scroll near. */
const EAGER_CARDS = 3;

function BlogHead(props: {
  site: SeoSiteFragment;
  params: BlogParams;
  categoryName: string | null;
  noindex: boolean;
}) {
  const { site, params } = props;
  const { t } = useTranslation('blog');
  const lang = useLang();
  const page = params.page ?? 1;
  let title = props.categoryName ? t('seo.categoryTitle', { category: props.categoryName }) : t('seo.title');
  if (params.q) title = t('seo.searchTitle', { q: params.q });
  if (page > 1) title = t('seo.pageTitle', { title, page });
  const description = props.categoryName
    ? t('seo.categoryDescription', { category: props.categoryName.toLowerCase(), name: site.name })
    : t('seo.description', { name: site.name });
  // The English address: the server moves a Hindi page's canonical under /hi itself.
  const canonical = absoluteUrl(site, blogHref({ page, category: params.category }));
  return (
    <Head
      title={pageTitle(title, site.name)}
      description={description}
      canonical={canonical}
      // A search result is a view of other pages: followed, not indexed.
      robots={params.q || props.noindex ? 'noindex, follow' : undefined}
      jsonLd={[
        legalServiceJsonLd(site),
        useBreadcrumbJsonLd(site, [{ name: t('page:breadcrumbs.blog'), path: blogHref({}, lang) }]),
      ]}
    />
  );
}

function Message(props: {
  icon: ReactNode;
  title: string;
  text: string;
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="16" px="4" role={props.alert ? 'alert' : 'status'}>
      <Box color="brand.300">{props.icon}</Box>
      <Heading as="h2" fontSize="2xl" fontFamily="heading" color="brand.800">
        {props.title}
      </Heading>
      <Text color="gray.700">{props.text}</Text>
      {props.children}
    </Stack>
  );
}

export function loader({ context, params: routeParams, request }: LoaderFunctionArgs) {
  const params = parseBlogParams(routeParams.page, new URL(request.url).searchParams);
  // brief §10: /blog lists the English posts, /hi/blog the Hindi ones.
  const language = requestLanguage(request);
  return settle({
    params,
    meta: runQuery(context, BlogCategories, { language }),
    posts:
      params.page === null
        ? NOT_ASKED // a path that names no list page asks for no posts
        : runQuery(context, BlogPosts, {
            first: POSTS_PER_PAGE,
            page: params.page,
            search: params.q || undefined,
            categorySlug: params.category || undefined,
            language,
          }),
    alternates: blogAlternates(requestLang(request), params.page),
  });
}

export function Component() {
  const data = useRouteData<typeof loader>();
  const { params } = data;
  const { q, category } = params;
  const page = params.page ?? 1;

  const { t } = useTranslation('blog');
  const lang = useLang();
  const other: Lang = lang === 'en' ? 'hi' : 'en';
  const meta = useReady(data.meta);
  const posts = useReady(data.posts);

  const site = meta?.data?.site;
  const list = posts?.data?.posts;
  const listed = meta?.data?.categories ?? [];
  // The chips list 50 categories with posts in the page's language; one past those that the visitor
  // came to (from a post) joins them, counting what the list holds (its count is of every language's
  // posts), or nothing while a search narrows the list.
  const categories =
    list?.category && !listed.some((c) => c.slug === list.category?.slug)
      ? [...listed, { ...list.category, count: q ? 0 : list.totalCount }]
      : listed;
  const categoryName = list?.category?.name ?? listed.find((c) => c.slug === category)?.name ?? null;
  const failed = !list && Boolean(posts?.error);
  const loading = !list && !failed && params.page !== null;
  // A page past the end, a path that names no page, or an unknown category is not a page of this blog.
  const unknownCategory = category !== '' && !!list && list.category === null;
  const missing = params.page === null || unknownCategory || (!!list && page > Math.max(1, list.totalPages));

  let body: ReactNode;
  if (failed) {
    body = (
      <Message
        icon={<TriangleAlert size={48} aria-hidden="true" />}
        title={t('failed.title')}
        text={t('failed.text')}
        alert
      >
        <TryAgainLink mt="2" />
      </Message>
    );
  } else if (loading) {
    body = (
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '6', md: '8' }} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <PostCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (!list || list.nodes.length === 0 || missing) {
    body = (
      <Message
        icon={<FileSearch size={48} aria-hidden="true" />}
        title={t('empty.title')}
        text={t('empty.text')}
      >
        {(q || category || page > 1) && (
          <Button asChild variant="outline" colorPalette="brand" mt="2">
            <Link to={blogHref({}, lang)}>{t('empty.showAll')}</Link>
          </Button>
        )}
      </Message>
    );
  } else {
    body = (
      <>
        <Text aria-live="polite" color="gray.600" mb="6" textAlign="center">
          {q
            ? t('countFound', { count: list.totalCount, q })
            : categoryName
              ? t('countIn', { count: list.totalCount, category: categoryName })
              : t('count', { count: list.totalCount })}
          {list.totalPages > 1 ? ` · ${t('pageOf', { page, total: list.totalPages })}` : ''}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '6', md: '8' }}>
          {list.nodes.map((post, i) => (
            <PostCard key={post.id} post={post} eager={i < EAGER_CARDS} />
          ))}
        </SimpleGrid>
        <Pagination page={page} totalPages={list.totalPages} q={q} category={category} />
      </>
    );
  }

  return (
    <>
      {(failed || missing) && <HttpStatus code={failed ? 503 : 404} />}
      {site && (
        <BlogHead site={site} params={params} categoryName={categoryName} noindex={failed || missing} />
      )}
      <Box
        as="section"
        aria-labelledby="blog-title"
        bg="brand.800"
        color="white"
        py={{ base: '12', md: '20' }}
      >
        <Container maxW="7xl" textAlign="center">
          <Eyebrow color="gold.300">{t('eyebrow')}</Eyebrow>
          <Heading
            id="blog-title"
            as="h1"
            fontFamily="heading"
            fontSize={{ base: '3xl', md: '5xl' }}
            lineHeight="1.15"
            mt="2"
          >
            {t('heading')}
          </Heading>
          <Text maxW="2xl" mx="auto" mt="4" mb="8" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
            {t('intro', { name: site?.name ?? t('ourFirm') })}
          </Text>
          <BlogSearch q={q} category={category} />
          {/* The link to the other language's list, in that language (brief §10). */}
          <Text mt="6" fontWeight="semibold">
            <chakra.a
              href={blogHref({}, other)}
              hrefLang={HTML_LANG[other]}
              lang={HTML_LANG[other]}
              color="gold.300"
              textDecoration="underline"
              textUnderlineOffset="3px"
              _hover={{ color: 'white' }}
            >
              {t('thisLanguageList', { lng: other })}
            </chakra.a>
          </Text>
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <Box mb={{ base: '8', md: '10' }}>
          <CategoryFilter categories={categories} active={category} q={q} />
        </Box>
        {body}
      </Container>
    </>
  );
}
