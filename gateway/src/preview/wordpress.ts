// A draft as WordPress's editor holds it: the item with context=edit and its autosaves, asked with
// the application password (WORDPRESS_USER / WORDPRESS_APP_PASSWORD, Basic auth, server side only).
// A client of its own on purpose (sources/wordpress/client.ts, with the credentials, no retries and
// no breaker): the content sources are cached, and nothing of a draft may be kept anywhere. Each
// call asks WordPress again.
import type { PreviewType } from '@site/server-kit';
import { UpstreamError } from '../sources/rest.js';
import { createWordPressClient } from '../sources/wordpress/client.js';

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
  const client = createWordPressClient({
    baseUrl: options.url,
    timeoutMs: options.timeoutMs,
    retries: 0,
    maxResponseBytes: options.maxResponseBytes,
    authorization: `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** The decoded body with context=edit, or null for a 404; any other failure is an UpstreamError. */
  const edited = (path: string): Promise<unknown> =>
    client.get(path, { context: 'edit' }).then(
      (answer) => answer.body,
      (error: unknown) => {
        if (error instanceof UpstreamError && error.kind === 'http' && error.status === 404) return null;
        throw error;
      },
    );

  return async (type, id) => {
    const base = `/${PREVIEW_REST_BASE[type]}/${id}`;
    const [item, autosaves] = await Promise.all([
      edited(base),
      // A type without autosaves (no such route) answers 404: none.
      edited(`${base}/autosaves`),
    ]);
    return { item, autosaves: Array.isArray(autosaves) ? autosaves : [] };
  };
}
