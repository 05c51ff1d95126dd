// `npm run content:pull`: snapshots a live WordPress (WORDPRESS_URL) into the embedded content format
// (content/wp/*.json in REST shape, content/manifest.json), downloads the uploads it references into
// content/uploads/ and rewrites their URLs to site-relative /wp-content/uploads/... paths.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { COLLECTIONS, type CollectionName } from '../sources/embedded/source.js';
import { UpstreamError, type RestQuery } from '../sources/rest.js';
import { createWordPressClient } from '../sources/wordpress/client.js';
import { configOrExit, isProgram, run } from './cli.js';

/**
 * Fields WordPress adds for hypermedia or as rendered HTML duplicates of other fields, and the
 * companion plugin's derived fields, which the embedded source derives as the plugin does:
 * `featured_image` (a copy of the attachment in media.json), `translation_ref` (from `translation`
 * and the linked item) and the categories' `language_counts` (from the posts). The snapshot keeps
 * everything else exactly as the REST API returns it (context=view).
 */
export const DROPPED_FIELDS = [
  '_links',
  '_embedded',
  'yoast_head',
  'featured_image',
  'translation_ref',
  'language_counts',
] as const;

const UPLOADS_PATH = '/wp-content/uploads/';

export interface PullOptions {
  wordpressUrl: string;
  contentDir: string;
  timeoutMs?: number;
  retries?: number;
  log?: (line: string) => void;
}

export interface PullResult {
  counts: Record<CollectionName, number>;
  downloaded: number;
  missing: string[];
}

async function fetchAll(
  client: ReturnType<typeof createWordPressClient>,
  collection: CollectionName,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const base: RestQuery = {
    per_page: 100,
    ...(collection === 'posts' || collection === 'pages' || collection === 'practice_areas'
      ? { status: 'publish' }
      : {}),
    ...(collection === 'categories' ? { hide_empty: false } : {}),
    context: 'view',
  };
  for (let page = 1; ; page += 1) {
    let response;
    try {
      response = await client.get(`/${collection}`, { ...base, page });
    } catch (error) {
      // A site without the companion plugin has no practice_areas route.
      if (collection === 'practice_areas' && error instanceof UpstreamError && error.code === 'rest_no_route')
        return [];
      throw error;
    }
    if (!Array.isArray(response.body)) {
      throw new UpstreamError(`/${collection} did not answer with a list`, {
        kind: 'shape',
        path: `/${collection}`,
      });
    }
    for (const item of response.body as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const copy = { ...(item as Record<string, unknown>) };
      for (const field of DROPPED_FIELDS) delete copy[field];
      items.push(copy);
    }
    const totalPages = response.totalPages ?? 1;
    if (page >= totalPages || response.body.length === 0) return items;
  }
}

/** Replaces every URL of the site's own uploads with its site-relative path, collecting the paths. */
function rewriteUploads(value: unknown, uploadsPrefix: string, found: Set<string>): unknown {
  if (typeof value === 'string') {
    if (!value.includes(uploadsPrefix)) return value;
    return value.split(uploadsPrefix).reduce((out, part, i) => {
      if (i === 0) return part;
      const file = /^[^\s"'<>()?#\\]+/.exec(part)?.[0] ?? '';
      if (file) {
        try {
          found.add(decodeURIComponent(file));
        } catch {
          found.add(file);
        }
      }
      return `${out}${UPLOADS_PATH}${part}`;
    }, '');
  }
  if (Array.isArray(value)) return value.map((v) => rewriteUploads(v, uploadsPrefix, found));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, rewriteUploads(v, uploadsPrefix, found)]),
    );
  }
  return value;
}

/** A path inside content/uploads, or null for anything that would escape it. */
function uploadTarget(uploadsDir: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  const target = path.resolve(uploadsDir, relative);
  return target.startsWith(uploadsDir + path.sep) ? target : null;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(tmp, file);
}

export async function pullContent(options: PullOptions): Promise<PullResult> {
  const log = options.log ?? (() => {});
  const wordpressUrl = options.wordpressUrl.replace(/\/+$/, '');
  const client = createWordPressClient({
    baseUrl: wordpressUrl,
    timeoutMs: options.timeoutMs ?? 20_000,
    retries: options.retries ?? 2,
  });
  const uploadsPrefix = `${wordpressUrl}${UPLOADS_PATH}`;
  const uploadsDir = path.resolve(options.contentDir, 'uploads');
  const wpDir = path.resolve(options.contentDir, 'wp');

  const snapshot = {} as Record<CollectionName, unknown[]>;
  const counts = {} as Record<CollectionName, number>;
  const files = new Set<string>();
  for (const collection of COLLECTIONS) {
    const items = await fetchAll(client, collection);
    snapshot[collection] = rewriteUploads(items, uploadsPrefix, files) as unknown[];
    counts[collection] = items.length;
    log(`${collection}: ${items.length}`);
  }

  await mkdir(uploadsDir, { recursive: true });
  const queue = [...files].sort();
  const missing: string[] = [];
  let downloaded = 0;
  const worker = async () => {
    for (let relative = queue.shift(); relative !== undefined; relative = queue.shift()) {
      const target = uploadTarget(uploadsDir, relative);
      if (!target) {
        missing.push(relative);
        continue;
      }
      const url = `${uploadsPrefix}${relative.split('/').map(encodeURIComponent).join('/')}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 20_000) }).catch(
        () => null,
      );
      if (!response?.ok || !response.body) {
        missing.push(relative);
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
        createWriteStream(target),
      );
      downloaded += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  log(`uploads: ${downloaded} downloaded, ${missing.length} missing`);
  for (const m of missing) log(`  missing: ${UPLOADS_PATH}${m}`);

  await mkdir(wpDir, { recursive: true });
  for (const collection of COLLECTIONS)
    await writeJson(path.join(wpDir, `${collection}.json`), snapshot[collection]);
  await writeJson(path.join(options.contentDir, 'manifest.json'), {
    generatedAt: new Date().toISOString(),
    source: wordpressUrl,
    // Links inside bodies point at this origin; the gateway makes them site-relative.
    linkOrigin: wordpressUrl,
  });
  return { counts, downloaded, missing: missing.sort() };
}

async function main(): Promise<void> {
  const config = configOrExit();
  if (!config.wordpressUrl) {
    process.stderr.write(
      'Set WORDPRESS_URL to the WordPress site to snapshot, e.g. WORDPRESS_URL=https://cms.example.in\n',
    );
    process.exit(1);
  }
  const result = await pullContent({
    wordpressUrl: config.wordpressUrl,
    contentDir: config.contentDir,
    retries: config.upstream.retries,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`Snapshot written to ${config.contentDir}\n`);
  if (result.missing.length > 0) process.exitCode = 2;
}

if (isProgram(import.meta.url)) run(main, 'content:pull failed');
