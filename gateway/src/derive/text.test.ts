import { describe, expect, it } from 'vitest';
import { collapseWhitespace, countWords, decodeEntities, htmlToText, titleText, UNTITLED } from './text.js';

// Large-input tests do real work; the limit only keeps a loaded CI machine from failing them.
const HEAVY_TEST_TIMEOUT_MS = 60_000;

describe('decodeEntities', () => {
  it.each([
    ['Don&#8217;t panic', 'Don’t panic'],
    ['1985&#8211;2026', '1985–2026'],
    ['Bail &amp; Bonds', 'Bail & Bonds'],
    ['Bail &#038; Bonds', 'Bail & Bonds'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['Read more &hellip;', 'Read more …'],
    ['&quot;Section 498A&quot;', '"Section 498A"'],
    ['&#x2014; hex', '— hex'],
    ['&lt;p&gt;', '<p>'],
    ['&rsquo;&lsquo;&ldquo;&rdquo;', '’‘“”'],
    ['&#150; legacy Windows-1252', '– legacy Windows-1252'],
    ['AT&amp;T &amp R', 'AT&T & R'],
    ['&unknownentity; stays', '&unknownentity; stays'],
    ['&#8377; 5,000', '₹ 5,000'],
    ['धारा &#2366;', 'धारा ा'],
    ['no entities at all', 'no entities at all'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });

  it('decodes once, not twice', () => {
    expect(decodeEntities('&amp;#8217;')).toBe('&#8217;');
  });

  it('returns an empty string for non-strings', () => {
    expect(decodeEntities(undefined as unknown as string)).toBe('');
    expect(decodeEntities(null as unknown as string)).toBe('');
  });
});

describe('collapseWhitespace', () => {
  it('collapses every kind of whitespace, no-break and ideographic spaces included', () => {
    expect(collapseWhitespace('  a \n\t b\u00a0\u00a0c\u2003d\u3000e  ')).toBe('a b c d e');
  });
});

describe('htmlToText', () => {
  it('removes tags and decodes entities', () => {
    expect(htmlToText('<p>Don&#8217;t <strong>panic</strong> &amp; call us</p>')).toBe(
      'Don’t panic & call us',
    );
  });

  it('turns block boundaries and <br> into spaces', () => {
    expect(htmlToText('<h2>Bail</h2><p>First</p><p>Second<br>line</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Bail First Second line a b',
    );
    expect(htmlToText('<div>one</div><div>two</div>')).toBe('one two');
    expect(htmlToText('<table><tr><td>A</td><td>B</td></tr></table>')).toBe('A B');
  });

  it('keeps words together across inline markup', () => {
    expect(htmlToText('<p><b>Bail</b>able and non-<em>bail</em>able</p>')).toBe('Bailable and non-bailable');
    expect(htmlToText('<a href="/x">Sec</a><span>tion</span> 438')).toBe('Section 438');
  });

  it('drops script, style, template and noscript content', () => {
    expect(
      htmlToText(
        '<p>a</p><script>var x = "<p>no</p>";</script><style>p{color:red}</style><template>t</template><noscript>n</noscript><p>b</p>',
      ),
    ).toBe('a b');
  });

  it('collapses whitespace, including &nbsp;', () => {
    expect(htmlToText('  <p>  a&nbsp;&nbsp;b \n\n c  </p>  ')).toBe('a b c');
  });

  it('keeps decoded markup characters as text', () => {
    expect(htmlToText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<script>alert(1)</script>');
  });

  it('handles plain text without markup', () => {
    expect(htmlToText('Plain   text\nhere')).toBe('Plain text here');
    expect(htmlToText('a < b and c > d')).toBe('a < b and c > d');
  });

  it('ignores comments and tolerates malformed HTML', () => {
    expect(htmlToText('<p>a<!-- hidden --> b</p>')).toBe('a b');
    expect(htmlToText('<p>unclosed <b>bold <i>both')).toBe('unclosed bold both');
    expect(htmlToText('</p></div>stray closers<p')).toBe('stray closers');
  });

  it('keeps Devanagari and other scripts intact', () => {
    expect(htmlToText('<p>धारा <b>498ए</b> — क्रूरता</p>')).toBe('धारा 498ए — क्रूरता');
  });

  it('returns an empty string for empty or non-string input', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('   ')).toBe('');
    expect(htmlToText('<p></p><br>')).toBe('');
    expect(htmlToText(null as unknown as string)).toBe('');
  });

  it(
    'handles 1 MB of markup and deep nesting without overflowing the stack',
    () => {
      const big = '<p>word <b>bold</b> &amp; more</p>'.repeat(30_000);
      expect(big.length).toBeGreaterThan(1_000_000);
      const text = htmlToText(big);
      expect(text.startsWith('word bold & more word')).toBe(true);
      expect(countWords(text)).toBe(90_000);

      // htmlparser2's own cost grows with the square of the depth, so 10 000 levels is the practical test.
      const deep = '<div>'.repeat(10_000) + 'deep' + '</div>'.repeat(10_000);
      expect(htmlToText(deep)).toBe('deep');
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    ['one two  three', 3],
    ['Section 498A of the IPC', 5],
    ['word — word', 2],
    ['- – … ।', 0],
    ['धारा 498ए के तहत', 4],
    ['don’t re-file', 2],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe('titleText', () => {
  it('is the title as text', () => {
    expect(titleText('Bail &amp; <em>Custody</em>')).toBe('Bail & Custody');
  });
  it('names a post or page WordPress has without a title', () => {
    for (const t of ['', '   ', '<span> </span>', '&nbsp;']) expect(titleText(t)).toBe(UNTITLED);
  });
});
