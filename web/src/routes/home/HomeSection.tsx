import type { ReactNode } from 'react';
import { Box, Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../components/SectionHeading.js';
import { renderWhenNear } from '../../components/render-when-near.js';

/**
 * One of the home page's sections. `id` is its anchor (/about/ and the other aliases open at it)
 * and names its heading's texts in the `home` catalogue: {id}.eyebrow, {id}.title, {id}.lead.
 */
export function HomeSection(props: {
  id: 'about' | 'practice' | 'testimonials' | 'contact';
  bg: string;
  lead?: boolean;
  children: ReactNode;
}) {
  const { id, lead = true } = props;
  const { t } = useTranslation('home');
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-title`}
      py={{ base: '16', md: '24' }}
      bg={props.bg}
      {...renderWhenNear('1400px')}
    >
      <Container maxW="7xl">
        <SectionHeading
          id={`${id}-title`}
          eyebrow={t(`${id}.eyebrow`)}
          title={t(`${id}.title`)}
          lead={lead ? t(`${id}.lead`) : undefined}
        />
        {props.children}
      </Container>
    </Box>
  );
}
