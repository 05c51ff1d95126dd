import { Box, Container, Grid, Text, VisuallyHidden } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { HomePracticeAreasQuery as PracticeAreasData } from '../../gql/graphql';
import { useReady, type Deferred, type QueryOutcome } from '../../app/route-data';
import { SectionHeading } from '../../components/SectionHeading.js';
import { PracticeAreaCard, PracticeAreaCardSkeleton } from './PracticeAreaCard.js';

export const HomePracticeAreasQuery = graphql(`
  query HomePracticeAreas {
    practiceAreas {
      ...PracticeAreaCard
      ...ContactFormPracticeArea
    }
  }
`);

const PLACEHOLDER_CARDS = 7;

type Outcome = QueryOutcome<PracticeAreasData>;

export function PracticeAreasSection(props: { areas: Deferred<Outcome> }) {
  const outcome = useReady(props.areas);
  const loading = outcome === undefined;
  const error = outcome?.error;
  const areas = outcome?.data?.practiceAreas;
  return (
    <Box
      as="section"
      id="practice"
      aria-labelledby="practice-title"
      py={{ base: '16', md: '24' }}
      bg="gray.50"
    >
      <Container maxW="7xl">
        <SectionHeading
          id="practice-title"
          eyebrow="What We Do"
          title="Our Practice Areas"
          lead="From the first hours after an arrest to the final decree in a family dispute, one team handles your matter from start to finish."
        />
        {areas && areas.length > 0 ? (
          <Grid
            templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
            gap={{ base: '5', md: '6' }}
          >
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
            <Text fontWeight="semibold">Error loading practice areas: {error}</Text>
            <Text mt="2">Please check your WordPress connection and try again.</Text>
          </Box>
        ) : loading ? (
          <Grid
            templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
            gap={{ base: '5', md: '6' }}
            aria-busy="true"
          >
            <VisuallyHidden role="status">Loading practice areas...</VisuallyHidden>
            {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
              <PracticeAreaCardSkeleton key={i} />
            ))}
          </Grid>
        ) : null}
      </Container>
    </Box>
  );
}
