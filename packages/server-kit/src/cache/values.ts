// One caching policy for everything the site keeps: WordPress answers (cached-source.ts), rendered
// pages and feeds (the web server). For each key:
// - fresh (before its freshUntil): served from the store;
// - stale (before its staleUntil): served at once, refreshed in the background (once);
// - older, missing, or older than the caller accepts (`maxAgeMs`): loaded first; if that fails,
//   the last good value is served up to its errorUntil (stale-if-error), so an outage is invisible
//   for what was seen before;
// - failures are never stored.
// Loads are single-flight per key: concurrent callers share one, and keys asked for together are
// loaded together (one WordPress request for a batch of items). With a store shared by several
// processes and a FlightLock, one process loads a key while the others wait briefly for its answer
// (or keep serving their stale copy), so a burst spread over replicas costs one load per key.
// A purge (caches.ts) bumps the generation: a load started before it is handed to the callers
// waiting for it but not stored, and nobody new joins it.
import type { Entry, FlightLock, Store, Times } from './store.js';

export type State = 'fresh' | 'stale' | 'miss' | 'stale-if-error';

/** A value and how it was served: from the store, after a load (miss), or standing in for a failed one. */
export interface Found<T> {
  state: State;
  entry: Entry<T>;
}

export interface Loaded<T> {
  value: T;
  tags?: readonly string[];
  /** When the data behind it was asked for (default: when the load started). */
  askedAt?: number;
}

/** Loads some keys at once: per key, its value or the error that kept it from being loaded. */
export type Load<T> = (keys: readonly string[]) => Promise<ReadonlyMap<string, Loaded<T> | Error>>;

export interface GetOptions {
  /** Entries whose data is older than this are loaded again first (stale-if-error still applies). */
  maxAgeMs?: number;
  /** Told once per failed load of this call (and of the background refresh it starts). */
  failed?: (error: Error, how: { served: 'stale' | 'nothing'; background: boolean }) => void;
}

export interface ValuesOptions<T> {
  /** Kept apart from other values in a shared store and its locks. */
  name: string;
  store: Store;
  /** The current purge generation (caches.ts). */
  generation: () => number;
  /** The times of a value stored at `storedAt` from data asked for at `askedAt`. */
  times: (askedAt: number, storedAt: number, value: T) => Times;
  /** Carried by every entry, besides the load's own. */
  tags?: readonly string[];
  now?: () => number;
  /** For a store shared by several processes: one of them loads a key while the others wait. */
  lock?: {
    lock: FlightLock;
    /** How long a loader may hold a key (longer than a load with its retries). */
    holdMs: number;
    /** How long a process waits for another's answer before loading itself (wall-clock). */
    waitMs: number;
    /** Re-reads of the store while waiting, at most this far apart (a release wakes waiters sooner). */
    pollMs?: number;
  };
  /**
   * After a failed load, the value that stood in is served as stale for this long more (in this
   * process), refreshed in the background, instead of every caller waiting for a failing load.
   */
  keepServingMs?: number;
  /** A failing store (say, a shared one that is down) must not fail requests a load can answer. */
  storeFailed?: (error: unknown) => void;
}

/**
 * How values were served, and how often a refresh was started; with a shared store, how often a
 * value came from another process's load (`fromPeers`) and how often waiting for one ran out of
 * time (`peerTimeouts`: the value was then loaded here, or the stale copy kept).
 */
export type ValuesStats = Record<
  'fresh' | 'stale' | 'miss' | 'staleIfError' | 'revalidations' | 'fromPeers' | 'peerTimeouts',
  number
>;

export type CachedValues<T> = ReturnType<typeof createCachedValues<T>>;

type Result<T> = Entry<T> | Error;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export function createCachedValues<T>(options: ValuesOptions<T>) {
  const { store } = options;
  const now = options.now ?? Date.now;
  const flights = new Map<string, { generation: number; result: Promise<Result<T>> }>();
  const background = new Set<Promise<void>>();
  const stats: ValuesStats = {
    fresh: 0,
    stale: 0,
    miss: 0,
    staleIfError: 0,
    revalidations: 0,
    fromPeers: 0,
    peerTimeouts: 0,
  };

  const read = (key: string, maxAgeMs: number) =>
    store.get<T>(key, maxAgeMs).catch((error: unknown) => {
      options.storeFailed?.(error);
      return undefined;
    });

  function stateOf(entry: Entry<T> | undefined, t: number, maxAgeMs: number) {
    if (!entry) return 'miss';
    if (t - entry.askedAt <= maxAgeMs) {
      if (t < entry.freshUntil) return 'fresh';
      if (t < entry.staleUntil) return 'stale';
    }
    return t <= entry.errorUntil ? 'expired' : 'miss';
  }

  /** What the store holds now replaced `seen` (another process stored it) and is still worth serving. */
  function isNewer(entry: Entry<T> | undefined, seen: Entry<T> | undefined, maxAgeMs: number) {
    if (!entry || entry.storedAt === seen?.storedAt) return false;
    const t = now();
    return t < entry.staleUntil && t - entry.askedAt <= maxAgeMs;
  }

  const inFlight = (key: string) => flights.get(key)?.generation === options.generation();

  async function loadAndStore(keys: readonly string[], load: Load<T>, generation: number) {
    const askedAt = now();
    let loaded: ReadonlyMap<string, Loaded<T> | Error>;
    try {
      loaded = await load(keys);
    } catch (error) {
      loaded = new Map(keys.map((key) => [key, asError(error)]));
    }
    const storedAt = now();
    const out = new Map<string, Result<T>>();
    await Promise.all(
      keys.map(async (key) => {
        const got = loaded.get(key) ?? new Error(`nothing was loaded for ${key}`);
        if (got instanceof Error) return void out.set(key, got);
        const asked = got.askedAt ?? askedAt;
        const entry: Entry<T> = {
          value: got.value,
          askedAt: asked,
          storedAt,
          tags: [...(options.tags ?? []), ...(got.tags ?? [])],
          ...options.times(asked, storedAt, got.value),
        };
        out.set(key, entry);
        // Loaded before a purge: the callers waiting get it, nobody else.
        if (generation !== options.generation()) return;
        await store.set(key, entry).catch((error: unknown) => options.storeFailed?.(error));
      }),
    );
    return out;
  }

  /**
   * One loader per name across the processes sharing the store. The holder of the lock runs
   * `locked` (which re-reads the store first: another process may have stored the values between
   * our read and the lock). The others poll `found` until the holder's values are stored; past
   * `waitMs` a foreground load runs here, while a background refresh gives up (undefined).
   */
  async function underLock<R>(
    name: string,
    found: () => Promise<R | undefined>,
    locked: () => Promise<R>,
    inBackground: boolean,
  ): Promise<R | undefined> {
    const shared = options.lock;
    if (!shared) return locked();
    const deadline = Date.now() + shared.waitMs;
    for (;;) {
      const release = await shared.lock.acquire(name, shared.holdMs).catch(() => async () => {});
      if (release) {
        try {
          return await locked();
        } finally {
          await release().catch(() => {});
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) break;
      await shared.lock.wait(name, Math.min(left, shared.pollMs ?? 50));
      const result = await found();
      if (result !== undefined) {
        stats.fromPeers += 1;
        return result;
      }
    }
    stats.peerTimeouts += 1;
    return inBackground ? undefined : locked();
  }

  /**
   * Loads `keys`, joining the loads of this generation already running for some of them. `seen`:
   * what the store held for each key when the caller looked; `maxAgeMs`: the oldest value another
   * process's load may hand the caller.
   */
  async function fly(
    keys: readonly string[],
    load: Load<T>,
    seen: ReadonlyMap<string, Entry<T> | undefined>,
    maxAgeMs: number,
    inBackground: boolean,
  ): Promise<Map<string, Result<T>>> {
    const generation = options.generation();
    const own = keys.filter((key) => !inFlight(key));
    if (own.length > 0) {
      /** The keys' entries another process stored meanwhile. */
      const newer = async (wanted: readonly string[]) => {
        const entries = await Promise.all(wanted.map((key) => read(key, maxAgeMs)));
        const found = new Map<string, Result<T>>();
        wanted.forEach((key, i) => {
          if (isNewer(entries[i], seen.get(key), maxAgeMs)) found.set(key, entries[i]!);
        });
        return found;
      };
      const run = async () => {
        if (!options.lock) return loadAndStore(own, load, generation);
        const result = await underLock(
          `${options.name}:${own.join('\n')}`,
          async () => {
            const found = await newer(own);
            return found.size === own.length ? found : undefined;
          },
          async () => {
            const found = await newer(own);
            const rest = own.filter((key) => !found.has(key));
            if (rest.length > 0)
              for (const [key, r] of await loadAndStore(rest, load, generation)) found.set(key, r);
            return found;
          },
          inBackground,
        );
        // A background refresh another process did not finish in time: the stale values stay.
        return result ?? new Map<string, Result<T>>();
      };
      const running = run().catch((error: unknown) => new Map(own.map((key) => [key, asError(error)])));
      for (const key of own) {
        const result = running.then((r) => r.get(key) ?? seen.get(key) ?? new Error(`no value for ${key}`));
        flights.set(key, { generation, result });
        void result.finally(() => {
          if (flights.get(key)?.result === result) flights.delete(key);
        });
      }
    }
    const results = await Promise.all(keys.map((key) => flights.get(key)!.result));
    return new Map(keys.map((key, i) => [key, results[i]!]));
  }

  /** A value that stood in for a failed load is served as stale a while longer, here only. */
  function keepServing(key: string, entry: Entry<T>) {
    if (!options.keepServingMs) return;
    const mine = store.local.peek<T>(key);
    if (mine?.storedAt !== entry.storedAt) return;
    store.local.put(key, { ...mine, staleUntil: Math.min(now() + options.keepServingMs, mine.errorUntil) });
  }

  /** Serves, refreshes or loads each key, given what the store held for it (`seen`). */
  async function settle(
    unique: readonly string[],
    seen: ReadonlyMap<string, Entry<T> | undefined>,
    load: Load<T>,
    opts: GetOptions,
  ) {
    const maxAgeMs = opts.maxAgeMs ?? Infinity;
    const t = now();
    const result = new Map<string, Found<T> | Error>();
    const stale: string[] = [];
    const needed: string[] = [];
    for (const key of unique) {
      const entry = seen.get(key);
      const state = stateOf(entry, t, maxAgeMs);
      if (state === 'fresh' || state === 'stale') {
        stats[state] += 1;
        result.set(key, { state, entry: entry! });
        if (state === 'stale' && !inFlight(key)) stale.push(key);
      } else {
        stats.miss += 1;
        needed.push(key);
      }
    }

    if (stale.length > 0) {
      stats.revalidations += 1;
      const task = fly(stale, load, seen, Infinity, true).then((refreshed) => {
        const error = [...refreshed.values()].find((r): r is Error => r instanceof Error);
        if (error) opts.failed?.(error, { served: 'stale', background: true });
      });
      const settled = task.catch(() => {});
      background.add(settled);
      void settled.finally(() => background.delete(settled));
    }

    if (needed.length > 0) {
      const loaded = await fly(needed, load, seen, maxAgeMs, false);
      let reported = false;
      for (const key of needed) {
        const got = loaded.get(key)!;
        if (!(got instanceof Error)) {
          result.set(key, { state: 'miss', entry: got });
          continue;
        }
        const entry = seen.get(key);
        const standIn = entry && t <= entry.errorUntil ? entry : undefined;
        if (!reported) {
          reported = true;
          opts.failed?.(got, { served: standIn ? 'stale' : 'nothing', background: false });
        }
        if (!standIn) {
          result.set(key, got);
          continue;
        }
        stats.staleIfError += 1;
        keepServing(key, standIn);
        result.set(key, { state: 'stale-if-error', entry: standIn });
      }
    }
    return result;
  }

  return {
    /** Per key: the value found, or the error of its load when nothing could stand in. */
    async getMany(
      keys: readonly string[],
      load: Load<T>,
      opts: GetOptions = {},
    ): Promise<Map<string, Found<T> | Error>> {
      const unique = [...new Set(keys)];
      const entries = await Promise.all(unique.map((key) => read(key, opts.maxAgeMs ?? Infinity)));
      return settle(unique, new Map(unique.map((key, i) => [key, entries[i]])), load, opts);
    },
    async get(key: string, load: () => Promise<Loaded<T>>, opts: GetOptions = {}): Promise<Found<T>> {
      const entry = await read(key, opts.maxAgeMs ?? Infinity);
      // The common case, answered without the bookkeeping of loads.
      if (entry && stateOf(entry, now(), opts.maxAgeMs ?? Infinity) === 'fresh') {
        stats.fresh += 1;
        return { state: 'fresh', entry };
      }
      const single: Load<T> = async () => new Map([[key, await load()]]);
      const found = (await settle([key], new Map([[key, entry]]), single, opts)).get(key)!;
      if (found instanceof Error) throw found;
      return found;
    },
    /** What a get would find now, without loading: 'expired' is a value only a failed load would serve. */
    async peek(key: string): Promise<'fresh' | 'stale' | 'expired' | 'miss'> {
      return stateOf(await read(key, Infinity), now(), Infinity);
    },
    stats,
    /** Resolves when the background refreshes started so far have settled (for tests and shutdown). */
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
