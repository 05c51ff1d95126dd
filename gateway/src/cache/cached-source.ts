// The caching policy over any RestSource (brief §9: content cache of CONTENT_CACHE_TTL seconds):
// - fresh (age < ttl): served from the cache;
// - stale within the revalidation window: served at once, refreshed in the background (once);
// - older, or missing: fetched; if upstream fails, the last good answer is served while it is
//   younger than the stale-if-error limit, so a WordPress outage is invisible for content seen before;
// - failures are never cached, and logged at most once per window per resource.
// A caller may accept less (Freshness in sources/rest.ts: the web server bounds the age of a page's
// content): an answer older than its `maxAgeMs` is fetched again first, and it is told when the
// WordPress request behind each answer it got was sent, so it knows how old its content is.
// With a store shared by several processes (Redis) and a FlightLock, one process fetches a key and
// the others wait briefly for its answer (or keep serving their stale copy), so a burst spread over
// replicas still costs WordPress one request per key and TTL.
import type { Logger } from 'pino';
import {
  fetchBatch,
  requestKey,
  type BatchQuery,
  type BatchResult,
  type Freshness,
  type RestGetOptions,
  type RestQuery,
  type RestResponse,
  type RestSource,
} from '../sources/rest.js';
import type { Cache, CacheEntry, FlightLock } from './cache.js';

export interface CachedSourceOptions {
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMaxAgeMs: number;
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Failures of one resource (e.g. /posts) are logged at most once per this window. */
  failureLogWindowMs?: number;
  /** For a store shared by several processes: one of them fetches a key while the others wait. */
  shared?: {
    lock: FlightLock;
    /** How long a fetcher may hold a key (longer than an upstream request with its retries). */
    holdMs: number;
    /** How long a process waits for another's answer before fetching itself (wall-clock). */
    waitMs: number;
    /** Re-reads of the store while waiting, at most this far apart (a release wakes waiters sooner). */
    pollMs?: number;
  };
}

export type CacheOutcome = 'fresh' | 'stale' | 'miss' | 'stale-if-error';

export interface CachedSourceStats {
  fresh: number;
  stale: number;
  miss: number;
  staleIfError: number;
  revalidations: number;
  failures: number;
  /** Answers another process fetched while this one waited for it (shared store only). */
  fromPeers: number;
  /** Waits for another process that ran out of time (the answer was then fetched here, or the stale copy kept). */
  peerTimeouts: number;
}

export interface CachedSource extends RestSource {
  getBatch<T>(batch: BatchQuery<T>, freshness?: Freshness): Promise<BatchResult<T>>;
  /**
   * Called on purge: answers already on their way from WordPress were produced before the change
   * and must not be stored, and new requests must not join them.
   */
  invalidate(): void;
  readonly cache: Cache;
  readonly stats: CachedSourceStats;
  /** Resolves when background revalidations started so far have settled (for tests and shutdown). */
  idle(): Promise<void>;
}

/** One item of a batch with when its upstream request was sent. */
interface Timed<T> {
  value: T | null | Error;
  askedAt: number;
}
type TimedResult<T> = Map<string, Timed<T>>;

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
  /** Bumped by every purge; a fetch that started in an earlier generation is not stored. */
  let generation = 0;
  const background = new Set<Promise<unknown>>();
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  const stats: CachedSourceStats = {
    fresh: 0,
    stale: 0,
    miss: 0,
    staleIfError: 0,
    revalidations: 0,
    failures: 0,
    fromPeers: 0,
    peerTimeouts: 0,
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
  const cacheGet = <T>(key: string, maxAgeMs?: number) =>
    cache.get<T>(key, maxAgeMs).catch((error: unknown) => {
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

  /**
   * What the store holds now replaced `seen` (another process stored it) and is still worth serving
   * to a caller that accepts answers up to `maxAgeMs` old.
   */
  function isNewer<T>(
    entry: CacheEntry<T> | undefined,
    seen: CacheEntry<T> | undefined,
    maxAgeMs = Infinity,
  ): entry is CacheEntry<T> {
    if (entry === undefined || (seen !== undefined && entry.storedAt === seen.storedAt)) return false;
    const age = now() - entry.storedAt;
    return age < options.ttlMs + options.staleWhileRevalidateMs && age <= maxAgeMs;
  }

  /**
   * One fetcher per key across the processes sharing the store. The holder of the lock runs
   * `locked` (which re-reads the store first: another process may have stored the answer between
   * our read and the lock). The others poll `found` until the holder's answer is stored; past
   * `waitMs` a foreground request fetches itself, while a background refresh gives up (undefined).
   */
  async function underLock<R>(
    key: string,
    steps: { found: () => Promise<R | undefined>; locked: () => Promise<R> },
    background: boolean,
  ): Promise<R | undefined> {
    const shared = options.shared;
    if (!shared) return steps.locked();
    const deadline = Date.now() + shared.waitMs;
    for (;;) {
      const release = await shared.lock.acquire(key, shared.holdMs).catch(() => async () => {});
      if (release) {
        try {
          return await steps.locked();
        } finally {
          await release().catch(() => {});
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) break;
      await shared.lock.wait(key, Math.min(left, shared.pollMs ?? 50));
      const found = await steps.found();
      if (found !== undefined) {
        stats.fromPeers += 1;
        return found;
      }
    }
    stats.peerTimeouts += 1;
    return background ? undefined : steps.locked();
  }

  async function fetchUpstream<T>(
    key: string,
    path: string,
    query: RestQuery | undefined,
    opts?: RestGetOptions<T>,
  ): Promise<RestResponse<T>> {
    const startedIn = generation;
    // The answer shows WordPress as it was when asked, or later: its age counts from here.
    const storedAt = now();
    const fetched = await source.get<T>(path, query, opts);
    const response: RestResponse<T> = { ...fetched, fetchedAt: storedAt };
    if (startedIn !== generation) return response;
    const entry: CacheEntry<RestResponse<T>> = {
      value: response,
      storedAt,
      tags: tagsFor(path, query, response.body),
    };
    await cacheSet(key, entry);
    return response;
  }

  /**
   * `seen`: what the store held when the caller looked (a background refresh always has one);
   * `maxAgeMs`: the oldest answer another process's fetch may hand the caller.
   */
  function fetchAndStore<T>(
    key: string,
    path: string,
    query: RestQuery | undefined,
    opts: RestGetOptions<T> | undefined,
    seen: CacheEntry<RestResponse<T>> | undefined,
    background = false,
    maxAgeMs = Infinity,
  ) {
    const existing = inFlight.get(key);
    if (existing) return existing as Promise<RestResponse<T>>;
    const found = async () => {
      const entry = await cacheGet<RestResponse<T>>(key, maxAgeMs);
      return isNewer(entry, seen, maxAgeMs) ? entry.value : undefined;
    };
    const promise = (async () => {
      if (!options.shared) return fetchUpstream(key, path, query, opts);
      const result = await underLock(
        key,
        { found, locked: async () => (await found()) ?? fetchUpstream(key, path, query, opts) },
        background,
      );
      if (result !== undefined) return result;
      // A background refresh that another process did not finish in time: keep the stale answer.
      if (seen) return seen.value;
      return fetchUpstream(key, path, query, opts);
    })().finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    });
    inFlight.set(key, promise);
    return promise;
  }

  function revalidate<T>(
    key: string,
    path: string,
    query: RestQuery | undefined,
    opts: RestGetOptions<T> | undefined,
    seen: CacheEntry<RestResponse<T>>,
  ): void {
    if (inFlight.has(key)) return;
    stats.revalidations += 1;
    const task = fetchAndStore(key, path, query, opts, seen, true).then(
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
  const batchesInFlight = new Map<string, Promise<TimedResult<unknown>>>();

  /**
   * Fetches the keys upstream (one request per chunk) and stores each answer per item. `seen`: what
   * the store held for each key when the caller looked. With a shared store, items another process
   * stored meanwhile (and no older than `maxAgeMs`) are taken from the store instead of being
   * fetched again. Each item comes with when its upstream request was sent.
   */
  function fetchItems<T>(
    batch: BatchQuery<T>,
    keys: readonly string[],
    seen: ReadonlyMap<string, CacheEntry<T | null> | undefined>,
    background = false,
    maxAgeMs = Infinity,
  ): Promise<TimedResult<T>> {
    const flightKey = requestKey(batch.path, batch.query(keys)) + `#${batch.variant}`;
    const existing = batchesInFlight.get(flightKey);
    if (existing) return existing as Promise<TimedResult<T>>;
    const shape = batch as BatchQuery<unknown>;
    /** Items the store now holds in a newer version than the caller saw. */
    const newer = async () => {
      const entries = await Promise.all(keys.map((k) => cacheGet<T | null>(itemKey(shape, k), maxAgeMs)));
      const found: TimedResult<T> = new Map();
      keys.forEach((k, i) => {
        const entry = entries[i];
        if (isNewer(entry, seen.get(k), maxAgeMs)) {
          found.set(k, { value: entry.value, askedAt: entry.storedAt });
        }
      });
      return found;
    };
    const run = async (): Promise<TimedResult<T>> => {
      if (!options.shared) return storeItems(batch, keys);
      const result = await underLock<TimedResult<T>>(
        flightKey,
        {
          found: async () => {
            const found = await newer();
            return found.size === keys.length ? found : undefined;
          },
          locked: async () => {
            const found = await newer();
            const remaining = keys.filter((k) => !found.has(k));
            if (remaining.length === 0) return found;
            const fetched = await storeItems(batch, remaining);
            for (const [k, v] of fetched) found.set(k, v);
            return found;
          },
        },
        background,
      );
      // A background refresh that another process did not finish in time: the stale items stay.
      return result ?? new Map();
    };
    const promise = run().finally(() => {
      if (batchesInFlight.get(flightKey) === promise) batchesInFlight.delete(flightKey);
    });
    batchesInFlight.set(flightKey, promise as Promise<TimedResult<unknown>>);
    return promise;
  }

  async function storeItems<T>(batch: BatchQuery<T>, keys: readonly string[]): Promise<TimedResult<T>> {
    const itemKeys = keys.map((k) => itemKey(batch as BatchQuery<unknown>, k));
    itemKeys.forEach((k) => itemsInFlight.add(k));
    try {
      const startedIn = generation;
      // Like a single answer's, the items' age counts from the moment WordPress was asked.
      const storedAt = now();
      const result = await fetchBatch(source, { ...batch, keys });
      const timed: TimedResult<T> = new Map(
        [...result].map(([k, value]) => [k, { value, askedAt: storedAt }]),
      );
      if (startedIn !== generation) return timed;
      await Promise.all(
        keys.map(async (k) => {
          const value = result.get(k);
          if (value instanceof Error || value === undefined) return;
          const shape = batch as BatchQuery<unknown>;
          await cacheSet(itemKey(shape, k), { value, storedAt, tags: itemTags(shape, k, value) });
        }),
      );
      return timed;
    } finally {
      itemKeys.forEach((k) => itemsInFlight.delete(k));
    }
  }

  async function getBatch<T>(batch: BatchQuery<T>, freshness?: Freshness): Promise<BatchResult<T>> {
    const shape = batch as BatchQuery<unknown>;
    const keys = [...new Set(batch.keys)];
    const maxAgeMs = freshness?.maxAgeMs ?? Infinity;
    const entries = await Promise.all(keys.map((k) => cacheGet<T | null>(itemKey(shape, k), maxAgeMs)));
    const result: BatchResult<T> = new Map();
    const missing: string[] = [];
    const stale: string[] = [];
    const t = now();
    keys.forEach((k, i) => {
      const entry = entries[i];
      const age = entry ? t - entry.storedAt : Infinity;
      if (entry && age < options.ttlMs && age <= maxAgeMs) {
        stats.fresh += 1;
        result.set(k, entry.value);
        freshness?.observe?.(entry.storedAt);
      } else if (entry && age < options.ttlMs + options.staleWhileRevalidateMs && age <= maxAgeMs) {
        stats.stale += 1;
        result.set(k, entry.value);
        freshness?.observe?.(entry.storedAt);
        if (!itemsInFlight.has(itemKey(shape, k))) stale.push(k);
      } else {
        stats.miss += 1;
        missing.push(k);
      }
    });

    if (stale.length > 0) {
      stats.revalidations += 1;
      const key = requestKey(batch.path, batch.query(stale));
      const seen = new Map(stale.map((k) => [k, entries[keys.indexOf(k)]]));
      const task = fetchItems(batch, stale, seen, true).then(
        (r) => {
          const failed = [...r.values()].map((v) => v.value).find((v): v is Error => v instanceof Error);
          if (failed) logFailure(batch.path, key, failed, 'stale');
        },
        (error: unknown) => logFailure(batch.path, key, error, 'stale'),
      );
      background.add(task);
      void task.finally(() => background.delete(task));
    }

    if (missing.length > 0) {
      const seen = new Map(missing.map((k) => [k, entries[keys.indexOf(k)]]));
      const fetched = await fetchItems(batch, missing, seen, false, maxAgeMs);
      let loggedFailure = false;
      for (const k of missing) {
        const item = fetched.get(k);
        const value = item?.value ?? null;
        if (!(value instanceof Error)) {
          result.set(k, value);
          // "None" is an answer too: a post not yet published must show once it is.
          freshness?.observe?.(item?.askedAt ?? t);
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
          freshness?.observe?.(entry.storedAt);
        } else {
          result.set(k, value);
        }
      }
    }
    return result;
  }

  return {
    kind: source.kind,
    cache,
    stats,
    getBatch,
    invalidate() {
      generation += 1;
      inFlight.clear();
      batchesInFlight.clear();
      itemsInFlight.clear();
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
    async get<T = unknown>(
      path: string,
      query?: RestQuery,
      opts?: RestGetOptions<T>,
    ): Promise<RestResponse<T>> {
      const key = requestKey(path, query);
      const freshness = opts?.freshness;
      const maxAgeMs = freshness?.maxAgeMs ?? Infinity;
      const entry = await cacheGet<RestResponse<T>>(key, maxAgeMs);
      const age = entry ? now() - entry.storedAt : Infinity;
      if (entry && age < options.ttlMs && age <= maxAgeMs) {
        stats.fresh += 1;
        freshness?.observe?.(entry.storedAt);
        return entry.value;
      }
      if (entry && age < options.ttlMs + options.staleWhileRevalidateMs && age <= maxAgeMs) {
        stats.stale += 1;
        revalidate(key, path, query, opts, entry);
        freshness?.observe?.(entry.storedAt);
        return entry.value;
      }
      stats.miss += 1;
      try {
        const response = await fetchAndStore(key, path, query, opts, entry, false, maxAgeMs);
        freshness?.observe?.(response.fetchedAt ?? now());
        return response;
      } catch (error) {
        if (entry && age <= options.staleIfErrorMaxAgeMs) {
          logFailure(path, key, error, 'stale');
          stats.staleIfError += 1;
          freshness?.observe?.(entry.storedAt);
          return entry.value;
        }
        logFailure(path, key, error, 'nothing');
        throw error;
      }
    },
  };
}
