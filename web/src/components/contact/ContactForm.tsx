import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Box, Button, Field, Grid, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { AlertCircle, CheckCircle2, Send } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import {
  BUILT_IN_PRACTICE_AREAS,
  ENQUIRY_FIELDS,
  enquiryErrorCode,
  enquiryOutcomeKey,
  fieldErrorCode,
  validateEnquiry,
  type EnquiryErrorCode,
  type EnquiryField,
} from '@site/content-model';
import { graphql } from '../../gql';
import type { ContactFormPracticeAreaFragment } from '../../gql/graphql';
import { useBrowserClient } from '../../app/client-loader';
import { useHydrated } from '../../app/use-hydrated';
import { useLang } from '../../i18n/use-lang';
import { useContentLang } from '../article/content-lang';
import { fieldSlotRecipe, inputRecipe, textareaRecipe } from '../form-recipes';

/** What the form's practice-area choice shows of each area the site lists. */
graphql(`
  fragment ContactFormPracticeArea on PracticeArea {
    slug
    title
    language
  }
`);

export const SubmitEnquiryMutation = graphql(`
  mutation SubmitEnquiry($input: EnquiryInput!) {
    submitEnquiry(input: $input) {
      ok
      message
      fieldErrors {
        field
        message
      }
    }
  }
`);

type Values = Record<EnquiryField, string>;
/**
 * What is wrong with a field: the rule's code, which the `contact` catalogue words in the page's
 * language (brief §10), or a message the gateway sent that no rule has, shown as it came.
 */
type Problem = { code: EnquiryErrorCode } | { text: string };
type Errors = Partial<Record<EnquiryField, Problem>>;

const problemOf = (code: EnquiryErrorCode | null): Problem | undefined => (code ? { code } : undefined);

/** Labels are `contact:label.{field}`; hints are keys of the `contact` catalogue. */
const INPUTS = [
  { name: 'name', type: 'text', autoComplete: 'name', required: true, hint: null },
  { name: 'email', type: 'email', autoComplete: 'email', required: true, hint: null },
  {
    name: 'phone',
    type: 'tel',
    autoComplete: 'tel',
    required: true,
    hint: 'phoneHint',
  },
  { name: 'subject', type: 'text', autoComplete: 'off', required: false, hint: null },
] as const satisfies ReadonlyArray<{
  name: EnquiryField;
  type: string;
  autoComplete: string;
  required: boolean;
  hint: string | null;
}>;

const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '', practiceArea: '' };

const controlId = (field: EnquiryField) => `contact-${field}`;
const errorId = (field: EnquiryField) => `contact-${field}-error`;
const hintId = (field: EnquiryField) => `contact-${field}-hint`;

/** An area's name; `language` when the area is written in WordPress in another language than the page's. */
type PracticeChoice = Pick<ContactFormPracticeAreaFragment, 'slug' | 'title'> &
  Partial<Pick<ContactFormPracticeAreaFragment, 'language'>>;

/** The slug in ?practice= when it names one of the practice areas offered. */
function practiceFromSearch(practice: string | undefined, choices: readonly PracticeChoice[]): string {
  const slug = (practice ?? '').trim().toLowerCase();
  return choices.some((c) => c.slug === slug) ? slug : '';
}

/**
 * What the visitor typed into the server-rendered form before the script arrived (on a slow phone
 * the page is usable seconds earlier). Read once, while the form hydrates: hydrating a controlled
 * field writes its state into it, and state that starts empty would erase the text. Nothing on the
 * server.
 */
function typedBeforeHydration(): Partial<Values> {
  const typed: Partial<Values> = {};
  if (typeof document === 'undefined') return typed;
  for (const field of ENQUIRY_FIELDS) {
    const control = document.getElementById(controlId(field));
    if (
      (control instanceof HTMLInputElement ||
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement) &&
      control.value !== ''
    )
      typed[field] = control.value;
  }
  return typed;
}

function describedBy(field: EnquiryField, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? hintId(field) : null, error ? errorId(field) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'invalid' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed' }
  | { kind: 'sent'; message: string };

/** The gateway's answer (English) in the page's language when it is one of the form's messages. */
function useOutcomeText(): (message: string) => string {
  const { t } = useTranslation('contact');
  return (message) => {
    const key = enquiryOutcomeKey(message);
    return key ? t(`result.${key}`) : message;
  };
}

export interface ContactFormProps {
  phone: string | undefined;
  phoneHref: string | undefined;
  email: string | undefined;
  /**
   * Every practice area the site lists (the built-in ones and those written in WordPress); the
   * built-in areas while the list is not there (still loading, or failed).
   */
  practiceAreas?: readonly PracticeChoice[] | null | undefined;
  /** The address's ?practice= (a visitor coming from a practice page's "Contact us"). */
  practice?: string | undefined;
}

/**
 * The enquiry form (brief §3: name, email, phone, subject, message; plus the practice area when the
 * visitor came from a practice page, /contact-us/?practice={slug}). The browser checks the same
 * rules as the gateway (@site/content-model) before sending; the gateway's answer may still
 * name fields, which are shown the same way. Before the script has loaded the button is a plain
 * button: a native submit would put what the visitor typed into the URL, the server logs and the
 * page cache.
 */
export function ContactForm({ phone, phoneHref, email, practiceAreas, practice }: ContactFormProps) {
  const { t } = useTranslation('contact');
  const lang = useLang();
  const outcomeText = useOutcomeText();
  const hydrated = useHydrated();
  const choices: readonly PracticeChoice[] = practiceAreas?.length
    ? practiceAreas
    : BUILT_IN_PRACTICE_AREAS.map((a) => ({ slug: a.slug, title: a.titles[lang] }));
  const fromPractice = practiceFromSearch(practice, choices);
  const contentLang = useContentLang();
  // Taken from the page once, before the first render commits (see typedBeforeHydration).
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    practiceArea: fromPractice,
    ...typedBeforeHydration(),
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [honeypot, setHoneypot] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const browserClient = useBrowserClient();
  const [loading, setLoading] = useState(false);
  const showPractice = fromPractice !== '' || values.practiceArea !== '';

  useEffect(() => {
    if (outcome.kind === 'sent') sentRef.current?.focus();
  }, [outcome]);

  const focusField = (field: EnquiryField) => {
    formRef.current?.querySelector<HTMLElement>(`#${controlId(field)}`)?.focus();
  };

  const showErrors = (list: ReadonlyArray<{ field: string; message: string }>) => {
    const next: Errors = {};
    for (const e of list) {
      if ((ENQUIRY_FIELDS as readonly string[]).includes(e.field))
        next[e.field as EnquiryField] ??= problemOf(enquiryErrorCode(e.field, e.message)) ?? {
          text: e.message,
        };
    }
    setErrors(next);
    const first = ENQUIRY_FIELDS.find((f) => next[f]);
    setOutcome({ kind: 'invalid' });
    if (first) focusField(first);
  };

  const update = (field: EnquiryField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A shown error follows the fix as it is typed; new errors wait for the field to be left.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: problemOf(fieldErrorCode(field, value)) }));
  };

  const leave = (field: EnquiryField) => {
    if (values[field] === '') return;
    setErrors((e) => ({ ...e, [field]: problemOf(fieldErrorCode(field, values[field])) }));
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const found = validateEnquiry(values);
    if (found.length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setOutcome({ kind: 'idle' });
    setLoading(true);
    // The form came with the page, so it has been open since the page was shown (performance.now()
    // counts from then): timed from hydration, a visitor who wrote the message before the script
    // arrived and sent it at once would look like a bot filling the form too fast.
    const elapsedMs = Math.round(performance.now());
    try {
      const client = await browserClient();
      const { data } = await client.mutate({
        mutation: SubmitEnquiryMutation,
        variables: {
          input: {
            name: values.name,
            email: values.email,
            phone: values.phone,
            subject: values.subject || null,
            message: values.message,
            practiceArea: values.practiceArea || null,
            website: honeypot || null,
            elapsedMs: Math.min(elapsedMs, 2_147_483_647),
          },
        },
      });
      const result = data?.submitEnquiry;
      if (!result) {
        setOutcome({ kind: 'failed' });
      } else if (result.ok) {
        setValues({ ...EMPTY, practiceArea: values.practiceArea });
        setOutcome({ kind: 'sent', message: outcomeText(result.message ?? '') || t('result.success') });
      } else if (result.fieldErrors.length > 0) {
        showErrors(result.fieldErrors);
      } else {
        setOutcome({
          kind: 'refused',
          message: outcomeText(result.message ?? '') || t('result.unavailable'),
        });
      }
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setLoading(false);
    }
  };

  if (outcome.kind === 'sent') {
    return (
      <Box
        ref={sentRef}
        tabIndex={-1}
        role="status"
        aria-labelledby="contact-sent-title"
        bg="green.50"
        borderWidth="1px"
        borderColor="green.300"
        borderRadius="lg"
        p={{ base: '5', md: '6' }}
        outline="none"
      >
        <Stack gap="3">
          <Box display="flex" gap="3" alignItems="center" color="green.800">
            <CheckCircle2 size={24} aria-hidden="true" />
            <Text as="h3" id="contact-sent-title" fontFamily="heading" fontSize="xl" fontWeight="bold">
              {t('sent.title')}
            </Text>
          </Box>
          <Text color="gray.800">{outcome.message}</Text>
          <Text color="gray.700">
            <Trans
              t={t}
              i18nKey="sent.sooner"
              values={{ phone: phone ?? '' }}
              components={{ phone: <chakra.a href={phoneHref} {...linkStyles} /> }}
            />
          </Text>
          <Button
            variant="outline"
            colorPalette="brand"
            alignSelf="flex-start"
            minH="11"
            onClick={() => setOutcome({ kind: 'idle' })}
          >
            {t('sent.another')}
          </Button>
        </Stack>
      </Box>
    );
  }

  const invalidCount = ENQUIRY_FIELDS.filter((f) => errors[f]).length;
  const problem =
    outcome.kind === 'invalid'
      ? invalidCount === 0
        ? null
        : t('problem.invalid', { count: invalidCount })
      : outcome.kind === 'refused'
        ? outcome.message
        : outcome.kind === 'failed'
          ? t('problem.failed')
          : null;
  /** What every control carries: its value, and the hint and error it is described by. */
  const bind = (field: EnquiryField, hint = false) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      update(field, e.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hint, Boolean(errors[field])),
  });

  return (
    <chakra.form
      ref={formRef}
      onSubmit={onSubmit}
      // The client that sends the enquiry is fetched while the visitor writes, not when they press Send.
      onFocus={() => void browserClient().catch(() => undefined)}
      aria-labelledby="contact-form-title"
      noValidate
    >
      <Stack gap="5">
        <Text
          as="h3"
          id="contact-form-title"
          fontFamily="heading"
          fontSize="2xl"
          fontWeight="bold"
          color="brand.800"
        >
          {t('title')}
        </Text>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
          {INPUTS.map((f) => (
            <FormField key={f.name} field={f.name} error={errors[f.name]} required={f.required} hint={f.hint}>
              <Input
                recipe={inputRecipe}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                {...bind(f.name, f.hint !== null)}
                onBlur={() => leave(f.name)}
                size="lg"
                bg="white"
                borderColor={errors[f.name] ? 'red.600' : 'gray.400'}
              />
            </FormField>
          ))}
        </Grid>
        {showPractice && (
          <FormField field="practiceArea" error={errors.practiceArea}>
            <chakra.select
              id={controlId('practiceArea')}
              name="practiceArea"
              {...bind('practiceArea')}
              w="full"
              h="12"
              px="4"
              fontSize="md"
              bg="white"
              borderWidth="1px"
              borderColor={errors.practiceArea ? 'red.600' : 'gray.400'}
              borderRadius="md"
              _focusVisible={{ outline: '3px solid', outlineColor: 'gold.500', outlineOffset: '2px' }}
            >
              <option value="">{t('notSure')}</option>
              {choices.map((c) => (
                <option key={c.slug} value={c.slug} lang={c.language && contentLang(c.language)}>
                  {c.title}
                </option>
              ))}
            </chakra.select>
          </FormField>
        )}
        <FormField field="message" error={errors.message} required>
          <Textarea
            recipe={textareaRecipe}
            name="message"
            rows={6}
            {...bind('message')}
            onBlur={() => leave('message')}
            size="lg"
            bg="white"
            borderColor={errors.message ? 'red.600' : 'gray.400'}
            resize="vertical"
          />
        </FormField>
        {/* A field people never see or reach; software that fills every field fills it too. */}
        <Box
          aria-hidden="true"
          position="absolute"
          width="1px"
          height="1px"
          overflow="hidden"
          clipPath="inset(50%)"
          whiteSpace="nowrap"
          left="-10000px"
        >
          <label htmlFor="contact-website">Website</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </Box>
        <Box role="alert" aria-live="assertive" aria-atomic="true">
          {problem && (
            <Box
              display="flex"
              gap="3"
              bg="red.50"
              borderWidth="1px"
              borderColor="red.300"
              borderRadius="lg"
              p="4"
              color="gray.800"
            >
              <chakra.span color="red.700" flexShrink="0" pt="0.5">
                <AlertCircle size={20} aria-hidden="true" />
              </chakra.span>
              <Text>
                {problem}
                {outcome.kind !== 'invalid' && phone && (
                  <>
                    {' '}
                    <Trans
                      t={t}
                      i18nKey="problem.otherWays"
                      values={{ phone, email: email ?? '' }}
                      components={{
                        phone: <chakra.a href={phoneHref} {...linkStyles} />,
                        email: <chakra.a href={`mailto:${email ?? ''}`} {...linkStyles} />,
                      }}
                    />
                  </>
                )}
              </Text>
            </Box>
          )}
        </Box>
        <Button
          type={hydrated ? 'submit' : 'button'}
          colorPalette="brand"
          size="xl"
          alignSelf={{ base: 'stretch', md: 'flex-start' }}
          loading={loading}
          loadingText={t('sending')}
        >
          <Send aria-hidden="true" />
          {t('send')}
        </Button>
      </Stack>
    </chakra.form>
  );
}

const linkStyles = { color: 'brand.700', fontWeight: 'semibold', textDecoration: 'underline' } as const;

/** A field: its label (marked required, or optional), its control, its hint and its error. */
function FormField({
  field,
  error,
  required,
  hint,
  children,
}: {
  field: EnquiryField;
  error: Problem | undefined;
  required?: boolean;
  /** A key of the `contact` catalogue. */
  hint?: 'phoneHint' | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('contact');
  const message = error && ('code' in error ? t(`error.${field}.${error.code}`) : error.text);
  return (
    <Field.Root recipe={fieldSlotRecipe} id={controlId(field)} invalid={Boolean(error)} required={required}>
      <Field.Label fontWeight="semibold" color="gray.800">
        {t(`label.${field}`)}
        {required ? (
          <Field.RequiredIndicator color="red.700" />
        ) : (
          <chakra.span fontWeight="normal" color="gray.600">
            {' '}
            {t('optional')}
          </chakra.span>
        )}
      </Field.Label>
      {children}
      {hint && (
        <Text id={hintId(field)} fontSize="sm" color="gray.600">
          {t(hint)}
        </Text>
      )}
      {message && (
        <Text id={errorId(field)} fontSize="sm" fontWeight="medium" color="red.700">
          {message}
        </Text>
      )}
    </Field.Root>
  );
}
