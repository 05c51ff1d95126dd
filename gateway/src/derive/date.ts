/** 'November 21, 2026' for a calendar day given in UTC. */
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar day and, when given, a real time of day. */
function isValidDateTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  return hour <= 23 && minute <= 59 && second <= 59;
}

const WP_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** A zone-less WordPress date as milliseconds of the same wall clock in UTC; null if not one. */
function wpLocalMs(value: string | null | undefined): number | null {
  const m = value ? WP_LOCAL.exec(value.trim()) : null;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Year 1000 and later: a draft's '0000-00-00T00:00:00' and other placeholders are not dates.
  if (year < 1000 || !isValidDateTime(year, month, day, hour, minute, second)) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * WordPress's local `date` (no zone: the site's wall clock) with the site's UTC offset, worked out
 * from its `date_gmt` twin: '2026-11-15T09:30:00' and '2026-11-15T04:00:00' give
 * '2026-11-15T09:30:00+05:30', one moment that a feed reader or a search engine cannot misread (read
 * without a zone, the firm's posts were dated 5 h 30 min in the future). The wall-clock part is kept,
 * so the date a visitor reads does not change. Without a usable twin (a draft's
 * '0000-00-00T00:00:00', a gap no time zone has) the date is returned as WordPress wrote it.
 */
export function withUtcOffset(local: string, gmt: string | null | undefined): string {
  const localMs = wpLocalMs(local);
  const gmtMs = wpLocalMs(gmt);
  if (localMs === null || gmtMs === null) return local;
  const minutes = (localMs - gmtMs) / 60_000;
  if (!Number.isInteger(minutes) || minutes % 15 !== 0 || Math.abs(minutes) > 14 * 60) return local;
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.trim()}${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The dates of a WordPress post or page, as its REST answer gives them. */
export interface WpDates {
  date?: string | null;
  date_gmt?: string | null;
  modified?: string | null;
  modified_gmt?: string | null;
}

/** When it last changed, with the site's offset (withUtcOffset); the publication date if never. */
export function lastModifiedWithOffset(item: WpDates): string {
  if (item.modified) return withUtcOffset(item.modified, item.modified_gmt);
  return item.date ? withUtcOffset(item.date, item.date_gmt) : '';
}

/**
 * 'November 21, 2026' (brief §9, long US-English form). The calendar date is taken as written:
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
  if (!isValidDateTime(year, month, day, Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0))) return '';
  const calendarDay = new Date(0);
  calendarDay.setUTCFullYear(year, month - 1, day);
  return LONG_DATE.format(calendarDay);
}
