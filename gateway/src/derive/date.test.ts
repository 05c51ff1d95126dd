import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate, lastModifiedWithOffset, withUtcOffset } from './date.js';

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

describe('withUtcOffset', () => {
  it.each([
    // Asia/Kolkata, the firm's zone: the wall clock is kept and the offset added.
    ['2026-11-15T09:30:00', '2026-11-15T04:00:00', '2026-11-15T09:30:00+05:30'],
    // Across midnight and a month end.
    ['2026-07-01T02:15:00', '2026-06-30T20:45:00', '2026-07-01T02:15:00+05:30'],
    // UTC, a zone west of it, and the 45-minute and 14-hour extremes.
    ['2026-11-15T09:30:00', '2026-11-15T09:30:00', '2026-11-15T09:30:00+00:00'],
    ['2026-03-01T08:00:00', '2026-03-01T13:00:00', '2026-03-01T08:00:00-05:00'],
    ['2026-01-10T12:45:00', '2026-01-10T00:00:00', '2026-01-10T12:45:00+12:45'],
    ['2026-01-10T14:00:00', '2026-01-10T00:00:00', '2026-01-10T14:00:00+14:00'],
  ])('%s with GMT %s -> %s', (local, gmt, expected) => {
    expect(withUtcOffset(local, gmt)).toBe(expected);
    // The same moment as WordPress's GMT twin.
    expect(new Date(expected).toISOString().slice(0, 19)).toBe(gmt);
  });

  it.each([
    ['no twin', '2026-11-15T09:30:00', undefined],
    ['a null twin', '2026-11-15T09:30:00', null],
    ["a draft's zero date", '2026-11-15T09:30:00', '0000-00-00T00:00:00'],
    ['a gap no zone has (7 minutes)', '2026-11-15T09:30:00', '2026-11-15T09:23:00'],
    ['a gap beyond 14 hours', '2026-11-16T09:30:00', '2026-11-15T09:30:00'],
    ['a twin that is not a date', '2026-11-15T09:30:00', 'yesterday'],
    ['an impossible twin', '2026-11-15T09:30:00', '2026-02-30T04:00:00'],
    ['a date that already has a zone', '2026-11-15T09:30:00Z', '2026-11-15T09:30:00'],
    ['a date that is not one', 'not a date', '2026-11-15T04:00:00'],
  ])('keeps the date as written with %s', (_what, local, gmt) => {
    expect(withUtcOffset(local, gmt)).toBe(local);
  });

  it('leaves the date a visitor reads unchanged', () => {
    expect(formatLongDate(withUtcOffset('2026-07-01T02:15:00', '2026-06-30T20:45:00'))).toBe('July 1, 2026');
  });
});

describe('lastModifiedWithOffset', () => {
  it('is the modified date with its offset, else the publication date, else empty', () => {
    expect(
      lastModifiedWithOffset({
        date: '2026-11-15T09:30:00',
        date_gmt: '2026-11-15T04:00:00',
        modified: '2026-11-16T18:05:22',
        modified_gmt: '2026-11-16T12:35:22',
      }),
    ).toBe('2026-11-16T18:05:22+05:30');
    expect(lastModifiedWithOffset({ date: '2026-11-15T09:30:00', date_gmt: '2026-11-15T04:00:00' })).toBe(
      '2026-11-15T09:30:00+05:30',
    );
    expect(lastModifiedWithOffset({ modified: '2026-11-16T18:05:22' })).toBe('2026-11-16T18:05:22');
    expect(lastModifiedWithOffset({})).toBe('');
  });
});
