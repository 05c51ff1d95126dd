import type { ReactNode } from 'react';
import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { FileSearch, TriangleAlert } from 'lucide-react';
import { graphql } from '../../gql';
import type { SeoSiteFragment } from '../../gql/graphql';
import { HttpStatus } from '../../app/render-context';
import { NOT_ASKED, runQuery, settle, useReady, useRouteData } from '../../app/route-data';
import { Head } from '../../components/Head';
import { TryAgainLink } from '../../components/TryAgainLink';
import { absoluteUrl, breadcrumbJsonLd, legalServiceJsonLd, pageTitle } from '../../app/seo';
import { BlogSearch } from './BlogSearch.js';
import { CategoryFilter } from './CategoryFilter.js';
import { Pagination } from './Pagination.js';
import { PostCard, PostCardSkeleton } from './PostCard.js';
import { blogHref, parseBlogParams, POSTS_PER_PAGE, type BlogParams } from './blog-params.js';

const BlogCategories = graphql(`
  query BlogCategories {
    site {
      ...SeoSite
    }
    categories {
      id
      name
      slug
      count
    }
  }
`);

const BlogPosts = graphql(`
  query BlogPosts($first: Int!, $page: Int!, $search: String, $categorySlug: String) {
    posts(first: $first, page: $page, search: $search, categorySlug: $categorySlug) {
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
  const page = params.page ?? 1;
  let title = props.categoryName ? `${props.categoryName} Articles` : 'Legal Blog';
  if (params.q) title = `Search results for "${params.q}"`;
  if (page > 1) title = `${title} – Page ${page}`;
  const description = props.categoryName
    ? `Articles on ${props.categoryName.toLowerCase()} from the lawyers of ${site.name}, Ghaziabad.`
    : `Plain-language articles on criminal defence, bail, family law and divorce in India from the lawyers of ${site.name}, Ghaziabad.`;
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
        breadcrumbJsonLd(site, [
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
        ]),
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
  return settle(context, {
    meta: runQuery(context, BlogCategories),
    posts:
      params.page === null
        ? NOT_ASKED // a path that names no list page asks for no posts
        : runQuery(context, BlogPosts, {
            first: POSTS_PER_PAGE,
            page: params.page,
            search: params.q || undefined,
            categorySlug: params.category || undefined,
          }),
  });
}

export function Component() {
  const routeParams = useParams();
  const [searchParams] = useSearchParams();
  const params = parseBlogParams(routeParams.page, searchParams);
  const { q, category } = params;
  const page = params.page ?? 1;

  const data = useRouteData<typeof loader>();
  const meta = useReady(data.meta);
  const posts = useReady(data.posts);

  const site = meta?.data?.site;
  const list = posts?.data?.posts;
  const listed = meta?.data?.categories ?? [];
  // The chips list 50 categories; one past those that the visitor came to (from a post) joins them.
  const categories =
    list?.category && !listed.some((c) => c.slug === list.category?.slug)
      ? [...listed, list.category]
      : listed;
  const categoryName = list?.category?.name ?? listed.find((c) => c.slug === category)?.name ?? null;
  const failed = !list && Boolean(posts?.error);
  const loading = !list && !failed && params.page !== null;
  // A page past the end, a path that names no page, or an unknown category is not a page of this blog.
  const unknownCategory = category !== '' && list !== undefined && list !== null && list.category === null;
  const missing =
    params.page === null ||
    unknownCategory ||
    (list !== undefined && list !== null && page > Math.max(1, list.totalPages));

  let body: ReactNode;
  if (failed) {
    body = (
      <Message
        icon={<TriangleAlert size={48} aria-hidden="true" />}
        title="Failed to load articles"
        text="There was an error loading the blog posts from WordPress."
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
        title="No articles found"
        text="Try adjusting your search or filter criteria"
      >
        {(q || category || page > 1) && (
          <Button asChild variant="outline" colorPalette="brand" mt="2">
            <Link to="/blog">Show all articles</Link>
          </Button>
        )}
      </Message>
    );
  } else {
    body = (
      <>
        <Text aria-live="polite" color="gray.600" mb="6" textAlign="center">
          {q
            ? `${list.totalCount} ${list.totalCount === 1 ? 'article' : 'articles'} found for "${q}"`
            : `${list.totalCount} ${list.totalCount === 1 ? 'article' : 'articles'}${categoryName ? ` in ${categoryName}` : ''}`}
          {list.totalPages > 1 ? ` · page ${page} of ${list.totalPages}` : ''}
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
          <Text
            color="gold.300"
            fontWeight="semibold"
            textTransform="uppercase"
            letterSpacing="wider"
            fontSize="sm"
          >
            Our Blog
          </Text>
          <Heading
            id="blog-title"
            as="h1"
            fontFamily="heading"
            fontSize={{ base: '3xl', md: '5xl' }}
            lineHeight="1.15"
            mt="2"
          >
            {'Legal Insights & Guidance'}
          </Heading>
          <Text maxW="2xl" mx="auto" mt="4" mb="8" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
            Plain-language articles on criminal defence, bail, divorce and family law in India, written by the
            lawyers of {site?.name ?? 'our firm'}.
          </Text>
          <BlogSearch q={q} category={category} />
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
