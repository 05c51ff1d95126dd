// WordPress's media as the /media contract tests need it: images written by hand (PNG through zlib,
// an SVG as text), uploaded through WordPress's REST API with the application password, a second
// loopback host serving WordPress's uploads folder (a CDN or a media domain), WordPress's
// `upload_url_path` option (the base URL it gives its media), and a must-use plugin that lets this
// WordPress take SVG uploads and keeps it from resizing what the tests upload. Every setting changed
// is written down first, so a run that dies half-way is undone by the next one (global-setup.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { CONTRACT_SLUG_PREFIX, credentials, RUN_DIR, wpRest } from './wordpress.js';

export const UPLOADS_DIR = path.join(RUN_DIR, 'wp-content', 'uploads');
const MU_PLUGIN = path.join(RUN_DIR, 'wp-content', 'mu-plugins', 'contract-media.php');
/** The settings as they were before the tests changed them (present while they are changed). */
const SAVED_SETTINGS = path.join(RUN_DIR, 'contract-media-settings.json');

// --- images --------------------------------------------------------------------------------------

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG: `grey1` is one bit of grey per pixel (a bomb's rows cost next to nothing), `rgb` eight bits
 * per channel. `row(y)` gives row y's pixel bytes (without the filter byte).
 */
export function png(
  width: number,
  height: number,
  kind: 'grey1' | 'rgb',
  row: (y: number) => Buffer,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = kind === 'grey1' ? 1 : 8;
  header[9] = kind === 'grey1' ? 0 : 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.from([0]), row(y));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ordinary picture: a colour gradient. */
export function gradientPng(width: number, height: number): Buffer {
  return png(width, height, 'rgb', (y) => {
    const row = Buffer.alloc(width * 3);
    for (let x = 0; x < width; x++) {
      row[x * 3] = (x * 255) / width;
      row[x * 3 + 1] = (y * 255) / height;
      row[x * 3 + 2] = 128;
    }
    return row;
  });
}

/** Noise, which does not compress: a file of about width × height × 3 bytes. */
export function noisePng(width: number, height: number): Buffer {
  return png(width, height, 'rgb', () => randomBytes(width * 3));
}

/** A decompression bomb: a file of a few kilobytes declaring `width` × `height` pixels. */
export function bombPng(width: number, height: number): Buffer {
  const blank = Buffer.alloc(Math.ceil(width / 8));
  return png(width, height, 'grey1', () => blank);
}

// --- WordPress's media ---------------------------------------------------------------------------

export interface UploadedMedia {
  id: number;
  slug: string;
  source_url: string;
  mime_type: string;
  media_details: { width?: number; height?: number };
}

/** Uploads a file to WordPress's media library (POST /wp/v2/media); its name carries the suite's prefix. */
export async function uploadMedia(filename: string, type: string, bytes: Buffer): Promise<UploadedMedia> {
  if (!filename.startsWith(CONTRACT_SLUG_PREFIX))
    throw new Error(`file name must start with ${CONTRACT_SLUG_PREFIX}`);
  const { url, user, appPassword } = credentials();
  const res = await fetch(`${url}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`,
      accept: 'application/json',
      'content-type': type,
      'content-disposition': `attachment; filename="${filename}"`,
    },
    body: bytes,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`uploading ${filename}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as UploadedMedia;
}

/** The attachment as WordPress names it now (its `source_url` follows `upload_url_path`). */
export async function mediaItem(id: number): Promise<UploadedMedia> {
  const res = await wpRest<UploadedMedia>('GET', `/media/${id}?context=edit`);
  if (res.status !== 200)
    throw new Error(`reading media ${id}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/** Deletes an attachment and its files for good. */
export async function deleteMedia(id: number): Promise<void> {
  const res = await wpRest('DELETE', `/media/${id}?force=true`);
  if (res.status !== 200 && res.status !== 404) {
    throw new Error(`deleting media ${id}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  }
}

/** Deletes every attachment the suite uploaded; returns how many. */
export async function deleteContractMedia(): Promise<number> {
  const own: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await wpRest<Array<{ id: number; slug: string }>>(
      'GET',
      `/media?per_page=100&page=${page}&context=edit&_fields=id,slug`,
    );
    if (res.status !== 200 || !Array.isArray(res.json)) {
      throw new Error(`listing media: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    }
    for (const item of res.json) if (item.slug.startsWith(CONTRACT_SLUG_PREFIX)) own.push(item.id);
    if (page >= Number(res.headers.get('x-wp-totalpages') ?? 1)) break;
  }
  for (const id of own) await deleteMedia(id);
  return own.length;
}

// --- WordPress's settings ------------------------------------------------------------------------

/**
 * Runs PHP with WordPress loaded (as wordpress/seed/seed.php does); prints what the code echoes.
 * `env` adds to (or, with '', blanks) the environment PHP runs with.
 */
export function wordpressPhp(
  code: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const host = new URL(credentials().url).host;
  const root = process.env.WORDPRESS_ROOT ?? '/usr/share/wordpress';
  const boot = [
    "$_SERVER['HTTP_HOST'] = getenv('HTTP_HOST');",
    "$_SERVER['SERVER_NAME'] = preg_replace('/:.*/', '', $_SERVER['HTTP_HOST']);",
    "define('WP_USE_THEMES', false);",
    `require ${JSON.stringify(path.join(root, 'wp-load.php'))};`,
  ].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('php', ['-r', `${boot} ${code}`, '--', ...args], {
      env: { ...process.env, HTTP_HOST: host, ...env },
      stdio: 'pipe',
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (status) =>
      status === 0 ? resolve(out) : reject(new Error(`php exited ${status}: ${err || out}`)),
    );
  });
}

async function readUploadUrlPath(): Promise<string> {
  return JSON.parse(
    await wordpressPhp("echo wp_json_encode((string) get_option('upload_url_path'));", []),
  ) as string;
}

async function writeUploadUrlPath(value: string): Promise<void> {
  await wordpressPhp(
    "if ($argv[1] === '') { delete_option('upload_url_path'); } else { update_option('upload_url_path', $argv[1]); }",
    [value],
  );
}

/**
 * Sets WordPress's `upload_url_path` (the URL its uploads folder is served at; '' for its own
 * address), keeping the value it had before the first change until `restoreMediaSettings`.
 */
export async function setUploadUrlPath(value: string): Promise<void> {
  if (!existsSync(SAVED_SETTINGS)) {
    await writeFile(SAVED_SETTINGS, JSON.stringify({ upload_url_path: await readUploadUrlPath() }));
  }
  await writeUploadUrlPath(value);
}

const PLUGIN = `<?php
/**
 * Plugin Name: Contract tests of /media
 * Description: Written by wordpress/contract/media.test.ts while it runs and removed after it: SVG uploads allowed (as a site with an SVG plugin has them), and uploads kept as they are (no resized copies, no scaled-down "big image"), so a decompression bomb reaches the site as uploaded.
 */
add_filter( 'upload_mimes', static fn( $types ) => $types + array( 'svg' => 'image/svg+xml' ) );
add_filter( 'big_image_size_threshold', '__return_false' );
add_filter( 'intermediate_image_sizes_advanced', '__return_empty_array' );
`;

/** Installs the tests' must-use plugin (read by WordPress on its next request). */
export async function installMediaPlugin(): Promise<void> {
  if (!existsSync(SAVED_SETTINGS)) {
    await writeFile(SAVED_SETTINGS, JSON.stringify({ upload_url_path: await readUploadUrlPath() }));
  }
  await writeFile(MU_PLUGIN, PLUGIN);
}

/** Undoes every setting the media tests changed (the plugin, `upload_url_path`); true if any was. */
export async function restoreMediaSettings(): Promise<boolean> {
  let changed = false;
  if (existsSync(MU_PLUGIN)) {
    await rm(MU_PLUGIN, { force: true });
    changed = true;
  }
  if (existsSync(SAVED_SETTINGS)) {
    const saved = JSON.parse(readFileSync(SAVED_SETTINGS, 'utf8')) as { upload_url_path?: string };
    await writeUploadUrlPath(saved.upload_url_path ?? '');
    await rm(SAVED_SETTINGS, { force: true });
    changed = true;
  }
  return changed;
}

// --- a second host for the uploads ---------------------------------------------------------------

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

export interface UploadsHost {
  /** `http://127.0.0.2:port`. */
  origin: string;
  /** `127.0.0.2:port`, as MEDIA_HOSTS names it. */
  host: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * WordPress's uploads folder served at `/wp-content/uploads/` on another loopback address (Linux
 * routes all of 127.0.0.0/8 to loopback), as a CDN or a media domain would serve it.
 */
export async function serveUploads(address: string): Promise<UploadsHost> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    void (async () => {
      const pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
      const prefix = '/wp-content/uploads/';
      const file = path.resolve(UPLOADS_DIR, pathname.slice(prefix.length));
      if (!pathname.startsWith(prefix) || !file.startsWith(UPLOADS_DIR + path.sep))
        throw new Error('not an upload');
      const bytes = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': bytes.length,
      });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, resolve);
  });
  const host = `${address}:${(server.address() as AddressInfo).port}`;
  return {
    origin: `http://${host}`,
    host,
    requests,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
