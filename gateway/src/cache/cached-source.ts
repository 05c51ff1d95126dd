// WordPress answers kept by the one caching policy (values.ts), brief §9: a content cache of
// CONTENT_CACHE_TTL seconds, served stale for STALE_WHILE_REVALIDATE more while one refresh runs,
// and standing in for WordPress while it fails for up to STALE_IF_ERROR_MAX_AGE. Failures are
// logged at most once per window per resource.
// A caller may accept less (Freshness in sources/rest.ts: the web server bounds the age of a page's
// content): an answer older than its `maxAgeMs` is fetched again first, and it is told when the
// WordPress request behind each answer it got was sent, so it knows how old its content is.
import type { Logger } from 'pino';
import {
  fetchBatch,
  parseList,
  requestKey,
  type BatchQuery,
  type BatchResult,
  type Freshness,
  type RestGetOptions,
  type RestQuery,
  type RestResponse,
  type RestSource,
} from '../sources/rest.js';
import type { Caches, GetOptions, Loaded } from '@site/server-kit';
import { admitLine, type LogWindows } from '../log-throttle.js';

export interface CachedSourceOptions {
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMaxAgeMs: number;
  /** Bytes of answers kept in this process's memory. */
  maxBytes?: number;
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Failures of one resource (e.g. /posts) are logged at most once per this window. */
  failureLogWindowMs?: number;
  /** With a store shared by several processes: how long one may load a key, how long the others wait. */
  lock?: { holdMs: number; waitMs: number; pollMs?: number };
}

/** The resource a path belongs to: '/posts' and '/posts/12' -> 'posts'. */
export function resourceOf(path: string): string {
  return path.replace(/^\/+/, '').split('/')[0] ?? '';
}

/**
 * `{resource}:id:…` and `{resource}:slug:…` of the items in an answer, and `media:id:…` of the
 * featured images they carry (`featured_image`).
 */
function itemTagsOf(resource: string, body: unknown, tags: Set<string>): void {
  const items = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const { id, slug, featured_media, featured_image } = item as {
      id?: unknown;
      slug?: unknown;
      featured_media?: unknown;
      featured_image?: unknown;
    };
    if (typeof id === 'number') tags.add(`${resource}:id:${id}`);
    if (typeof slug === 'string') tags.add(`${resource}:slug:${slug.toLowerCase()}`);
    // An answer that carries its featured image is stale when the attachment changes (or turns
    // private: the field is then null, and still tagged).
    if (featured_image !== undefined && typeof featured_media === 'number' && featured_media > 0)
      tags.add(`media:id:${featured_media}`);
  }
}

/**
 * Purge labels of one cached answer: the resource, each id and slug it asked for or returned, and
 * `{resource}:list` for any question that is not a lookup by slug or id (so publishing a new post
 * can drop every list it might now belong to).
 */
export function tagsFor(path: string, query: RestQuery | undefined, body: unknown): string[] {
  const resource = resourceOf(path);
  const tags = new Set<string>([resource]);
  const idInPath = /^\/[a-z_]+\/(\d+)/.exec(path)?.[1];
  const slugs = parseList(query?.slug);
  const include = parseList(query?.include);
  if (idInPath) tags.add(`${resource}:id:${idInPath}`);
  for (const s of slugs) tags.add(`${resource}:slug:${s.toLowerCase()}`);
  for (const id of include) tags.add(`${resource}:id:${id}`);
  if (!idInPath && slugs.length === 0 && include.length === 0) tags.add(`${resource}:list`);
  itemTagsOf(resource, body, tags);
  return [...tags];
}

export function cachedSource(
  source: RestSource,
  caches: Pick<Caches, 'values'>,
  options: CachedSourceOptions,
) {
  const now = options.now ?? Date.now;
  const logWindowMs = options.failureLogWindowMs ?? 30_000;
  const lastLogged: LogWindows = new Map();
  const values = caches.values<unknown>({
    name: 'wp',
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    times: (askedAt) => ({
      freshUntil: askedAt + options.ttlMs,
      staleUntil: askedAt + options.ttlMs + options.staleWhileRevalidateMs,
      errorUntil: askedAt + options.staleIfErrorMaxAgeMs,
    }),
    lock: options.lock,
    storeFailed: (error) => {
      // Keyed apart from the resources' failures below (a resource name has no spaces).
      if (admitLine(lastLogged, 'cache store', logWindowMs, now()) === null) return;
      options.logger?.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'cache store failed',
      );
    },
  });

  /** Logs a failed WordPress request at most once per window for its resource. */
  const failed =
    (path: string, key: string): GetOptions['failed'] =>
    (error, { served }) => {
      const family = resourceOf(path);
      const suppressed = admitLine(lastLogged, family, logWindowMs, now());
      if (suppressed === null) return;
      options.logger?.warn(
        {
          resource: family,
          key,
          err: { message: error.message, name: error.name },
          served,
          suppressedSinceLastLog: suppressed,
        },
        served === 'stale'
          ? 'WordPress failed; serving the last good answer'
          : 'WordPress failed; nothing cached to serve',
      );
    };

  return {
    kind: source.kind,
    stats: values.stats,
    /** Resolves when background revalidations started so far have settled (for tests and shutdown). */
    idle: () => values.idle(),
    async get<T = unknown>(path: string, query?: RestQuery, opts?: RestGetOptions<T>) {
      const key = requestKey(path, query);
      const freshness = opts?.freshness;
      const { entry } = await values.get(
        key,
        async () => {
          // The answer shows WordPress as it was when asked, or later: its age counts from here.
          const askedAt = now();
          const response: RestResponse<T> = {
            ...(await source.get<T>(path, query, opts)),
            fetchedAt: askedAt,
          };
          return { value: response, askedAt, tags: tagsFor(path, query, response.body) };
        },
        { maxAgeMs: freshness?.maxAgeMs, failed: failed(path, key) },
      );
      freshness?.observe?.(entry.askedAt);
      return entry.value as RestResponse<T>;
    },
    async getBatch<T>(batch: BatchQuery<T>, freshness?: Freshness): Promise<BatchResult<T>> {
      const resource = resourceOf(batch.path);
      // Each item is kept on its own, so overlapping batches share what was fetched before.
      const itemKey = (key: string) => `${batch.path}@${batch.keyKind}:${key}#${batch.variant}`;
      const keyOf = new Map(batch.keys.map((key) => [itemKey(key), key]));
      const asked = (itemKeys: readonly string[]) => itemKeys.map((k) => keyOf.get(k)!);
      const found = await values.getMany(
        [...keyOf.keys()],
        async (itemKeys) => {
          const askedAt = now();
          const keys = asked(itemKeys);
          const result = await fetchBatch(source, { ...batch, keys });
          return new Map<string, Loaded<unknown> | Error>(
            itemKeys.map((itemKey, i) => {
              const key = keys[i]!;
              const value = result.get(key) ?? null;
              if (value instanceof Error) return [itemKey, value];
              // The resource, the key asked for, and the id and slug of the item found.
              const tags = new Set([resource, `${resource}:${batch.keyKind}:${key}`]);
              itemTagsOf(resource, value, tags);
              // "None" is an answer too: a post not yet published must show once it is.
              return [itemKey, { value, askedAt, tags: [...tags] }];
            }),
          );
        },
        {
          maxAgeMs: freshness?.maxAgeMs,
          failed: failed(batch.path, requestKey(batch.path, batch.query(batch.keys))),
        },
      );
      const result: BatchResult<T> = new Map();
      for (const [itemKey, item] of found) {
        if (!(item instanceof Error)) freshness?.observe?.(item.entry.askedAt);
        result.set(keyOf.get(itemKey)!, item instanceof Error ? item : (item.entry.value as T | null));
      }
      return result;
    },
  };
}
