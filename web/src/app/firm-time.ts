/** A date and time in the firm's zone, for the staff pages (in English); the text as it came when it is no date. */
export function formatFirmTime(iso: string, timeStyle: 'short' | 'medium'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle, timeZone: 'Asia/Kolkata' });
}
