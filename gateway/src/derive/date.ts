const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * 'November 21, 2026' (SPEC §9, long US-English form). The calendar date is taken as written:
 * WordPress's `date` carries no zone and is the site's local date, so it must not be moved by the
 * server's time zone; a string with an offset is likewise read on its own calendar. Invalid -> ''.
 */
export function formatLongDate(isoOrWpDate: string): string {
  if (typeof isoOrWpDate !== 'string') return '';
  const m = DATE.exec(isoOrWpDate.trim());
  if (!m) return '';
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return '';
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return '';
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
