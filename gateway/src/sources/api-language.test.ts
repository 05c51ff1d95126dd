// posts(language:) at the API layer (brief §10): WordPress is asked to filter (the companion
// plugin's lawfirm_language, Polylang's lang), and a WordPress that cannot is read whole and
// filtered here, with the same pages and totals either way.
import { describe, expect, it } from 'vitest';
import { createWpApi, LANGUAGE_SCAN_MAX_PAGES } from './api.js';
import { createEmbeddedSourceFromSnapshot, type ContentSnapshot } from './embedded/source.js';
import { requestKey, type RestQuery, type RestSource } from './rest.js';

const HINDI_BODY = '<p>गिरफ्तारी के बाद जमानत के लिए परिवार को तुरंत वकील से संपर्क करना चाहिए।</p>';
const ENGLISH_BODY = '<p>What to do in the first hours after an arrest, and how bail works.</p>';

/** Posts 1..n, newest first by id; every third in Hindi. Labelled as the companion plugin labels. */
function snapshot(count: number, labelled: boolean): ContentSnapshot {
  const posts = Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const hindi = id % 3 === 0;
    return {
      id,
      // One day apart, so newest first is highest id first.
      date: new Date(Date.UTC(2025, 0, id)).toISOString().slice(0, 19),
      slug: `post-${id}`,
      status: 'publish',
      type: 'post',
      title: { rendered: hindi ? `जमानत लेख ${id}` : `Bail note ${id}` },
      content: { rendered: hindi ? HINDI_BODY : ENGLISH_BODY },
      excerpt: { rendered: '' },
      categories: [1],
      ...(labelled ? { language: hindi ? 'hi' : 'en', translation: 0 } : {}),
    };
  });
  return { posts, pages: [], practice_areas: [], media: [], categories: [] };
}

/** A source that records the questions it is asked. */
function recording(inner: RestSource): RestSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    kind: inner.kind,
    asked,
    get(path, query, options) {
      asked.push(requestKey(path, query));
      return inner.get(path, query, options);
    },
  };
}

/** A WordPress with neither Polylang nor the companion plugin: no language fields, filters ignored. */
function withoutLanguageSupport(inner: RestSource): RestSource {
  const unlabelled = (item: unknown) => {
    if (!item || typeof item !== 'object') return item;
    const { language: _c, ...rest } = item as Record<string, unknown>;
    return rest;
  };
  return {
    kind: inner.kind,
    async get(path, query = {}, options) {
      const { lawfirm_language: _a, lang: _b, ...rest } = query as Record<string, RestQuery[string]>;
      // The embedded source answers as WordPress with the plugin does: take its field away first.
      const answer = await inner.get(path, rest);
      const body = Array.isArray(answer.body) ? answer.body.map(unlabelled) : unlabelled(answer.body);
      return { ...answer, body: options?.parse ? options.parse(body) : body } as never;
    },
  };
}

const hindiIds = (count: number) =>
  Array.from({ length: count }, (_, i) => i + 1).filter((id) => id % 3 === 0);

describe('listPosts with a language', () => {
  it('asks WordPress to filter, with the plugin’s and Polylang’s parameters, and trusts a labelled answer', async () => {
    const source = recording(createEmbeddedSourceFromSnapshot(snapshot(12, true)));
    const api = createWpApi(source);
    const result = await api.listPosts({ perPage: 2, page: 1, language: 'hi' });
    expect(result.items.map((p) => p.id)).toEqual([12, 9]);
    expect(result.total).toBe(4);
    expect(result.totalPages).toBe(2);
    expect(result.items.every((p) => p.language === 'hi')).toBe(true);
    expect(source.asked).toHaveLength(1);
    expect(source.asked[0]).toMatch(
      /^\/posts\?per_page=2&page=1&orderby=date&order=desc&status=publish&lawfirm_language=hi&lang=hi&_fields=id,/,
    );
    expect(source.asked[0]).toContain(',lang,translations,language,translation,translation_ref');
    // The language is part of the question, and so of its cache key.
    await api.listPosts({ perPage: 2, page: 1, language: 'en' });
    expect(source.asked[1]).toContain('lawfirm_language=en&lang=en');
    expect(new Set(source.asked).size).toBe(2);
  });

  it('without a language asks as before: no language parameters', async () => {
    const source = recording(createEmbeddedSourceFromSnapshot(snapshot(6, true)));
    const result = await createWpApi(source).listPosts({ perPage: 10, page: 1 });
    expect(result.total).toBe(6);
    expect(source.asked[0]).not.toMatch(/lawfirm_language|[?&]lang=/);
  });

  it('filters here when WordPress ignored the filter, with right pages and totals', async () => {
    const source = recording(withoutLanguageSupport(createEmbeddedSourceFromSnapshot(snapshot(12, false))));
    const api = createWpApi(source);
    const page1 = await api.listPosts({ perPage: 3, page: 1, language: 'hi' });
    expect(page1.items.map((p) => p.id)).toEqual([12, 9, 6]);
    expect(page1).toMatchObject({ total: 4, totalPages: 2 });
    // The summaries stay summaries: the body read to tell the language is not handed on.
    expect(page1.items.every((p) => !('content' in p))).toBe(true);
    expect(source.asked.some((q) => q.includes('per_page=100&page=1') && q.includes(',content'))).toBe(true);
    const page2 = await api.listPosts({ perPage: 3, page: 2, language: 'hi' });
    expect(page2.items.map((p) => p.id)).toEqual([3]);
    const english = await api.listPosts({ perPage: 100, page: 1, language: 'en' });
    expect(english.items.map((p) => p.id)).toEqual([11, 10, 8, 7, 5, 4, 2, 1]);
    expect(english.total).toBe(8);
    expect(await api.countPosts({ language: 'hi' })).toBe(4);
    expect(await api.countPosts({ language: 'en' })).toBe(8);
  });

  it('reads a large WordPress page by page, up to its limit', async () => {
    const count = 230;
    const source = recording(
      withoutLanguageSupport(createEmbeddedSourceFromSnapshot(snapshot(count, false))),
    );
    const result = await createWpApi(source).listPosts({ perPage: 10, page: 1, language: 'hi' });
    expect(result.total).toBe(hindiIds(count).length);
    expect(result.items[0]?.id).toBe(hindiIds(count).at(-1));
    const scans = source.asked.filter((q) => q.includes('per_page=100'));
    expect(scans).toHaveLength(3);
    expect(LANGUAGE_SCAN_MAX_PAGES).toBeGreaterThanOrEqual(3);
  });

  it('counts through WordPress when it filters', async () => {
    const source = recording(createEmbeddedSourceFromSnapshot(snapshot(12, true)));
    expect(await createWpApi(source).countPosts({ language: 'hi' })).toBe(4);
    expect(source.asked).toEqual([
      '/posts?per_page=1&page=1&orderby=date&order=desc&status=publish&lawfirm_language=hi&lang=hi&_fields=id,lang,language',
    ]);
  });
});

describe('search in Devanagari', () => {
  it('is sent percent-encoded as UTF-8, and finds the Hindi post', async () => {
    const source = recording(createEmbeddedSourceFromSnapshot(snapshot(6, true)));
    const result = await createWpApi(source).listPosts({ perPage: 10, page: 1, search: 'जमानत' });
    expect(result.items.map((p) => p.id)).toEqual([6, 3]);
    expect(source.asked[0]).toContain(`&search=${encodeURIComponent('जमानत')}&`);
    expect(source.asked[0]).toContain('&search=%E0%A4%9C%E0%A4%AE%E0%A4%BE%E0%A4%A8%E0%A4%A4&');
  });
});

describe('the embedded source’s lawfirm_language', () => {
  it('filters as the companion plugin does: the label, else the language of the text', async () => {
    const unlabelled = createEmbeddedSourceFromSnapshot(snapshot(9, false));
    const res = await unlabelled.get('/posts', { lawfirm_language: 'hi', _fields: ['id'] });
    expect(res.body).toEqual([{ id: 9 }, { id: 6 }, { id: 3 }]);
    expect(res.total).toBe(3);
    // A label wins over the text.
    const snap = snapshot(3, true);
    (snap.posts as Array<Record<string, unknown>>)[0]!.language = 'hi';
    const labelled = createEmbeddedSourceFromSnapshot(snap);
    const hi = await labelled.get('/posts', { lawfirm_language: 'hi', _fields: ['id', 'language'] });
    expect(hi.body).toEqual([
      { id: 3, language: 'hi' },
      { id: 1, language: 'hi' },
    ]);
  });

  it('refuses a language the plugin does not know, like its enum', async () => {
    const source = createEmbeddedSourceFromSnapshot(snapshot(3, true));
    await expect(source.get('/posts', { lawfirm_language: 'fr' })).rejects.toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
    });
    expect((await source.get('/posts', { lawfirm_language: '' })).total).toBe(3);
  });
});
