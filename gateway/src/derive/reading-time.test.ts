import { describe, expect, it } from 'vitest';
import { readingTimeFromWords, readingTimeMinutes } from './reading-time.js';

// Large-input tests do real work; the limit only keeps a loaded CI machine from failing them.
const HEAVY_TEST_TIMEOUT_MS = 60_000;

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('readingTimeMinutes', () => {
  it('is words / 200 rounded up', () => {
    expect(readingTimeMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${words(201)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<p>${words(400)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<p>${words(401)}</p>`)).toBe(3);
    expect(readingTimeMinutes(`<p>${words(1999)}</p>`)).toBe(10);
  });

  it('is at least 1', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes('<p></p>')).toBe(1);
    expect(readingTimeMinutes('<p>one</p>')).toBe(1);
  });

  it('counts only visible words', () => {
    const hidden = `<script>${words(1000)}</script><style>${words(1000)}</style>`;
    expect(readingTimeMinutes(`${hidden}<p>${words(150)}</p>`)).toBe(1);
    // Block boundaries separate words: 201 paragraphs of one word each.
    expect(readingTimeMinutes('<p>x</p>'.repeat(201))).toBe(2);
  });

  it('accepts another reading speed, falling back to 200 for nonsense', () => {
    expect(readingTimeMinutes(`<p>${words(300)}</p>`, 100)).toBe(3);
    expect(readingTimeMinutes(`<p>${words(300)}</p>`, 0)).toBe(2);
    expect(readingTimeMinutes(`<p>${words(300)}</p>`, Number.NaN)).toBe(2);
    expect(readingTimeMinutes(`<p>${words(300)}</p>`, -5)).toBe(2);
  });

  it(
    'handles a 1 MB body',
    () => {
      const body = `<p>${words(10)}</p>`.repeat(30_000);
      expect(body.length).toBeGreaterThan(1_000_000);
      expect(readingTimeMinutes(body)).toBe(1500);
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});

describe('readingTimeFromWords', () => {
  it.each([
    [0, 1],
    [1, 1],
    [199, 1],
    [200, 1],
    [201, 2],
    [-3, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('%d words -> %d min', (n, minutes) => {
    expect(readingTimeFromWords(n)).toBe(minutes);
  });
});
