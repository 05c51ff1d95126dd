// Where cached values live: this process's memory (lru-cache, bounded in bytes), Redis shared by
// every replica (redis.ts), or both (tiered). The policy that decides what to serve is in values.ts;
// a store only keeps entries, each with the times that policy gave it, and drops them by tag.

/** Until when (clock milliseconds) an entry is served, and how. */
export interface Times {
  /** Served as it is before this. */
  freshUntil: number;
  /** Served while one refresh runs in the background before this; after it, a caller waits for a load. */
  staleUntil: number;
  /** Served when a load fails, up to and including this moment (stale-if-error). */
  errorUntil: number;
}

export interface Entry<T = unknown> extends Times {
  value: T;
  /**
   * When the data behind the value was asked for: its age counts from then, not from when the
   * answer came or was stored.
   */
  askedAt: number;
  /** When it was stored: tells two copies of one key apart. */
  storedAt: number;
  /** Labels for purging: e.g. 'posts:list', 'posts:slug:my-post', 'media:id:12', 'derived'. */
  tags: readonly string[];
}

/** Until when an entry is worth keeping: past this, no policy serves it. */
export const keptUntil = (times: Times): number => Math.max(times.staleUntil, times.errorUntil);

/**
 * What the cached values read and write. `maxAgeMs`: the caller has no use for an entry whose data
 * is older than this, so a tiered store looks past such a copy of its own to the shared store.
 */
export interface Store {
  get<T>(key: string, maxAgeMs?: number): Promise<Entry<T> | undefined>;
  set<T>(key: string, entry: Entry<T>): Promise<void>;
  /** This process's own copies (the memory store itself, or the one beside a shared store). */
  readonly local: MemoryStore;
}

export interface MemoryStore extends Store {
  /** The entry now, without waiting. */
  peek<T>(key: string): Entry<T> | undefined;
  put<T>(key: string, entry: Entry<T>): void;
  /** Drops every entry carrying the tag; returns how many. */
  deleteByTag(tag: string): number;
  clear(): number;
  readonly size: number;
}

/** A store every replica reads: it rejects when it cannot answer (tiered falls back to memory). */
export interface SharedStore {
  get<T>(key: string): Promise<Entry<T> | undefined>;
  set<T>(key: string, entry: Entry<T>): Promise<void>;
  deleteByTag(tag: string): Promise<number>;
  clear(): Promise<void>;
}

/**
 * Makes one process the loader of a key when several share one store, so a burst spread over
 * replicas costs WordPress one request per key, not one per replica.
 */
export interface FlightLock {
  /**
   * Tries to become the loader of `key` for at most `holdMs`. Resolves to a release function, or
   * null while another process holds the key. When the lock service cannot be reached it resolves
   * to a release that does nothing: loading twice is better than not answering.
   */
  acquire(key: string, holdMs: number): Promise<(() => Promise<void>) | null>;
  /** Resolves when a holder of `key` releases it (after storing its answer), or after `ms`. */
  wait(key: string, ms: number): Promise<void>;
}

/**
 * What the memory store uses of lru-cache's LRUCache. Each service hands in the lru-cache it
 * declares (`lru` of createCaches): a bare import from packages/ would find the repository root's
 * copy, an older major version another tool brings along.
 */
export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, options: { size: number }): unknown;
  delete(key: string): boolean;
  clear(): void;
  readonly size: number;
}

export type NewLru = (options: {
  maxSize: number;
  max?: number;
  dispose: (entry: Entry, key: string) => void;
}) => Lru<Entry>;

/** JSON length is a fair proxy for the memory a parsed answer holds. */
function approximateSize(value: unknown): number {
  try {
    return Math.max(1, JSON.stringify(value)?.length ?? 1);
  } catch {
    return 1024;
  }
}

export function createMemoryStore(options: {
  lru: NewLru;
  maxBytes: number;
  maxEntries?: number;
  sizeOf?: (value: unknown) => number;
  now?: () => number;
}): MemoryStore {
  const now = options.now ?? Date.now;
  const sizeOf = options.sizeOf ?? approximateSize;
  const byTag = new Map<string, Set<string>>();
  const untag = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const lru = options.lru({
    maxSize: options.maxBytes,
    ...(options.maxEntries ? { max: options.maxEntries } : {}),
    dispose: (entry, key) => untag(key, entry.tags),
  });

  const store: MemoryStore = {
    get local() {
      return store;
    },
    peek<T>(key: string) {
      const entry = lru.get(key);
      if (entry && now() > keptUntil(entry)) {
        lru.delete(key);
        return undefined;
      }
      return entry as Entry<T> | undefined;
    },
    put(key, entry) {
      const size = Math.max(1, Math.ceil(sizeOf(entry.value)));
      // Larger than the whole budget, or of no use any more: lru-cache would not keep it either.
      if (size > options.maxBytes || now() > keptUntil(entry)) return void lru.delete(key);
      lru.set(key, entry, { size });
      for (const tag of entry.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    },
    async get(key) {
      return store.peek(key);
    },
    async set(key, entry) {
      store.put(key, entry);
    },
    deleteByTag(tag) {
      let n = 0;
      for (const key of [...(byTag.get(tag) ?? [])]) if (lru.delete(key)) n += 1;
      byTag.delete(tag);
      return n;
    },
    clear() {
      const n = lru.size;
      lru.clear();
      byTag.clear();
      return n;
    },
    get size() {
      return lru.size;
    },
  };
  return store;
}

/** The shared store's health, as the process's Redis link knows it (redis-link.ts). */
export interface SharedHealth {
  /** Whether the shared store is worth asking now (connected, not failing a moment ago). */
  available(): boolean;
  /** Told of every failure of the shared store. */
  failed(error: unknown): void;
  /** Told of every command the shared store answered. */
  succeeded(): void;
}

/**
 * A shared store with this process's memory beside it. While the shared store answers it is the
 * truth: a fresh local copy saves a round trip, anything else is read from the shared store (and
 * copied locally). When it does not answer (down, slow, not connected yet) the memory copy is
 * served, so an outage of the shared store costs WordPress at most one request per key and replica,
 * and visitors nothing. `name` keeps the keys of one kind of value apart from the others'.
 */
export function createTieredStore(
  local: MemoryStore,
  shared: SharedStore,
  health: SharedHealth,
  name: string,
  now: () => number = Date.now,
): Store {
  const sharedKey = (key: string) => `${name}:${key}`;
  async function onShared<R>(run: () => Promise<R>): Promise<{ value: R } | undefined> {
    if (!health.available()) return undefined;
    try {
      const value = await run();
      health.succeeded();
      return { value };
    } catch (error) {
      health.failed(error);
      return undefined;
    }
  }
  return {
    local,
    async get<T>(key: string, maxAgeMs = Infinity) {
      const mine = local.peek<T>(key);
      const t = now();
      if (mine && t < mine.freshUntil && t - mine.askedAt <= maxAgeMs) return mine;
      const theirs = await onShared(() => shared.get<T>(sharedKey(key)));
      if (!theirs) return mine;
      // A purged or never-stored key is missing everywhere, even if an older copy lingers here.
      if (!theirs.value) return undefined;
      // The same copy: this one may have been kept serving (values.ts) while the shared one was not.
      if (mine?.storedAt === theirs.value.storedAt) return mine;
      local.put(key, theirs.value);
      return theirs.value;
    },
    async set(key, entry) {
      local.put(key, entry);
      await onShared(() => shared.set(sharedKey(key), entry));
    },
  };
}
