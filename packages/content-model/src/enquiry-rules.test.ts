// The browser's side of the contact form's rules. That the gateway's zod schema gives the same
// answers, input by input, is the gateway's test (gateway/src/enquiry/schema.test.ts).
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  ENQUIRY_FIELDS,
  ENQUIRY_RULES,
  checkField,
  ENQUIRY_MESSAGES,
  checkNormalized,
  enquiryErrorCode,
  enquiryErrorMessage,
  enquiryOutcomeKey,
  errorCodeOfNormalized,
  fieldErrorCode,
  normalizeField,
  validateEnquiry,
  type EnquiryValues,
} from './enquiry-rules.js';
import { SLUG_MAX_LENGTH } from './limits.js';

const VALID: EnquiryValues = {
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  phone: '+91 98765 43210',
  subject: 'Bail for my brother',
  message: 'My brother was arrested yesterday in Ghaziabad. Can you help with bail?',
  practiceArea: 'bail-hearings',
};

const m = ENQUIRY_RULES;

describe('ENQUIRY_FIELDS', () => {
  it('names every rule once, in the order of the form', () => {
    expect(ENQUIRY_FIELDS).toEqual(['name', 'email', 'phone', 'subject', 'message', 'practiceArea']);
    expect(Object.keys(ENQUIRY_RULES).sort()).toEqual([...ENQUIRY_FIELDS].sort());
  });
});

describe('normalizeField', () => {
  it('composes accents, drops control characters and collapses a one-line field', () => {
    expect(normalizeField('name', 'e\u0301')).toBe('\u00e9');
    expect(normalizeField('name', '  Asha \n\t Rao\u0007 ')).toBe('Asha Rao');
    expect(normalizeField('subject', 'a\u0000b')).toBe('ab');
  });

  it('keeps the line breaks of the message, with Windows and old Mac ones made plain', () => {
    expect(normalizeField('message', '  Line one\r\nLine two\rLine three\u0000  ')).toBe(
      'Line one\nLine two\nLine three',
    );
  });

  it('makes anything but a string empty', () => {
    for (const raw of [null, undefined, 42, {}, ['Asha']]) expect(normalizeField('name', raw)).toBe('');
  });
});

describe('checkNormalized', () => {
  it('reports the first rule broken: required, then length, then pattern, then the number check', () => {
    expect(checkNormalized('name', '')).toBe(m.name.messages.required);
    expect(checkNormalized('subject', '')).toBeNull();
    expect(checkNormalized('name', 'A')).toBe(m.name.messages.tooShort);
    expect(checkNormalized('name', 'N'.repeat(101))).toBe(m.name.messages.tooLong);
    expect(checkNormalized('email', 'nope')).toBe(m.email.messages.invalid);
    expect(checkNormalized('phone', '98765 4321a')).toBe(m.phone.messages.invalid);
    expect(checkNormalized('phone', '5555555555')).toBe(m.phone.messages.invalid);
    expect(checkNormalized('phone', '9'.repeat(31))).toBe(m.phone.messages.tooLong);
    expect(checkNormalized('phone', '98765 43210')).toBeNull();
  });

  it('takes any slug WordPress could make as a practice area, and no longer one', () => {
    expect(m.practiceArea.max).toBe(SLUG_MAX_LENGTH);
    expect(checkNormalized('practiceArea', 'cheque-bounce-cases')).toBeNull();
    expect(checkNormalized('practiceArea', '%e0%a4%a4')).toBeNull();
    expect(checkNormalized('practiceArea', 'a'.repeat(SLUG_MAX_LENGTH))).toBeNull();
    expect(checkNormalized('practiceArea', 'a'.repeat(SLUG_MAX_LENGTH + 1))).toBe(
      m.practiceArea.messages.tooLong,
    );
    expect(checkNormalized('practiceArea', 'Family Law')).toBe(m.practiceArea.messages.invalid);
  });
});

describe('checkField', () => {
  it('checks the normalised value', () => {
    expect(checkField('name', '   Om   ')).toBeNull();
    expect(checkField('message', '   Help me!   \n\n ')).toBe(m.message.messages.tooShort);
    expect(checkField('name', 42)).toBe(m.name.messages.required);
  });
});

describe('EMAIL_PATTERN', () => {
  it.each([
    ['asha.rao@example.in', true],
    ["o'neil+law@mail.example.co.in", true],
    ['asha@example', false],
    ['asha..rao@example.in', false],
    ['.asha@example.in', false],
    ['asha@example.i', false],
    ['"asha"@example.in', false],
    ['asha@[127.0.0.1]', false],
  ])('%s -> %s', (email, ok) => {
    expect(EMAIL_PATTERN.test(email)).toBe(ok);
  });
});

describe('validateEnquiry', () => {
  it('passes a complete enquiry', () => {
    expect(validateEnquiry(VALID)).toEqual([]);
  });

  it('reports every invalid field at once, in form order', () => {
    const errors = validateEnquiry({
      practiceArea: 'x y',
      message: 'hi',
      subject: 'S'.repeat(300),
      phone: '123',
      email: 'nope',
      name: 'A',
    });
    expect(errors).toEqual([
      { field: 'name', message: m.name.messages.tooShort },
      { field: 'email', message: m.email.messages.invalid },
      { field: 'phone', message: m.phone.messages.invalid },
      { field: 'subject', message: m.subject.messages.tooLong },
      { field: 'message', message: m.message.messages.tooShort },
      { field: 'practiceArea', message: m.practiceArea.messages.invalid },
    ]);
  });

  it('asks for each required field left out', () => {
    expect(validateEnquiry({}).map((e) => e.field)).toEqual(['name', 'email', 'phone', 'message']);
  });
});

describe('error codes (the website shows each message in the page language, brief §10)', () => {
  it('name the message the rule reports', () => {
    expect(fieldErrorCode('name', '')).toBe('required');
    expect(fieldErrorCode('name', ' A ')).toBe('tooShort');
    expect(fieldErrorCode('message', 'x'.repeat(5001))).toBe('tooLong');
    expect(fieldErrorCode('email', 'nope')).toBe('invalid');
    expect(fieldErrorCode('name', 'Asha')).toBeNull();
    expect(fieldErrorCode('subject', '')).toBeNull();
    // A check without a message of its own reports the rule's tooLong one.
    expect(enquiryErrorMessage('subject', 'invalid')).toBe(m.subject.messages.tooLong);
  });

  it('agree with the messages, for every field and value checked', () => {
    const values = ['', 'A', 'Om', 'nope', 'a@b.in', '98765 43210', 'x'.repeat(300), 'family-law', 'x y'];
    for (const field of ENQUIRY_FIELDS) {
      for (const value of values) {
        const code = errorCodeOfNormalized(field, value);
        const message = checkNormalized(field, value);
        expect(code === null ? null : enquiryErrorMessage(field, code), `${field}=${value}`).toBe(message);
        if (message) {
          // The gateway's answer names the same code back.
          expect(enquiryErrorMessage(field, enquiryErrorCode(field, message)!)).toBe(message);
        }
      }
    }
  });

  it('are found back from the English messages the gateway sends', () => {
    expect(enquiryErrorCode('email', m.email.messages.invalid!)).toBe('invalid');
    expect(enquiryErrorCode('name', m.name.messages.tooShort!)).toBe('tooShort');
    expect(enquiryErrorCode('name', m.email.messages.invalid!)).toBeNull();
    expect(enquiryErrorCode('website', 'Please enter your name.')).toBeNull();
    expect(enquiryErrorCode('toString', 'x')).toBeNull();
    expect(enquiryOutcomeKey(ENQUIRY_MESSAGES.tooFast)).toBe('tooFast');
    expect(enquiryOutcomeKey(ENQUIRY_MESSAGES.success)).toBe('success');
    expect(enquiryOutcomeKey('Something else.')).toBeNull();
  });
});
