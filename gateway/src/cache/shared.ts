// The gateway's caches when REDIS_URL is set: upstream answers and APQ queries in Redis with a
// memory copy beside each, one fetcher per key across replicas, and purges fanned out to every
// replica (and to the web servers, which drop their rendered pages). Redis failing is logged once
// per transition and otherwise invisible: everything falls back to this process's memory.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Cache, FlightLock } from './cache.js';
import { purgeRequestSchema, type PurgeRequest } from './purge.js';
import { openRedisLink } from './redis-link.js';
import {
  createRedisCache,
  createRedisKeyValueCache,
  createRedisLock,
  redisKeys,
  REDIS_COMMAND_TIMEOUT_MS,
  withDeadline,
} from './redis.js';
import { createTieredCache } from './tiered.js';

export type CacheBackendState = 'memory' | 'redis' | 'redis-unavailable';

export interface SharedCache {
  /** Redis with the memory copy beside it. */
  readonly cache: Cache;
  /** This process's memory copy alone (what a purge from another replica drops). */
  readonly local: Cache;
  readonly lock: FlightLock;
  /** For Apollo Server's `persistedQueries.cache`. */
  readonly apq: ReturnType<typeof createRedisKeyValueCache>;
  state(): CacheBackendState;
  /** Tells every other replica and web server that content changed. */
  publishPurge(request: PurgeRequest): Promise<void>;
  /** Purges published by other replicas. */
  onRemotePurge(listener: (request: PurgeRequest) => void): void;
  /** Resolves once Redis is connected and the subscriptions are live, or false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface SharedCacheOptions {
  url: string;
  prefix: string;
  /** A command unanswered for this long counts as Redis failing (default 200 ms). */
  timeoutMs?: number;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
  local: Cache;
  /** The content TTL: fresh memory copies are served without asking Redis. */
  freshMs: number;
  /** How long memory copies of Redis entries are kept. */
  retainMs: number;
  now?: () => number;
}

export function createSharedCache(options: SharedCacheOptions): SharedCache {
  const { logger } = options;
  const keys = redisKeys(options.prefix);
  const origin = randomUUID();
  const purgeListeners: Array<(request: PurgeRequest) => void> = [];
  const timeoutMs = options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const onMessage = (channel: string, message: string) => {
    if (channel === keys.releasedChannel) return lock.wake(message);
    if (channel !== keys.purgeChannel) return;
    let parsed: { origin?: unknown; request?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.origin === origin) return;
    const request = purgeRequestSchema.safeParse(parsed.request);
    if (!request.success) return;
    for (const listener of purgeListeners) listener(request.data);
  };
  const link = openRedisLink({
    url: options.url,
    name: 'lawfirm-gateway',
    channels: [keys.purgeChannel, keys.releasedChannel],
    onMessage,
    logger,
    words: { whileDown: 'serving from memory', whileUp: 'sharing the cache' },
  });
  const { client, available, failed, succeeded } = link;
  const lock = createRedisLock(client, options.prefix, { available, failed, timeoutMs });
  const cache = createTieredCache({
    shared: createRedisCache(client, options.prefix, timeoutMs),
    local: options.local,
    available,
    failed,
    succeeded,
    freshMs: options.freshMs,
    retainMs: options.retainMs,
    now: options.now,
  });

  const apqLocal = new LRUCache<string, string>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (value) => Math.max(1, value.length),
  });
  const apq = createRedisKeyValueCache(client, options.prefix, {
    available,
    failed,
    local: apqLocal,
    defaultTtlSeconds: 7 * 86_400,
    timeoutMs,
  });

  return {
    cache,
    local: options.local,
    lock,
    apq,
    state: () => (available() ? 'redis' : 'redis-unavailable'),
    async publishPurge(request) {
      if (!available()) return;
      try {
        await withDeadline(
          client.publish(keys.purgeChannel, JSON.stringify({ origin, kind: 'content', request })),
          timeoutMs,
        );
      } catch (error) {
        failed(error);
      }
    },
    onRemotePurge(listener) {
      purgeListeners.push(listener);
    },
    ready: (timeoutMs) => link.ready(timeoutMs),
    async close() {
      link.close();
    },
  };
}
