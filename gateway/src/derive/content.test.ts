import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearContentCache,
  CONTENT_CACHE_MAX_ENTRIES,
  contentCacheStats,
  prepareContent,
} from './content.js';
import { findUnsafe, wordpressLinkPayloads, XSS_PAYLOADS } from '../../test/fixtures/xss.js';

// Large-input tests do real work; the limit only keeps a loaded CI machine from failing them.
const HEAVY_TEST_TIMEOUT_MS = 60_000;

beforeEach(() => {
  clearContentCache();
});

describe('prepareContent', () => {
  it('sanitises, adds heading ids, builds the contents and counts words', () => {
    const raw =
      '<h2 onclick="x()" id="evil">How bail works</h2><p>The <a href="https://indiankanoon.org/">court</a> decides.</p>' +
      '<script>document.write("many words hidden here")</script><h2>How bail works</h2><h3>Step 1: Apply</h3>' +
      '<p style="color:red">Then wait&nbsp;patiently.</p>';
    expect(prepareContent(raw)).toEqual({
      html:
        '<h2 id="evil">How bail works</h2><p>The <a href="https://indiankanoon.org/" rel="nofollow noopener noreferrer">court</a> decides.</p>' +
        '<h2 id="how-bail-works">How bail works</h2><h3 id="step-1-apply">Step 1: Apply</h3><p>Then wait&nbsp;patiently.</p>',
      toc: [
        { id: 'evil', text: 'How bail works', level: 2 },
        { id: 'how-bail-works', text: 'How bail works', level: 2 },
      ],
      words: 15,
    });
  });

  it('treats configured hosts as internal', () => {
    const raw = '<p><a href="https://www.firm.example/blog/x/">x</a></p>';
    expect(prepareContent(raw).html).toBe(
      '<p><a href="https://www.firm.example/blog/x/" rel="nofollow noopener noreferrer">x</a></p>',
    );
    expect(prepareContent(raw, { internalHosts: ['www.firm.example'] }).html).toBe(
      '<p><a href="https://www.firm.example/blog/x/">x</a></p>',
    );
  });

  it('computes each distinct body once', () => {
    const raw = '<h2>Once</h2><p>body</p>';
    const first = prepareContent(raw);
    const second = prepareContent(raw);
    expect(second).toEqual(first);
    expect(contentCacheStats()).toMatchObject({ size: 1, hits: 1, misses: 1 });
    prepareContent(raw, { internalHosts: ['a.example'] });
    expect(contentCacheStats()).toMatchObject({ size: 2, hits: 1, misses: 2 });
  });

  it('keeps nothing of a body derived with memo: false (a draft)', () => {
    const raw = '<h2>Draft</h2><p>not yet published</p>';
    const once = prepareContent(raw, { memo: false });
    expect(once.html).toContain('not yet published');
    expect(contentCacheStats()).toMatchObject({ size: 0, hits: 0, misses: 0 });
    expect(prepareContent(raw, { memo: false })).toEqual(once);
    expect(contentCacheStats().size).toBe(0);
  });

  it('hands each caller its own contents list', () => {
    const raw = '<h2>Shared</h2>';
    const first = prepareContent(raw);
    first.toc.push({ id: 'x', text: 'x', level: 2 });
    (first.toc[0] as { text: string }).text = 'changed';
    expect(prepareContent(raw).toc).toEqual([{ id: 'shared', text: 'Shared', level: 2 }]);
  });

  it('keeps at most 500 bodies', () => {
    for (let i = 0; i < CONTENT_CACHE_MAX_ENTRIES + 100; i++) prepareContent(`<p>body ${i}</p>`);
    const stats = contentCacheStats();
    expect(stats.size).toBe(CONTENT_CACHE_MAX_ENTRIES);
    expect(stats.misses).toBe(CONTENT_CACHE_MAX_ENTRIES + 100);
    // The most recent body is still cached, the first was evicted.
    prepareContent(`<p>body ${CONTENT_CACHE_MAX_ENTRIES + 99}</p>`);
    expect(contentCacheStats().hits).toBe(1);
    prepareContent('<p>body 0</p>');
    expect(contentCacheStats().misses).toBe(CONTENT_CACHE_MAX_ENTRIES + 101);
  });

  it('accounts cached size by characters', () => {
    prepareContent('<p>abc</p>');
    prepareContent('<p>defgh</p>');
    expect(contentCacheStats().chars).toBe('<p>abc</p>'.length + '<p>defgh</p>'.length);
  });

  it('lets nothing dangerous through, headings included', () => {
    for (const payload of XSS_PAYLOADS) {
      const { html } = prepareContent(`<h2>${payload}</h2><h3 onclick="x()">${payload}</h3>${payload}`);
      expect(findUnsafe(html, { headingIds: true })).toEqual([]);
    }
  });

  it('never turns a link to the WordPress host into one that leaves the site', () => {
    const options = { internalHosts: ['cms.example.in'], contentHosts: ['cms.example.in'] };
    const payloads = wordpressLinkPayloads('https://cms.example.in');
    for (const payload of payloads) {
      const { html } = prepareContent(`<h2>Links</h2><p>${payload}</p>`, options);
      expect(findUnsafe(html, { headingIds: true, internalHosts: options.internalHosts }), payload).toEqual(
        [],
      );
      expect(html, payload).toContain('evil.example');
    }
    expect(contentCacheStats().size).toBe(payloads.length);
  });

  it('handles empty and non-string input', () => {
    expect(prepareContent('')).toEqual({ html: '', toc: [], words: 0 });
    expect(prepareContent(null as unknown as string)).toEqual({ html: '', toc: [], words: 0 });
  });

  it(
    'handles a 1 MB body and deep nesting',
    () => {
      const chunk =
        '<h2>Bail</h2><p>The court may grant bail on conditions.</p><img src="/a.jpg" onerror="x()">';
      const body = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
      const count = body.length / chunk.length;
      const result = prepareContent(body);
      expect(result.toc.length).toBe(count);
      expect(result.words).toBe(count * 8);
      expect(result.html).not.toContain('onerror');

      // Past the nesting limit elements lose their tags but keep their text.
      const deep = prepareContent('<div>'.repeat(10_000) + '<h2>Deep</h2>' + '</div>'.repeat(10_000));
      expect(deep.toc).toEqual([]);
      expect(deep.html).toBe('<div>'.repeat(100) + 'Deep' + '</div>'.repeat(100));
      const shallow = prepareContent('<div>'.repeat(50) + '<h2>Deep</h2>' + '</div>'.repeat(50));
      expect(shallow.toc).toEqual([{ id: 'deep', text: 'Deep', level: 2 }]);
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});
