import { Box, Button, Container, Heading, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { CalendarCheck, Phone, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const HERO_SRCSET = '/images/hero-800x450.jpg 800w, /images/hero-1200x675.jpg 1200w, /images/hero.jpg 1600w';

/**
 * The first screen: the hero image is the page's largest paint, so it loads eagerly with high
 * priority, and its box is sized by the section so nothing shifts when it arrives.
 */
export function HeroSection(props: { established: number; phone?: string; phoneHref?: string }) {
  const { t } = useTranslation('home');
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      position="relative"
      overflow="hidden"
      bg="brand.950"
      color="white"
      minH={{ base: '34rem', md: '38rem', lg: '40rem' }}
      display="flex"
      alignItems="center"
    >
      <chakra.img
        src="/images/hero.jpg"
        srcSet={HERO_SRCSET}
        sizes="100vw"
        htmlWidth={1600}
        htmlHeight={900}
        alt=""
        fetchPriority="high"
        loading="eager"
        position="absolute"
        inset="0"
        w="full"
        h="full"
        objectFit="cover"
        objectPosition="center"
      />
      {/* Darkens the photograph enough for white text to pass 4.5:1 wherever it falls. */}
      <Box
        position="absolute"
        inset="0"
        bgImage={{
          base: 'linear-gradient(180deg, rgba(10,23,41,0.82) 0%, rgba(10,23,41,0.88) 100%)',
          lg: 'linear-gradient(90deg, rgba(10,23,41,0.93) 0%, rgba(10,23,41,0.8) 55%, rgba(10,23,41,0.45) 100%)',
        }}
      />
      <Container maxW="7xl" position="relative" py={{ base: '16', md: '20' }}>
        <Stack gap={{ base: '5', md: '6' }} maxW="3xl">
          <HStack
            gap="2"
            alignSelf="flex-start"
            color="gold.200"
            borderWidth="1px"
            borderColor="gold.500"
            bg="rgba(201,162,39,0.12)"
            borderRadius="full"
            px="4"
            py="1.5"
            fontSize="sm"
            fontWeight="semibold"
            letterSpacing="wide"
          >
            <ShieldCheck size={16} aria-hidden="true" />
            <Text as="span">{t('hero.badge', { year: props.established })}</Text>
          </HStack>
          <Heading
            as="h1"
            id="hero-title"
            fontFamily="heading"
            fontSize={{ base: '4xl', md: '5xl', lg: '6xl' }}
            lineHeight="1.1"
            fontWeight="bold"
            color="white"
          >
            {t('hero.title')}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.100" maxW="2xl">
            {t('hero.lead')}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2">
            {props.phoneHref && (
              <Button
                asChild
                size="xl"
                bg="gold.500"
                color="brand.950"
                _hover={{ bg: 'gold.400' }}
                fontWeight="bold"
              >
                <a href={props.phoneHref}>
                  <Phone aria-hidden="true" />
                  {props.phone ? t('hero.callNumber', { phone: props.phone }) : t('hero.call')}
                </a>
              </Button>
            )}
            <Button
              asChild
              size="xl"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <a href="#contact">
                <CalendarCheck aria-hidden="true" />
                {t('hero.consultation')}
              </a>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
