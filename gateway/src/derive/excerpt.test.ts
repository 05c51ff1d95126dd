import { describe, expect, it } from 'vitest';
import { clampExcerptLength, makeExcerpt, truncateText } from './excerpt.js';

// Large-input tests do real work; the limit only keeps a loaded CI machine from failing them.
const HEAVY_TEST_TIMEOUT_MS = 60_000;

const BAIL =
  '<p>Anticipatory bail protects a person from arrest. It is granted by the Sessions Court or the High Court.</p>';

describe('makeExcerpt', () => {
  it('returns short text unchanged, as plain text', () => {
    expect(makeExcerpt('<p>Short <em>text</em> &amp; more.</p>')).toBe('Short text & more.');
    expect(makeExcerpt('<p>Exactly ten</p>', 11)).toBe('Exactly ten');
  });

  it('cuts at the last word boundary at or before the length and appends ...', () => {
    expect(makeExcerpt(BAIL, 40)).toBe('Anticipatory bail protects a person from...');
    // The boundary exactly at the limit: "Anticipatory bail" is 17 characters.
    expect(makeExcerpt(BAIL, 17)).toBe('Anticipatory bail...');
    // One short of a word end backs off to the previous word.
    expect(makeExcerpt(BAIL, 16)).toBe('Anticipatory...');
  });

  it('never ends in punctuation or a space before the ...', () => {
    expect(makeExcerpt('<p>The court granted bail, and the accused was released.</p>', 24)).toBe(
      'The court granted bail...',
    );
    expect(makeExcerpt('<p>He said: “wait” — then left the court.</p>', 13)).toBe('He said...');
    expect(makeExcerpt('<p>Costs rose by 95% last year in the district.</p>', 17)).toBe(
      'Costs rose by 95%...',
    );
  });

  it('uses 150 characters by default (brief §9) and 120 when cards ask for it', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    // word0..word22 is exactly 150 characters and a space follows, so it is kept whole.
    expect(list(23).length).toBe(150);
    expect(makeExcerpt(`<p>${list(100)}</p>`)).toBe(`${list(23)}...`);
    // word0..word17 is 115 characters; adding " word18" would make 122.
    expect(list(18).length).toBe(115);
    expect(makeExcerpt(`<p>${list(100)}</p>`, 120)).toBe(`${list(18)}...`);
  });

  it('strips the WordPress [&hellip;] marker and "Continue reading" links, keeping the cut visible', () => {
    const wp =
      '<p>In this guide we explain how bail works in Ghaziabad [&hellip;]</p>\n' +
      '<p class="link-more"><a href="https://cms.example.com/bail/" class="more-link">Continue reading' +
      '<span class="screen-reader-text"> "How bail works"</span></a></p>';
    expect(makeExcerpt(wp)).toBe('In this guide we explain how bail works in Ghaziabad...');
    expect(makeExcerpt('<p>Text [...] <a href="/p">Read more</a></p>')).toBe('Text...');
    expect(makeExcerpt('<p>Text <a href="/p">Continue reading &rarr;</a></p>')).toBe('Text');
    expect(makeExcerpt('<p>Only the marker [&hellip;]</p>', 8)).toBe('Only the...');
  });

  it('keeps ordinary links and text that merely mentions reading', () => {
    expect(makeExcerpt('<p>See <a href="/bail">our bail page</a>. Continue reading below.</p>')).toBe(
      'See our bail page. Continue reading below.',
    );
  });

  it('decodes entities and drops scripts', () => {
    expect(makeExcerpt('<p>Don&#8217;t wait&#8230;</p><script>alert(1)</script>')).toBe('Don’t wait…');
  });

  it('hard-cuts a single word longer than the limit', () => {
    expect(makeExcerpt('Supercalifragilisticexpialidocious', 10)).toBe('Supercalif...');
  });

  it('does not split a surrogate pair', () => {
    expect(makeExcerpt('😀😀😀😀😀', 3)).toBe('😀...');
  });

  it('cuts Devanagari text at word boundaries', () => {
    expect(makeExcerpt('<p>धारा 498ए के तहत क्रूरता की शिकायत</p>', 12)).toBe('धारा 498ए के...');
  });

  it('clamps the length to 1..1000', () => {
    const long = 'a '.repeat(2000);
    expect(makeExcerpt(long, 5000).length).toBe(999 + 3);
    expect(makeExcerpt('hello world', 0)).toBe('h...');
    expect(makeExcerpt('hello world', -10)).toBe('h...');
    expect(makeExcerpt('hello world', Number.NaN)).toBe('hello world');
  });

  it('returns an empty string for empty, whitespace or non-string input', () => {
    expect(makeExcerpt('')).toBe('');
    expect(makeExcerpt('   ')).toBe('');
    expect(makeExcerpt('<p></p>')).toBe('');
    expect(makeExcerpt('<p>[&hellip;]</p>')).toBe('');
    expect(makeExcerpt(undefined as unknown as string)).toBe('');
  });

  it('handles malformed HTML', () => {
    expect(makeExcerpt('<p>Unclosed <b>bold <a href="x">link')).toBe('Unclosed bold link');
  });

  it(
    'handles a 1 MB body',
    () => {
      const body = '<p>The accused may apply for bail before the court.</p>'.repeat(20_000);
      expect(body.length).toBeGreaterThan(1_000_000);
      expect(makeExcerpt(body, 60)).toBe('The accused may apply for bail before the court. The accused...');
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});

describe('truncateText', () => {
  it('leaves text that fits alone', () => {
    expect(truncateText('abc', 3)).toBe('abc');
  });

  it('cuts a punctuation-only token hard rather than returning only dots', () => {
    expect(truncateText('!!!!!!!!!!!!', 5)).toBe('!!!!!...');
  });
});

describe('clampExcerptLength', () => {
  it.each([
    [150, 150],
    [120, 120],
    [0, 1],
    [1, 1],
    [1000, 1000],
    [1001, 1000],
    [12.7, 12],
    [Number.NaN, 150],
    ['40', 150],
    [undefined, 150],
  ])('%j -> %i', (input, expected) => {
    expect(clampExcerptLength(input)).toBe(expected);
  });
});
