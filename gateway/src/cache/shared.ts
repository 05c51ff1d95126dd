// The gateway's caches when REDIS_URL is set: upstream answers and APQ queries in Redis with a
// memory copy beside each, one fetcher per key across replicas, and purges fanned out to every
// replica (and to the web servers, which drop their rendered pages). Redis failing is logged once
// per transition and otherwise invisible: everything falls back to this process's memory.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Cache, FlightLock } from './cache.js';
import { purgeRequestSchema, type PurgeRequest } from './purge.js';
import {
  connectRedis,
  createRedisCache,
  createRedisKeyValueCache,
  createRedisLock,
  redisKeys,
  REDIS_COMMAND_TIMEOUT_MS,
  withDeadline,
} from './redis.js';
import { createTieredCache } from './tiered.js';

/** After a failed command Redis is left alone this long (a hung server would cost every request 200 ms). */
const BACKOFF_MS = 1000;

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
  const client: Redis = connectRedis(options.url, { connectionName: 'lawfirm-gateway' });
  // Subscriptions must survive reconnects: this connection queues its few commands instead.
  const subscriber: Redis = connectRedis(options.url, {
    connectionName: 'lawfirm-gateway-sub',
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });

  let suspendedUntil = 0;
  let degraded = false;
  let subscribed = false;
  let closed = false;
  let lastClientError = -Infinity;

  function noteDown(reason: string): void {
    if (degraded || closed) return;
    degraded = true;
    logger.warn({ reason }, 'redis unavailable; serving from memory');
  }
  const available = () => client.status === 'ready' && Date.now() >= suspendedUntil;
  const failed = (error: unknown) => {
    suspendedUntil = Date.now() + BACKOFF_MS;
    noteDown(error instanceof Error ? error.message : String(error));
  };
  // A timeout leaves the connection up: the first command that succeeds after it ends the outage.
  const succeeded = () => {
    if (!degraded || closed) return;
    degraded = false;
    logger.info('redis answering again; sharing the cache');
  };

  client.on('ready', () => {
    suspendedUntil = 0;
    if (degraded) logger.info('redis reachable again; sharing the cache');
    else logger.info('redis connected');
    degraded = false;
  });
  client.on('close', () => noteDown('connection closed'));
  const logClientError = (error: Error) => {
    // Reconnection attempts fail many times a minute while Redis is down; once is enough.
    const t = Date.now();
    if (t - lastClientError < 30_000) return;
    lastClientError = t;
    logger.debug({ err: error.message }, 'redis client error');
  };
  client.on('error', logClientError);
  subscriber.on('error', logClientError);

  const purgeListeners: Array<(request: PurgeRequest) => void> = [];
  const timeoutMs = options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const lock = createRedisLock(client, options.prefix, { available, failed, timeoutMs });
  subscriber.on('message', (channel: string, message: string) => {
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
  });
  void subscriber.subscribe(keys.purgeChannel, keys.releasedChannel).then(
    () => void (subscribed = true),
    (error: unknown) => logger.warn({ err: String(error) }, 'redis subscription failed'),
  );

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
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (client.status === 'ready' && subscribed) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return client.status === 'ready' && subscribed;
    },
    async close() {
      closed = true;
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
