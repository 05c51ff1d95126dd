// Visitors' phone numbers as they write them: Indian mobiles and landlines with or without 0, 91,
// +91 or 0091, with spaces, dashes, dots or brackets, and numbers abroad with + and the country
// code (the firm's NRI clients). The browser (the contact form) and the gateway (its zod schema) run
// this same code, so both give the same answer.
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { phoneMetadata } from './phone-metadata.js';

/** Numbers written without a country code are Indian. */
export const DEFAULT_PHONE_COUNTRY = 'IN';

/**
 * Digits and what people put between them: a leading +, spaces, dashes, dots, slashes and brackets.
 * Letters (extensions, "call me after 6") are refused rather than silently dropped, as the phone
 * library would otherwise do while looking for a number in the text.
 */
export const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;

/** Longer input is not a phone number (the form allows 30 characters); the library is not asked. */
const LONGEST_INPUT = 64;

const metadata = phoneMetadata();

/**
 * The number in E.164 (+911204001985) when `value` is a phone number that exists in its country's
 * numbering plan; null otherwise.
 */
export function phoneE164(value: string): string | null {
  if (value.length > LONGEST_INPUT || !PHONE_CHARACTERS.test(value)) return null;
  const parsed = parsePhoneNumberFromString(
    value,
    { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false },
    metadata,
  );
  return parsed?.isValid() ? parsed.number : null;
}

export function isPhoneNumber(value: string): boolean {
  return phoneE164(value) !== null;
}
