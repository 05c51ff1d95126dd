// Content in its language (brief §10) through the schema, over the site's own snapshot (content/):
// once over the fake WordPress (the HTTP client, the cache, the companion plugin's filter) and once
// over the embedded source. The snapshot holds one Hindi post linked to an English one.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { readSnapshot, type ContentSnapshot } from '../src/sources/embedded/source.js';
import { startHarness, type Harness } from './harness.js';

const HINDI = 'bail-after-arrest-guide-hindi';
const ENGLISH = 'regular-anticipatory-default-bail-explained';

interface Node {
  slug: string;
  language: 'EN' | 'HI';
  translations: Array<{ language: string; slug: string; uri: string }>;
}
interface ListAnswer {
  posts: { totalCount: number; totalPages: number; nodes: Node[] };
}

const LIST = /* GraphQL */ `
  query Posts($first: Int, $page: Int, $language: Language, $search: String) {
    posts(first: $first, page: $page, language: $language, search: $search) {
      totalCount
      totalPages
      nodes {
        slug
        language
        translations {
          language
          slug
          uri
        }
      }
    }
  }
`;

let snapshot: ContentSnapshot;
let published: Array<{ slug: string; status: string }>;
const harnesses: Harness[] = [];

beforeAll(async () => {
  snapshot = await readSnapshot(path.join(REPO_ROOT, 'content'));
  published = (snapshot.posts as Array<{ slug: string; status: string }>).filter(
    (p) => p.status === 'publish',
  );
  harnesses.push(await startHarness({ mode: 'wordpress', snapshot }));
  harnesses.push(await startHarness({ mode: 'embedded', snapshot }));
});
afterAll(async () => {
  for (const h of harnesses) await h.close();
});

async function list(h: Harness, variables: Record<string, unknown>): Promise<ListAnswer['posts']> {
  const res = await h.query<ListAnswer>(LIST, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.posts;
}

describe.each(['wordpress', 'embedded'] as const)('content languages over the %s source', (mode) => {
  const h = () => harnesses.find((x) => x.mode === mode)!;

  it('lists the Hindi post alone for HI, linked to its English translation', async () => {
    const hi = await list(h(), { first: 20, language: 'HI' });
    expect(hi.totalCount).toBe(1);
    expect(hi.totalPages).toBe(1);
    expect(hi.nodes).toEqual([
      {
        slug: HINDI,
        language: 'HI',
        translations: [{ language: 'EN', slug: ENGLISH, uri: `/blog/${ENGLISH}` }],
      },
    ]);
  });

  it('lists every other post for EN, with right totals and pages, the English bail post linked back', async () => {
    const first = await list(h(), { first: 10, page: 1, language: 'EN' });
    const second = await list(h(), { first: 10, page: 2, language: 'EN' });
    expect(first.totalCount).toBe(published.length - 1);
    expect(first.totalPages).toBe(Math.ceil((published.length - 1) / 10));
    const nodes = [...first.nodes, ...second.nodes];
    expect(nodes.map((n) => n.slug)).toEqual(published.map((p) => p.slug).filter((s) => s !== HINDI));
    expect(nodes.every((n) => n.language === 'EN')).toBe(true);
    expect(nodes.find((n) => n.slug === ENGLISH)?.translations).toEqual([
      { language: 'HI', slug: HINDI, uri: `/hi/blog/${HINDI}` },
    ]);
    expect(nodes.filter((n) => n.translations.length > 0).map((n) => n.slug)).toEqual([ENGLISH]);
    // Without a language: all of them.
    expect((await list(h(), { first: 100 })).totalCount).toBe(published.length);
  });

  it('finds the Hindi post by a Devanagari search, alone or with its language', async () => {
    for (const search of ['जमानत', 'अग्रिम जमानत', 'ग़ाज़ियाबाद']) {
      const found = await list(h(), { first: 10, search });
      expect(
        found.nodes.map((n) => n.slug),
        search,
      ).toEqual([HINDI]);
    }
    expect((await list(h(), { first: 10, search: 'जमानत', language: 'HI' })).totalCount).toBe(1);
    expect((await list(h(), { first: 10, search: 'जमानत', language: 'EN' })).totalCount).toBe(0);
  });

  it('gives a single post, pages and practice areas their language', async () => {
    const res = await h().query<{
      post: Node & { title: string };
      english: Node;
      pages: Array<{ slug: string; language: string }>;
      practiceAreas: Array<{ slug: string; language: string; translations: unknown[] }>;
    }>(/* GraphQL */ `
      {
        post(slug: "${HINDI}") {
          slug
          title
          language
          translations {
            language
            slug
            uri
          }
        }
        english: post(slug: "${ENGLISH}") {
          slug
          language
          translations {
            language
            slug
            uri
          }
        }
        pages {
          slug
          language
        }
        practiceAreas {
          slug
          language
          translations {
            slug
          }
        }
      }
    `);
    expect(res.errors).toBeUndefined();
    const data = res.data!;
    expect(data.post.language).toBe('HI');
    expect(data.post.title).toBe('गिरफ्तारी के बाद जमानत कैसे मिलती है: ग़ाज़ियाबाद के लिए मार्गदर्शिका');
    expect(data.post.translations).toEqual([{ language: 'EN', slug: ENGLISH, uri: `/blog/${ENGLISH}` }]);
    expect(data.english).toEqual({
      slug: ENGLISH,
      language: 'EN',
      translations: [{ language: 'HI', slug: HINDI, uri: `/hi/blog/${HINDI}` }],
    });
    expect(data.pages.length).toBeGreaterThan(0);
    expect(data.pages.every((p) => p.language === 'EN')).toBe(true);
    expect(data.practiceAreas.length).toBeGreaterThan(7);
    for (const area of data.practiceAreas)
      expect(area, area.slug).toMatchObject({ language: 'EN', translations: [] });
  });
});

describe.each(['wordpress', 'embedded'] as const)('categories per language over the %s source', (mode) => {
  const h = () => harnesses.find((x) => x.mode === mode)!;
  interface Counted {
    slug: string;
    count: number;
  }

  it('count each language’s posts, as many as its filtered list holds, and leave out the empty', async () => {
    const res = await h().query<{ en: Counted[]; hi: Counted[]; all: Counted[] }>(/* GraphQL */ `
      {
        en: categories(language: EN) {
          slug
          count
        }
        hi: categories(language: HI) {
          slug
          count
        }
        all: categories {
          slug
          count
        }
      }
    `);
    expect(res.errors).toBeUndefined();
    const { en, hi, all } = res.data!;
    // The Hindi post's categories, and no other.
    const hindiPost = (snapshot.posts as Array<{ slug: string; categories: number[] }>).find(
      (p) => p.slug === HINDI,
    )!;
    const hindiSlugs = (snapshot.categories as Array<{ id: number; slug: string }>)
      .filter((c) => hindiPost.categories.includes(c.id))
      .map((c) => c.slug);
    expect(hi.map((c) => c.slug).sort()).toEqual(hindiSlugs.sort());
    expect(hi.every((c) => c.count === 1)).toBe(true);
    // Every category's posts are in one language or the other.
    for (const c of all) {
      const inEn = en.find((x) => x.slug === c.slug)?.count ?? 0;
      const inHi = hi.find((x) => x.slug === c.slug)?.count ?? 0;
      expect(inEn + inHi, c.slug).toBe(c.count);
    }
    expect(en.every((c) => c.count > 0)).toBe(true);
    // Each count is the total of the list a chip leads to.
    for (const [language, list] of [
      ['EN', en],
      ['HI', hi],
    ] as const) {
      for (const c of list) {
        const filtered = await h().query<{ posts: { totalCount: number } }>(
          'query ($c: String, $l: Language) { posts(first: 1, categorySlug: $c, language: $l) { totalCount } }',
          { c: c.slug, l: language },
        );
        expect(filtered.data!.posts.totalCount, `${language} ${c.slug}`).toBe(c.count);
      }
    }
  });
});

describe('translations of a list', () => {
  it('cost no request when the companion plugin names them (translation_ref), and none when warm', async () => {
    const h = harnesses.find((x) => x.mode === 'wordpress')!;
    await h.gateway.caches.purge('all');
    h.wp!.resetStats();
    const nodes = (await list(h, { first: 100 })).nodes;
    expect(nodes.find((n) => n.slug === HINDI)?.translations).toEqual([
      { language: 'EN', slug: ENGLISH, uri: `/blog/${ENGLISH}` },
    ]);
    const log = h.wp!.stats.log;
    expect(log.filter((q) => q.includes('include='))).toEqual([]);
    // Labelled posts need no body to tell their language.
    expect(log.filter((q) => q.startsWith('/posts?slug='))).toEqual([]);
    h.wp!.resetStats();
    await list(h, { first: 100 });
    expect(h.wp!.stats.requests).toBe(0);
  });

  it('cost one request for all the linked posts when only their ids are given (Polylang)', async () => {
    // The same two posts linked as Polylang links them: language codes to ids, no companion fields.
    const polylang: ContentSnapshot = {
      ...snapshot,
      posts: (snapshot.posts as Array<Record<string, unknown>>).map((p) => {
        const { translation: _t, language, ...rest } = p;
        const linked = p.slug === HINDI || p.slug === ENGLISH;
        return {
          ...rest,
          lang: language ?? 'en',
          ...(linked ? { translations: { en: 183, hi: 350 } } : {}),
        };
      }),
    };
    const h = await startHarness({ mode: 'wordpress', snapshot: polylang });
    try {
      const nodes = (await list(h, { first: 100 })).nodes;
      expect(nodes.find((n) => n.slug === HINDI)?.translations).toEqual([
        { language: 'EN', slug: ENGLISH, uri: `/blog/${ENGLISH}` },
      ]);
      expect(nodes.find((n) => n.slug === ENGLISH)?.translations).toEqual([
        { language: 'HI', slug: HINDI, uri: `/hi/blog/${HINDI}` },
      ]);
      expect(h.wp!.stats.log.filter((q) => q.includes('include='))).toEqual([
        '/posts?include=183,350&per_page=100&status=publish&_fields=id,slug,lang,language',
      ]);
    } finally {
      await h.close();
    }
  });
});
