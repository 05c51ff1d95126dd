import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate } from './date.js';

describe('formatLongDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    ['2026-11-21T09:30:00', 'November 21, 2026'],
    ['2026-11-21', 'November 21, 2026'],
    ['2026-01-01T00:00:00', 'January 1, 2026'],
    ['2026-12-31T23:59:59', 'December 31, 2026'],
    ['2024-02-29T12:00:00', 'February 29, 2024'],
    ['2000-02-29', 'February 29, 2000'],
    ['1985-06-15 10:00:00', 'June 15, 1985'],
    ['2026-03-05T10:00:00.123', 'March 5, 2026'],
    ['  2026-07-04T10:00:00  ', 'July 4, 2026'],
  ])('%j -> %j', (input, expected) => {
    expect(formatLongDate(input)).toBe(expected);
  });

  it('formats the calendar date as written, whatever the server time zone', () => {
    for (const tz of [
      'UTC',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ]) {
      process.env.TZ = tz;
      expect(formatLongDate('2026-11-21T00:00:00')).toBe('November 21, 2026');
      expect(formatLongDate('2026-11-21T23:59:59')).toBe('November 21, 2026');
    }
  });

  it('reads a string with a zone on its own calendar', () => {
    expect(formatLongDate('2026-11-21T23:30:00-05:00')).toBe('November 21, 2026');
    expect(formatLongDate('2026-11-21T00:15:00+05:30')).toBe('November 21, 2026');
    expect(formatLongDate('2026-11-21T09:30:00Z')).toBe('November 21, 2026');
  });

  it.each([
    '',
    'not a date',
    '2026-13-01',
    '2026-00-10',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-11-00',
    '2026-11-21T24:00:00',
    '2026-11-21T10:60:00',
    '21/11/2026',
    'November 21, 2026',
    '2026-11-21T09:30:00junk',
    '0000-01-01',
  ])('%j is invalid -> empty string', (input) => {
    expect(formatLongDate(input)).toBe('');
  });

  it('returns an empty string for non-strings', () => {
    expect(formatLongDate(null as unknown as string)).toBe('');
    expect(formatLongDate(1_700_000_000_000 as unknown as string)).toBe('');
  });
});
