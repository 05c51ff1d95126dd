import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TocEntry } from '../generated/resolvers.js';
import { serializeHtml } from './dom.js';
import { sanitizeToDocument, type SanitizeOptions } from './sanitize.js';
import { countWords, nodesToText } from './text.js';
import { wrapTables } from './tables.js';
import { assignHeadingIds } from './toc.js';
import { setTextDirections } from './direction.js';

export interface PreparedContent {
  /** Sanitised HTML with ids on h1-h3. */
  html: string;
  toc: TocEntry[];
  /** Words of the body's text (reading time = words / 200). */
  words: number;
}

interface CachedContent {
  readonly html: string;
  readonly toc: readonly Readonly<TocEntry>[];
  readonly words: number;
}

export const CONTENT_CACHE_MAX_ENTRIES = 500;
// The entry count alone would let 500 one-megabyte bodies pin a gigabyte; bound the characters too.
export const CONTENT_CACHE_MAX_CHARS = 32 * 1024 * 1024;

const cache = new LRUCache<string, CachedContent>({
  max: CONTENT_CACHE_MAX_ENTRIES,
  maxSize: CONTENT_CACHE_MAX_CHARS,
  sizeCalculation: (value) => Math.max(1, value.html.length),
});
let hits = 0;
let misses = 0;

function cacheKey(rawHtml: string, options: SanitizeOptions): string {
  const hash = createHash('sha1').update(rawHtml);
  const hosts = options.internalHosts ?? [];
  if (hosts.length > 0) hash.update('\0hosts\0').update(hosts.join('\0'));
  const contentHosts = options.contentHosts ?? [];
  if (contentHosts.length > 0) hash.update('\0content\0').update(contentHosts.join('\0'));
  const mediaHosts = options.mediaHosts ?? [];
  if (mediaHosts.length > 0) hash.update('\0media\0').update(mediaHosts.join('\0'));
  if (options.wordpressOrigin) hash.update('\0origin\0').update(options.wordpressOrigin);
  return hash.digest('base64');
}

function compute(rawHtml: string, options: SanitizeOptions): CachedContent {
  const doc = sanitizeToDocument(rawHtml, options);
  const toc = assignHeadingIds(doc);
  wrapTables(doc);
  const text = nodesToText(doc.children);
  setTextDirections(doc, text);
  return { html: serializeHtml(doc.children), toc, words: countWords(text) };
}

/**
 * Sanitise -> heading ids + table of contents -> word count, once per distinct body: the same bodies
 * are rendered again and again (lists, sidebars, post pages) and sanitising is the gateway's most
 * CPU-heavy step. Callers get their own copy of the table of contents. With `memo: false` (a draft)
 * nothing is kept.
 */
export function prepareContent(rawHtml: string, options: SanitizeOptions = {}): PreparedContent {
  const raw = typeof rawHtml === 'string' ? rawHtml : '';
  if (options.memo === false) {
    const fresh = compute(raw, options);
    return { html: fresh.html, toc: fresh.toc.map((e) => ({ ...e })), words: fresh.words };
  }
  const key = cacheKey(raw, options);
  let entry = cache.get(key);
  if (entry) hits++;
  else {
    misses++;
    entry = compute(raw, options);
    cache.set(key, entry);
  }
  return { html: entry.html, toc: entry.toc.map((e) => ({ ...e })), words: entry.words };
}

export function contentCacheStats(): { size: number; hits: number; misses: number; chars: number } {
  return { size: cache.size, hits, misses, chars: cache.calculatedSize };
}

export function clearContentCache(): void {
  cache.clear();
  hits = 0;
  misses = 0;
}
