import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWordPress, type FakeWordPress } from '../../test/fake-wordpress.js';
import { fixtureSnapshot } from '../../test/fixtures/snapshot.js';
import { createEmbeddedSource, type ContentSnapshot } from '../sources/embedded/source.js';
import { pullContent } from './content-pull.js';

/** The fixture as a live WordPress would answer it: uploads as absolute URLs on its own host. */
function absolute(url: string): ContentSnapshot {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string')
      return v
        .replaceAll('/wp-content/uploads/', `${url}/wp-content/uploads/`)
        .replaceAll(`https://cms.test${url}`, 'https://cms.test');
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const snap = fixtureSnapshot();
  // An inline image in a body, as WordPress writes it.
  (snap.posts[0] as { content: { rendered: string } }).content.rendered +=
    '<figure><img src="/wp-content/uploads/2025/01/image-201-768x432.jpg" /></figure>';
  // What WordPress adds that the snapshot does not keep.
  for (const post of snap.posts as Array<Record<string, unknown>>) {
    post._links = { self: [{ href: `/wp-json/wp/v2/posts/${String(post.id)}` }] };
    post.yoast_head = '<title>x</title>';
  }
  return walk(snap) as ContentSnapshot;
}

let wp: FakeWordPress;
let uploads: string;
let out: string;

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), 'wp-uploads-'));
  out = await mkdtemp(path.join(os.tmpdir(), 'content-'));
  await mkdir(path.join(uploads, '2025', '01'), { recursive: true });
  // Every upload exists except the sizes of image 230, so a missing file is reported.
  for (let id = 201; id <= 230; id++) {
    const name = `image-${id}`;
    await writeFile(path.join(uploads, '2025', '01', `${name}.jpg`), `jpeg ${id}`);
    if (id === 230) continue;
    for (const size of ['150x150', '300x169', '768x432', '1024x576']) {
      await writeFile(path.join(uploads, '2025', '01', `${name}-${size}.jpg`), `jpeg ${id} ${size}`);
    }
  }
  wp = await startFakeWordPress({ snapshot: absolute, uploadsDir: uploads });
});

afterAll(async () => {
  await wp.close();
  await rm(uploads, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

describe('content:pull', () => {
  it('snapshots every collection, downloads uploads and rewrites their URLs to site-relative', async () => {
    const result = await pullContent({ wordpressUrl: wp.url, contentDir: out, retries: 0 });
    expect(result.counts).toEqual({ posts: 24, pages: 3, practice_areas: 1, media: 30, categories: 7 });
    expect(result.missing).toEqual([
      '2025/01/image-230-1024x576.jpg',
      '2025/01/image-230-150x150.jpg',
      '2025/01/image-230-300x169.jpg',
      '2025/01/image-230-768x432.jpg',
    ]);
    expect(result.downloaded).toBe(30 * 5 - 4);

    const media = JSON.parse(await readFile(path.join(out, 'wp', 'media.json'), 'utf8')) as Array<{
      source_url: string;
    }>;
    expect(media.every((m) => m.source_url.startsWith('/wp-content/uploads/2025/01/'))).toBe(true);
    const text = await readFile(path.join(out, 'wp', 'posts.json'), 'utf8');
    expect(text).not.toContain(wp.url);
    expect(text).not.toContain('_links');
    expect(text).not.toContain('yoast_head"');
    expect(text).toContain('<img src=\\"/wp-content/uploads/2025/01/image-201-768x432.jpg\\"');
    // Images on other hosts are left as they are.
    expect(text).toContain('https://cms.test/wp-content/uploads/og-101.jpg');
    expect(await readFile(path.join(out, 'uploads', '2025', '01', 'image-205-300x169.jpg'), 'utf8')).toBe(
      'jpeg 205 300x169',
    );
    expect((await stat(path.join(out, 'uploads', '2025', '01', 'image-201.jpg'))).size).toBeGreaterThan(0);

    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(manifest.source).toBe(wp.url);
    expect(Date.parse(manifest.generatedAt ?? '')).not.toBeNaN();
  });

  it('writes a snapshot the embedded source serves', async () => {
    const source = createEmbeddedSource({ dir: out });
    const posts = await source.get('/posts', { per_page: 1, slug: 'how-to-file-for-divorce-in-india' });
    expect(posts.total).toBe(1);
    const media = await source.get('/media', { include: [205], _fields: ['id', 'source_url'] });
    expect(media.body).toEqual([{ id: 205, source_url: '/wp-content/uploads/2025/01/image-205.jpg' }]);
  });

  it('fails clearly when WordPress fails', async () => {
    await wp.fault('503', { path: '/posts' });
    try {
      await expect(pullContent({ wordpressUrl: wp.url, contentDir: out, retries: 0 })).rejects.toThrow(
        'WordPress API error: 503',
      );
    } finally {
      await wp.fault(null);
    }
  });
});
