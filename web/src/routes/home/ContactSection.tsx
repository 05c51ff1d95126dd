import type { ReactNode } from 'react';
import { Box, Flex, Grid, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { Clock, Mail, MapPin, MessageCircle, Phone, Siren } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { ContactFormPracticeAreaFragment, ContactSiteFragment } from '../../gql/graphql';
import { cardStyles } from '../../components/card-styles.js';
import { HomeSection } from './HomeSection.js';
import { useSearchParams } from 'react-router';
import { ContactForm } from '../../components/contact/ContactForm.js';
import { Island } from '../../islands/Island';

graphql(`
  fragment ContactSite on Site {
    phone
    phoneHref
    emergencyPhone
    emergencyPhoneHref
    email
    replyPromise
    officeHours {
      days
      hours
    }
    address {
      streetAddress
      locality
      region
      postalCode
    }
  }
`);

function InfoItem(props: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Flex gap="4" align="flex-start">
      <Flex
        boxSize="11"
        flexShrink="0"
        borderRadius="lg"
        bg="brand.800"
        color="gold.300"
        align="center"
        justify="center"
      >
        {props.icon}
      </Flex>
      <Box>
        <Heading as="h3" fontSize="md" color="brand.800" mb="1">
          {props.title}
        </Heading>
        <Box color="gray.700">{props.children}</Box>
      </Box>
    </Flex>
  );
}

const linkStyles = {
  color: 'brand.700',
  fontWeight: 'semibold',
  _hover: { textDecoration: 'underline' },
} as const;

export function ContactSection({
  site,
  practiceAreas,
}: {
  site: ContactSiteFragment | undefined;
  /** The site's practice areas, for the form's choice (the home page's list). */
  practiceAreas?: readonly ContactFormPracticeAreaFragment[] | undefined;
}) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation('home');
  return (
    <HomeSection id="contact" bg="white">
      <Grid
        templateColumns={{ base: '1fr', lg: '2fr 3fr' }}
        gap={{ base: '10', lg: '12' }}
        alignItems="start"
      >
        <Stack gap="6">
          <InfoItem icon={<Clock size={22} aria-hidden="true" />} title={t('contact.officeHours')}>
            {site?.officeHours.map((h) => (
              <Text key={h.days}>{`${h.days}: ${h.hours}`}</Text>
            ))}
          </InfoItem>
          <InfoItem icon={<Siren size={22} aria-hidden="true" />} title={t('contact.emergency')}>
            <Text>{t('contact.emergencyText')}</Text>
            {site && (
              <chakra.a href={site.emergencyPhoneHref} {...linkStyles}>
                {site.emergencyPhone}
              </chakra.a>
            )}
          </InfoItem>
          <InfoItem icon={<MapPin size={22} aria-hidden="true" />} title={t('contact.office')}>
            {site && (
              <chakra.address fontStyle="normal">
                {site.address.streetAddress}
                <br />
                {`${site.address.locality}, ${site.address.region} ${site.address.postalCode}`}
              </chakra.address>
            )}
          </InfoItem>
          <InfoItem icon={<Phone size={22} aria-hidden="true" />} title={t('contact.phone')}>
            {site && (
              <chakra.a href={site.phoneHref} {...linkStyles}>
                {site.phone}
              </chakra.a>
            )}
          </InfoItem>
          <InfoItem icon={<Mail size={22} aria-hidden="true" />} title={t('contact.email')}>
            {site && (
              <chakra.a href={`mailto:${site.email}`} {...linkStyles} wordBreak="break-all">
                {site.email}
              </chakra.a>
            )}
          </InfoItem>
          {site && (
            <Flex gap="3" align="center" bg="brand.50" borderRadius="lg" p="4" color="brand.900">
              <MessageCircle size={20} aria-hidden="true" />
              <Text fontWeight="medium">{site.replyPromise}</Text>
            </Flex>
          )}
        </Stack>
        <Box {...cardStyles} bg="gray.50" p={{ base: '5', md: '8' }}>
          {/* The form is an island: its code comes when the visitor comes near it. */}
          <Island
            name="contact-form"
            component={ContactForm}
            load="visible"
            props={{
              phone: site?.phone,
              phoneHref: site?.phoneHref,
              email: site?.email,
              practiceAreas: practiceAreas?.map(({ slug, title, language }) => ({ slug, title, language })),
              practice: searchParams.get('practice') ?? undefined,
            }}
          />
        </Box>
      </Grid>
    </HomeSection>
  );
}
