// Times the server wrote in the site's own zone (a preview's "Saved ..."), shown in the reader's:
// `<time datetime="{ISO 8601}" data-local-time>` gets its text from the browser's Intl.

export function initLocalTimes(doc: Document, locale?: string, timeZone?: string): void {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  for (const el of doc.querySelectorAll<HTMLTimeElement>('time[data-local-time]')) {
    const date = new Date(el.dateTime);
    if (!Number.isNaN(date.getTime())) el.textContent = format.format(date);
  }
}
