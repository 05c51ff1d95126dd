import { Box, Grid, Heading, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { AboutSiteFragment } from '../../gql/graphql';
import { Eyebrow } from '../../components/SectionHeading.js';
import { HomeSection } from './HomeSection.js';

graphql(`
  fragment AboutSite on Site {
    established
    stats {
      key
      value
      label
    }
  }
`);

const STAT_CARDS = 3;

export function AboutSection({ site }: { site: AboutSiteFragment | undefined }) {
  const stats = site?.stats.slice(0, STAT_CARDS);
  const { t } = useTranslation('home');
  const year = site?.established ?? 1985;
  return (
    <HomeSection id="about" bg="white" lead={false}>
      <Grid
        templateColumns={{ base: '1fr', lg: '1fr 1fr' }}
        gap={{ base: '10', lg: '16' }}
        alignItems="center"
      >
        <Box position="relative">
          <chakra.img
            src="/images/about.jpg"
            alt=""
            htmlWidth={800}
            htmlHeight={600}
            loading="lazy"
            decoding="async"
            w="full"
            h="auto"
            aspectRatio="4 / 3"
            objectFit="cover"
            borderRadius="xl"
            boxShadow="xl"
            bg="brand.100"
          />
          <Box
            position="absolute"
            bottom={{ base: '-4', md: '-6' }}
            left={{ base: '4', xl: '-6' }}
            bg="brand.800"
            color="white"
            borderRadius="xl"
            px="5"
            py="4"
            boxShadow="lg"
            textAlign="center"
          >
            <Text fontFamily="heading" fontSize="3xl" fontWeight="bold" color="gold.300" lineHeight="1">
              {year}
            </Text>
            <Text fontSize="sm">{t('about.established')}</Text>
          </Box>
        </Box>
        <Stack gap="5" pt={{ base: '4', lg: '0' }}>
          <Eyebrow color="gold.700">Law Partners</Eyebrow>
          <Heading as="h3" fontFamily="heading" color="brand.800" fontSize={{ base: '2xl', md: '3xl' }}>
            {t('about.heading')}
          </Heading>
          <Text color="gray.700" fontSize={{ base: 'md', md: 'lg' }}>
            {t('about.story', { year })}
          </Text>
          <Text color="gray.700" fontSize={{ base: 'md', md: 'lg' }}>
            {t('about.approach')}
          </Text>
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4" pt="2">
            {stats
              ? stats.map((s) => (
                  <Box
                    key={s.key}
                    borderWidth="1px"
                    borderColor="gray.200"
                    borderRadius="xl"
                    boxShadow="sm"
                    p="5"
                    textAlign="center"
                    bg="brand.50"
                  >
                    <Text
                      fontFamily="heading"
                      fontSize="3xl"
                      fontWeight="bold"
                      color="brand.800"
                      lineHeight="1.1"
                    >
                      {s.value}
                    </Text>
                    <Text color="gray.700" fontSize="sm" mt="1">
                      {s.label}
                    </Text>
                  </Box>
                ))
              : Array.from({ length: STAT_CARDS }, (_, i) => <Skeleton key={i} h="24" borderRadius="xl" />)}
          </Grid>
          {site && site.stats.length > STAT_CARDS && (
            <Text color="brand.800" fontWeight="semibold" fontSize="sm">
              {site.stats
                .slice(STAT_CARDS)
                .map((s) => `${s.value} ${s.label}`)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      </Grid>
    </HomeSection>
  );
}
