import { useState, useSyncExternalStore } from 'react';
import { Box, Button, Field, Grid, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { Info, Send } from 'lucide-react';

const noopSubscribe = () => () => {};

/** False in the server HTML and during hydration, true once the page's script runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

const FIELDS = [
  { name: 'name', label: 'Your Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

export interface ContactFormProps {
  phone: string | undefined;
  phoneHref: string | undefined;
  email: string | undefined;
}

/**
 * The enquiry form (SPEC §3: name, email, phone, subject, message). Enquiries cannot be sent online
 * yet, so submitting keeps everything on the page and points the visitor to the phone and e-mail.
 * Before the script has loaded the button is a plain button: a native submit would put what the
 * visitor typed into the URL, the server logs and the page cache.
 */
export function ContactForm({ phone, phoneHref, email }: ContactFormProps) {
  const hydrated = useHydrated();
  const [notice, setNotice] = useState(false);
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNotice(true);
  };
  return (
    <chakra.form onSubmit={onSubmit} aria-labelledby="contact-form-title" noValidate>
      <Stack gap="5">
        <Text
          as="h3"
          id="contact-form-title"
          fontFamily="heading"
          fontSize="2xl"
          fontWeight="bold"
          color="brand.800"
        >
          Send Us a Message
        </Text>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
          {FIELDS.map((f) => (
            <Field.Root key={f.name} id={`contact-${f.name}`}>
              <Field.Label fontWeight="semibold" color="gray.800">
                {f.label}
              </Field.Label>
              <Input
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                size="lg"
                bg="white"
                borderColor="gray.400"
              />
            </Field.Root>
          ))}
        </Grid>
        <Field.Root id="contact-message">
          <Field.Label fontWeight="semibold" color="gray.800">
            Message
          </Field.Label>
          <Textarea name="message" rows={6} size="lg" bg="white" borderColor="gray.400" resize="vertical" />
        </Field.Root>
        <Box role="status" aria-live="polite">
          {notice && (
            <Box
              display="flex"
              gap="3"
              bg="gold.50"
              borderWidth="1px"
              borderColor="gold.300"
              borderRadius="lg"
              p="4"
              color="gray.800"
            >
              <chakra.span color="gold.700" flexShrink="0" pt="0.5">
                <Info size={20} aria-hidden="true" />
              </chakra.span>
              <Text>
                Online enquiries are not available yet, so nothing has been sent. Please call us on{' '}
                <chakra.a href={phoneHref} color="brand.700" fontWeight="semibold" textDecoration="underline">
                  {phone}
                </chakra.a>{' '}
                or e-mail{' '}
                <chakra.a
                  href={`mailto:${email ?? ''}`}
                  color="brand.700"
                  fontWeight="semibold"
                  textDecoration="underline"
                >
                  {email}
                </chakra.a>{' '}
                and we will help you straight away.
              </Text>
            </Box>
          )}
        </Box>
        <Button
          type={hydrated ? 'submit' : 'button'}
          colorPalette="brand"
          size="xl"
          alignSelf={{ base: 'stretch', md: 'flex-start' }}
        >
          <Send aria-hidden="true" />
          Send Message
        </Button>
      </Stack>
    </chakra.form>
  );
}
