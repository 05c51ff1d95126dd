import { describe, expect, it } from 'vitest';
import type { TocEntry } from '../generated/resolvers.js';
import { parseHtml, serializeHtml } from './dom.js';
import { assignHeadingIds, isExcludedFromToc, slugify } from './toc.js';

// Large-input tests do real work; the limit only keeps a loaded CI machine from failing them.
const HEAVY_TEST_TIMEOUT_MS = 60_000;

/**
 * Adds ids to the h1-h3 headings of an HTML body and lists them for the table of contents
 * (brief §2). Expects sanitised HTML (bounded nesting); a body without h1-h3 is returned unchanged.
 */
function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  if (typeof html !== 'string' || !/<h[1-3]/i.test(html))
    return { html: typeof html === 'string' ? html : '', toc: [] };
  const doc = parseHtml(html);
  const toc = assignHeadingIds(doc);
  return { html: serializeHtml(doc.children), toc };
}

describe('withHeadingIds', () => {
  it('adds ids to h1-h3 and lists them in document order', () => {
    const result = withHeadingIds(
      '<h1>Guide</h1><h2>Introduction</h2><p>x</p><h3>Bail &amp; Bonds</h3><h4>Detail</h4><h5>Five</h5><h6>Six</h6>',
    );
    expect(result.html).toBe(
      '<h1 id="guide">Guide</h1><h2 id="introduction">Introduction</h2><p>x</p><h3 id="bail-bonds">Bail &amp; Bonds</h3>' +
        '<h4>Detail</h4><h5>Five</h5><h6>Six</h6>',
    );
    expect(result.toc).toEqual([
      { id: 'guide', text: 'Guide', level: 1 },
      { id: 'introduction', text: 'Introduction', level: 2 },
      { id: 'bail-bonds', text: 'Bail & Bonds', level: 3 },
    ]);
  });

  it('suffixes duplicate ids with -1, -2 ...', () => {
    const result = withHeadingIds('<h2>FAQ</h2><h2>FAQ</h2><h3>faq</h3><h2>FAQ 1</h2>');
    expect(result.toc.map((e) => e.id)).toEqual(['faq', 'faq-1', 'faq-2', 'faq-1-1']);
    expect(result.html).toBe(
      '<h2 id="faq">FAQ</h2><h2 id="faq-1">FAQ</h2><h3 id="faq-2">faq</h3><h2 id="faq-1-1">FAQ 1</h2>',
    );
  });

  it('applies brief §2 exclusions to the contents but still gives those headings ids', () => {
    const headings = [
      'Overview',
      '1. File the petition',
      '2) Serve the notice',
      '10 tips for a bail hearing',
      'Step 3: The hearing',
      'STEP 4 - Decree',
      'step5',
      'Mutual Consent Divorce',
      '  contested   DIVORCE ',
      'Steps to follow',
      'Step-by-step guide',
      'Mutual Consent Divorce: the process',
      'Why 10 tips matter',
      'Contested Divorces',
    ];
    const result = withHeadingIds(headings.map((h) => `<h2>${h}</h2>`).join(''));
    expect(result.toc.map((e) => e.text)).toEqual([
      'Overview',
      'Steps to follow',
      'Step-by-step guide',
      'Mutual Consent Divorce: the process',
      'Why 10 tips matter',
      'Contested Divorces',
    ]);
    expect(result.html).toContain('<h2 id="1-file-the-petition">1. File the petition</h2>');
    expect(result.html).toContain('<h2 id="step-3-the-hearing">Step 3: The hearing</h2>');
    expect(result.html).toContain('<h2 id="mutual-consent-divorce">Mutual Consent Divorce</h2>');
    expect(result.html).toContain('<h2 id="contested-divorce">  contested   DIVORCE </h2>');
    expect(result.html.match(/<h2 id="/g)?.length).toBe(headings.length);
  });

  it('uses the plain text of headings with inline markup and entities', () => {
    const result = withHeadingIds(
      '<h2>Section <em>438</em> <a href="/crpc">CrPC</a></h2><h3>&#8220;Quoted&#8221; &amp; more</h3>',
    );
    expect(result.toc).toEqual([
      { id: 'section-438-crpc', text: 'Section 438 CrPC', level: 2 },
      { id: 'quoted-more', text: '“Quoted” & more', level: 3 },
    ]);
  });

  it('slugs Devanagari and other scripts, keeping their letters', () => {
    const result = withHeadingIds('<h2>तलाक की प्रक्रिया</h2><h2>Café Résumé</h2>');
    expect(result.toc).toEqual([
      { id: 'तलाक-की-प्रक्रिया', text: 'तलाक की प्रक्रिया', level: 2 },
      { id: 'cafe-resume', text: 'Café Résumé', level: 2 },
    ]);
    expect(result.html).toBe(
      '<h2 id="तलाक-की-प्रक्रिया">तलाक की प्रक्रिया</h2><h2 id="cafe-resume">Café Résumé</h2>',
    );
  });

  it("removes headings with neither text nor image, and gives a punctuation-only heading the id 'section'", () => {
    const result = withHeadingIds(
      '<h2></h2><h2>???</h2><h3> <br> </h3><h4 id="x"><span> </span></h4><h2><img src="/seal.png" alt=""></h2>',
    );
    expect(result.html).toBe('<h2 id="section">???</h2><h2 id="section-1"><img src="/seal.png" alt=""></h2>');
    expect(result.toc).toEqual([{ id: 'section', text: '???', level: 2 }]);
  });

  it("keeps an editor's heading anchor, on any heading level, and lists it in the contents", () => {
    const result = withHeadingIds(
      '<h2 class="wp-block-heading" id="where-to-apply">Where to apply</h2><h4 id="fees">Fees</h4><h2>Where to apply</h2>',
    );
    expect(result.html).toBe(
      '<h2 class="wp-block-heading" id="where-to-apply">Where to apply</h2><h4 id="fees">Fees</h4>' +
        '<h2 id="where-to-apply-1">Where to apply</h2>',
    );
    expect(result.toc).toEqual([
      { id: 'where-to-apply', text: 'Where to apply', level: 2 },
      { id: 'where-to-apply-1', text: 'Where to apply', level: 2 },
    ]);
  });

  it('keeps the ids the body links to (footnotes and their back links) and drops the others', () => {
    const body =
      '<p>Bail is the rule.<sup class="fn"><a href="#3f2b6c1e-0a4d" id="3f2b6c1e-0a4d-link">1</a></sup></p>' +
      '<p id="unlinked">u</p><h2>Notes</h2>' +
      '<ol class="wp-block-footnotes"><li id="3f2b6c1e-0a4d">(2018) 3 SCC 22. ' +
      '<a href="#3f2b6c1e-0a4d-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>';
    expect(withHeadingIds(body).html).toBe(
      '<p>Bail is the rule.<sup class="fn"><a href="#3f2b6c1e-0a4d" id="3f2b6c1e-0a4d-link">1</a></sup></p>' +
        '<p>u</p><h2 id="notes">Notes</h2>' +
        '<ol class="wp-block-footnotes"><li id="3f2b6c1e-0a4d">(2018) 3 SCC 22. ' +
        '<a href="#3f2b6c1e-0a4d-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol>',
    );
  });

  it("never gives the body one of the site's own ids, and the first use of an id wins", () => {
    const result = withHeadingIds(
      '<h2 id="main">Main</h2><h2>Mobile menu</h2><h3 id="toc-title">Contents</h3>' +
        '<a href="#dup">d</a><p id="dup">1</p><h2 id="dup">2</h2><h2>Dup</h2>',
    );
    expect(result.html).toBe(
      '<h2 id="main-1">Main</h2><h2 id="mobile-menu-1">Mobile menu</h2><h3 id="contents">Contents</h3>' +
        '<a href="#dup">d</a><p id="dup">1</p><h2 id="2">2</h2><h2 id="dup-1">Dup</h2>',
    );
  });

  it('avoids ids used by other elements', () => {
    const result = withHeadingIds(
      '<a href="#intro">i</a><p id="intro">p</p><h2 class="wp-block-heading">Intro</h2>',
    );
    expect(result.html).toBe(
      '<a href="#intro">i</a><p id="intro">p</p><h2 id="intro-1" class="wp-block-heading">Intro</h2>',
    );
    expect(result.toc).toEqual([{ id: 'intro-1', text: 'Intro', level: 2 }]);
  });

  it('finds headings nested in other elements and in any case', () => {
    const result = withHeadingIds('<div><section><H3>Nested</H3></section></div>');
    expect(result.html).toBe('<div><section><h3 id="nested">Nested</h3></section></div>');
    expect(result.toc).toEqual([{ id: 'nested', text: 'Nested', level: 3 }]);
  });

  it('returns a body without h1-h3 unchanged', () => {
    const html = '<p>Odd   <b>markup</b> &amp; <br/> spacing</p><h4>Four</h4>';
    expect(withHeadingIds(html)).toEqual({ html, toc: [] });
    expect(withHeadingIds('')).toEqual({ html: '', toc: [] });
  });

  it('tolerates malformed markup', () => {
    expect(withHeadingIds('<h2>Unclosed <p>para')).toEqual({
      html: '<h2 id="unclosed-para">Unclosed <p>para</p></h2>',
      toc: [{ id: 'unclosed-para', text: 'Unclosed para', level: 2 }],
    });
    expect(withHeadingIds('<h2>ok</h2></h3></div><p>')).toEqual({
      html: '<h2 id="ok">ok</h2><p></p>',
      toc: [{ id: 'ok', text: 'ok', level: 2 }],
    });
  });

  it('returns an empty result for non-string input', () => {
    expect(withHeadingIds(undefined as unknown as string)).toEqual({ html: '', toc: [] });
  });

  it(
    'handles a 1 MB body with thousands of headings',
    () => {
      const chunk = '<h2>Bail conditions</h2><p>' + 'The court may impose conditions. '.repeat(6) + '</p>';
      const body = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
      const count = body.length / chunk.length;
      expect(body.length).toBeGreaterThanOrEqual(1_000_000);
      const result = withHeadingIds(body);
      expect(result.toc.length).toBe(count);
      expect(result.toc[0]?.id).toBe('bail-conditions');
      expect(result.toc[count - 1]?.id).toBe(`bail-conditions-${count - 1}`);
      expect(new Set(result.toc.map((e) => e.id)).size).toBe(count);
    },
    HEAVY_TEST_TIMEOUT_MS,
  );

  it(
    'removes the empty headings of a 1 MB body made of them, in one pass',
    () => {
      const body = '<h2></h2>'.repeat(Math.ceil(1_000_000 / 9)) + '<p>kept</p>';
      const result = withHeadingIds(`<h2>First</h2>${body}`);
      expect(result.html).toBe('<h2 id="first">First</h2><p>kept</p>');
      expect(result.toc).toEqual([{ id: 'first', text: 'First', level: 2 }]);
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});

describe('slugify', () => {
  it.each([
    ['Introduction', 'introduction'],
    ['  Bail & Bonds!  ', 'bail-bonds'],
    ["Don't Panic", 'dont-panic'],
    ['Don’t Panic', 'dont-panic'],
    ['Section 498A, IPC (now BNS §85)', 'section-498a-ipc-now-bns-85'],
    ['Café Résumé', 'cafe-resume'],
    ['İstanbul', 'istanbul'],
    ['ﬁnance ＡＢＣ', 'finance-abc'],
    ['¿Qué?', 'que'],
    ['तलाक की प्रक्रिया', 'तलाक-की-प्रक्रिया'],
    ['क्\u200Dष', 'क्ष'],
    ['धारा १२५', 'धारा-१२५'],
    ['日本語 テスト', '日本語-テスト'],
    ['under_score--dash', 'under-score-dash'],
    ['', 'section'],
    ['!!!', 'section'],
  ])('%j -> %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('caps long slugs at 80 characters without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('word-word-')).toBe(true);
  });
});

describe('isExcludedFromToc', () => {
  it.each([
    ['1. x', true],
    ['2) y', true],
    ['10 tips', true],
    ['१. परिचय', true],
    ['Step 3:', true],
    ['step 12 final', true],
    ['Mutual Consent Divorce', true],
    ['mutual consent divorce', true],
    [' Contested Divorce ', true],
    ['', true],
    ['Steps', false],
    ['Stepping up', false],
    ['Mutual consent divorce in India', false],
    ['Top 10 tips', false],
  ])('%j -> %s', (text, excluded) => {
    expect(isExcludedFromToc(text)).toBe(excluded);
  });
});
