// Content in its language (brief §10) against the real WordPress with the companion plugin: a post an
// editor marks Hindi through the plugin's `language` field is Hindi on the site whatever its text
// looks like, listed by posts(language: HI) and not by posts(language: EN), with WordPress doing the
// filtering (lawfirm_language) so totals are its own; a post saved without a language gets the one
// its text is in; a translation link made on one side is made on the other; the seeded Hindi post is
// Hindi and linked to its English original both ways; a Devanagari search finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import {
  CONTRACT_SLUG_PREFIX,
  createPost,
  credentials,
  deletePost,
  markAccessLog,
  restPath,
  restRequestsSince,
  wpRest,
} from './lib/wordpress.js';

const MARKED = `${CONTRACT_SLUG_PREFIX}language-marked-hindi`;
const DETECTED = `${CONTRACT_SLUG_PREFIX}language-detected-hindi`;
const ENGLISH = `${CONTRACT_SLUG_PREFIX}language-english`;
const SEEDED_HINDI = 'bail-after-arrest-guide-hindi';
const SEEDED_ENGLISH = 'regular-anticipatory-default-bail-explained';

interface LanguageFields {
  id: number;
  slug: string;
  language: string;
  translation: number;
  translation_ref: { id: number; slug: string; language: string } | null;
}

interface Listed {
  totalCount: number;
  nodes: Array<{ slug: string; language: string }>;
}

const LIST = /* GraphQL */ `
  query Posts($language: Language, $search: String, $categorySlug: String) {
    posts(first: 100, language: $language, search: $search, categorySlug: $categorySlug) {
      totalCount
      nodes {
        slug
        language
      }
    }
  }
`;

const POST = /* GraphQL */ `
  query Post($slug: String!) {
    post(slug: $slug) {
      slug
      language
      translations {
        language
        slug
        uri
      }
    }
  }
`;

interface PostAnswer {
  post: {
    slug: string;
    language: string;
    translations: Array<{ language: string; slug: string; uri: string }>;
  } | null;
}

const created: number[] = [];
const ids: Record<string, number> = {};
let gw: InProcessGateway;

async function fieldsOf(slug: string): Promise<LanguageFields> {
  const res = await wpRest<LanguageFields[]>(
    'GET',
    `/posts?slug=${slug}&status=publish&_fields=id,slug,language,translation,translation_ref`,
    { auth: false },
  );
  expect(res.status).toBe(200);
  expect(res.json, slug).toHaveLength(1);
  return res.json[0]!;
}

/** Slugs of the published posts WordPress lists for a language, and its X-WP-Total. */
async function listedIn(language: string): Promise<{ slugs: string[]; total: number; status: number }> {
  const res = await wpRest<Array<{ slug: string }>>(
    'GET',
    `/posts?lawfirm_language=${language}&per_page=100&status=publish&_fields=slug`,
    { auth: false },
  );
  return {
    status: res.status,
    slugs: Array.isArray(res.json) ? res.json.map((p) => p.slug) : [],
    total: Number(res.headers.get('x-wp-total') ?? -1),
  };
}

async function list(variables: Record<string, unknown>): Promise<Listed> {
  const res = await gw.query<{ posts: Listed }>(LIST, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.posts;
}

async function post(slug: string): Promise<NonNullable<PostAnswer['post']>> {
  const res = await gw.query<PostAnswer>(POST, { slug });
  expect(res.errors).toBeUndefined();
  expect(res.data!.post, slug).not.toBeNull();
  return res.data!.post!;
}

beforeAll(async () => {
  // What an interrupted run of this file left behind.
  const left = await wpRest<Array<{ id: number; slug: string }>>(
    'GET',
    `/posts?status=publish,draft,trash&per_page=100&context=edit&search=language&_fields=id,slug`,
  );
  for (const p of Array.isArray(left.json) ? left.json : []) {
    if ([MARKED, DETECTED, ENGLISH].some((s) => p.slug.startsWith(s))) await deletePost(p.id, true);
  }

  const marked = await createPost({
    slug: MARKED,
    status: 'publish',
    title: 'Contract language post marked Hindi',
    content: '<p>An English-looking body that the editor marked as Hindi.</p>',
    language: 'hi',
  });
  const detected = await createPost({
    slug: DETECTED,
    status: 'publish',
    title: 'अनुबंध परीक्षण: भाषा अपने आप',
    content: '<p>यह लेख बिना भाषा चुने सहेजा गया है, इसलिए इसकी भाषा इसके पाठ से तय होती है।</p>',
  });
  const english = await createPost({
    slug: ENGLISH,
    status: 'publish',
    title: 'Contract language post in English',
    content: '<p>Saved without a language: English, as its text is.</p>',
  });
  for (const p of [marked, detected, english]) created.push(p.id);
  ids[MARKED] = marked.id;
  ids[DETECTED] = detected.id;
  ids[ENGLISH] = english.id;
  gw = await inProcessGateway(credentials().url);
});

afterAll(async () => {
  await gw?.close();
  for (const id of created) await deletePost(id, true);
});

describe('the companion plugin’s language', () => {
  it('is what the editor set, else the one the text is in, stored on save', async () => {
    expect(await fieldsOf(MARKED)).toMatchObject({ language: 'hi', translation: 0, translation_ref: null });
    expect(await fieldsOf(DETECTED)).toMatchObject({ language: 'hi', translation: 0, translation_ref: null });
    expect(await fieldsOf(ENGLISH)).toMatchObject({ language: 'en', translation: 0, translation_ref: null });
    // The seeded snapshot's own labels and link, carried by the seed (ids mapped to this WordPress),
    // and the linked post's address and language beside the link.
    const hindi = await fieldsOf(SEEDED_HINDI);
    const english = await fieldsOf(SEEDED_ENGLISH);
    expect(hindi).toMatchObject({
      language: 'hi',
      translation: english.id,
      translation_ref: { id: english.id, slug: SEEDED_ENGLISH, language: 'en' },
    });
    expect(english).toMatchObject({
      language: 'en',
      translation: hindi.id,
      translation_ref: { id: hindi.id, slug: SEEDED_HINDI, language: 'hi' },
    });
  });

  it('filters the posts route (lawfirm_language), with WordPress’s own totals; an unknown language is a 400', async () => {
    const hi = await listedIn('hi');
    const en = await listedIn('en');
    expect(hi.status).toBe(200);
    expect(hi.slugs).toEqual(expect.arrayContaining([MARKED, DETECTED, SEEDED_HINDI]));
    expect(hi.slugs).not.toContain(ENGLISH);
    expect(hi.total).toBe(hi.slugs.length);
    expect(en.slugs).toContain(ENGLISH);
    expect(en.slugs).not.toContain(MARKED);
    expect(en.slugs).not.toContain(SEEDED_HINDI);
    const all = await wpRest<unknown[]>('GET', '/posts?per_page=1&status=publish&_fields=id', {
      auth: false,
    });
    expect(hi.total + en.total).toBe(Number(all.headers.get('x-wp-total')));
    expect((await listedIn('fr')).status).toBe(400);
  });

  it('counts each category’s published posts per language, as the language filter lists them', async () => {
    const res = await wpRest<
      Array<{ id: number; slug: string; count: number; language_counts: { en: number; hi: number } }>
    >('GET', '/categories?hide_empty=true&per_page=100&_fields=id,slug,count,language_counts', {
      auth: false,
    });
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    const total = async (category: number, language: string) =>
      Number(
        (
          await wpRest(
            'GET',
            `/posts?categories=${category}&lawfirm_language=${language}&per_page=1&_fields=id`,
            {
              auth: false,
            },
          )
        ).headers.get('x-wp-total'),
      );
    for (const c of res.json) {
      expect(Object.keys(c.language_counts).sort(), c.slug).toEqual(['en', 'hi']);
      expect(c.language_counts.en, `${c.slug} en`).toBe(await total(c.id, 'en'));
      expect(c.language_counts.hi, `${c.slug} hi`).toBe(await total(c.id, 'hi'));
      // Every post in the seed and in this file is labelled: the two languages are all of them.
      expect(c.language_counts.en + c.language_counts.hi, c.slug).toBe(c.count);
    }
    expect(res.json.some((c) => c.language_counts.hi > 0)).toBe(true);
  });

  it('refuses a translation that is not another post (400), and links a translation back', async () => {
    const page = await wpRest<Array<{ id: number }>>('GET', '/pages?per_page=1&_fields=id', { auth: false });
    const bad = await wpRest('POST', `/posts/${ids[MARKED]}`, { body: { translation: page.json[0]!.id } });
    expect(bad.status).toBe(400);
    const self = await wpRest('POST', `/posts/${ids[MARKED]}`, { body: { translation: ids[MARKED] } });
    expect(self.status).toBe(400);
    expect((await fieldsOf(MARKED)).translation).toBe(0);

    const linked = await wpRest<LanguageFields>('POST', `/posts/${ids[MARKED]}`, {
      body: { translation: ids[ENGLISH] },
    });
    expect(linked.status).toBe(200);
    expect(linked.json.translation).toBe(ids[ENGLISH]);
    expect((await fieldsOf(ENGLISH)).translation).toBe(ids[MARKED]);
    expect((await fieldsOf(ENGLISH)).translation_ref).toEqual({
      id: ids[MARKED],
      slug: MARKED,
      language: 'hi',
    });
  });

  it('names no translation that is not published, and names it again once it is', async () => {
    const draft = await wpRest('POST', `/posts/${ids[ENGLISH]}`, { body: { status: 'draft' } });
    expect(draft.status).toBe(200);
    try {
      expect(await fieldsOf(MARKED)).toMatchObject({ translation: ids[ENGLISH], translation_ref: null });
    } finally {
      expect((await wpRest('POST', `/posts/${ids[ENGLISH]}`, { body: { status: 'publish' } })).status).toBe(
        200,
      );
    }
    expect((await fieldsOf(MARKED)).translation_ref).toEqual({
      id: ids[ENGLISH],
      slug: ENGLISH,
      language: 'en',
    });
  });
});

describe('the gateway over it', () => {
  it('answers HI for the post marked Hindi, and lists it for HI and not for EN', async () => {
    await gw.gateway.caches.purge('all');
    expect((await post(MARKED)).language).toBe('HI');
    expect((await post(ENGLISH)).language).toBe('EN');
    const mark = markAccessLog();
    const hi = await list({ language: 'HI' });
    const en = await list({ language: 'EN' });
    const hiSlugs = hi.nodes.map((n) => n.slug);
    const enSlugs = en.nodes.map((n) => n.slug);
    expect(hiSlugs).toEqual(expect.arrayContaining([MARKED, DETECTED, SEEDED_HINDI]));
    expect(hiSlugs).not.toContain(ENGLISH);
    expect(enSlugs).toContain(ENGLISH);
    expect(enSlugs).not.toContain(MARKED);
    expect(hi.nodes.every((n) => n.language === 'HI')).toBe(true);
    expect(en.nodes.every((n) => n.language === 'EN')).toBe(true);
    expect(hi.totalCount).toBe((await listedIn('hi')).total);
    expect(en.totalCount).toBe((await listedIn('en')).total);
    // WordPress filtered: one list request per language, not a read of every post.
    const lists = (await restRequestsSince(mark))
      .map((l) => restPath(l.uri))
      .filter((p) => p.startsWith('/posts?per_page=100&page=1'));
    expect(lists).toHaveLength(2);
    expect(lists.some((p) => p.includes('lawfirm_language=hi&lang=hi'))).toBe(true);
    expect(lists.some((p) => p.includes('lawfirm_language=en&lang=en'))).toBe(true);
  });

  it('gives the seeded Hindi post its language and its translation, both ways, with no request to look the translation up', async () => {
    await gw.gateway.caches.purge('all');
    const mark = markAccessLog();
    expect(await post(SEEDED_HINDI)).toEqual({
      slug: SEEDED_HINDI,
      language: 'HI',
      translations: [{ language: 'EN', slug: SEEDED_ENGLISH, uri: `/blog/${SEEDED_ENGLISH}` }],
    });
    expect(await post(SEEDED_ENGLISH)).toEqual({
      slug: SEEDED_ENGLISH,
      language: 'EN',
      translations: [{ language: 'HI', slug: SEEDED_HINDI, uri: `/hi/blog/${SEEDED_HINDI}` }],
    });
    // One request per post: the plugin's translation_ref names the linked post's slug and language.
    const asked = (await restRequestsSince(mark)).map((l) => restPath(l.uri));
    expect(asked.filter((p) => p.startsWith('/posts?'))).toHaveLength(2);
    expect(asked.some((p) => p.includes('include='))).toBe(false);
    // The link made through REST above, on both sides.
    expect((await post(MARKED)).translations).toEqual([
      { language: 'EN', slug: ENGLISH, uri: `/blog/${ENGLISH}` },
    ]);
    expect((await post(ENGLISH)).translations).toEqual([
      { language: 'HI', slug: MARKED, uri: `/hi/blog/${MARKED}` },
    ]);
  });

  it('offers each language’s blog the categories it has posts in, with their counts in it', async () => {
    await gw.gateway.caches.purge('all');
    const res = await gw.query<{
      hi: Array<{ slug: string; count: number }>;
      en: Array<{ slug: string; count: number }>;
    }>('{ hi: categories(language: HI) { slug count } en: categories(language: EN) { slug count } }');
    expect(res.errors).toBeUndefined();
    const seeded = await wpRest<Array<{ categories: number[] }>>(
      'GET',
      `/posts?slug=${SEEDED_HINDI}&_fields=categories`,
      { auth: false },
    );
    const cats = await wpRest<Array<{ slug: string }>>(
      'GET',
      `/categories?include=${seeded.json[0]!.categories.join(',')}&_fields=slug`,
      { auth: false },
    );
    const hi = res.data!.hi;
    for (const c of cats.json) expect(hi.map((x) => x.slug)).toContain(c.slug);
    for (const c of [...hi, ...res.data!.en]) expect(c.count, c.slug).toBeGreaterThan(0);
    const hiTotal = async (slug: string) => (await list({ language: 'HI', categorySlug: slug })).totalCount;
    for (const c of hi) expect(c.count, c.slug).toBe(await hiTotal(c.slug));
  });

  it('finds the seeded Hindi post by a Devanagari search, sent percent-encoded', async () => {
    await gw.gateway.caches.purge('all');
    const mark = markAccessLog();
    const found = await list({ search: 'जमानत' });
    expect(found.nodes.map((n) => n.slug)).toContain(SEEDED_HINDI);
    expect(found.nodes.every((n) => n.language === 'HI')).toBe(true);
    const asked = (await restRequestsSince(mark)).map((l) => restPath(l.uri));
    expect(asked.some((p) => p.includes(`search=${encodeURIComponent('जमानत')}`))).toBe(true);
    const hindiOnly = await list({ search: 'जमानत', language: 'HI' });
    expect(hindiOnly.nodes.map((n) => n.slug)).toContain(SEEDED_HINDI);
    expect((await list({ search: 'जमानत', language: 'EN' })).totalCount).toBe(0);
  });
});
