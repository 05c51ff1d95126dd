import {
  Box,
  HStack,
  Heading,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
  VisuallyHidden,
  chakra,
} from '@chakra-ui/react';
import { Link } from 'react-router';
import { ArrowRight, Clock, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { PostCardFragment } from '../../gql/graphql';
import { fallbackAttrs } from '../../app/image-fallback';
import { cardStyles } from '../../components/card-styles';
import { renderWhenNear } from '../../components/render-when-near';
import { useLang, useLocalize } from '../../i18n/use-lang';
import { postDate } from '../post/post-date';
import { useContentLang } from '../../components/article/content-lang';

graphql(`
  fragment PostCard on Post {
    id
    slug
    uri
    title
    date
    dateFormatted
    readingTimeMinutes
    authorName
    language
    excerpt(length: 120)
    featuredImage {
      url
      alt
      width
      height
      srcSet
    }
  }
`);

// One column on phones, two on tablets, three from 62em; the grid's container is at most 80rem.
export const CARD_IMAGE_SIZES =
  '(min-width: 80em) 400px, (min-width: 62em) 31vw, (min-width: 48em) 46vw, 92vw';

const postCardStyles = {
  ...cardStyles,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
} as const;

const StyledLink = chakra(Link);

export function PostCard({ post, eager }: { post: PostCardFragment; eager: boolean }) {
  const { t } = useTranslation('blog');
  const lang = useLang();
  const localize = useLocalize();
  // A post in the other language than the page's says so (brief §10).
  const contentLang = useContentLang()(post.language);
  const image = post.featuredImage;
  const href = localize(post.uri);
  return (
    <Box
      as="article"
      {...postCardStyles}
      {...renderWhenNear('600px')}
      transition="box-shadow 0.2s"
      _hover={{ boxShadow: 'lg' }}
    >
      <chakra.img
        // A picture that cannot be shown gives way to the default one, in the same 16:10 box.
        {...fallbackAttrs(image.url)}
        src={image.url}
        srcSet={image.srcSet ?? undefined}
        sizes={image.srcSet ? CARD_IMAGE_SIZES : undefined}
        width={image.width ?? 1200}
        height={image.height ?? 800}
        alt={image.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        w="full"
        h="auto"
        aspectRatio="16 / 10"
        objectFit="cover"
        bg="gray.100"
      />
      <Stack gap="3" p={{ base: '5', md: '6' }} flex="1">
        <HStack gap="1.5" color="gold.700" fontSize="sm" fontWeight="semibold">
          <Clock size={14} aria-hidden="true" />
          <Text as="span">{t('post:readingTime', { count: post.readingTimeMinutes })}</Text>
        </HStack>
        <Heading
          as="h2"
          fontFamily="heading"
          fontSize="xl"
          lineHeight="1.3"
          color="brand.800"
          lang={contentLang}
          // A title or excerpt in Urdu (or any right-to-left script) reads from the right.
          dir="auto"
        >
          <StyledLink to={href} _hover={{ textDecoration: 'underline' }}>
            {post.title}
          </StyledLink>
        </Heading>
        <Text color="gray.700" flex="1" lang={contentLang} dir="auto">
          {post.excerpt}
        </Text>
        <HStack justify="space-between" gap="3" wrap="wrap" fontSize="sm" color="gray.600" pt="1">
          <HStack gap="1.5">
            <User size={14} aria-hidden="true" />
            <Text as="span">{post.authorName}</Text>
          </HStack>
          <time dateTime={post.date}>{postDate(post, lang)}</time>
        </HStack>
        <StyledLink
          to={href}
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          minH="11"
          alignSelf="flex-start"
          fontWeight="semibold"
          color="brand.800"
          _hover={{ color: 'gold.700' }}
          // The blog's first posts are likely next pages: fetched ahead once the list has loaded.
          data-likely={eager ? '' : undefined}
        >
          {t('readMore')}
          <VisuallyHidden>
            : <span lang={contentLang}>{post.title}</span>
          </VisuallyHidden>
          <ArrowRight size={16} aria-hidden="true" />
        </StyledLink>
      </Stack>
    </Box>
  );
}

export function PostCardSkeleton() {
  return (
    <Box {...postCardStyles} aria-hidden="true">
      <Skeleton w="full" aspectRatio="16 / 10" borderRadius="0" />
      <Stack gap="4" p={{ base: '5', md: '6' }}>
        <Skeleton h="4" w="24" />
        <Skeleton h="6" w="90%" />
        <SkeletonText noOfLines={3} />
        <HStack justify="space-between">
          <Skeleton h="4" w="28" />
          <Skeleton h="4" w="24" />
        </HStack>
      </Stack>
    </Box>
  );
}
