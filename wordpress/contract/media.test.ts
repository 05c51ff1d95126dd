// /media against the real WordPress: images uploaded through its REST API and shown as posts'
// featured images reach the browser from the site's own origin, through the real gateway and web
// server (child processes, as `npm start` runs them).
// - Media on a second host: WordPress names another loopback address for its uploads
//   (`upload_url_path`, served there by a small static server over its uploads folder). The post's
//   image is a /media address carrying that URL; the gateway fetches it from there and answers AVIF
//   or WebP by Accept when MEDIA_HOSTS names the host, and the site's default image when not.
// - The host WordPress names as its own (its REST index's `url`/`home`) is allowed even when the
//   gateway reaches WordPress by another address (here a proxy), and is asked at that address.
// - Hostile uploads: an original over MEDIA_MAX_ORIGINAL_MB, a decompression bomb past the pixel
//   cap, an SVG with a script, and an image on a host nobody allowed. Each is the default image (a
//   302 to it), leaves nothing in the media cache, and the gateway stays up and serves the next image.
// WordPress takes the SVG through the tests' must-use plugin (lib/media.ts), as a site with an SVG
// plugin would; everything uploaded, posted or set is removed or restored afterwards.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE } from '@site/content-model';
import { MAX_INPUT_PIXELS, encode, formatOf } from '../../gateway/src/media/encode.js';
import { mediaPath, originalOf } from '../../gateway/src/media/address.js';
import { startChildGateway, type ChildGateway } from './lib/gateway.js';
import {
  bombPng,
  deleteMedia,
  gradientPng,
  installMediaPlugin,
  mediaItem,
  noisePng,
  restoreMediaSettings,
  serveUploads,
  setUploadUrlPath,
  uploadMedia,
  type UploadedMedia,
  type UploadsHost,
} from './lib/media.js';
import { startChildWeb, type ChildWeb } from './lib/web.js';
import { startWordPressProxy, type WordPressProxy } from './lib/proxy.js';
import {
  CONTRACT_SLUG_PREFIX,
  createPost,
  credentials,
  deletePost,
  markAccessLog,
  restRequestsSince,
  type CreatedPost,
} from './lib/wordpress.js';

const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP = 'image/webp,image/*,*/*;q=0.8';
/** The byte cap the gateways here run with (MEDIA_MAX_ORIGINAL_MB). */
const MAX_ORIGINAL_MB = 1;
const run = Date.now().toString(36);

const createdPosts: number[] = [];
const createdMedia: number[] = [];
const tempDirs: string[] = [];
const stops: Array<() => Promise<void>> = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-media-'));
  tempDirs.push(dir);
  return dir;
}

async function upload(name: string, type: string, bytes: Buffer): Promise<UploadedMedia> {
  const item = await uploadMedia(`${CONTRACT_SLUG_PREFIX}media-${run}-${name}`, type, bytes);
  createdMedia.push(item.id);
  return item;
}

async function publishWith(
  name: string,
  featured: number,
  content = '<p>An image.</p>',
): Promise<CreatedPost> {
  const post = await createPost({
    slug: `${CONTRACT_SLUG_PREFIX}media-${run}-${name}`,
    title: `Media contract ${name}`,
    status: 'publish',
    featured_media: featured,
    content,
  });
  createdPosts.push(post.id);
  return post;
}

async function gateway(env: Record<string, string>): Promise<ChildGateway & { cacheDir: string }> {
  const cacheDir = await tempDir();
  const gw = await startChildGateway({
    WORDPRESS_URL: credentials().url,
    MEDIA_CACHE_DIR: cacheDir,
    MEDIA_MAX_ORIGINAL_MB: String(MAX_ORIGINAL_MB),
    ...env,
  });
  stops.push(() => gw.stop());
  return Object.assign(gw, { cacheDir });
}

interface FeaturedImage {
  url: string;
  srcSet: string | null;
  isDefault: boolean;
}

async function featuredImage(gw: ChildGateway, slug: string): Promise<FeaturedImage> {
  const answer = await gw.query<{ post: { featuredImage: FeaturedImage; contentHtml: string } | null }>(
    'query ($slug: String!) { post(slug: $slug) { featuredImage { url srcSet isDefault } contentHtml } }',
    { slug },
  );
  expect(answer.errors).toBeUndefined();
  const image = answer.data?.post?.featuredImage;
  if (!image) throw new Error(`no post ${slug} through the gateway`);
  return image;
}

async function bodyOf(gw: ChildGateway, slug: string): Promise<string> {
  const answer = await gw.query<{ post: { contentHtml: string } | null }>(
    'query ($slug: String!) { post(slug: $slug) { contentHtml } }',
    { slug },
  );
  return answer.data?.post?.contentHtml ?? '';
}

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function get(url: string, accept = AVIF): Promise<Answer> {
  const res = await fetch(url, {
    headers: { accept },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** What an image answer holds, read with the gateway's own decoder (sharp): its format and width. */
async function decoded(bytes: Buffer): Promise<{ format: string; width: number }> {
  // Re-encoded at the widest served width: never enlarged, so the width read back is the image's.
  return { format: await formatOf(bytes), width: (await encode(bytes, 1600, 'png')).width };
}

/** The files the gateway's media cache holds. */
async function cached(gw: { cacheDir: string }): Promise<string[]> {
  return (await readdir(gw.cacheDir)).filter((f) => !f.endsWith('.tmp')).sort();
}

/** The media cache's name for an original (service.ts): what is kept for it starts `o-{id}` or `v-{id}-`. */
function cacheId(sourceUrl: string): string {
  return createHash('sha256').update(sourceUrl).digest('hex').slice(0, 32);
}

function expectDefaultImage(answer: Answer, what: string) {
  expect(answer.status, what).toBe(302);
  expect(answer.headers.get('location'), what).toBe(DEFAULT_IMAGE.url);
  expect(answer.headers.get('content-type') ?? '', what).not.toMatch(/^image\//);
}

function refusals(gw: ChildGateway): string[] {
  return gw.logs
    .filter((l) => l.msg === 'media refused' || l.msg === 'media unavailable')
    .map((l) => `${l.msg}: ${String(l.reason)}`);
}

/** The refusals the gateway logged after the first `seen`, once its log has caught up with the answers. */
async function refusalsSince(gw: ChildGateway, seen: number): Promise<string[]> {
  // The log line is written as the answer is sent: it may reach this process a moment later.
  for (let i = 0; i < 40 && refusals(gw).length <= seen; i++) await new Promise((r) => setTimeout(r, 50));
  return refusals(gw).slice(seen);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let secondHost: UploadsHost;
let foreignHost: UploadsHost;
let photo: UploadedMedia;
let photoPost: CreatedPost;

beforeAll(async () => {
  secondHost = await serveUploads('127.0.0.2');
  stops.push(() => secondHost.close());
  foreignHost = await serveUploads('127.0.0.3');
  stops.push(() => foreignHost.close());
  await installMediaPlugin();
  photo = await upload('photo.png', 'image/png', gradientPng(900, 600));
  photoPost = await publishWith('photo', photo.id);
});

afterAll(async () => {
  const problems: unknown[] = [];
  for (const stop of stops.reverse()) await stop().catch((e: unknown) => problems.push(e));
  for (const id of createdPosts) await deletePost(id, true).catch((e: unknown) => problems.push(e));
  for (const id of createdMedia) await deleteMedia(id).catch((e: unknown) => problems.push(e));
  await restoreMediaSettings().catch((e: unknown) => problems.push(e));
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
  if (problems.length > 0) throw problems[0];
}, 120_000);

describe('media WordPress keeps on a second host', () => {
  let allowed: ChildGateway & { cacheDir: string };
  let notAllowed: ChildGateway & { cacheDir: string };
  let web: ChildWeb;
  let sourceUrl: string;

  beforeAll(async () => {
    await setUploadUrlPath(`${secondHost.origin}/wp-content/uploads`);
    sourceUrl = (await mediaItem(photo.id)).source_url;
    [allowed, notAllowed] = await Promise.all([gateway({ MEDIA_HOSTS: secondHost.host }), gateway({})]);
    web = await startChildWeb({ GATEWAY_URL: `${allowed.url}/graphql` });
    stops.push(() => web.stop());
  }, 120_000);

  it('is what WordPress names for the upload', () => {
    expect(sourceUrl).toMatch(
      new RegExp(`^${secondHost.origin}/wp-content/uploads/.+/${path.basename(photo.source_url)}$`),
    );
  });

  it('is shown at /media addresses carrying the second host’s URL', async () => {
    const image = await featuredImage(allowed, photoPost.slug);
    expect(image.isDefault).toBe(false);
    expect(image.url).toMatch(/^\/media\/[A-Za-z0-9_-]+\/\d+$/);
    expect(originalOf(image.url)).toBe(sourceUrl);
    const candidates = (image.srcSet ?? '').split(', ');
    expect(candidates.length).toBeGreaterThan(1);
    for (const candidate of candidates) expect(originalOf(candidate.split(' ')[0])).toBe(sourceUrl);
  });

  it('is fetched from the second host when MEDIA_HOSTS names it, and served as AVIF or WebP', async () => {
    const image = await featuredImage(allowed, photoPost.slug);
    const wordpressLog = markAccessLog();
    const before = secondHost.requests.length;
    const avif = await get(`${allowed.url}${image.url}`, AVIF);
    expect(avif.status, refusals(allowed).join('; ')).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toMatch(/accept/i);
    // The main address is the widest served width up to the original's 900 px: 960, served at 900.
    expect(await decoded(avif.bytes)).toEqual({ format: 'heif', width: 900 });
    const small = image.url.replace(/\/\d+$/, '/320');
    const webp = await get(`${allowed.url}${small}`, WEBP);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await decoded(webp.bytes)).toEqual({ format: 'webp', width: 320 });
    // The original was read from the second host once, and WordPress itself was not asked for it.
    expect(secondHost.requests.slice(before)).toEqual([new URL(sourceUrl).pathname]);
    expect((await restRequestsSince(wordpressLog)).filter((l) => l.uri.includes('/uploads/'))).toEqual([]);
    const id = cacheId(sourceUrl);
    expect(await cached(allowed)).toEqual([`o-${id}`, `v-${id}-320.webp`, `v-${id}-960.avif`]);
  });

  it('reaches the browser through the web server: the post’s page shows it and /media serves it', async () => {
    const page = await fetch(`${web.url}/blog/${photoPost.slug}`, { signal: AbortSignal.timeout(30_000) });
    const html = await page.text();
    expect(page.status).toBe(200);
    const sources = [...html.matchAll(/\/media\/[A-Za-z0-9_-]+\/\d+/g)].map((m) => m[0]);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.some((s) => originalOf(s) === sourceUrl)).toBe(true);
    expect(html).not.toContain(secondHost.origin);
    const address = sources.find((s) => originalOf(s) === sourceUrl) ?? '';
    const avif = await get(`${web.url}${address.replace(/\/\d+$/, '/480')}`, AVIF);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await decoded(avif.bytes)).toEqual({ format: 'heif', width: 480 });
  });

  it('in a post’s body, goes through /media when MEDIA_HOSTS names the host, and stays as written when not', async () => {
    const post = await publishWith(
      'body-second-host',
      photo.id,
      `<p>Body.</p><img src="${sourceUrl}" alt="">`,
    );
    const shown = await bodyOf(allowed, post.slug);
    expect(shown).not.toContain(`src="${sourceUrl}"`);
    const address = /<img[^>]*\ssrc="([^"]+)"/.exec(shown)?.[1] ?? '';
    expect(originalOf(address)).toBe(sourceUrl);
    const avif = await get(`${allowed.url}${address}`, AVIF);
    expect(avif.status, refusals(allowed).join('; ')).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await bodyOf(notAllowed, post.slug)).toContain(`src="${sourceUrl}"`);
  });

  it('is the default image, with nothing fetched or kept, when MEDIA_HOSTS does not name the host', async () => {
    const image = await featuredImage(notAllowed, photoPost.slug);
    expect(originalOf(image.url)).toBe(sourceUrl);
    const before = secondHost.requests.length;
    expectDefaultImage(await get(`${notAllowed.url}${image.url}`), 'a host not allowed');
    expect(await refusalsSince(notAllowed, 0)).toEqual([
      `media refused: host not allowed: ${secondHost.host}`,
    ]);
    expect(secondHost.requests.length).toBe(before);
    expect(await cached(notAllowed)).toEqual([]);
    // The default image is one of the site's own photographs: the build's AVIF copy for this browser.
    const fallback = await get(`${web.url}${DEFAULT_IMAGE.url}`, AVIF);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('image/avif');
  });
});

describe('media on the host WordPress names as its own', () => {
  let proxy: WordPressProxy;
  let gw: ChildGateway & { cacheDir: string };

  beforeAll(async () => {
    await setUploadUrlPath('');
    // The gateway reaches WordPress through a proxy (another address, as on a private network);
    // WordPress still names its own address in its index and its upload URLs.
    proxy = await startWordPressProxy(credentials().url);
    stops.push(() => proxy.close());
    gw = await gateway({ WORDPRESS_URL: proxy.url });
  }, 120_000);

  it('is fetched, at the address the gateway knows WordPress by', async () => {
    const own = new URL(credentials().url);
    const index = (await (await fetch(`${own.origin}/wp-json/`)).json()) as { url: string; home: string };
    expect([new URL(index.url).host, new URL(index.home).host]).toEqual([own.host, own.host]);
    expect(own.host).not.toBe(new URL(proxy.url).host);

    const image = await featuredImage(gw, photoPost.slug);
    const sourceUrl = originalOf(image.url);
    expect(sourceUrl).toBe(`${own.origin}${new URL(photo.source_url).pathname}`);
    const answer = await get(`${gw.url}${image.url}`, WEBP);
    expect(answer.status, refusals(gw).join('; ')).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect((await decoded(answer.bytes)).format).toBe('webp');
    expect(proxy.requests).toContain('/wp-json/');
    expect(proxy.requests).toContain(new URL(photo.source_url).pathname);
  });
});

describe('hostile images', () => {
  let gw: ChildGateway & { cacheDir: string };
  let web: ChildWeb;
  /** An ordinary image at a width not asked for yet: the request after each hostile one. */
  const widths = [160, 320, 480, 640, 768, 1280];
  let next: () => Promise<void>;

  beforeAll(async () => {
    await setUploadUrlPath('');
    gw = await gateway({});
    web = await startChildWeb({ GATEWAY_URL: `${gw.url}/graphql` });
    stops.push(() => web.stop());
    const ordinary = (await featuredImage(gw, photoPost.slug)).url;
    next = async () => {
      const width = widths.shift();
      if (width === undefined) throw new Error('no width left');
      const answer = await get(`${gw.url}${ordinary.replace(/\/\d+$/, `/${width}`)}`, WEBP);
      expect(answer.status, refusals(gw).join('; ')).toBe(200);
      expect(await decoded(answer.bytes)).toEqual({ format: 'webp', width });
    };
  }, 120_000);

  /**
   * The post's image is a /media address for the upload; asked for it, the gateway and the web
   * server answer with the default image, the refusal's reason is logged, nothing is added to the
   * media cache, and the gateway answers the next requests.
   */
  async function expectRefused(post: CreatedPost, sourceUrl: string, reason: RegExp) {
    const image = await featuredImage(gw, post.slug);
    expect(image.isDefault).toBe(false);
    expect(originalOf(image.url)).toBe(sourceUrl);
    const before = await cached(gw);
    const logged = refusals(gw).length;
    for (const accept of [AVIF, WEBP, '*/*'])
      expectDefaultImage(await get(`${gw.url}${image.url}`, accept), accept);
    expectDefaultImage(await get(`${web.url}${image.url}`), 'through the web server');
    const reasons = await refusalsSince(gw, logged);
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r).toMatch(reason);
    expect(await cached(gw)).toEqual(before);
    expect((await cached(gw)).filter((f) => f.includes(cacheId(sourceUrl)))).toEqual([]);
    expect(alive(gw.pid)).toBe(true);
    expect(await gw.healthz()).toBe(200);
    await next();
    const fallback = await get(`${web.url}${DEFAULT_IMAGE.url}`);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('image/avif');
  }

  it('an original over MEDIA_MAX_ORIGINAL_MB', async () => {
    const bytes = noisePng(1000, 500);
    expect(bytes.length).toBeGreaterThan(MAX_ORIGINAL_MB * 1024 * 1024);
    const huge = await upload('huge.png', 'image/png', bytes);
    const post = await publishWith('huge', huge.id);
    await expectRefused(post, huge.source_url, /^media refused: larger than 1048576 bytes$/);
  });

  it('a decompression bomb: a few kilobytes declaring more pixels than the cap', async () => {
    const bytes = bombPng(6400, 6400);
    expect(6400 * 6400).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(bytes.length).toBeLessThan(64 * 1024);
    const bomb = await upload('bomb.png', 'image/png', bytes);
    // WordPress keeps it as uploaded (no scaled-down copy the site would show instead).
    expect(bomb.media_details).toMatchObject({ width: 6400, height: 6400 });
    expect(bomb.source_url).toMatch(/-bomb\.png$/);
    const post = await publishWith('bomb', bomb.id);
    await expectRefused(post, bomb.source_url, /^media refused: not an image: .*pixel limit/);
  });

  it('an SVG with a script', async () => {
    const svg = await upload(
      'script.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">' +
          `<script>fetch("${foreignHost.origin}/svg-script-ran")</script>` +
          `<image href="${foreignHost.origin}/svg-reference" width="10" height="10"/>` +
          '<rect width="640" height="480" fill="red"/></svg>',
      ),
    );
    expect(svg.mime_type).toBe('image/svg+xml');
    const post = await publishWith('svg', svg.id);
    await expectRefused(post, svg.source_url, /^media refused: (refused format: svg|not an image)/);
    // Nothing in it was run or followed.
    expect(foreignHost.requests).toEqual([]);
  });

  describe('an image on a host nobody allowed', () => {
    let foreign: UploadedMedia;
    let post: CreatedPost;
    /** The upload's file on the foreign host, as an editor could paste it into a post. */
    let bodyImage: string;

    beforeAll(async () => {
      // WordPress names a host for its uploads that neither WORDPRESS_URL nor MEDIA_HOSTS names.
      foreign = await upload('foreign.png', 'image/png', gradientPng(400, 300));
      bodyImage = `${foreignHost.origin}${new URL(foreign.source_url).pathname}`;
      post = await publishWith(
        'foreign',
        foreign.id,
        `<p>Elsewhere:</p><p><img src="${bodyImage}" alt="x"></p>`,
      );
      await setUploadUrlPath(`${foreignHost.origin}/wp-content/uploads`);
    });

    it('as the featured image’s source_url', async () => {
      const sourceUrl = (await mediaItem(foreign.id)).source_url;
      expect(new URL(sourceUrl).host).toBe(foreignHost.host);
      await expectRefused(
        post,
        sourceUrl,
        new RegExp(`^media refused: host not allowed: ${foreignHost.host}$`),
      );
      expect(foreignHost.requests).toEqual([]);
    });

    it('in the post’s body, and as a /media address made by hand', async () => {
      // Not WordPress's media: the body keeps it as written, with no address on the site's origin.
      const html = await bodyOf(gw, post.slug);
      expect(html).toContain(`src="${bodyImage}"`);
      expect(html).not.toMatch(/\/media\//);
      const before = await cached(gw);
      const logged = refusals(gw).length;
      expectDefaultImage(await get(`${gw.url}${mediaPath(bodyImage, 640)}`), 'a /media address for it');
      expect(await refusalsSince(gw, logged)).toEqual([
        `media refused: host not allowed: ${foreignHost.host}`,
      ]);
      expect(await cached(gw)).toEqual(before);
      expect(foreignHost.requests).toEqual([]);
      expect(await gw.healthz()).toBe(200);
      await next();
    });
  });
});
