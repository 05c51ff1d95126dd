// Times the server wrote in the site's own zone (a preview's "Saved ..."), shown in the reader's:
// `<time datetime="{ISO 8601}" data-local-time>` gets its text from the browser's Intl.

export function initLocalTimes(doc: Document, locale?: string, timeZone?: string): void {
  const times = doc.querySelectorAll<HTMLTimeElement>('time[data-local-time]');
  // Only pages that have one: a browser's first Intl.DateTimeFormat loads its time-zone data, 20-70 ms
  // of main thread on a 2-core machine, several times that on a low-tier phone.
  if (times.length === 0) return;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  for (const el of times) {
    const date = new Date(el.dateTime);
    if (!Number.isNaN(date.getTime())) el.textContent = format.format(date);
  }
}
