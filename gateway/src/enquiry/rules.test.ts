// The form's rules, checked two ways: the browser's pure check (rules.ts) and the server's zod
// schema (schema.ts) must give the same answer, field by field, for every input.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRACTICE_AREAS } from '../derive/practice-areas.js';
import {
  ENQUIRY_RULES,
  PRACTICE_AREA_CHOICES,
  checkField,
  formatIndianPhone,
  normalizeField,
  validateEnquiry,
  type EnquiryValues,
} from './rules.js';
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
  ['US phone', { phone: '+1 202 555 0100' }, 'phone', m.phone.messages.invalid!],
  ['91 without plus', { phone: '91 98765 43210' }, 'phone', m.phone.messages.invalid!],
  ['phone with letters', { phone: '98765 4321a' }, 'phone', m.phone.messages.invalid!],
  ['phone with brackets', { phone: '(98765) 43210' }, 'phone', m.phone.messages.invalid!],
  ['phone ending in a dash', { phone: '98765-43210-' }, 'phone', m.phone.messages.invalid!],
  ['25-character phone', { phone: '9 8 7 6 5 4 3 2 1 0 - - -' }, 'phone', m.phone.messages.tooLong],
  ['201-character subject', { subject: 'S'.repeat(201) }, 'subject', m.subject.messages.tooLong],
  ['empty message', { message: '' }, 'message', m.message.messages.required!],
  ['9-character message', { message: 'Need help' }, 'message', m.message.messages.tooShort!],
  ['padded short message', { message: '   Help me!   \n\n ' }, 'message', m.message.messages.tooShort!],
  ['5001-character message', { message: 'x'.repeat(5001) }, 'message', m.message.messages.tooLong],
  ['unknown practice area', { practiceArea: 'tax-law' }, 'practiceArea', m.practiceArea.messages.invalid!],
  ['practice area alias', { practiceArea: 'cybercrime' }, 'practiceArea', m.practiceArea.messages.invalid!],
  [
    'practice area, wrong case',
    { practiceArea: 'Family-Law' },
    'practiceArea',
    m.practiceArea.messages.invalid!,
  ],
];

const ACCEPTED: Array<[string, EnquiryValues]> = [
  ['the example', {}],
  ['+91 with spaces', { phone: '+91 98765 43210' }],
  ['+91 with dashes', { phone: '+91-98765-43210' }],
  ['+91 run together', { phone: '+919876543210' }],
  ['10 digits', { phone: '9876543210' }],
  ['10 digits grouped', { phone: '120 400 1985' }],
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
      practiceArea: 'x',
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
    expect(compared).toBe(47);
  });

  it('normalises what it stores: spaces collapsed, line breaks kept in the message, one phone format', () => {
    const parsed = parseEnquiry({
      ...VALID,
      name: '  Asha \n  Rao ',
      phone: '98765-43210',
      subject: '   ',
      message: '  Line one\r\nLine two\u0000  ',
      practiceArea: null,
    });
    expect(parsed).toEqual({
      ok: true,
      enquiry: {
        name: 'Asha Rao',
        email: 'asha.rao@example.in',
        phone: '+91 98765 43210',
        subject: null,
        message: 'Line one\nLine two',
        practiceArea: null,
      },
    });
    expect(formatIndianPhone('+91-99887-76655')).toBe('+91 99887 76655');
    expect(normalizeField('name', 'e\u0301')).toBe('\u00e9');
    expect(checkField('name', 42)).toBe(m.name.messages.required);
  });

  it("offers exactly the site's practice areas, under their canonical slugs and titles", () => {
    expect(PRACTICE_AREA_CHOICES).toEqual(
      BUILT_IN_PRACTICE_AREAS.map((a) => ({ slug: a.slug, title: a.title })),
    );
  });
});
