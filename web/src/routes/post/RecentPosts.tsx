import { Box, Heading, Stack, chakra } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { RecentPostsQuery as RecentPostsData } from '../../gql/graphql';
import { useReady, type Deferred, type QueryOutcome } from '../../app/route-data';
import { useLang, useLocalize } from '../../i18n/use-lang';
import { useContentLang } from '../../components/article/content-lang';
import { postDate } from './post-date.js';

export const RecentPostsQuery = graphql(`
  query RecentPosts($excludeSlug: String!, $language: Language = EN) {
    posts(first: 6, excludeSlug: $excludeSlug, language: $language) {
      nodes {
        id
        uri
        slug
        title
        date
        dateFormatted
        language
      }
    }
  }
`);

/** brief §9: six are fetched and at most five shown, never the post being read. */
const SHOWN = 5;

const PostLink = chakra(Link, {
  base: {
    display: 'block',
    py: { base: '2.5', lg: '1' },
    fontSize: { base: 'md', lg: 'sm' },
    fontWeight: 'medium',
    color: 'gray.800',
    lineHeight: '1.4',
    _hover: { color: 'brand.800', textDecoration: 'underline' },
  },
});

export function RecentPosts(props: { currentSlug: string; recent: Deferred<QueryOutcome<RecentPostsData>> }) {
  const { currentSlug } = props;
  const { t } = useTranslation('post');
  const lang = useLang();
  const localize = useLocalize();
  const contentLang = useContentLang();
  const data = useReady(props.recent)?.data;
  const posts = (data?.posts?.nodes ?? []).filter((p) => p.slug !== currentSlug).slice(0, SHOWN);
  if (posts.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="recent-title">
      <Heading id="recent-title" as="h2" fontFamily="heading" fontSize="lg" color="brand.800" mb="3">
        {t('recentPosts')}
      </Heading>
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
        {posts.map((p) => (
          <chakra.li
            key={p.id}
            dir="auto"
            borderBottomWidth="1px"
            borderColor="gray.100"
            pb="2"
            _last={{ borderBottomWidth: '0', pb: '0' }}
          >
            {/* A reader who finished the post is likely to go on to one of these: fetched ahead. */}
            <PostLink to={localize(p.uri)} lang={contentLang(p.language)} data-likely="">
              {p.title}
            </PostLink>
            <chakra.time dateTime={p.date} display="block" fontSize="xs" color="gray.600">
              {postDate(p, lang)}
            </chakra.time>
          </chakra.li>
        ))}
      </Stack>
    </Box>
  );
}
