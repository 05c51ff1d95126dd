import type { ComponentProps } from 'react';
import { Box, Container, Grid, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { ArrowLeft, Calendar, Clock, User } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { PostArticleFragment, PostPageQuery, SeoSiteFragment } from '../../gql/graphql';
import { withMovedAddress } from '../../app/moved-address';
import { NOT_ASKED, requestLanguage, runQuery, useReady, useRouteData } from '../../app/route-data';
import { useLang, useLocalize } from '../../i18n/use-lang';
import { ArticleFrame, ArticleHead, ArticleStatus } from '../../components/article/ArticleFrame';
import { contentAlternates, langOf, useContentLang } from '../../components/article/content-lang';
import { TryAgainLink } from '../../components/TryAgainLink';
import { Prose } from '../../components/Prose';
import { CLEAR_OF_CONTACT_BUTTONS_7XL } from '../../components/layout/contact-buttons-space';
import { absoluteUrl, useBreadcrumbJsonLd } from '../../app/seo';
import { FeaturedImage } from './FeaturedImage.js';
import { PostBanner } from './PostBanner.js';
import { RecentPosts, RecentPostsQuery } from './RecentPosts.js';
import { TableOfContents } from './TableOfContents.js';
import { blogPostingJsonLd } from './post-jsonld.js';
import { postDate } from './post-date.js';

graphql(`
  fragment PostArticle on Post {
    id
    slug
    uri
    title
    date
    dateFormatted
    modified
    readingTimeMinutes
    authorName
    contentHtml
    passwordProtected
    language
    translations {
      language
      uri
    }
    toc {
      id
      text
      level
    }
    featuredImage {
      ...FeaturedImage
    }
    seo {
      ...ArticleSeo
    }
    banner {
      ...PostBanner
    }
  }
`);

const PostPage = graphql(`
  query PostPage($slug: String!, $language: Language = EN) {
    site(language: $language) {
      ...SeoSite
      defaultImage {
        ...FeaturedImage
      }
    }
    post(slug: $slug) {
      ...PostArticle
    }
  }
`);

type Post = PostArticleFragment;

const BackLinkBase = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    minH: '11',
    fontWeight: 'semibold',
    color: 'brand.800',
    _hover: { color: 'gold.700', textDecoration: 'underline' },
  },
});

function BackLink(props: { mb?: ComponentProps<typeof BackLinkBase>['mb'] }) {
  const { t } = useTranslation('post');
  const localize = useLocalize();
  return (
    <BackLinkBase to={localize('/blog')} data-print="hide" {...props}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('backToBlog')}
    </BackLinkBase>
  );
}

function PostHead({ site, post }: { site: SeoSiteFragment; post: Post }) {
  const { t } = useTranslation('post');
  const localize = useLocalize();
  const image = post.seo.ogImage ?? absoluteUrl(site, post.featuredImage.url);
  return (
    <ArticleHead
      siteName={site.name}
      seo={post.seo}
      title={post.title}
      ogType="article"
      ogImage={image}
      jsonLd={[
        blogPostingJsonLd(site, {
          title: post.title,
          description: post.seo.description,
          date: post.date,
          modified: post.modified,
          authorName: post.authorName,
          canonical: post.seo.canonical,
          imageUrl: image,
          // The post's own language, whatever the page's (brief §10).
          language: langOf(post.language),
        }),
        useBreadcrumbJsonLd(site, [
          { name: t('page:breadcrumbs.blog'), path: localize('/blog') },
          { name: post.title, path: localize(post.uri) },
        ]),
      ]}
    />
  );
}

/**
 * Where the header's switcher and hreflang lead from a post (brief §10): the post in its own
 * language and its translation in the other. Without a translation, none: the same post with the
 * other language's site around it (the address's twin) is the nearest page.
 */
export function postAlternates(post: Pick<Post, 'uri' | 'language' | 'translations'>) {
  return post.translations.length > 0 ? contentAlternates(post) : null;
}

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const slug = params.postSlug ?? params.slug ?? '';
  const language = requestLanguage(request);
  const outcome = await runQuery(context, PostPage, { slug, language });
  const post = outcome.data?.post;
  // A missing post at /{parent}/{child}/ or /category/{slug}/ (WordPress's addresses of a child
  // page and of a category archive) is looked up as such; not at /blog/{slug}.
  const missing = Boolean(outcome.data && !post && !outcome.error && params.postSlug !== undefined);
  return {
    page: await withMovedAddress(context, request, outcome, missing),
    // Asked once the post is known: an address that names no post costs WordPress nothing more.
    // In the page's language, like the blog list the page links back to.
    recent: post
      ? await runQuery(context, RecentPostsQuery, { excludeSlug: post.slug, language })
      : NOT_ASKED,
    alternates: post ? postAlternates(post) : null,
  };
}

export function Component() {
  const { page, recent } = useRouteData<typeof loader>();
  const { t } = useTranslation('post');
  return (
    <ArticleFrame
      outcome={useReady(page)}
      loading={t('loading')}
      select={(data) => data.post}
      missing={(error, data) => (
        <ArticleStatus
          code={error ? 503 : 404}
          title={error ? t('failed.title') : t('notFound.title')}
          siteName={data?.site.name}
          heading={error ? t('failed.heading') : t('notFound.heading')}
        >
          <Stack align="center" gap="4" mt="2">
            {/* A post that could not be loaded may load on a second try; a missing one will not. */}
            {error && <TryAgainLink />}
            <BackLink />
          </Stack>
        </ArticleStatus>
      )}
    >
      {(post, data) => <PostView post={post} site={data.site} recent={recent} />}
    </ArticleFrame>
  );
}

/** A post's page, for its loader's answer or a preview's (routes/preview/). */
export function PostView({
  post,
  site,
  recent,
}: {
  post: Post;
  site: PostPageQuery['site'];
  recent: Parameters<typeof RecentPosts>[0]['recent'];
}) {
  const { t } = useTranslation('post');
  const lang = useLang();
  const localize = useLocalize();
  // The post's title, body, banner and contents carry its language when the page's differs.
  const contentLang = useContentLang()(post.language);
  return (
    <>
      <PostHead site={site} post={post} />
      <PostBanner banner={post.banner} lang={contentLang} />
      <Container maxW="7xl" py={{ base: '6', md: '10' }} pe={{ lg: CLEAR_OF_CONTACT_BUTTONS_7XL }}>
        <BackLink mb={{ base: '4', md: '6' }} />
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem' }}
          gap={{ base: '10', lg: '12' }}
          alignItems="start"
        >
          <Box as="article" minW="0" maxW="3xl">
            <Heading
              as="h1"
              fontFamily="heading"
              color="brand.800"
              fontSize={{ base: '3xl', md: '4xl' }}
              lineHeight="1.2"
              lang={contentLang}
              // A title in Urdu (or any right-to-left script) reads from the right; others as before.
              dir="auto"
            >
              {post.title}
            </Heading>
            <HStack gap={{ base: '4', md: '6' }} wrap="wrap" color="gray.600" fontSize="sm" mt="4" mb="6">
              <HStack gap="1.5">
                <Calendar size={16} aria-hidden="true" />
                <time dateTime={post.date}>{postDate(post, lang)}</time>
              </HStack>
              <HStack gap="1.5">
                <Clock size={16} aria-hidden="true" />
                <span>{t('readingTime', { count: post.readingTimeMinutes })}</span>
              </HStack>
              {post.authorName && (
                <HStack gap="1.5">
                  <User size={16} aria-hidden="true" />
                  <span>{post.authorName}</span>
                </HStack>
              )}
            </HStack>
            <FeaturedImage image={post.featuredImage} fallback={site.defaultImage} />
            {post.passwordProtected ? (
              <Text
                mt={{ base: '8', md: '10' }}
                p="5"
                bg="gray.50"
                borderRadius="lg"
                color="gray.800"
                css={{ '& a': { color: 'brand.700', textDecoration: 'underline' } }}
              >
                <Trans
                  t={t}
                  i18nKey="protected"
                  // Not <link>: i18next's parser knows it as an element without content.
                  components={{ contact: <Link to={localize('/contact-us/')} /> }}
                />
              </Text>
            ) : (
              <Prose html={post.contentHtml} mt={{ base: '8', md: '10' }} maxW="none" lang={contentLang} />
            )}
            <Box borderTopWidth="1px" borderColor="gray.200" mt="12" pt="6">
              <BackLink />
            </Box>
          </Box>
          {/* On wide screens the sidebar stays in view; when it is taller than the window, the contents
              and the recent posts each scroll inside it, sharing the height in proportion. */}
          <Stack
            as="aside"
            aria-label={t('sidebar')}
            // The contents and the recent posts are for the screen (server/print-css.server.ts).
            data-print="hide"
            minW="0"
            gap="6"
            position={{ base: 'static', lg: 'sticky' }}
            top={{ lg: '8.5rem' }}
            maxH={{ lg: 'calc(100vh - 10rem)' }}
            bg="gray.50"
            borderWidth="1px"
            borderColor="gray.200"
            borderRadius="xl"
            p="6"
          >
            <Box flex="0 1 auto" minH={{ lg: '0' }} overflowY={{ lg: 'auto' }}>
              <TableOfContents toc={post.toc} lang={contentLang} />
            </Box>
            <Box flex="0 1 auto" minH={{ lg: '0' }} overflowY={{ lg: 'auto' }}>
              <RecentPosts currentSlug={post.slug} recent={recent} />
            </Box>
          </Stack>
        </Grid>
      </Container>
    </>
  );
}
