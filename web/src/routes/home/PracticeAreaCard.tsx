import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
  chakra,
} from '@chakra-ui/react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useLocalize } from '../../i18n/use-lang';
import { useContentLang } from '../../components/article/content-lang';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { graphql } from '../../gql';
import type { PracticeAreaCardFragment } from '../../gql/graphql';
import { IconByName } from '../../components/IconByName.js';
import { cardStyles } from '../../components/card-styles.js';

graphql(`
  fragment PracticeAreaCard on PracticeArea {
    slug
    title
    description
    icon
    link
    language
  }
`);

/** Keys of the `home` catalogue. */
const CHECKLIST = ['card.freeConsultation', 'card.expertTeam', 'card.support'] as const;

const areaCardStyles = {
  ...cardStyles,
  p: { base: '6', md: '7' },
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
} as const;

export function PracticeAreaCard({ area }: { area: PracticeAreaCardFragment }) {
  const { t } = useTranslation('home');
  const localize = useLocalize();
  // An area written in WordPress in the other language than the page's carries its own (brief §10).
  const contentLang = useContentLang()(area.language);
  return (
    <Box
      as="article"
      {...areaCardStyles}
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ boxShadow: 'lg' }}
    >
      <Flex justify="space-between" align="flex-start">
        <Flex boxSize="14" borderRadius="lg" bg="brand.800" color="gold.300" align="center" justify="center">
          <IconByName name={area.icon} size={28} />
        </Flex>
        <Badge colorPalette="gold" variant="subtle" size="md" fontWeight="semibold">
          {t('card.badge')}
        </Badge>
      </Flex>
      <Heading
        as="h3"
        fontFamily="heading"
        color="brand.800"
        fontSize="xl"
        lineHeight="1.3"
        lang={contentLang}
      >
        {area.title}
      </Heading>
      <Text color="gray.700" lang={contentLang}>
        {area.description}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" fontSize="sm" color="gray.700">
        {CHECKLIST.map((item) => (
          <Flex as="li" key={item} align="center" gap="2">
            <chakra.span color="green.700" display="inline-flex">
              <CircleCheck size={18} aria-hidden="true" />
            </chakra.span>
            {t(item)}
          </Flex>
        ))}
      </Stack>
      <Flex mt="auto" pt="2" justify="space-between" align="center" gap="3" wrap="wrap">
        <Button asChild colorPalette="brand" size="md" minH="11">
          {/* The home page's practice pages are likely next pages: fetched ahead once it has loaded. */}
          <Link to={localize(area.link)} data-likely="">
            {t('card.learnMore')}
            <VisuallyHidden>
              <Trans
                t={t}
                i18nKey="card.learnMoreAbout"
                values={{ title: area.title }}
                components={{ title: <span lang={contentLang} /> }}
              />
            </VisuallyHidden>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Badge variant="outline" colorPalette="brand" size="md">
          {t('card.experience')}
        </Badge>
      </Flex>
    </Box>
  );
}

/** Stands in for a card while the practice areas load on a slow connection. */
export function PracticeAreaCardSkeleton() {
  return (
    <Box {...areaCardStyles} aria-hidden="true">
      <Flex justify="space-between">
        <Skeleton boxSize="14" borderRadius="lg" />
        <Skeleton h="6" w="16" borderRadius="full" />
      </Flex>
      <Skeleton h="7" w="70%" />
      <Skeleton h="16" />
      <Stack gap="2">
        <Skeleton h="4" w="50%" />
        <Skeleton h="4" w="55%" />
        <Skeleton h="4" w="40%" />
      </Stack>
      <Flex justify="space-between" pt="2">
        <Skeleton h="11" w="32" borderRadius="md" />
        <Skeleton h="6" w="36" borderRadius="full" />
      </Flex>
    </Box>
  );
}
