import { Box, Container, Flex, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { Link, NavLink } from 'react-router';
import { Mail, Menu, Phone, X } from 'lucide-react';
import { graphql } from '../../gql';
import type { HeaderSiteFragment } from '../../gql/graphql';
import { useTranslation } from 'react-i18next';
import { MENU_LABEL_ATTRS, MOBILE_MENU, NAV_ITEMS } from './navigation';
import { LanguageSwitch } from './LanguageSwitch';
import { useLocalize } from '../../i18n/use-lang';
import { DEFAULT_LOGO_URL, LogoMark } from './LogoMark';

graphql(`
  fragment HeaderSite on Site {
    name
    tagline
    phone
    phoneHref
    email
    logo {
      url
      alt
    }
  }
`);

const navLinkStyles = {
  px: '3',
  py: '2',
  fontWeight: 'medium',
  color: 'gray.700',
  borderRadius: 'md',
  _hover: { color: 'brand.800', bg: 'brand.50' },
  '&[aria-current=page]': { color: 'brand.800', fontWeight: 'semibold' },
} as const;

const topBarLinkStyles = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  _hover: { color: 'gold.300' },
} as const;

const StyledNavLink = chakra(NavLink);
const StyledLink = chakra(Link);

/**
 * The site header: the top bar, the logo, the navigation, and on phones the menu button with its
 * menu (closed in the server's HTML; web/src/boot/menu.ts opens it).
 */
export function Header({ site }: { site: HeaderSiteFragment | undefined }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <>
      {/* The top bar scrolls away; only the navigation row stays, lower than the 96 px anchor offset. */}
      <Box bg="brand.800" color="white" fontSize={{ base: 'xs', sm: 'sm' }}>
        <Container maxW="7xl" py="1.5" px={{ base: '3', sm: '4' }}>
          <Flex justify={{ base: 'center', md: 'space-between' }} gap="4">
            <HStack gap={{ base: '3', sm: '5' }} justify="center" whiteSpace="nowrap" minW="0">
              {site && (
                <>
                  <chakra.a href={site.phoneHref} {...topBarLinkStyles}>
                    <Phone size={14} aria-hidden="true" />
                    {site.phone}
                  </chakra.a>
                  <chakra.a href={`mailto:${site.email}`} {...topBarLinkStyles}>
                    <Mail size={14} aria-hidden="true" />
                    {site.email}
                  </chakra.a>
                </>
              )}
            </HStack>
            <Text display={{ base: 'none', md: 'block' }} color="gold.200">
              {t('header.emergency')}
            </Text>
          </Flex>
        </Container>
      </Box>
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white" boxShadow="sm">
        <Container maxW="7xl" py="1.5">
          <Flex align="center" justify="space-between" minH="16" maxH="20">
            <StyledLink
              to={localize('/')}
              display="flex"
              alignItems="center"
              gap="3"
              aria-label={site ? t('header.homeLabel', { name: site.name }) : t('header.home')}
            >
              {!site || site.logo.url === DEFAULT_LOGO_URL ? (
                <LogoMark borderRadius="full" flexShrink="0" boxSize={{ base: '12', md: '14' }} />
              ) : (
                <chakra.img
                  src={site.logo.url}
                  alt=""
                  htmlWidth="56"
                  htmlHeight="56"
                  borderRadius="full"
                  boxSize={{ base: '12', md: '14' }}
                />
              )}
              <Box lineHeight="1.2">
                <Text
                  fontFamily="heading"
                  fontWeight="bold"
                  fontSize={{ base: 'lg', md: 'xl' }}
                  color="brand.800"
                >
                  {site?.name ?? ''}
                </Text>
                <Text fontSize="xs" color="gray.600" display={{ base: 'none', sm: 'block' }}>
                  {site?.tagline ?? ''}
                </Text>
              </Box>
            </StyledLink>
            {/* The site's controls: not on paper (server/print-css.server.ts). */}
            <HStack gap={{ base: '1', lg: '3' }} data-print="hide">
              <HStack
                as="nav"
                aria-label={t('header.mainNav')}
                gap="1"
                display={{ base: 'none', lg: 'flex' }}
              >
                {NAV_ITEMS.map((item) => (
                  <StyledNavLink key={item.to} to={localize(item.to)} end {...navLinkStyles}>
                    {t(item.label)}
                  </StyledNavLink>
                ))}
              </HStack>
              <LanguageSwitch />
              <chakra.button
                type="button"
                display={{ base: 'inline-flex', lg: 'none' }}
                alignItems="center"
                justifyContent="center"
                boxSize="11"
                borderRadius="md"
                color="brand.800"
                _hover={{ bg: 'brand.50' }}
                // The page's boot script (web/src/boot/menu.ts) opens and closes the menu: it sets
                // aria-expanded and the label, and data-open on the menu. Both icons are in the page
                // and aria-expanded picks one.
                aria-expanded={false}
                aria-controls={MOBILE_MENU.id}
                aria-label={t('header.openMenu')}
                {...{
                  [MENU_LABEL_ATTRS.open]: t('header.openMenu'),
                  [MENU_LABEL_ATTRS.close]: t('header.closeMenu'),
                }}
                css={{
                  '&[aria-expanded=true] > [data-icon=open], &[aria-expanded=false] > [data-icon=close]': {
                    display: 'none',
                  },
                }}
              >
                <Menu aria-hidden="true" data-icon="open" />
                <X aria-hidden="true" data-icon="close" />
              </chakra.button>
            </HStack>
          </Flex>
          <Stack
            as="nav"
            id={MOBILE_MENU.id}
            aria-label={t('header.mobileNav')}
            data-print="hide"
            // Laid out with the page and hidden until opened: opening it changes its visibility
            // alone, so the tap's frame neither styles its links for the first time nor lays them
            // out (on a low-tier phone that was 30-40 ms of the tap). Hidden, it is neither seen,
            // nor focused, nor read out, nor in the way of a tap.
            display={{ base: 'flex', lg: 'none' }}
            visibility="hidden"
            css={{ '&[data-open]': { visibility: 'visible' } }}
            // Over the page, below the header bar: opening it moves nothing else, so the phone
            // lays out and paints only the menu (a menu in the flow pushed the whole page down).
            position="absolute"
            top="100%"
            insetX="0"
            maxH="calc(100dvh - 5rem)"
            overflowY="auto"
            bg="white"
            boxShadow="md"
            px={{ base: '4', md: '6' }}
            gap="1"
            pb="3"
            borderTopWidth="1px"
            pt="2"
          >
            {NAV_ITEMS.map((item) => (
              <StyledNavLink
                key={item.to}
                to={localize(item.to)}
                end
                {...navLinkStyles}
                py="3"
                data-menu-ahead={item.ahead ? '' : undefined}
              >
                {t('mobileLabel' in item ? item.mobileLabel : item.label)}
              </StyledNavLink>
            ))}
          </Stack>
        </Container>
      </Box>
    </>
  );
}
