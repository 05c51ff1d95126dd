// What the three article-like routes (a post, a page, a practice area) share: the states around the
// content (on the way, moved, missing or failed) and the head built from the gateway's SEO fields.
// Each route keeps its own layout and query.
import type { ReactNode } from 'react';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { ArticleSeoFragment } from '../../gql/graphql';
import type { QueryOutcome } from '../../app/route-data';
import { HttpStatus, MovedTo } from '../../app/render-context';
import { pageTitle } from '../../app/seo';
import { Head } from '../Head';
import { PageLoading } from '../PageLoading';
import { TryAgainLink } from '../TryAgainLink';
import { useLocalize } from '../../i18n/use-lang';

graphql(`
  fragment ArticleSeo on Seo {
    title
    description
    canonical
    ogImage
    twitterTitle
    twitterDescription
    twitterImage
    noindex
  }
`);

/** `loading` until the loader has settled, then a redirect, `missing` (no content or a failure) or the content. */
export function ArticleFrame<Q, T>(props: {
  outcome: (QueryOutcome<Q> & { movedTo?: string | null }) | undefined;
  /** What is on the way, while it is. */
  loading: string;
  select: (data: Q) => T | null | undefined;
  missing: (error: string | null, data: Q | null) => ReactNode;
  children: (content: T, data: Q) => ReactNode;
}) {
  const { outcome } = props;
  if (!outcome) return <PageLoading text={props.loading} />;
  if (outcome.movedTo) return <MovedTo to={outcome.movedTo} />;
  const { data } = outcome;
  const content = data ? props.select(data) : null;
  if (!data || content === null || content === undefined) return props.missing(outcome.error, data);
  return props.children(content, data);
}

/** The head of an article: its SEO title (else its title), the editor's share fields and robots choice. */
export function ArticleHead(props: {
  siteName: string;
  seo: ArticleSeoFragment;
  title: string;
  description?: string;
  canonical?: string;
  ogType?: string;
  ogImage: string | null;
  jsonLd: unknown[];
}) {
  const { seo } = props;
  return (
    <Head
      title={pageTitle(seo.title || props.title, props.siteName)}
      description={props.description ?? seo.description}
      canonical={props.canonical ?? seo.canonical}
      ogType={props.ogType}
      ogImage={props.ogImage}
      twitterTitle={seo.twitterTitle || undefined}
      twitterDescription={seo.twitterDescription || undefined}
      robots={seo.noindex ? 'noindex, follow' : undefined}
      twitterImage={seo.twitterImage ?? props.ogImage}
      jsonLd={props.jsonLd}
    />
  );
}

/** What stands in for missing or failed content: its status, a head search engines leave out, a heading. */
export function ArticleStatus(props: {
  code: number;
  /** The document title, before the site's name. */
  title: string;
  siteName: string | undefined;
  description?: string;
  heading: string;
  children: ReactNode;
}) {
  const { title, siteName } = props;
  return (
    <Container maxW="3xl" py={{ base: '16', md: '24' }} textAlign="center">
      <HttpStatus code={props.code} />
      <Head
        title={siteName ? pageTitle(title, siteName) : title}
        description={props.description ?? ''}
        robots="noindex"
      />
      <Heading as="h1" fontFamily="heading" fontSize={{ base: '3xl', md: '4xl' }} color="brand.800" mb="4">
        {props.heading}
      </Heading>
      {props.children}
    </Container>
  );
}

/**
 * A page or practice area that is not there (404), or could not be loaded (503: the visitor may try
 * again): "{what} Not Found", what was asked for, the error line, `hint` and the ways on, in the
 * page's language.
 */
export function ArticleNotFound(props: {
  what: 'page' | 'practiceArea';
  /** What went wrong, as the visitor reads it; null when the content is not there. */
  error: string | null;
  siteName: string | undefined;
  description?: string;
  hint?: string;
  children?: ReactNode;
}) {
  const { what, error } = props;
  const { t } = useTranslation('errors');
  const localize = useLocalize();
  const title = t(`articleNotFound.${what}.title`);
  return (
    <ArticleStatus
      code={error ? 503 : 404}
      title={title}
      siteName={props.siteName}
      description={props.description}
      heading={title}
    >
      <Text fontSize="lg" color="gray.700" mb="2">
        {t(`articleNotFound.${what}.requested`)}
      </Text>
      <Text color="red.700">
        {t('errorLine', { message: error ?? t(`articleNotFound.${what}.missing`) })}
      </Text>
      {props.hint && (
        <Text color="gray.700" mt="2">
          {props.hint}
        </Text>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} justify="center" align="center" gap="3" mt="8">
        {error && <TryAgainLink />}
        <Button asChild colorPalette="brand" variant={error ? 'outline' : 'solid'} size="lg">
          <Link to={localize('/')}>{t('backToHome')}</Link>
        </Button>
        {props.children}
      </Stack>
    </ArticleStatus>
  );
}
