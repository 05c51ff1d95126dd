import { Stack, chakra } from '@chakra-ui/react';
import { MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { ContactButtonsSiteFragment } from '../../gql/graphql';

graphql(`
  fragment ContactButtonsSite on Site {
    phone
    phoneHref
    whatsappUrl
  }
`);

const round = {
  boxSize: '14',
  borderRadius: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: 'lg',
  transition: 'transform 0.15s',
  _hover: { transform: 'scale(1.06)' },
} as const;

/**
 * On a phone the home page's first screen ends with its own call button, right where the floating
 * shortcuts sit: they fade in as the visitor scrolls past it instead of covering it. Pure CSS (no
 * script, nothing to hydrate); where scroll-driven animations are unknown they simply stay.
 */
const revealOnScrollCss = {
  '@supports (animation-timeline: scroll())': {
    '@media screen and (max-width: 47.99em)': {
      // The shorthand resets the timeline: it comes first.
      animation: 'shortcutsReveal linear both',
      animationTimeline: 'scroll(root)',
      animationRange: '20vh 60vh',
    },
  },
} as const;

/**
 * The floating call and WhatsApp buttons: one tap from any page to the firm. `revealOnScroll` (the
 * home page): on a phone they appear once the hero's own call button is scrolled past.
 */
export function ContactButtons({
  site,
  revealOnScroll = false,
}: {
  site: ContactButtonsSiteFragment;
  revealOnScroll?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      as="aside"
      aria-label={t('contactButtons.label')}
      css={revealOnScroll ? revealOnScrollCss : undefined}
      position="fixed"
      right={{ base: '4', md: '6' }}
      bottom={{ base: '4', md: '6' }}
      zIndex="overlay"
      gap="3"
      // On paper they would land on every sheet (server/print-css.server.ts).
      data-print="hide"
    >
      <chakra.a
        href={site.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('contactButtons.whatsapp')}
        bg="#1a7f4b"
        color="white"
        {...round}
      >
        <MessageCircle size={26} aria-hidden="true" />
      </chakra.a>
      <chakra.a
        href={site.phoneHref}
        aria-label={t('contactButtons.call', { phone: site.phone })}
        bg="gold.500"
        color="brand.900"
        {...round}
      >
        <Phone size={24} aria-hidden="true" />
      </chakra.a>
    </Stack>
  );
}
