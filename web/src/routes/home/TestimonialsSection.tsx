import { Badge, Box, Flex, Grid, HStack, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { Quote, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { TestimonialsSiteFragment } from '../../gql/graphql';
import { cardStyles } from '../../components/card-styles.js';
import { HomeSection } from './HomeSection.js';

graphql(`
  fragment TestimonialsSite on Site {
    testimonials {
      name
      role
      content
      caseType
      outcome
      rating
      image {
        url
        srcSet
        width
        height
      }
    }
  }
`);

type TestimonialItem = TestimonialsSiteFragment['testimonials'][number];

const MAX_RATING = 5;

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('home');
  return (
    <HStack gap="0.5" role="img" aria-label={t('testimonials.rating', { rating, max: MAX_RATING })}>
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <chakra.span key={i} display="inline-flex" color={i < rating ? 'gold.500' : 'gray.300'}>
          <Star size={18} fill="currentColor" aria-hidden="true" />
        </chakra.span>
      ))}
    </HStack>
  );
}

function TestimonialCard({ t }: { t: TestimonialItem }) {
  return (
    <Stack as="figure" gap="5" {...cardStyles} p={{ base: '6', md: '7' }} m="0">
      <Flex justify="space-between" align="center">
        <Stars rating={t.rating} />
        <chakra.span color="brand.200" display="inline-flex">
          <Quote size={32} aria-hidden="true" />
        </chakra.span>
      </Flex>
      <chakra.blockquote color="gray.700" fontStyle="italic" flex="1">
        <Text>“{t.content}”</Text>
      </chakra.blockquote>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="brand" variant="subtle" size="md">
          {t.caseType}
        </Badge>
        <Badge colorPalette="green" variant="subtle" size="md">
          {t.outcome}
        </Badge>
      </HStack>
      <chakra.figcaption
        display="flex"
        alignItems="center"
        gap="3"
        borderTopWidth="1px"
        borderColor="gray.100"
        pt="4"
      >
        <chakra.img
          src={t.image.url}
          srcSet={t.image.srcSet ?? undefined}
          sizes="56px"
          htmlWidth={56}
          htmlHeight={56}
          alt=""
          loading="lazy"
          decoding="async"
          boxSize="14"
          borderRadius="full"
          objectFit="cover"
          bg="brand.100"
        />
        <Box>
          <Text fontWeight="bold" color="brand.800">
            {t.name}
          </Text>
          <Text fontSize="sm" color="gray.600">
            {t.role}
          </Text>
        </Box>
      </chakra.figcaption>
    </Stack>
  );
}

export function TestimonialsSection({ site }: { site: TestimonialsSiteFragment | undefined }) {
  return (
    <HomeSection id="testimonials" bg="brand.50">
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, 1fr)' }} gap={{ base: '5', md: '6' }}>
        {site
          ? site.testimonials.slice(0, 3).map((t) => <TestimonialCard key={t.name} t={t} />)
          : Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h="80" borderRadius="xl" />)}
      </Grid>
    </HomeSection>
  );
}
