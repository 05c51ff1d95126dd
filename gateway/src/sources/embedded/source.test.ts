import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTS, fixtureSnapshot } from '../../../test/fixtures/snapshot.js';
import { UpstreamError, type RestQuery } from '../rest.js';
import { listParser, wpPostSchema } from '../types.js';
import { createEmbeddedSource, createEmbeddedSourceFromSnapshot } from './source.js';

const source = createEmbeddedSourceFromSnapshot(fixtureSnapshot());

async function list(path: string, query: RestQuery = {}) {
  const res = await source.get(path, query);
  return { ...res, items: res.body as Array<Record<string, unknown>> };
}

async function error(path: string, query: RestQuery = {}): Promise<UpstreamError> {
  const e = await source.get(path, query).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UpstreamError);
  return e as UpstreamError;
}

const ids = (items: Array<Record<string, unknown>>) => items.map((i) => i.id);

describe('embedded source', () => {
  it('lists published posts newest first, 10 by default, with X-WP-Total semantics', async () => {
    const res = await list('/posts');
    expect(res.items).toHaveLength(10);
    expect(res.items[0]?.slug).toBe('how-to-file-for-divorce-in-india');
    expect(res.total).toBe(24);
    expect(res.totalPages).toBe(3);
    expect(res.items.every((p) => p.status === 'publish')).toBe(true);
  });

  it('pages with per_page and page; page past the end is a 400 like WordPress', async () => {
    const p1 = await list('/posts', { per_page: 20, page: 1 });
    const p2 = await list('/posts', { per_page: 20, page: 2 });
    expect(p1.items).toHaveLength(20);
    expect(p2.items).toHaveLength(4);
    expect(new Set([...ids(p1.items), ...ids(p2.items)]).size).toBe(24);
    const e = await error('/posts', { per_page: 20, page: 3 });
    expect(e.message).toBe('WordPress API error: 400');
    expect(e.code).toBe('rest_post_invalid_page_number');
  });

  it('rejects per_page outside 1..100 with rest_invalid_param', async () => {
    for (const perPage of [0, 101, -1, 'abc', 1.5]) {
      const e = await error('/posts', { per_page: perPage });
      expect(e.status).toBe(400);
      expect(e.code).toBe('rest_invalid_param');
    }
    expect((await list('/posts', { per_page: 100 })).items).toHaveLength(24);
  });

  it('orders by date ascending on request', async () => {
    const res = await list('/posts', { per_page: 3, orderby: 'date', order: 'asc' });
    expect(res.items.map((p) => p.slug)).toEqual(['legal-note-124', 'legal-note-123', 'legal-note-122']);
  });

  it('selects by slug, a comma list or a list, ignoring an empty slug', async () => {
    expect(ids((await list('/posts', { slug: 'anticipatory-bail-explained' })).items)).toEqual([102]);
    expect(ids((await list('/posts', { slug: 'legal-note-105,anticipatory-bail-explained' })).items)).toEqual(
      [102, 105],
    );
    expect(ids((await list('/posts', { slug: ['legal-note-105', 'nope'] })).items)).toEqual([105]);
    const unknown = await list('/posts', { slug: 'no-such-post' });
    expect(unknown.items).toEqual([]);
    expect(unknown.total).toBe(0);
    expect(unknown.totalPages).toBe(0);
    expect((await list('/posts', { slug: '' })).total).toBe(24);
  });

  it('hides drafts from lists, slugs and ids', async () => {
    expect((await list('/posts', { slug: 'unpublished-draft' })).items).toEqual([]);
    expect((await error('/posts/199')).status).toBe(401);
    expect((await list('/pages', { slug: 'private-page' })).items).toEqual([]);
  });

  it('rejects status other than publish for anonymous requests', async () => {
    expect((await error('/posts', { status: 'draft' })).status).toBe(400);
    expect((await list('/posts', { status: 'publish' })).total).toBe(24);
  });

  it('filters by include with orderby=include keeping the requested order and dropping unknown ids', async () => {
    const res = await list('/media', { include: [210, 203, 99999, 205], per_page: 100, orderby: 'include' });
    expect(ids(res.items)).toEqual([210, 203, 205]);
    expect(res.total).toBe(3);
    const unordered = await list('/media', { include: '210,203,205', per_page: 100 });
    expect(ids(unordered.items)).toHaveLength(3);
    expect((await error('/media', { orderby: 'include' })).code).toBe('rest_orderby_include_missing_include');
  });

  it('excludes ids', async () => {
    const res = await list('/posts', { per_page: 3, exclude: [101, 102] });
    expect(ids(res.items)).toEqual([103, 104, 105]);
    expect(res.total).toBe(22);
  });

  it('filters by categories (any of a comma list)', async () => {
    const bail = await list('/posts', { categories: 4, per_page: 100 });
    expect(bail.items.every((p) => (p.categories as number[]).includes(4))).toBe(true);
    expect(bail.items.map((p) => p.slug)).toContain('anticipatory-bail-explained');
    const two = await list('/posts', { categories: '4,6', per_page: 100 });
    const expected = POSTS.filter(
      (p) => p.status === 'publish' && (p.categories.includes(4) || p.categories.includes(6)),
    ).length;
    expect(two.total).toBe(expected);
    expect(two.total).toBeGreaterThan(bail.total ?? 0);
  });

  it('searches title, excerpt and content case-insensitively, every term must match', async () => {
    expect(ids((await list('/posts', { search: 'ANTICIPATORY' })).items)).toEqual([102]);
    expect(ids((await list('/posts', { search: 'cooling-off' })).items)).toEqual([101]);
    expect(ids((await list('/posts', { search: 'summary ghaziabad legal-note-110' })).items)).toEqual([110]);
    expect((await list('/posts', { search: 'anticipatory nonexistentword' })).items).toEqual([]);
    // Markup is not searched: 'script' only appears as a tag name.
    expect((await list('/posts', { search: 'alert' })).items).toEqual([]);
  });

  it('returns only the requested _fields; nested names select nothing of core fields (WordPress 6.1)', async () => {
    const res = await list('/posts', { per_page: 1, _fields: 'id,slug,title' });
    expect(res.items[0]).toEqual({
      id: 101,
      slug: 'how-to-file-for-divorce-in-india',
      title: { rendered: 'How to File for Divorce in India' },
    });
    const nested = await list('/media', { include: 201, _fields: ['id', 'media_details.width'] });
    expect(nested.items[0]).toEqual({ id: 201 });
  });

  it("keeps one key of the plugins' SEO fields for a dotted name, the field whole when named whole", async () => {
    const snapshot = fixtureSnapshot();
    const post = (snapshot.posts as { id: number; seo_meta: unknown; yoast_head_json: unknown }[])[0]!;
    post.seo_meta = { yoast_seo_title: 'T', yoast_seo_noindex: true };
    post.yoast_head_json = { title: 'T', robots: { index: 'noindex', follow: 'follow' } };
    const source = createEmbeddedSourceFromSnapshot(snapshot);
    const get = async (fields: string[]) =>
      ((await source.get('/posts', { include: post.id, _fields: fields })).body as unknown[])[0];
    expect(await get(['id', 'yoast_head_json.robots', 'seo_meta.yoast_seo_noindex'])).toEqual({
      id: post.id,
      yoast_head_json: { robots: { index: 'noindex', follow: 'follow' } },
      seo_meta: { yoast_seo_noindex: true },
    });
    expect(await get(['seo_meta', 'seo_meta.yoast_seo_noindex'])).toEqual({
      seo_meta: { yoast_seo_title: 'T', yoast_seo_noindex: true },
    });
    // A key the field does not have keeps an empty field, as PHP's empty array; null stays null.
    expect(await get(['id', 'seo_meta.focus_keyword'])).toEqual({ id: post.id, seo_meta: [] });
    const other = fixtureSnapshot();
    const bare = (other.posts as { id: number; seo_meta: unknown }[])[0]!;
    bare.seo_meta = null;
    const again = createEmbeddedSourceFromSnapshot(other);
    const answer = await again.get('/posts', { include: bare.id, _fields: ['seo_meta.yoast_seo_noindex'] });
    expect((answer.body as unknown[])[0]).toEqual({ seo_meta: null });
  });

  it("gives posts the companion plugin's featured_image from the media, null where WordPress would show none", async () => {
    const snapshot = fixtureSnapshot();
    const source = createEmbeddedSourceFromSnapshot({
      ...snapshot,
      media: snapshot.media.flatMap((m) => {
        const { id } = m as { id: number };
        return id === 201 ? [] : id === 202 ? [{ ...(m as object), status: 'private' }] : [m];
      }),
    });
    const ask = async (slug: string, query: RestQuery = { _fields: ['id', 'featured_image'] }) =>
      ((await source.get('/posts', { slug, ...query })).body as Array<Record<string, unknown>>)[0]!;
    const media = (await source.get('/media/204')).body as {
      source_url: string;
      alt_text: string;
      mime_type: string;
      media_details: { width: number; height: number };
    };
    const image = (await ask('motor-accident-claims-tribunal')).featured_image as Record<string, unknown>;
    // What /media/204 says, reduced to what the site shows: WordPress's resized copies are not needed,
    // the site serves its own widths (/media).
    expect(image).toEqual({
      id: 204,
      source_url: media.source_url,
      width: media.media_details.width,
      height: media.media_details.height,
      alt_text: media.alt_text,
      mime_type: media.mime_type,
    });
    // A private attachment, a deleted one: null.
    expect((await ask('anticipatory-bail-explained')).featured_image).toBeNull();
    expect((await ask('how-to-file-for-divorce-in-india')).featured_image).toBeNull();
    // Only when asked for (or without _fields, as WordPress gives every field).
    expect(await ask('motor-accident-claims-tribunal', { _fields: ['id'] })).toEqual({ id: 104 });
    expect((await ask('motor-accident-claims-tribunal', {})).featured_image).toEqual(image);
  });

  it('gives no featured_image to an attachment attached to a draft', async () => {
    const snapshot = fixtureSnapshot();
    const draftId = 999;
    const source = createEmbeddedSourceFromSnapshot({
      ...snapshot,
      posts: [
        ...snapshot.posts,
        { ...(snapshot.posts[0] as object), id: draftId, slug: 'a-draft', status: 'draft' },
      ],
      media: snapshot.media.map((m) =>
        (m as { id: number }).id === 204 ? { ...(m as object), post: draftId } : m,
      ),
    });
    const [post] = (
      await source.get('/posts', { slug: 'motor-accident-claims-tribunal', _fields: ['featured_image'] })
    ).body as Array<Record<string, unknown>>;
    expect(post).toEqual({ featured_image: null });
  });

  it('answers categories with hide_empty, sorted by name', async () => {
    const all = await list('/categories', { per_page: 50 });
    const nonEmpty = await list('/categories', { hide_empty: true, per_page: 50 });
    expect(all.total).toBe(7);
    expect(nonEmpty.items.map((c) => c.name)).toEqual([
      'Bail Hearings',
      'Criminal Defence',
      'Cybercrime',
      'Domestic Violence',
      'Family Law',
      'Motor Accidents',
    ]);
  });

  it('answers /media/{id} and 404 for an unknown id or route', async () => {
    const one = await source.get('/media/203');
    expect((one.body as { id: number }).id).toBe(203);
    expect((await error('/media/1')).status).toBe(404);
    const route = await error('/users');
    expect(route.status).toBe(404);
    expect(route.code).toBe('rest_no_route');
  });

  it('answers practice_areas including the per_page=1 connectivity question', async () => {
    const res = await list('/practice_areas', { per_page: 1 });
    expect(res.items).toHaveLength(1);
    expect(res.total).toBe(1);
  });

  it('parses through the caller-supplied parser and reports a wrong shape as an upstream error', async () => {
    const ok = await source.get('/posts', { per_page: 2 }, { parse: listParser(wpPostSchema) });
    expect(ok.body[0]?.title.rendered).toBe('How to File for Divorce in India');
    const bad = await source
      .get('/categories', {}, { parse: listParser(wpPostSchema) })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(UpstreamError);
    expect((bad as UpstreamError).kind).toBe('shape');
  });

  it('serves frozen data so a caller cannot change the snapshot for the next one', async () => {
    const res = await list('/posts', { per_page: 1 });
    expect(Object.isFrozen(res.items[0])).toBe(true);
  });

  it('reads content/wp/*.json from a directory, a missing file meaning none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-'));
    try {
      await mkdir(path.join(dir, 'wp'));
      const snap = fixtureSnapshot();
      await writeFile(path.join(dir, 'wp', 'posts.json'), JSON.stringify(snap.posts));
      await writeFile(path.join(dir, 'wp', 'categories.json'), JSON.stringify(snap.categories));
      const fromDir = createEmbeddedSource({ dir });
      expect((await fromDir.get('/posts')).total).toBe(24);
      expect((await fromDir.get('/practice_areas')).total).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails clearly when a snapshot file is not a JSON array', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-'));
    try {
      await mkdir(path.join(dir, 'wp'));
      await writeFile(path.join(dir, 'wp', 'posts.json'), '{"not":"an array"}');
      await expect(createEmbeddedSource({ dir }).get('/posts')).rejects.toThrow(
        /posts\.json must hold a JSON array/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
