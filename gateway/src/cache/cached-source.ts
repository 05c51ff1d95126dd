// The caching policy over any RestSource (SPEC §9: content cache of CONTENT_CACHE_TTL seconds):
// - fresh (age < ttl): served from the cache;
// - stale within the revalidation window: served at once, refreshed in the background (once);
// - older, or missing: fetched; if upstream fails, the last good answer is served while it is
//   younger than the stale-if-error limit, so a WordPress outage is invisible for content seen before;
// - failures are never cached, and logged at most once per window per resource.
import type { Logger } from 'pino';
import {
  fetchBatch,
  requestKey,
  type BatchQuery,
  type BatchResult,
  type RestGetOptions,
  type RestQuery,
  type RestResponse,
  type RestSource,
} from '../sources/rest.js';
import type { Cache, CacheEntry } from './cache.js';

export interface CachedSourceOptions {
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMaxAgeMs: number;
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Failures of one resource (e.g. /posts) are logged at most once per this window. */
  failureLogWindowMs?: number;
}

export type CacheOutcome = 'fresh' | 'stale' | 'miss' | 'stale-if-error';

export interface CachedSourceStats {
  fresh: number;
  stale: number;
  miss: number;
  staleIfError: number;
  revalidations: number;
  failures: number;
}

export interface CachedSource extends RestSource {
  getBatch<T>(batch: BatchQuery<T>): Promise<BatchResult<T>>;
  remember<T>(batch: Omit<BatchQuery<T>, 'keys'>, items: readonly T[], fetchedAt: number): Promise<void>;
  readonly cache: Cache;
  readonly stats: CachedSourceStats;
  /** Resolves when background revalidations started so far have settled (for tests and shutdown). */
  idle(): Promise<void>;
}

/** The resource a path belongs to: '/posts' and '/posts/12' -> 'posts'. */
export function resourceOf(path: string): string {
  return path.replace(/^\/+/, '').split('/')[0] ?? '';
}

function listOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const raw = Array.isArray(value) ? value.map(String) : [String(value)];
  return raw.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '');
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
  const slugs = listOf(query?.slug);
  const include = listOf(query?.include);
  if (idInPath) tags.add(`${resource}:id:${idInPath}`);
  for (const s of slugs) tags.add(`${resource}:slug:${s.toLowerCase()}`);
  for (const id of include) tags.add(`${resource}:id:${id}`);
  if (!idInPath && slugs.length === 0 && include.length === 0) tags.add(`${resource}:list`);
  const items = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const { id, slug } = item as { id?: unknown; slug?: unknown };
    if (typeof id === 'number') tags.add(`${resource}:id:${id}`);
    if (typeof slug === 'string') tags.add(`${resource}:slug:${slug.toLowerCase()}`);
  }
  return [...tags];
}

export function cachedSource(source: RestSource, cache: Cache, options: CachedSourceOptions): CachedSource {
  const now = options.now ?? Date.now;
  const logWindowMs = options.failureLogWindowMs ?? 30_000;
  const retainMs =
    options.ttlMs + Math.max(options.staleWhileRevalidateMs, options.staleIfErrorMaxAgeMs) + 1000;
  const inFlight = new Map<string, Promise<RestResponse<unknown>>>();
  const background = new Set<Promise<unknown>>();
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  const stats: CachedSourceStats = {
    fresh: 0,
    stale: 0,
    miss: 0,
    staleIfError: 0,
    revalidations: 0,
    failures: 0,
  };

  // A failing store (say, a shared cache that is down) must not fail requests WordPress can answer.
  let lastStoreWarning = -Infinity;
  function storeFailed(error: unknown): void {
    const t = now();
    if (t - lastStoreWarning < logWindowMs) return;
    lastStoreWarning = t;
    options.logger?.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'cache store failed',
    );
  }
  const cacheGet = <T>(key: string) =>
    cache.get<T>(key).catch((error: unknown) => {
      storeFailed(error);
      return undefined;
    });
  const cacheSet = <T>(key: string, entry: CacheEntry<T>) =>
    cache.set(key, entry, retainMs).catch((error: unknown) => storeFailed(error));

  function logFailure(path: string, key: string, error: unknown, served: 'stale' | 'nothing'): void {
    stats.failures += 1;
    const family = resourceOf(path);
    const t = now();
    const last = lastLogged.get(family);
    if (last && t - last.at < logWindowMs) {
      last.suppressed += 1;
      return;
    }
    lastLogged.set(family, { at: t, suppressed: 0 });
    options.logger?.warn(
      {
        resource: family,
        key,
        err: error instanceof Error ? { message: error.message, name: error.name } : String(error),
        served,
        suppressedSinceLastLog: last?.suppressed ?? 0,
      },
      served === 'stale'
        ? 'WordPress failed; serving the last good answer'
        : 'WordPress failed; nothing cached to serve',
    );
  }

  function fetchAndStore<T>(
    key: string,
    path: string,
    query: RestQuery | undefined,
    opts?: RestGetOptions<T>,
  ) {
    const existing = inFlight.get(key);
    if (existing) return existing as Promise<RestResponse<T>>;
    const promise = (async () => {
      const fetched = await source.get<T>(path, query, opts);
      const storedAt = now();
      const response: RestResponse<T> = { ...fetched, fetchedAt: storedAt };
      const entry: CacheEntry<RestResponse<T>> = {
        value: response,
        storedAt,
        tags: tagsFor(path, query, response.body),
      };
      await cacheSet(key, entry);
      return response;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  function revalidate<T>(
    key: string,
    path: string,
    query: RestQuery | undefined,
    opts?: RestGetOptions<T>,
  ): void {
    if (inFlight.has(key)) return;
    stats.revalidations += 1;
    const task = fetchAndStore(key, path, query, opts).then(
      () => undefined,
      (error: unknown) => logFailure(path, key, error, 'stale'),
    );
    background.add(task);
    void task.finally(() => background.delete(task));
  }

  const itemKey = (batch: Omit<BatchQuery<unknown>, 'keys'>, key: string) =>
    `${batch.path}@${batch.keyKind}:${key}#${batch.variant}`;
  /** The resource, the key asked for, and the id and slug of the item found (for purging). */
  const itemTags = (batch: Omit<BatchQuery<unknown>, 'keys'>, key: string, value: unknown) => {
    const resource = resourceOf(batch.path);
    const tags = new Set([resource, `${resource}:${batch.keyKind}:${key}`]);
    if (value && typeof value === 'object') {
      const { id, slug } = value as { id?: unknown; slug?: unknown };
      if (typeof id === 'number') tags.add(`${resource}:id:${id}`);
      if (typeof slug === 'string') tags.add(`${resource}:slug:${slug.toLowerCase()}`);
    }
    return [...tags];
  };
  const itemsInFlight = new Set<string>();
  const batchesInFlight = new Map<string, Promise<BatchResult<unknown>>>();

  /** Fetches the keys upstream (one request per chunk) and stores each answer per item. */
  function fetchItems<T>(batch: BatchQuery<T>, keys: readonly string[]): Promise<BatchResult<T>> {
    const flightKey = requestKey(batch.path, batch.query(keys)) + `#${batch.variant}`;
    const existing = batchesInFlight.get(flightKey);
    if (existing) return existing as Promise<BatchResult<T>>;
    const promise = storeItems(batch, keys).finally(() => batchesInFlight.delete(flightKey));
    batchesInFlight.set(flightKey, promise as Promise<BatchResult<unknown>>);
    return promise;
  }

  async function storeItems<T>(batch: BatchQuery<T>, keys: readonly string[]): Promise<BatchResult<T>> {
    const itemKeys = keys.map((k) => itemKey(batch as BatchQuery<unknown>, k));
    itemKeys.forEach((k) => itemsInFlight.add(k));
    try {
      const result = await fetchBatch(source, { ...batch, keys });
      const storedAt = now();
      await Promise.all(
        keys.map(async (k) => {
          const value = result.get(k);
          if (value instanceof Error || value === undefined) return;
          const shape = batch as BatchQuery<unknown>;
          await cacheSet(itemKey(shape, k), { value, storedAt, tags: itemTags(shape, k, value) });
        }),
      );
      return result;
    } finally {
      itemKeys.forEach((k) => itemsInFlight.delete(k));
    }
  }

  async function getBatch<T>(batch: BatchQuery<T>): Promise<BatchResult<T>> {
    const shape = batch as BatchQuery<unknown>;
    const keys = [...new Set(batch.keys)];
    const entries = await Promise.all(keys.map((k) => cacheGet<T | null>(itemKey(shape, k))));
    const result: BatchResult<T> = new Map();
    const missing: string[] = [];
    const stale: string[] = [];
    const t = now();
    keys.forEach((k, i) => {
      const entry = entries[i];
      const age = entry ? t - entry.storedAt : Infinity;
      if (entry && age < options.ttlMs) {
        stats.fresh += 1;
        result.set(k, entry.value);
      } else if (entry && age < options.ttlMs + options.staleWhileRevalidateMs) {
        stats.stale += 1;
        result.set(k, entry.value);
        if (!itemsInFlight.has(itemKey(shape, k))) stale.push(k);
      } else {
        stats.miss += 1;
        missing.push(k);
      }
    });

    if (stale.length > 0) {
      stats.revalidations += 1;
      const key = requestKey(batch.path, batch.query(stale));
      const task = fetchItems(batch, stale).then(
        (r) => {
          const failed = [...r.values()].find((v): v is Error => v instanceof Error);
          if (failed) logFailure(batch.path, key, failed, 'stale');
        },
        (error: unknown) => logFailure(batch.path, key, error, 'stale'),
      );
      background.add(task);
      void task.finally(() => background.delete(task));
    }

    if (missing.length > 0) {
      const fetched = await fetchItems(batch, missing);
      let loggedFailure = false;
      for (const k of missing) {
        const value = fetched.get(k) ?? null;
        if (!(value instanceof Error)) {
          result.set(k, value);
          continue;
        }
        const entry = entries[keys.indexOf(k)];
        const servedStale = entry !== undefined && t - entry.storedAt <= options.staleIfErrorMaxAgeMs;
        if (!loggedFailure) {
          logFailure(
            batch.path,
            requestKey(batch.path, batch.query(missing)),
            value,
            servedStale ? 'stale' : 'nothing',
          );
          loggedFailure = true;
        }
        if (servedStale) {
          stats.staleIfError += 1;
          result.set(k, entry.value);
        } else {
          result.set(k, value);
        }
      }
    }
    return result;
  }

  async function remember<T>(batch: Omit<BatchQuery<T>, 'keys'>, items: readonly T[], fetchedAt: number) {
    const shape = batch as Omit<BatchQuery<unknown>, 'keys'>;
    await Promise.all(
      items.map(async (item) => {
        const k = batch.keyOf(item);
        const key = itemKey(shape, k);
        const existing = await cacheGet(key);
        // Never replace a newer answer with an older copy (a list served from the cache).
        if (existing && existing.storedAt >= fetchedAt) return;
        await cacheSet(key, { value: item, storedAt: fetchedAt, tags: itemTags(shape, k, item) });
      }),
    );
  }

  return {
    kind: source.kind,
    cache,
    stats,
    getBatch,
    remember,
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
    async get<T = unknown>(
      path: string,
      query?: RestQuery,
      opts?: RestGetOptions<T>,
    ): Promise<RestResponse<T>> {
      const key = requestKey(path, query);
      const entry = await cacheGet<RestResponse<T>>(key);
      const age = entry ? now() - entry.storedAt : Infinity;
      if (entry && age < options.ttlMs) {
        stats.fresh += 1;
        return entry.value;
      }
      if (entry && age < options.ttlMs + options.staleWhileRevalidateMs) {
        stats.stale += 1;
        revalidate(key, path, query, opts);
        return entry.value;
      }
      stats.miss += 1;
      try {
        return await fetchAndStore(key, path, query, opts);
      } catch (error) {
        if (entry && age <= options.staleIfErrorMaxAgeMs) {
          logFailure(path, key, error, 'stale');
          stats.staleIfError += 1;
          return entry.value;
        }
        logFailure(path, key, error, 'nothing');
        throw error;
      }
    },
  };
}
