import { describe, expect, it } from 'vitest';
import { isPhoneNumber, phoneE164 } from './phone.js';

describe('phoneE164', () => {
  it.each([
    // Indian mobiles, written any of the ways people write them.
    ['98765 43210', '+919876543210'],
    ['098765-43210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['(98765) 43210', '+919876543210'],
    // Landlines, with or without the trunk 0.
    ['(0120) 400-1985', '+911204001985'],
    ['120 400 1985', '+911204001985'],
    // Abroad: + and the country code.
    ['+44 (0) 20 7946 0958', '+442079460958'],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('%j -> %s', (typed, e164) => {
    expect(phoneE164(typed)).toBe(e164);
    expect(isPhoneNumber(typed)).toBe(true);
  });

  it.each([
    // A landline with a digit missing: a possible length for India, not for its STD code.
    '0120 40019',
    '5555555555',
    '+44 20 7946 095',
    '9876543210 ext 5',
    'call me on 9876543210',
    '+91+9876543210',
    '',
  ])('refuses %j', (typed) => {
    expect(phoneE164(typed)).toBeNull();
    expect(isPhoneNumber(typed)).toBe(false);
  });

  it('does not ask the library about input far longer than a phone number', () => {
    const padded = `${' '.repeat(60)}9876543210`;
    expect(phoneE164(padded.slice(-64))).toBe('+919876543210');
    expect(phoneE164(padded)).toBeNull();
  });
});
