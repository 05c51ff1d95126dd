// /preview/{type}/{id}?token=...: a draft as it would be published, for the editor WordPress's
// Preview button sent here. The page is the published page's own view (post, page or practice area)
// under a bar that says it is a preview. The web server has checked the token before rendering and
// keeps nothing of the answer (web/server/app.server.ts); the gateway checks it again and reads the
// draft live. Without a valid token: 403 and nothing of the draft.
import { Box, Container, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import type { LoaderFunctionArgs } from 'react-router';
import { graphql } from '../../gql';
import type { PreviewPageQuery, PreviewType } from '../../gql/graphql';
import {
  NOT_ASKED,
  runQuery,
  serverClient,
  useReady,
  useRouteData,
  type QueryOutcome,
} from '../../app/route-data';
import { useRenderContext } from '../../app/render-context';
import { pageTitle } from '../../app/seo';
import { formatFirmTime } from '../../app/firm-time';
import { ArticleStatus } from '../../components/article/ArticleFrame';
import { PostView } from '../post/PostRoute';
import { RecentPostsQuery } from '../post/RecentPosts';
import { ContentPageView } from '../page/PageRoute';
import { PracticeAreaView } from '../practice/PracticeAreaPage';

const PreviewPage = graphql(`
  query PreviewPage($type: PreviewType!, $id: Int!, $token: String!) {
    site {
      ...PracticeSite
      defaultImage {
        ...FeaturedImage
      }
    }
    preview(type: $type, id: $id, token: $token) {
      type
      savedAt
      editUrl
      post {
        ...PostArticle
      }
      page {
        ...PageArticle
      }
      practiceArea {
        ...PracticeAreaArticle
      }
    }
  }
`);

type Draft = NonNullable<PreviewPageQuery['preview']>;

const TYPES: readonly PreviewType[] = ['post', 'page', 'practice_area'];

interface PreviewOutcome extends QueryOutcome<PreviewPageQuery> {
  /** The gateway refused the link (FORBIDDEN): bad, expired, or previews are not set up. */
  forbidden: boolean;
}

const REFUSED: PreviewOutcome = { data: null, error: null, forbidden: true };

async function askPreview(
  context: unknown,
  variables: { type: PreviewType; id: number; token: string },
): Promise<PreviewOutcome> {
  const client = serverClient(context);
  if (!client) return { data: null, error: 'Route data is asked for on the server only.', forbidden: false };
  try {
    // Never from (or into) the client's cache: the draft is this request's only.
    const result = await client.query({ query: PreviewPage, variables, fetchPolicy: 'no-cache' });
    const forbidden =
      CombinedGraphQLErrors.is(result.error) &&
      result.error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
    if (forbidden) return REFUSED;
    return {
      data: result.data ?? null,
      error: result.error ? result.error.message : null,
      forbidden: false,
    };
  } catch (error) {
    return { data: null, error: error instanceof Error ? error.message : String(error), forbidden: false };
  }
}

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const type = TYPES.find((t) => t === params.type);
  const id = /^[1-9][0-9]{0,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!type || id === null || token === '') return { preview: REFUSED, recent: NOT_ASKED };
  const preview = await askPreview(context, { type, id, token });
  const post = preview.data?.preview?.post;
  // A post's sidebar lists the published posts, as on the post's own page.
  // Previews are staff pages, in English (brief §10): so are the recent posts beside a post.
  const recent = post
    ? await runQuery(context, RecentPostsQuery, { excludeSlug: post.slug, language: 'EN' })
    : NOT_ASKED;
  return { preview, recent };
}

function PreviewBar({ savedAt, editUrl }: { savedAt: string; editUrl: string | null }) {
  return (
    <Box
      as="aside"
      aria-label="Preview"
      data-preview-bar=""
      bg="gold.100"
      borderBottomWidth="2px"
      borderColor="gold.500"
    >
      <Container maxW="7xl" py="3">
        <Flex gap={{ base: '2', md: '6' }} wrap="wrap" align="center" justify="space-between">
          <Text fontWeight="bold" color="brand.900">
            Preview — not published
          </Text>
          {/* 'Saved 26 Nov 2026, 3:04 pm': the server writes the site's time; the page's script, the reader's. */}
          <Text color="gray.800" fontSize="sm">
            {'Saved '}
            <time dateTime={savedAt} data-local-time="">
              {formatFirmTime(savedAt, 'short')}
            </time>
          </Text>
          {editUrl && (
            <ChakraLink href={editUrl} fontWeight="semibold" color="brand.800" textDecoration="underline">
              Back to the editor
            </ChakraLink>
          )}
        </Flex>
      </Container>
    </Box>
  );
}

/**
 * A preview is for the editor only: its tab says so, no search engine may index it, and it names no
 * canonical address or structured data (the view's head says them for the published page).
 */
function PrivateHead({ draft, siteName }: { draft: Draft; siteName: string }) {
  const ctx = useRenderContext();
  if (ctx?.head) {
    const title = draft.practiceArea?.title ?? draft.post?.title ?? draft.page?.title ?? '';
    ctx.head = {
      ...ctx.head,
      title: pageTitle(`Preview: ${title}`, siteName),
      robots: 'noindex, nofollow',
      canonical: undefined,
      jsonLd: [],
    };
  }
  return null;
}

function Refused({ siteName }: { siteName: string | undefined }) {
  return (
    <ArticleStatus
      code={403}
      title="Preview unavailable"
      siteName={siteName}
      heading="This preview link is not valid."
    >
      <Text color="gray.700">
        Preview links work for ten minutes. Open the preview again from the WordPress editor.
      </Text>
    </ArticleStatus>
  );
}

export function Component() {
  const { preview, recent } = useRouteData<typeof loader>();
  const outcome = useReady(preview);
  if (!outcome || outcome.forbidden) return <Refused siteName={outcome?.data?.site.name} />;
  const { data, error } = outcome;
  const draft = data?.preview;
  if (!data || !draft) {
    return (
      <ArticleStatus
        code={error ? 503 : 404}
        title={error ? 'Error' : 'Preview not found'}
        siteName={data?.site.name}
        heading={error ? 'Failed to load the preview.' : 'There is no such draft.'}
      >
        <Text color="gray.700">Open the preview again from the WordPress editor.</Text>
      </ArticleStatus>
    );
  }
  const { site } = data;
  let view = null;
  if (draft.practiceArea) view = <PracticeAreaView area={draft.practiceArea} site={site} canonical="link" />;
  else if (draft.post) view = <PostView post={draft.post} site={site} recent={recent} />;
  else if (draft.page) view = <ContentPageView page={draft.page} site={site} />;
  return (
    <>
      <PreviewBar savedAt={draft.savedAt} editUrl={draft.editUrl ?? null} />
      {view}
      <PrivateHead draft={draft} siteName={site.name} />
    </>
  );
}
