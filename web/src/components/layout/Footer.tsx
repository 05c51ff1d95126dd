import { Box, Container, Grid, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '../../i18n/use-lang';
import { Link } from 'react-router';
import { Facebook, Instagram, Linkedin, Twitter, type LucideProps } from 'lucide-react';
import { graphql } from '../../gql';
import type { FooterSiteFragment } from '../../gql/graphql';
import { FOOTER_QUICK_LINKS } from './navigation';
import { CLEAR_OF_CONTACT_BUTTONS_7XL } from './contact-buttons-space';
import { useContentLang } from '../article/content-lang';
import { renderWhenNear } from '../render-when-near';

graphql(`
  fragment FooterSite on Site {
    name
    phone
    phoneHref
    email
    established
    address {
      streetAddress
      locality
      region
      postalCode
    }
    officeHours {
      days
      hours
    }
    socialLinks {
      network
      label
      url
    }
    practiceLinks {
      label
      href
    }
  }
`);

const SOCIAL_ICONS: Record<string, (p: LucideProps) => React.ReactNode> = {
  facebook: Facebook,
  instagram: Instagram,
  linkedin: Linkedin,
  x: Twitter,
  twitter: Twitter,
};

const FooterLink = chakra(Link, {
  base: { color: 'gray.300', _hover: { color: 'gold.300' }, display: 'inline-block', py: '1' },
});

export function Footer({ site }: { site: FooterSiteFragment | undefined }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  // A practice area the firm added in WordPress in one language only keeps its name there.
  const contentLang = useContentLang();
  const year = new Date().getFullYear();
  return (
    // The floating call and WhatsApp buttons (ContactButtons) stay over the foot of the page: on a
    // phone the footer ends below them (their stack is 9.75rem tall with its margin), on wider
    // screens its text stops short of their column.
    <Box
      as="footer"
      bg="brand.950"
      color="gray.200"
      pt="12"
      pb={{ base: '40', md: '10' }}
      // Its height without padding in one column (measured at 375 px), two (a guess) and four
      // (measured at 1280 px): at the foot of the page it decides where the scrollbar ends until the
      // footer is drawn.
      {...renderWhenNear({ base: '1250px', sm: '800px', lg: '490px' })}
    >
      <Container maxW="7xl" pe={{ md: CLEAR_OF_CONTACT_BUTTONS_7XL }}>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1.5fr' }} gap="10">
          <Stack gap="3">
            <Heading as="h2" fontSize="xl" color="white" fontFamily="heading">
              {site?.name}
            </Heading>
            <Text color="gray.300" fontSize="sm">
              {t('footer.about', { year: site?.established ?? 1985 })}
            </Text>
            {/* On paper the firm's name, address and numbers; not its links (server/print-css.server.ts). */}
            <HStack gap="2" pt="2" data-print="hide">
              {site?.socialLinks.map((s) => {
                const Icon = SOCIAL_ICONS[s.network.toLowerCase()] ?? Facebook;
                return (
                  <chakra.a
                    key={s.network}
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    boxSize="10"
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    borderRadius="full"
                    bg="whiteAlpha.100"
                    _hover={{ bg: 'gold.500', color: 'brand.900' }}
                  >
                    <Icon size={18} aria-hidden="true" />
                  </chakra.a>
                );
              })}
            </HStack>
          </Stack>
          <Box as="nav" aria-labelledby="footer-quick-links" data-print="hide">
            <Heading as="h2" id="footer-quick-links" fontSize="md" color="gold.300" mb="3">
              {t('footer.quickLinks')}
            </Heading>
            <chakra.ul listStyleType="none">
              {FOOTER_QUICK_LINKS.map((l) => (
                <li key={l.to}>
                  <FooterLink to={localize(l.to)}>{t(l.label)}</FooterLink>
                </li>
              ))}
            </chakra.ul>
          </Box>
          <Box as="nav" aria-labelledby="footer-practice-links" data-print="hide">
            <Heading as="h2" id="footer-practice-links" fontSize="md" color="gold.300" mb="3">
              {t('footer.practiceAreas')}
            </Heading>
            <chakra.ul listStyleType="none">
              {site?.practiceLinks.map((a) => (
                <li key={a.href}>
                  <FooterLink to={localize(a.href)} lang={contentLang({ text: a.label })}>
                    {a.label}
                  </FooterLink>
                </li>
              ))}
            </chakra.ul>
          </Box>
          <Stack gap="2" fontSize="sm">
            <Heading as="h2" fontSize="md" color="gold.300" mb="1">
              {t('footer.contact')}
            </Heading>
            {site && (
              <>
                <Text>
                  {site.address.streetAddress}, {site.address.locality}, {site.address.region}{' '}
                  {site.address.postalCode}
                </Text>
                <chakra.a href={site.phoneHref} _hover={{ color: 'gold.300' }}>
                  {site.phone}
                </chakra.a>
                <chakra.a href={`mailto:${site.email}`} _hover={{ color: 'gold.300' }}>
                  {site.email}
                </chakra.a>
                {site.officeHours.map((h) => (
                  <Text key={h.days} color="gray.300">
                    {h.days}: {h.hours}
                  </Text>
                ))}
              </>
            )}
          </Stack>
        </Grid>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt="10" pt="6" fontSize="sm" color="gray.400">
          <Text>{t('footer.copyright', { year, name: site?.name ?? '' })}</Text>
          <Text mt="2">{t('footer.barCouncil')}</Text>
        </Box>
      </Container>
    </Box>
  );
}
