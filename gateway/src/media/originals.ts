// Where originals come from. Only WordPress's own media: with WORDPRESS_URL, an http(s) URL on its
// host or on a host MEDIA_HOSTS names, fetched without following redirects, within a byte cap and a
// time limit; with the embedded snapshot, a file under its uploads/ folder. Anything else is refused
// before any request is made, so /media is no proxy to the rest of the web.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { readCappedBytes, TooLargeError } from '../sources/wordpress/read-capped.js';
import { restUrl } from '../sources/wordpress/rest-address.js';

/** The original may not be fetched (not WordPress's media), or is not there: never retried. */
export class MediaRefused extends Error {}
/** WordPress did not answer with the image now (down, slow, an error): a later request may succeed. */
export class MediaUnavailable extends Error {}

export interface Originals {
  /** The original's bytes, or MediaRefused / MediaUnavailable. */
  get(sourceUrl: string): Promise<Buffer>;
  /**
   * The hosts (lowercase `host[:port]`) known now to hold this WordPress's media: its address,
   * MEDIA_HOSTS, and the hosts it names as its own once learned (asking for them starts the
   * learning). The sanitiser sends body images on these hosts through /media.
   */
  hosts?(): readonly string[];
  /**
   * WordPress's public origin, as its REST index names its own address (`url`, else `home`), once
   * learned with the hosts (hosts() starts the learning); null before. The sanitiser resolves a
   * body's root-relative links to WordPress's files against it.
   */
  publicOrigin?(): string | null;
}

const UPLOADS = '/wp-content/uploads/';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** WordPress's REST index is a few kilobytes; an answer past this is not one. */
const INDEX_MAX_BYTES = 1024 * 1024;
/** After a failed ask of WordPress's index, hosts() waits this long before asking again. */
const INDEX_RETRY_MS = 60_000;

export interface WordPressOriginalsOptions {
  wordpressUrl: string;
  /** More hosts WordPress keeps its media on (MEDIA_HOSTS): a CDN, a second domain. */
  extraHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function wordpressOriginals(options: WordPressOriginalsOptions): Originals {
  const base = new URL(options.wordpressUrl);
  const hosts = new Set([base.host.toLowerCase(), ...options.extraHosts.map((h) => h.toLowerCase())]);
  const fetchImpl = options.fetch ?? fetch;
  let siteHosts: Promise<Set<string>> | null = null;
  /** hosts()'s answer: the configured hosts, then what the last successful ask of the index found. */
  let known: readonly string[] = [...hosts];
  /** publicOrigin()'s answer, set with `known`. */
  let learnedOrigin: string | null = null;
  /** When the last ask failed: hosts() asks again only after INDEX_RETRY_MS, never per request. */
  let failedAt = -Infinity;

  /**
   * The hosts WordPress names as its own (its REST index's `url` and `home`): its uploads carry them,
   * while the gateway may reach WordPress by another address (a private network name). Asked once;
   * asked again after a failure.
   */
  function wordpressHosts(): Promise<Set<string>> {
    siteHosts ??= (async () => {
      // Under WordPress's own address (a WordPress in a folder has its API there too).
      const response = await fetchImpl(restUrl(options.wordpressUrl, '/'), {
        redirect: 'manual',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`WordPress's index answered ${response.status}`);
      }
      // Read with a cap: a misbehaving upstream must not make the gateway hold a huge answer.
      const index = JSON.parse((await readCappedBytes(response, INDEX_MAX_BYTES)).toString('utf8')) as {
        url?: unknown;
        home?: unknown;
      };
      const found = new Set<string>();
      let origin: string | null = null;
      for (const value of [index.url, index.home]) {
        // Not a URL: nothing to add.
        const url = typeof value === 'string' ? URL.parse(value) : null;
        if (!url || !/^https?:$/.test(url.protocol)) continue;
        found.add(url.host.toLowerCase());
        origin ??= url.origin;
      }
      learnedOrigin = origin;
      known = [...new Set([...hosts, ...found])];
      return found;
    })().catch((error: unknown) => {
      siteHosts = null;
      failedAt = Date.now();
      throw new MediaUnavailable(`WordPress's index: ${messageOf(error)}`);
    });
    return siteHosts;
  }

  return {
    hosts() {
      // During an outage the index is not asked for on every page view: once per INDEX_RETRY_MS.
      if (siteHosts === null && Date.now() - failedAt >= INDEX_RETRY_MS)
        wordpressHosts().catch(() => undefined);
      return known;
    },
    publicOrigin() {
      return learnedOrigin;
    },
    async get(sourceUrl) {
      // The snapshot's and some WordPress setups' URLs are site-relative.
      let url = URL.parse(sourceUrl, base.href);
      if (!url) throw new MediaRefused('not a URL');
      if (!/^https?:$/.test(url.protocol) || url.username || url.password) {
        throw new MediaRefused(`refused URL scheme or credentials: ${url.protocol}`);
      }
      if (!hosts.has(url.host.toLowerCase())) {
        if (!(await wordpressHosts()).has(url.host.toLowerCase())) {
          throw new MediaRefused(`host not allowed: ${url.host}`);
        }
        // WordPress's own public address: asked at the address the gateway reaches it by.
        // (Path and query set on a copy of the base: a path like "//other.host/x" stays a path.)
        const internal = new URL(base);
        internal.pathname = url.pathname;
        internal.search = url.search;
        url = internal;
      }
      let response: Response;
      try {
        response = await fetchImpl(url, {
          redirect: 'manual',
          headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new MediaUnavailable(`fetch failed: ${messageOf(error)}`);
      }
      const { status } = response;
      const type = response.headers.get('content-type') ?? '';
      const drop = async (error: Error): Promise<never> => {
        await response.body?.cancel();
        throw error;
      };
      if (status >= 300 && status < 400) return drop(new MediaRefused(`redirect not followed (${status})`));
      if (status === 404 || status === 410 || status === 403)
        return drop(new MediaRefused(`WordPress answered ${status}`));
      if (!response.ok) return drop(new MediaUnavailable(`WordPress answered ${status}`));
      if (!/^image\//i.test(type))
        return drop(new MediaRefused(`not an image: ${type.slice(0, 60) || 'no content type'}`));
      try {
        return await readCappedBytes(response, options.maxBytes);
      } catch (error) {
        if (error instanceof TooLargeError) throw new MediaRefused(`larger than ${options.maxBytes} bytes`);
        throw new MediaUnavailable(`reading failed: ${messageOf(error)}`);
      }
    },
  };
}

/** The embedded snapshot's images: `/wp-content/uploads/...` read from `contentDir/uploads`. */
export function snapshotOriginals(contentDir: string, maxBytes: number): Originals {
  const root = path.resolve(contentDir, 'uploads');
  return {
    async get(sourceUrl) {
      if (!sourceUrl.startsWith(UPLOADS)) throw new MediaRefused('not a snapshot upload');
      let relative: string;
      try {
        relative = decodeURIComponent(sourceUrl.slice(UPLOADS.length).split(/[?#]/)[0] ?? '');
      } catch {
        throw new MediaRefused('not a URL path');
      }
      const file = path.resolve(root, relative);
      if (!file.startsWith(root + path.sep)) throw new MediaRefused('outside the uploads folder');
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new MediaRefused('not a file');
        if (info.size > maxBytes) throw new MediaRefused(`larger than ${maxBytes} bytes`);
        return await readFile(file);
      } catch (error) {
        if (error instanceof MediaRefused) throw error;
        throw new MediaRefused('no such upload');
      }
    },
  };
}
