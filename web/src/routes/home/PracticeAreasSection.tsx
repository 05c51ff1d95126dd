import { Box, Grid, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { HomePracticeAreasQuery as PracticeAreasData } from '../../gql/graphql';
import { useReady, type Deferred, type QueryOutcome } from '../../app/route-data';
import { HomeSection } from './HomeSection.js';
import { PracticeAreaCard, PracticeAreaCardSkeleton } from './PracticeAreaCard.js';

export const HomePracticeAreasQuery = graphql(`
  query HomePracticeAreas($language: Language = EN) {
    practiceAreas(language: $language) {
      ...PracticeAreaCard
      ...ContactFormPracticeArea
    }
  }
`);

const PLACEHOLDER_CARDS = 7;

const grid = {
  templateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: { base: '5', md: '6' },
} as const;

type Outcome = QueryOutcome<PracticeAreasData>;

export function PracticeAreasSection(props: { areas: Deferred<Outcome> }) {
  const outcome = useReady(props.areas);
  const loading = outcome === undefined;
  const error = outcome?.error;
  const areas = outcome?.data?.practiceAreas;
  const { t } = useTranslation('home');
  return (
    <HomeSection id="practice" bg="gray.50">
      {areas && areas.length > 0 ? (
        <Grid {...grid}>
          {areas.map((area) => (
            <PracticeAreaCard key={area.slug} area={area} />
          ))}
        </Grid>
      ) : error ? (
        <Box
          role="alert"
          bg="red.50"
          borderWidth="1px"
          borderColor="red.200"
          borderRadius="xl"
          p="6"
          textAlign="center"
          color="red.800"
        >
          <Text fontWeight="semibold">{t('practice.loadError', { error })}</Text>
          <Text mt="2">{t('practice.loadErrorHelp')}</Text>
        </Box>
      ) : loading ? (
        <Grid {...grid} aria-busy="true">
          <VisuallyHidden role="status">{t('practice.loading')}</VisuallyHidden>
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
            <PracticeAreaCardSkeleton key={i} />
          ))}
        </Grid>
      ) : null}
    </HomeSection>
  );
}
