// Every cache of one process, and the one way to purge them. Caches are made here (values, or a
// plain memory store), so a purge reaches each of them without anyone having to remember it: it
// bumps the generation (loads already running are not stored, values.ts), drops the tagged entries
// from every memory store and from the shared store, and tells the other processes sharing it
// (every gateway and web replica, through Redis: redis.ts), which drop their memory copies.
import { createCachedValues, type CachedValues, type ValuesOptions } from './values.js';
import {
  createMemoryStore,
  createTieredStore,
  type FlightLock,
  type MemoryStore,
  type NewLru,
  type SharedHealth,
  type SharedStore,
} from './store.js';

/**
 * Carried by what is built from many answers at once (GraphQL responses, rendered pages, feeds):
 * any change to the content may show in it, so every purge of content names it.
 */
export const DERIVED = 'derived';

/** What a purge drops: the entries carrying any of these tags, or everything. */
export type PurgeScope = readonly string[] | 'all';

/** Redis (redis.ts), or a stand-in for it in tests. */
export interface SharedTier extends SharedHealth {
  store: SharedStore;
  lock: FlightLock;
  /** Tells the other processes. */
  publish(scope: PurgeScope): Promise<void>;
  /** Purges the other processes published. */
  onPurge(listener: (scope: PurgeScope) => void): void;
}

export interface MemoryOptions<V = unknown> {
  maxBytes: number;
  maxEntries?: number;
  /** Approximate bytes of a value (default: its JSON length). */
  sizeOf?: (value: V) => number;
}

export type Caches = ReturnType<typeof createCaches>;

export interface CachesOptions {
  /** lru-cache's LRUCache, from the service's own workspace: `(options) => new LRUCache(options)`. */
  lru: NewLru;
  now?: () => number;
  shared?: SharedTier;
  /**
   * Drop again this long after a purge from another process: the processes hear it a moment
   * apart, and what was built meanwhile from a lagging one may hold what it had not dropped yet.
   */
  settleMs?: number;
}

export function createCaches(options: CachesOptions) {
  const now = options.now ?? Date.now;
  const { shared } = options;
  const memories = new Set<MemoryStore>();
  const timers = new Set<NodeJS.Timeout>();
  let generation = 0;

  function dropHere(scope: PurgeScope): number {
    generation += 1;
    let n = 0;
    for (const memory of memories) {
      if (scope === 'all') n += memory.clear();
      else for (const tag of scope) n += memory.deleteByTag(tag);
    }
    return n;
  }

  shared?.onPurge((scope) => {
    dropHere(scope);
    if (!options.settleMs) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      dropHere(scope);
    }, options.settleMs);
    timer.unref();
    timers.add(timer);
  });

  /** A store in this process's memory alone, purged with the rest. */
  const memory = <V>(opts: MemoryOptions<V>): MemoryStore => {
    const sizeOf = opts.sizeOf as ((value: unknown) => number) | undefined;
    const store = createMemoryStore({ ...opts, sizeOf, lru: options.lru, now });
    memories.add(store);
    return store;
  };

  return {
    /** Bumped by every purge, here or in another process. */
    get generation() {
      return generation;
    },
    memory,
    /** Cached values (values.ts) in memory, and in the shared store when there is one. */
    values<T>(
      opts: MemoryOptions<T> &
        Omit<ValuesOptions<T>, 'store' | 'generation' | 'now' | 'lock'> & {
          lock?: Omit<NonNullable<ValuesOptions<T>['lock']>, 'lock'>;
        },
    ): CachedValues<T> {
      const local = memory(opts);
      return createCachedValues({
        ...opts,
        store: shared ? createTieredStore(local, shared.store, shared, opts.name, now) : local,
        generation: () => generation,
        now,
        lock: shared && opts.lock ? { ...opts.lock, lock: shared.lock } : undefined,
      });
    },
    /** Drops what the scope names, everywhere; returns how many entries went. */
    async purge(scope: PurgeScope): Promise<number> {
      const mine = dropHere(scope);
      if (!shared?.available()) return mine;
      let theirs = 0;
      try {
        if (scope === 'all') await shared.store.clear();
        else for (const tag of scope) theirs += await shared.store.deleteByTag(tag);
        shared.succeeded();
      } catch (error) {
        shared.failed(error);
      }
      await shared.publish(scope);
      return Math.max(mine, theirs);
    },
    /** Entries in this process's memory. */
    get size() {
      let n = 0;
      for (const m of memories) n += m.size;
      return n;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
