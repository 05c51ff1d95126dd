import { countWords, htmlToText } from './text.js';

export const WORDS_PER_MINUTE = 200;

/** Minutes to read `words` words: rounded up, never less than 1. */
export function readingTimeFromWords(words: number, wordsPerMinute = WORDS_PER_MINUTE): number {
  const wpm = Number.isFinite(wordsPerMinute) && wordsPerMinute > 0 ? wordsPerMinute : WORDS_PER_MINUTE;
  const count = Number.isFinite(words) && words > 0 ? Math.floor(words) : 0;
  return Math.max(1, Math.ceil(count / wpm));
}

/** Reading time of an HTML body in minutes (brief §9: words / 200, rounded up), at least 1. */
export function readingTimeMinutes(html: string, wordsPerMinute = WORDS_PER_MINUTE): number {
  return readingTimeFromWords(countWords(htmlToText(html)), wordsPerMinute);
}
