// The rules of the contact form, as data, in one place. The gateway enforces them with zod (its
// enquiry schema); the website checks them in the browser before sending (validateEnquiry below), so
// a visitor sees the same message either way. This module is pure, and its one dependency is the
// phone check (phone.ts): the website bundles it into the form's own chunk, which a page downloads
// only with the form, so nothing here may pull in more than the form needs.

import { SLUG_MAX_LENGTH } from './limits.js';
import { PHONE_CHARACTERS, isPhoneNumber } from './phone.js';

export type EnquiryField = 'name' | 'email' | 'phone' | 'subject' | 'message' | 'practiceArea';

/** Form order: errors are listed, and the first invalid field is focused, in this order. */
export const ENQUIRY_FIELDS: readonly EnquiryField[] = [
  'name',
  'email',
  'phone',
  'subject',
  'message',
  'practiceArea',
];

/**
 * An e-mail address as people write them: no quoted local parts, IP literals or IDN forms, so
 * nothing passes here that WordPress's is_email() would refuse later.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;

export interface FieldRule {
  required: boolean;
  /** Length bounds of the normalised value (UTF-16 units, as both String#length and zod count). */
  min: number;
  max: number;
  /** Tested on the normalised value. */
  pattern?: RegExp;
  /** Tested on the normalised value after the pattern: what a pattern cannot tell (a number that exists). */
  valid?: (value: string) => boolean;
  /** Several lines allowed (the message); other fields are one line. */
  multiline?: boolean;
  messages: { required?: string; tooShort?: string; tooLong: string; invalid?: string };
}

/**
 * Which of a rule's messages applies: the code the website turns into the visitor's language (brief
 * §10); the messages themselves are English, as the gateway answers.
 */
export type EnquiryErrorCode = keyof FieldRule['messages'];

/** In the order a rule is checked. */
const ERROR_CODES: readonly EnquiryErrorCode[] = ['required', 'tooShort', 'tooLong', 'invalid'];

export const ENQUIRY_RULES: Readonly<Record<EnquiryField, FieldRule>> = {
  name: {
    required: true,
    min: 2,
    max: 100,
    messages: {
      required: 'Please enter your name.',
      tooShort: 'Please enter your full name (at least 2 characters).',
      tooLong: 'Please shorten your name to 100 characters or fewer.',
    },
  },
  email: {
    required: true,
    min: 1,
    max: 254,
    pattern: EMAIL_PATTERN,
    messages: {
      required: 'Please enter your e-mail address.',
      tooLong: 'Please enter an e-mail address of 254 characters or fewer.',
      invalid: 'Please enter a valid e-mail address, such as name@example.com.',
    },
  },
  phone: {
    required: true,
    min: 1,
    max: 30,
    pattern: PHONE_CHARACTERS,
    valid: isPhoneNumber,
    messages: {
      required: 'Please enter your phone number.',
      tooLong: 'Please enter one phone number of 30 characters or fewer.',
      invalid:
        'Please enter a phone number we can call, such as 98765 43210, 0120 400 1985 or, outside India, +44 20 7946 0958.',
    },
  },
  subject: {
    required: false,
    min: 0,
    max: 200,
    messages: { tooLong: 'Please keep the subject to 200 characters or fewer.' },
  },
  message: {
    required: true,
    min: 10,
    max: 5000,
    multiline: true,
    messages: {
      required: 'Please tell us briefly how we can help.',
      tooShort: 'Please write at least 10 characters so we understand how to help.',
      tooLong: 'Please shorten your message to 5,000 characters or fewer.',
    },
  },
  practiceArea: {
    required: false,
    min: 0,
    // A slug as WordPress makes them (lower case, non-ASCII percent-encoded). Which slugs name a
    // practice area is the site's list, which WordPress extends: the gateway checks the value
    // against it.
    max: SLUG_MAX_LENGTH,
    pattern: /^[a-z0-9_%-]+$/,
    messages: {
      tooLong: 'Please choose a practice area from the list.',
      invalid: 'Please choose a practice area from the list.',
    },
  },
};

/** A form left open for less time than this was filled by a machine (or pasted in one go). */
export const MIN_FILL_MS = 3000;

export const ENQUIRY_MESSAGES = {
  success: 'Thank you. Your message has reached us, and we reply to every enquiry within 24 hours.',
  tooFast: 'That was very quick. Please take a moment to check your details, then press Send Message again.',
  rateLimited:
    'We have received several messages from your connection in the last few minutes. Please wait a little before sending another, or call us.',
  unavailable:
    'We could not take your message just now. Please try again in a few minutes, or call or e-mail us.',
} as const;

export type EnquiryOutcomeKey = keyof typeof ENQUIRY_MESSAGES;

/** Which of ENQUIRY_MESSAGES a message the gateway sent is (brief §10: shown in the page's language). */
export function enquiryOutcomeKey(message: string): EnquiryOutcomeKey | null {
  const keys = Object.keys(ENQUIRY_MESSAGES) as EnquiryOutcomeKey[];
  return keys.find((key) => ENQUIRY_MESSAGES[key] === message) ?? null;
}

// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINE_TAB = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * The value a rule is checked against and the value stored: NFC, control characters removed, one
 * line collapsed to single spaces (the message keeps its line breaks), trimmed.
 */
export function normalizeField(field: EnquiryField, raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const text = raw.normalize('NFC').replace(/\r\n?/g, '\n');
  if (ENQUIRY_RULES[field].multiline) return text.replace(CONTROL_EXCEPT_NEWLINE_TAB, '').trim();
  return text.replace(/\s+/g, ' ').replace(CONTROL_EXCEPT_NEWLINE_TAB, '').trim();
}

/**
 * The first rule a normalised value breaks, as the code of the message the visitor is shown (a rule
 * without its own message for a check shows its `tooLong` one); null when it passes.
 */
export function errorCodeOfNormalized(field: EnquiryField, value: string): EnquiryErrorCode | null {
  const rule = ENQUIRY_RULES[field];
  const { messages } = rule;
  const or = (code: EnquiryErrorCode): EnquiryErrorCode => (messages[code] === undefined ? 'tooLong' : code);
  if (value === '') return rule.required ? or('required') : null;
  if (value.length < rule.min) return or('tooShort');
  if (value.length > rule.max) return 'tooLong';
  if (rule.pattern && !rule.pattern.test(value)) return or('invalid');
  if (rule.valid && !rule.valid(value)) return or('invalid');
  return null;
}

/** The first rule a raw value breaks, as a code (errorCodeOfNormalized); null when it passes. */
export function fieldErrorCode(field: EnquiryField, raw: unknown): EnquiryErrorCode | null {
  return errorCodeOfNormalized(field, normalizeField(field, raw));
}

/** The English message of a code (a code the rule has no message for reads as its `tooLong` one). */
export function enquiryErrorMessage(field: EnquiryField, code: EnquiryErrorCode): string {
  const { messages } = ENQUIRY_RULES[field];
  return messages[code] ?? messages.tooLong;
}

/**
 * The code of a message the gateway sent for a field (its field errors are the rules' English
 * messages); null for a message no rule of that field has.
 */
export function enquiryErrorCode(field: string, message: string): EnquiryErrorCode | null {
  if (!Object.hasOwn(ENQUIRY_RULES, field)) return null;
  const { messages } = ENQUIRY_RULES[field as EnquiryField];
  return ERROR_CODES.find((code) => messages[code] === message) ?? null;
}

/** The first rule a normalised value breaks, as the message for the visitor; null when it passes. */
export function checkNormalized(field: EnquiryField, value: string): string | null {
  const code = errorCodeOfNormalized(field, value);
  return code === null ? null : enquiryErrorMessage(field, code);
}

export function checkField(field: EnquiryField, raw: unknown): string | null {
  return checkNormalized(field, normalizeField(field, raw));
}

export interface EnquiryFieldError {
  field: EnquiryField;
  message: string;
}

export type EnquiryValues = Partial<Record<EnquiryField, string | null | undefined>>;

/** Every invalid field, in form order (the browser's check; the gateway's is its zod schema). */
export function validateEnquiry(values: EnquiryValues): EnquiryFieldError[] {
  const errors: EnquiryFieldError[] = [];
  for (const field of ENQUIRY_FIELDS) {
    const message = checkField(field, values[field]);
    if (message) errors.push({ field, message });
  }
  return errors;
}
