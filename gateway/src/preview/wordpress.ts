// A draft as WordPress's editor holds it: the item with context=edit and its autosaves, asked with
// the application password (WORDPRESS_USER / WORDPRESS_APP_PASSWORD, Basic auth, server side only).
// A direct request on purpose: the sources (sources/) may be cached, and nothing of a draft may be
// kept anywhere. Each call asks WordPress again.
import type { PreviewType } from '@site/server-kit';
import { readCappedBytes, TooLargeError } from '../sources/wordpress/client.js';
import { UpstreamError, wordpressApiError } from '../sources/rest.js';

/** The REST base of each type a preview can name. */
const PREVIEW_REST_BASE: Record<PreviewType, string> = {
  post: 'posts',
  page: 'pages',
  practice_area: 'practice_areas',
};

interface DraftFetchOptions {
  /** WordPress site root, no trailing slash. */
  url: string;
  user: string;
  appPassword: string;
  timeoutMs: number;
  maxResponseBytes: number;
  fetch?: typeof fetch;
}

interface DraftAnswer {
  /** The item as `context=edit` gives it; null when WordPress has no such item. */
  item: unknown;
  /** Its autosaves (any user's), as WordPress lists them; empty when it keeps none. */
  autosaves: unknown[];
}

export type DraftFetcher = (type: PreviewType, id: number) => Promise<DraftAnswer>;

export function createDraftFetcher(options: DraftFetchOptions): DraftFetcher {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const root = `${options.url}/wp-json/wp/v2`;
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`;

  /** The decoded body, or null for a 404; anything else not 200 is an UpstreamError. */
  async function get(path: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${root}${path}`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
        // Credentials go to WordPress only, never to wherever a redirect points.
        redirect: 'error',
      });
    } catch (error) {
      const timeout = error instanceof Error && error.name === 'TimeoutError';
      throw new UpstreamError(timeout ? 'WordPress timed out' : 'WordPress unreachable', {
        kind: timeout ? 'timeout' : 'network',
        path,
        cause: error,
      });
    }
    if (res.status === 404) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    let text: string;
    try {
      text = (await readCappedBytes(res, options.maxResponseBytes)).toString('utf8');
    } catch (error) {
      if (error instanceof TooLargeError) {
        throw new UpstreamError('WordPress answer too large', { kind: 'too-large', path });
      }
      throw new UpstreamError('WordPress answer cut off', { kind: 'network', path, cause: error });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      if (res.status !== 200) throw wordpressApiError(res.status, path);
      throw new UpstreamError('WordPress answer is not JSON', { kind: 'malformed', path, cause: error });
    }
    if (res.status !== 200) {
      const code = (body as { code?: unknown } | null)?.code;
      throw wordpressApiError(res.status, path, typeof code === 'string' ? code.slice(0, 80) : null);
    }
    return body;
  }

  return async (type, id) => {
    const base = `/${PREVIEW_REST_BASE[type]}/${id}`;
    const [item, autosaves] = await Promise.all([
      get(`${base}?context=edit`),
      // A type without autosaves (no such route) answers 404: none.
      get(`${base}/autosaves?context=edit`),
    ]);
    return { item, autosaves: Array.isArray(autosaves) ? autosaves : [] };
  };
}
