// One image variant for one request: from the disk cache, or encoded from the original (itself from
// the disk cache, or fetched once). The same variant asked for by many visitors at once is made once;
// encodes run two at a time, so a burst of new images cannot take every core from the pages.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { MediaWidth } from './address.js';
import type { DiskCache } from './disk-cache.js';
import { encode, formatOf, UnusableImage } from './encode.js';
import { CONTENT_TYPES, negotiate, type OutputFormat } from './negotiate.js';
import { MediaRefused, MediaUnavailable, type Originals } from './originals.js';

export type MediaAnswer =
  | { kind: 'image'; bytes: Buffer; contentType: string; etag: string }
  /** No image to show: the site's default image stands in (`retry`: a later request may succeed). */
  | { kind: 'fallback'; retry: boolean; reason: string };

export type MediaService = ReturnType<typeof mediaService>;

const ENCODES_AT_ONCE = 2;

export function mediaService(deps: { originals: Originals; cache: DiskCache; logger: Logger }) {
  const inFlight = new Map<string, Promise<Buffer>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  /** The same work asked for again while it runs is not done twice. */
  function once(key: string, work: () => Promise<Buffer>): Promise<Buffer> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = work().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= ENCODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  /** The original and its format: from disk, or fetched and checked once before it is kept. */
  async function original(id: string, sourceUrl: string): Promise<{ bytes: Buffer; format: string }> {
    const bytes = await once(`o-${id}`, async () => {
      const kept = await deps.cache.get(`o-${id}`);
      if (kept) return kept;
      const fetched = await deps.originals.get(sourceUrl);
      // Checked before it is kept: a file that is no image is refused now and on every later request.
      await formatOf(fetched);
      await deps.cache.set(`o-${id}`, fetched);
      return fetched;
    });
    return { bytes, format: await formatOf(bytes) };
  }

  return {
    async variant(sourceUrl: string, width: MediaWidth, accept: string | undefined): Promise<MediaAnswer> {
      const id = createHash('sha256').update(sourceUrl).digest('hex').slice(0, 32);
      try {
        // AVIF and WebP do not depend on the original's format: a variant already made is served
        // without reading the original at all.
        const modern = negotiate(accept, 'jpeg');
        const known = modern === 'avif' || modern === 'webp' ? modern : null;
        let format: OutputFormat = modern;
        let variant = known ? await deps.cache.get(`v-${id}-${width}.${known}`) : undefined;
        if (!variant) {
          const source = await original(id, sourceUrl);
          const chosen = negotiate(accept, source.format);
          const key = `v-${id}-${width}.${chosen}`;
          format = chosen;
          variant = await once(
            key,
            async () =>
              (await deps.cache.get(key)) ??
              (await limited(async () => {
                const encoded = (await encode(source.bytes, width, chosen)).bytes;
                await deps.cache.set(key, encoded);
                return encoded;
              })),
          );
        }
        const etag = `"${createHash('sha256').update(variant).digest('base64url').slice(0, 22)}"`;
        return { kind: 'image', bytes: variant, contentType: CONTENT_TYPES[format], etag };
      } catch (error) {
        if (error instanceof MediaRefused || error instanceof UnusableImage) {
          deps.logger.warn({ sourceUrl: sourceUrl.slice(0, 200), reason: error.message }, 'media refused');
          return { kind: 'fallback', retry: false, reason: error.message };
        }
        if (error instanceof MediaUnavailable) {
          deps.logger.warn(
            { sourceUrl: sourceUrl.slice(0, 200), reason: error.message },
            'media unavailable',
          );
          return { kind: 'fallback', retry: true, reason: error.message };
        }
        throw error;
      }
    },
  };
}
