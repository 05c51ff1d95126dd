// /media: WordPress's images from the site's own origin, re-encoded per browser (AVIF, WebP, the
// original format), at a fixed set of widths, kept on disk, and never a way to fetch anything else.
// Originals are the snapshot's real uploads; hostile ones are made with sharp here.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_IMAGE } from '@site/content-model';
import { createHttpServer, listen } from '../src/http.js';
import { MEDIA_WIDTHS, mediaPath, readMediaPath, widthsFor } from '../src/media/address.js';
import { diskCache } from '../src/media/disk-cache.js';
import { encode, MAX_INPUT_PIXELS, UnusableImage } from '../src/media/encode.js';
import { negotiate } from '../src/media/negotiate.js';
import {
  MediaRefused,
  MediaUnavailable,
  snapshotOriginals,
  wordpressOriginals,
} from '../src/media/originals.js';
import { mediaService } from '../src/media/service.js';
import { REPO_ROOT } from '../src/config.js';
import { startHarness, type Harness } from './harness.js';

const CONTENT = path.join(REPO_ROOT, 'content');
const UPLOAD = '/wp-content/uploads/2026/03/cruelty-section-85-bns.jpg';
const RENDITION_768 = path.join(CONTENT, 'uploads/2026/03/cruelty-section-85-bns-768x512.jpg');
const silent = pino({ level: 'silent' });

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'media-test-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('media addresses', () => {
  it('carry the original and a width from the fixed set, one address per original', () => {
    const address = mediaPath(UPLOAD, 640);
    expect(address).toMatch(/^\/media\/[A-Za-z0-9_-]+\/640$/);
    const [, , token = '', width = ''] = address.split('/');
    expect(readMediaPath(token, width)).toEqual({ sourceUrl: UPLOAD, width: 640 });
    // Widths outside the set, padded or altered tokens are refused.
    expect(readMediaPath(token, '641')).toBeNull();
    expect(readMediaPath(token, '0640')).toBeNull();
    expect(readMediaPath(`${token}=`, '640')).toBeNull();
    expect(readMediaPath('a.b/c', '640')).toBeNull();
    expect(readMediaPath('x'.repeat(2000), '640')).toBeNull();
  });

  it('offer widths up to the first that covers the original', () => {
    expect(widthsFor(700)).toEqual([160, 320, 480, 640, 768]);
    expect(widthsFor(1600)).toEqual([...MEDIA_WIDTHS]);
    expect(widthsFor(4000)).toEqual([...MEDIA_WIDTHS]);
    expect(widthsFor(null)).toEqual([...MEDIA_WIDTHS]);
  });
});

describe('the format a browser gets', () => {
  it('is AVIF, then WebP, then the original format (PNG for anything but JPEG)', () => {
    expect(negotiate('image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'jpeg')).toBe('avif');
    expect(negotiate('image/webp,*/*', 'jpeg')).toBe('webp');
    expect(negotiate('image/avif;q=0, image/webp', 'png')).toBe('webp');
    expect(negotiate('*/*', 'jpeg')).toBe('jpeg');
    expect(negotiate(undefined, 'gif')).toBe('png');
  });
});

describe('encoding', () => {
  it('makes a 768 px AVIF and WebP far smaller than WordPress’s 768 px JPEG rendition', async () => {
    const original = await readFile(
      path.join(CONTENT, 'uploads', UPLOAD.slice('/wp-content/uploads/'.length)),
    );
    const rendition = await readFile(RENDITION_768);
    const avif = await encode(original, 768, 'avif');
    const webp = await encode(original, 768, 'webp');
    expect([avif.width, webp.width]).toEqual([768, 768]);
    expect((await sharp(avif.bytes).metadata()).format).toBe('heif');
    expect(avif.bytes.length).toBeLessThan(rendition.length * 0.6);
    expect(webp.bytes.length).toBeLessThan(rendition.length * 0.8);
    // Never enlarged past the original.
    expect((await encode(original, 1600, 'jpeg')).width).toBe((await sharp(original).metadata()).width);
  });

  it('refuses SVG, files that are no image, and images past the pixel cap', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expect(encode(svg, 320, 'png')).rejects.toBeInstanceOf(UnusableImage);
    await expect(encode(Buffer.from('not an image'), 320, 'png')).rejects.toBeInstanceOf(UnusableImage);
    // A decompression bomb: a small file that declares far more pixels than the cap.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 100;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(encode(bomb, 320, 'png')).rejects.toBeInstanceOf(UnusableImage);
  });
});

describe('originals from WordPress', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    const jpeg = await readFile(RENDITION_768);
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/wp-json/') {
        // WordPress's index names its public address, which is not the one the gateway uses.
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ url: 'https://www.firm.example', home: 'https://www.firm.example' }));
      }
      if (req.url === '/ok.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      if (req.url === '/moved.jpg')
        return void res.writeHead(302, { location: 'http://example.org/x.jpg' }).end();
      if (req.url === '/page.html')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>');
      if (req.url === '/declared-huge.jpg') {
        return void res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 50_000_000 }).end();
      }
      if (req.url === '/streamed-huge.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(64 * 1024));
        return void res.end();
      }
      if (req.url === '/broken.jpg') return void res.writeHead(500).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const originals = () =>
    wordpressOriginals({
      wordpressUrl: base,
      extraHosts: ['media.example.in'],
      maxBytes: 1024 * 1024,
      timeoutMs: 2000,
    });

  it('fetches an image on WordPress’s host, by absolute or site-relative URL', async () => {
    expect((await originals().get(`${base}/ok.jpg`)).length).toBeGreaterThan(1000);
    expect((await originals().get('/ok.jpg')).length).toBeGreaterThan(1000);
  });

  it('fetches an image on the host WordPress names as its own from the address the gateway knows', async () => {
    hits.length = 0;
    expect((await originals().get('https://www.firm.example/ok.jpg')).length).toBeGreaterThan(1000);
    expect(hits).toEqual(['/wp-json/', '/ok.jpg']);
    // A path that would read as another host stays a path on WordPress.
    await expect(originals().get('https://www.firm.example//example.org/ok.jpg')).rejects.toBeInstanceOf(
      MediaRefused,
    );
    expect(hits.at(-1)).toBe('//example.org/ok.jpg');
  });

  it("names the hosts that hold WordPress's media: its address and MEDIA_HOSTS at once, its own named host once learned", async () => {
    const o = originals();
    const first = o.hosts!();
    expect(first).toEqual([new URL(base).host, 'media.example.in']);
    await vi.waitFor(() => expect(o.hosts!()).toContain('www.firm.example'));
    expect(o.hosts!()).toEqual([new URL(base).host, 'media.example.in', 'www.firm.example']);
  });

  it('learns WordPress’s public origin with its hosts: none before, its index’s `url` after', async () => {
    const o = originals();
    expect(o.publicOrigin!()).toBeNull();
    o.hosts!();
    await vi.waitFor(() => expect(o.publicOrigin!()).toBe('https://www.firm.example'));
  });

  it('refuses other hosts, schemes and credentials without asking them', async () => {
    hits.length = 0;
    for (const url of [
      'http://example.org/ok.jpg',
      'file:///etc/passwd',
      `http://user:pw@${new URL(base).host}/ok.jpg`,
    ]) {
      await expect(originals().get(url)).rejects.toBeInstanceOf(MediaRefused);
    }
    // A host MEDIA_HOSTS names is allowed (not reachable here: unavailable, not refused).
    await expect(originals().get('http://media.example.in/ok.jpg')).rejects.toBeInstanceOf(MediaUnavailable);
    // Only WordPress itself was asked (its index, for the hosts it names as its own).
    expect(hits.every((h) => h === '/wp-json/')).toBe(true);
  });

  it('follows no redirect, takes only images, and stops at the byte cap', async () => {
    await expect(originals().get('/moved.jpg')).rejects.toThrow(/redirect not followed/);
    await expect(originals().get('/page.html')).rejects.toThrow(/not an image/);
    await expect(originals().get('/declared-huge.jpg')).rejects.toThrow(/larger than/);
    await expect(originals().get('/streamed-huge.jpg')).rejects.toThrow(/larger than/);
    await expect(originals().get('/missing.jpg')).rejects.toBeInstanceOf(MediaRefused);
    await expect(originals().get('/broken.jpg')).rejects.toBeInstanceOf(MediaUnavailable);
  });

  it('reads the snapshot’s uploads, and nothing outside them', async () => {
    const snapshot = snapshotOriginals(CONTENT, 10 * 1024 * 1024);
    expect((await snapshot.get(UPLOAD)).length).toBeGreaterThan(1000);
    for (const url of [
      '/wp-content/uploads/../wp/posts.json',
      '/wp-content/uploads/%2e%2e/wp/posts.json',
      '/etc/passwd',
      '/wp-content/uploads/%E0%A4%A',
    ]) {
      await expect(snapshot.get(url)).rejects.toBeInstanceOf(MediaRefused);
    }
  });
});

describe('the disk cache', () => {
  it('stays under its bound, dropping the least recently used, across restarts', async () => {
    const dir = await tempDir();
    const cache = diskCache({ dir, maxBytes: 3000 });
    await cache.set('a', Buffer.alloc(1000));
    await cache.set('b', Buffer.alloc(1000));
    await cache.get('a');
    await cache.set('c', Buffer.alloc(1500));
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('a'))?.length).toBe(1000);
    expect(cache.size()).toBe(2500);
    // A new process counts what the last one left.
    const again = diskCache({ dir, maxBytes: 3000 });
    expect((await again.get('c'))?.length).toBe(1500);
    expect(again.size()).toBe(2500);
    await again.set('d', Buffer.alloc(1000));
    expect((await readdir(dir)).sort()).toEqual(['c', 'd']);
  });
});

describe('variants', () => {
  it('are made once for many visitors at once, and the original is fetched once', async () => {
    let fetched = 0;
    const bytes = await readFile(RENDITION_768);
    const media = mediaService({
      originals: { get: async () => (fetched++, bytes) },
      cache: diskCache({ dir: await tempDir(), maxBytes: 50 * 1024 * 1024 }),
      logger: silent,
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => media.variant(UPLOAD, 320, 'image/webp')),
    );
    expect(new Set(answers.map((a) => (a.kind === 'image' ? a.etag : a.reason))).size).toBe(1);
    expect(answers[0]).toMatchObject({ kind: 'image', contentType: 'image/webp' });
    await media.variant(UPLOAD, 640, 'image/avif');
    expect(fetched).toBe(1);
  });
});

describe('GET /media through the gateway', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({ mode: 'embedded', env: { MEDIA_CACHE_DIR: await tempDir() } });
    app = createHttpServer(h.gateway);
    await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('answers AVIF, WebP or JPEG by Accept, cached for a year, varying on Accept, with 304 on its ETag', async () => {
    const url = `${base}${mediaPath(UPLOAD, 480)}`;
    const avif = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toMatch(/accept/i);
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(480);
    const jpeg = await fetch(url, { headers: { accept: '*/*' } });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    await jpeg.arrayBuffer();
    const again = await fetch(url, {
      headers: { accept: 'image/avif', 'if-none-match': avif.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('sends the default image for an original it may not fetch, and 404 for an address it does not serve', async () => {
    const refused = await fetch(`${base}${mediaPath('http://example.org/a.jpg', 320)}`, {
      redirect: 'manual',
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe(DEFAULT_IMAGE.url);
    const missing = await fetch(`${base}${mediaPath('/wp-content/uploads/none.jpg', 320)}`, {
      redirect: 'manual',
    });
    expect(missing.headers.get('location')).toBe(DEFAULT_IMAGE.url);
    expect((await fetch(`${base}/media/abc/333`)).status).toBe(404);
  });
});

describe('a WordPress outage', () => {
  let h: Harness | null = null;
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    await h?.close().catch(() => undefined);
  });

  it('keeps serving images already fetched; one never fetched is the default image, not cached', async () => {
    h = await startHarness({
      mode: 'wordpress',
      uploadsDir: path.join(CONTENT, 'uploads'),
      env: { MEDIA_CACHE_DIR: await tempDir() },
    });
    app = createHttpServer(h.gateway);
    await listen(app, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect(h.wp).not.toBeNull();
    const seen = `${base}${mediaPath(`${h.wp?.url}${UPLOAD}`, 320)}`;
    expect((await fetch(seen, { headers: { accept: 'image/webp' } })).status).toBe(200);
    await h.wp?.close();
    const during = await fetch(seen, { headers: { accept: 'image/webp' } });
    expect(during.status).toBe(200);
    expect(during.headers.get('content-type')).toBe('image/webp');
    // Another width of the same original is made from the kept original.
    expect((await fetch(seen.replace(/\/320$/, '/640'), { headers: { accept: 'image/avif' } })).status).toBe(
      200,
    );
    const unseen = await fetch(
      `${base}${mediaPath(`${h.wp?.url}/wp-content/uploads/2026/03/cruelty-section-85-bns-300x200.jpg`, 320)}`,
      {
        redirect: 'manual',
      },
    );
    expect(unseen.status).toBe(302);
    expect(unseen.headers.get('cache-control')).toBe('no-store');
  });
});
