// A WordPress with more categories than the brief's categories call lists (per_page 50, by name): the
// blog still filters by, and finds, a category past the first 50.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSnapshot } from '../src/sources/embedded/source.js';
import { categoryTerm as term, fixtureSnapshot } from './fixtures/snapshot.js';
import { startHarness, type Harness, type Mode } from './harness.js';

const ZONING = 901;
const EMPTY = 902;

/** The fixture plus 60 categories named "Area 01".."Area 60" (one post each by count), a "Zoning
 * Disputes" category (sorted past the first 50) holding two posts, and an empty "Zzz Empty". */
function manyCategories(): ContentSnapshot {
  const base = fixtureSnapshot();
  const posts = structuredClone(base.posts) as Array<{ slug: string; categories: number[] }>;
  for (const p of posts)
    if (p.slug === 'legal-note-105' || p.slug === 'legal-note-106') p.categories = [ZONING];
  const areas = Array.from({ length: 60 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return term(1000 + i, `Area ${n}`, `area-${n}`, 1);
  });
  return {
    ...base,
    posts,
    categories: [
      ...base.categories,
      ...areas,
      term(ZONING, 'Zoning Disputes', 'zoning-disputes', 2),
      term(EMPTY, 'Zzz Empty', 'zzz-empty', 0),
    ],
  };
}

const LIST = /* GraphQL */ `
  query ($slug: String) {
    posts(first: 10, categorySlug: $slug) {
      totalCount
      category {
        databaseId
        name
        slug
      }
      nodes {
        slug
      }
    }
  }
`;

const ONE = /* GraphQL */ `
  query ($slug: String!) {
    category(slug: $slug) {
      databaseId
      name
      count
    }
  }
`;

interface ListData {
  posts: {
    totalCount: number;
    category: { databaseId: number; name: string; slug: string } | null;
    nodes: { slug: string }[];
  };
}

describe.each<Mode>(['wordpress', 'embedded'])('categories past the first 50 (%s source)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode, snapshot: manyCategories() });
  });
  afterAll(() => h.close());

  it('are not in the list of 50', async () => {
    const { data } = await h.query<{ categories: { slug: string }[] }>(`{ categories { slug } }`);
    expect(data!.categories).toHaveLength(50);
    expect(data!.categories.map((c) => c.slug)).not.toContain('zoning-disputes');
  });

  it('still filter the posts list, which names its category', async () => {
    const res = await h.query<ListData>(LIST, { slug: 'zoning-disputes' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.posts.category).toEqual({
      databaseId: ZONING,
      name: 'Zoning Disputes',
      slug: 'zoning-disputes',
    });
    expect(res.data!.posts.nodes.map((p) => p.slug).sort()).toEqual(['legal-note-105', 'legal-note-106']);
    expect(res.data!.posts.totalCount).toBe(2);
  });

  it('are found by slug; an empty or unknown one is null', async () => {
    expect((await h.query(ONE, { slug: 'zoning-disputes' })).data).toEqual({
      category: { databaseId: ZONING, name: 'Zoning Disputes', count: 2 },
    });
    expect((await h.query(ONE, { slug: 'ZONING-Disputes' })).data).toMatchObject({
      category: { databaseId: ZONING },
    });
    for (const slug of ['zzz-empty', 'no-such-category', '']) {
      const res = await h.query(ONE, { slug });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({ category: null });
    }
    const empty = await h.query<ListData>(LIST, { slug: 'zzz-empty' });
    expect(empty.data!.posts).toMatchObject({ totalCount: 0, category: null, nodes: [] });
  });

  it('a listed category costs no request beyond the list', async () => {
    await h.query(`{ categories { slug } }`);
    const before = h.upstreamRequests();
    const res = await h.query(ONE, { slug: 'area-01' });
    expect(res.data).toMatchObject({ category: { name: 'Area 01' } });
    expect(h.upstreamRequests() - before).toBe(0);
  });
});

describe('with fewer than 50 categories', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'wordpress' });
  });
  afterAll(() => h.close());

  it('the list is whole: an unknown slug is answered from it, without asking WordPress again', async () => {
    await h.query(`{ categories { slug } }`);
    const before = h.upstreamRequests();
    const res = await h.query<ListData>(LIST, { slug: 'no-such-category' });
    expect(res.data!.posts).toMatchObject({ totalCount: 0, category: null, nodes: [] });
    expect((await h.query(ONE, { slug: 'no-such-category' })).data).toEqual({ category: null });
    expect(h.upstreamRequests() - before).toBe(0);
    const listed = await h.query<ListData>(LIST, { slug: 'bail-hearings' });
    expect(listed.data!.posts.category).toMatchObject({ name: 'Bail Hearings' });
  });
});
