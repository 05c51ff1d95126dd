// The form's rules, checked two ways: the browser's pure check (validateEnquiry, from
// @site/content-model) and the server's zod schema (schema.ts) must give the same answer, field by
// field, for every input.
import {
  ENQUIRY_RULES,
  checkField,
  normalizeField,
  validateEnquiry,
  type EnquiryValues,
} from '@site/content-model';
import { describe, expect, it } from 'vitest';
import { parseEnquiry } from './schema.js';

const VALID: EnquiryValues = {
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  phone: '+91 98765 43210',
  subject: 'Bail for my brother',
  message: 'My brother was arrested yesterday in Ghaziabad. Can you help with bail?',
  practiceArea: 'bail-hearings',
};

const m = ENQUIRY_RULES;

/** Numbers as visitors write them, and the E.164 form each is stored in next to what was typed. */
const PHONES: Array<[string, string]> = [
  // Indian mobiles: bare, with the trunk 0, with 91 / +91 / 0091, grouped any way.
  ['9876543210', '+919876543210'],
  ['09876543210', '+919876543210'],
  ['91 98765 43210', '+919876543210'],
  ['+91 98765 43210', '+919876543210'],
  ['+91-98765-43210', '+919876543210'],
  ['+919876543210', '+919876543210'],
  ['0091 98765 43210', '+919876543210'],
  ['(98765) 43210', '+919876543210'],
  ['98765.43210', '+919876543210'],
  // Landlines: STD code with or without 0, spaces, dashes, brackets.
  ['0120 400 1985', '+911204001985'],
  ['0120-4001985', '+911204001985'],
  ['(0120) 400-1985', '+911204001985'],
  ['120 400 1985', '+911204001985'],
  ['+91 120 400 1985', '+911204001985'],
  ['+91 (0120) 400 1985', '+911204001985'],
  ['011 2345 6789', '+911123456789'],
  ['080 1234 5678', '+918012345678'],
  // Abroad: + and the country code, in E.164 or written the country's way.
  ['+44 20 7946 0958', '+442079460958'],
  ['+44 (0) 20 7946 0958', '+442079460958'],
  ['+442079460958', '+442079460958'],
  ['+1 (415) 555-2671', '+14155552671'],
  ['+971 50 123 4567', '+971501234567'],
  ['+65 6123 4567', '+6561234567'],
];

/** Not a number anyone can be called on: refused with the phone field's message. */
const PHONE_GARBAGE = [
  '12345',
  'call me',
  '+91 12345',
  '+91',
  '0000000000',
  // A landline with a digit missing or extra: the right length for India in general, not for its STD code.
  '0120 40019',
  '+91 120 400 198',
  '011 2345 67890',
  // Numbers of no Indian series.
  '5555555555',
  '1111111111',
  '+1 (555) 555-5555',
  '+44 20 7946 095',
  '+999 1234567',
  '+91+9876543210',
  '9876543210 ext 5',
  'call me on 9876543210',
  '98765 43210 / 0120 400 1985',
];

/** [label, overrides, field, expected message] — one broken rule each. */
const INVALID: Array<[string, EnquiryValues, string, string]> = [
  ['empty name', { name: '' }, 'name', m.name.messages.required!],
  ['blank name', { name: '   \t ' }, 'name', m.name.messages.required!],
  ['missing name', { name: undefined }, 'name', m.name.messages.required!],
  ['one-letter name', { name: 'A' }, 'name', m.name.messages.tooShort!],
  ['101-character name', { name: 'N'.repeat(101) }, 'name', m.name.messages.tooLong],
  ['empty e-mail', { email: '' }, 'email', m.email.messages.required!],
  ['e-mail without @', { email: 'asha.example.in' }, 'email', m.email.messages.invalid!],
  ['e-mail without domain dot', { email: 'asha@example' }, 'email', m.email.messages.invalid!],
  ['e-mail with two @', { email: 'asha@@example.in' }, 'email', m.email.messages.invalid!],
  ['e-mail with a space', { email: 'asha rao@example.in' }, 'email', m.email.messages.invalid!],
  ['e-mail with consecutive dots', { email: 'asha..rao@example.in' }, 'email', m.email.messages.invalid!],
  ['e-mail starting with a dot', { email: '.asha@example.in' }, 'email', m.email.messages.invalid!],
  ['e-mail with a one-letter TLD', { email: 'asha@example.i' }, 'email', m.email.messages.invalid!],
  ['e-mail with a script', { email: '<script>@example.in' }, 'email', m.email.messages.invalid!],
  ['255-character e-mail', { email: `${'a'.repeat(245)}@example.in` }, 'email', m.email.messages.tooLong],
  ['empty phone', { phone: '' }, 'phone', m.phone.messages.required!],
  ['9-digit phone', { phone: '98765 4321' }, 'phone', m.phone.messages.invalid!],
  ['11-digit phone', { phone: '98765 432101' }, 'phone', m.phone.messages.invalid!],
  ['phone with letters', { phone: '98765 4321a' }, 'phone', m.phone.messages.invalid!],
  ['31-character phone', { phone: '9 8 7 6 5 4 3 2 1 0 - - - - - -' }, 'phone', m.phone.messages.tooLong],
  ...PHONE_GARBAGE.map((phone): [string, EnquiryValues, string, string] => [
    `phone ${JSON.stringify(phone)}`,
    { phone },
    'phone',
    m.phone.messages.invalid!,
  ]),
  ['201-character subject', { subject: 'S'.repeat(201) }, 'subject', m.subject.messages.tooLong],
  ['empty message', { message: '' }, 'message', m.message.messages.required!],
  ['9-character message', { message: 'Need help' }, 'message', m.message.messages.tooShort!],
  ['padded short message', { message: '   Help me!   \n\n ' }, 'message', m.message.messages.tooShort!],
  ['5001-character message', { message: 'x'.repeat(5001) }, 'message', m.message.messages.tooLong],
  // Which slugs name a practice area is the gateway's check against the site's list
  // (gateway/test/enquiries.test.ts); the rules refuse what no WordPress slug looks like.
  [
    'practice area by title',
    { practiceArea: 'Family Law' },
    'practiceArea',
    m.practiceArea.messages.invalid!,
  ],
  ['practice area path', { practiceArea: '/family-law/' }, 'practiceArea', m.practiceArea.messages.invalid!],
  [
    '201-character practice area',
    { practiceArea: 'a'.repeat(201) },
    'practiceArea',
    m.practiceArea.messages.tooLong,
  ],
  [
    'practice area, wrong case',
    { practiceArea: 'Family-Law' },
    'practiceArea',
    m.practiceArea.messages.invalid!,
  ],
];

const ACCEPTED: Array<[string, EnquiryValues]> = [
  ['the example', {}],
  ...PHONES.map(([phone]): [string, EnquiryValues] => [`phone ${JSON.stringify(phone)}`, { phone }]),
  ['two-letter name', { name: 'Om' }],
  ['100-character name', { name: 'N'.repeat(100) }],
  ['Devanagari name', { name: 'आशा राव' }],
  ['plus-addressed e-mail', { email: "o'neil+law@mail.example.co.in" }],
  ['no subject', { subject: '' }],
  ['null subject', { subject: null }],
  ['200-character subject', { subject: 'S'.repeat(200) }],
  ['10-character message', { message: 'Need help!' }],
  ['5000-character message', { message: 'x'.repeat(5000) }],
  ['no practice area', { practiceArea: '' }],
  ['every practice area', { practiceArea: 'divorce-advisory' }],
  ['a practice area written in WordPress', { practiceArea: 'cheque-bounce-cases' }],
  ['a non-ASCII slug, as WordPress encodes it', { practiceArea: '%e0%a4%a4%e0%a4%b2%e0%a4%be%e0%a4%95' }],
];

describe('enquiry rules', () => {
  it.each(INVALID)(
    'refuses %s with the field and message of the rule',
    (_label, overrides, field, message) => {
      const values = { ...VALID, ...overrides };
      const browser = validateEnquiry(values);
      expect(browser).toEqual([{ field, message }]);
      const server = parseEnquiry(values);
      expect(server).toEqual({ ok: false, fieldErrors: [{ field, message }] });
    },
  );

  it.each(ACCEPTED)('accepts %s in the browser and on the server', (_label, overrides) => {
    const values = { ...VALID, ...overrides };
    expect(validateEnquiry(values)).toEqual([]);
    expect(parseEnquiry(values).ok).toBe(true);
  });

  it('reports every invalid field at once, in form order, the same on both sides', () => {
    const values = {
      name: 'A',
      email: 'nope',
      phone: '123',
      subject: 'S'.repeat(300),
      message: 'hi',
      practiceArea: 'x y',
    };
    const browser = validateEnquiry(values);
    expect(browser.map((e) => e.field)).toEqual([
      'name',
      'email',
      'phone',
      'subject',
      'message',
      'practiceArea',
    ]);
    expect(parseEnquiry(values)).toEqual({ ok: false, fieldErrors: browser });
  });

  it('agrees with the server on a generated corpus of inputs', () => {
    const samples: Record<string, unknown[]> = {
      name: ['', ' ', 'A', 'Om', ' Om ', 'N'.repeat(100), 'N'.repeat(101), 'a\u0000b', null, 42],
      email: [
        '',
        'a@b.in',
        'a@b',
        'a@b.c',
        'A.B@Example.COM',
        'x@-bad.in',
        'x@bad-.in',
        'a@b..in',
        `${'a'.repeat(250)}@b.in`,
      ],
      phone: [
        '',
        '9876543210',
        '+91 9876543210',
        '+91',
        '+91 ',
        '98765-43210',
        '98765--43210',
        ' 9876543210 ',
        '+91+9876543210',
        '987654321O',
        '0120-4001985',
        '+44 20 7946 0958',
        '5555555555',
      ],
      subject: ['', null, undefined, 'S'.repeat(200), 'S'.repeat(201), ' \n '],
      message: [
        '',
        'x'.repeat(9),
        'x'.repeat(10),
        ' x\r\nx\tx\u0007xxxxx ',
        'x'.repeat(5000),
        'x'.repeat(5001),
      ],
      practiceArea: ['', null, 'family-law', 'family', 'FAMILY-LAW', ' family-law '],
    };
    let compared = 0;
    for (const [field, values] of Object.entries(samples)) {
      for (const value of values) {
        const input = { ...VALID, [field]: value };
        const server = parseEnquiry(input);
        const browser = validateEnquiry(input as EnquiryValues);
        expect(server.ok ? [] : server.fieldErrors, `${field}=${JSON.stringify(value)}`).toEqual(browser);
        compared += 1;
      }
    }
    expect(compared).toBe(50);
  });

  it.each(PHONES)('stores the phone %j as typed and as %s', (phone, e164) => {
    const parsed = parseEnquiry({ ...VALID, phone: ` ${phone}  ` });
    expect(parsed.ok && [parsed.enquiry.phone, parsed.enquiry.phoneE164]).toEqual([phone, e164]);
  });

  it('counts every phone example', () => {
    expect([PHONES.length, PHONE_GARBAGE.length]).toEqual([23, 17]);
    expect(new Set(PHONES.map(([, e164]) => e164)).size).toBe(8);
  });

  it('normalises what it stores: spaces collapsed, line breaks kept in the message, the phone also in E.164', () => {
    const parsed = parseEnquiry({
      ...VALID,
      name: '  Asha \n  Rao ',
      phone: ' 98765-43210 ',
      subject: '   ',
      message: '  Line one\r\nLine two\u0000  ',
      practiceArea: null,
    });
    expect(parsed).toEqual({
      ok: true,
      enquiry: {
        name: 'Asha Rao',
        email: 'asha.rao@example.in',
        phone: '98765-43210',
        phoneE164: '+919876543210',
        subject: null,
        message: 'Line one\nLine two',
        practiceArea: null,
      },
    });
    expect(normalizeField('name', 'e\u0301')).toBe('\u00e9');
    expect(checkField('name', 42)).toBe(m.name.messages.required);
  });
});
