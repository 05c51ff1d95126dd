// Rendered pages shared by every web replica through Redis (REDIS_URL), and the gateway's purge
// channel: when WordPress publishes, the gateway that received the webhook publishes on
// `{prefix}purge` and every web replica drops its rendered pages. The key and channel names follow
// gateway/src/cache/redis.ts, which both services must agree on (same REDIS_PREFIX).
// Redis failing never fails a page: commands time out after 200 ms, nothing queues while it is
// away, and after a failure it is left alone for a second while memory answers.
import type { Logger } from 'pino';
import { REDIS_COMMAND_TIMEOUT_MS, connectRedis, withDeadline } from '../../gateway/src/cache/redis.js';
import type { CachedPage, SharedPageStore } from './page-cache.server';

const BACKOFF_MS = 1000;
/**
 * Gateway replicas learn of a purge from the same message, each a moment apart; a page rendered in
 * that moment may hold content a lagging replica had not dropped yet. A second drop settles it.
 */
export const PURGE_SETTLE_MS = 500;

export type PageCacheState = 'memory' | 'redis' | 'redis-unavailable';

export interface RedisPages {
  store: SharedPageStore;
  state(): PageCacheState;
  /** Resolves once connected and subscribed, or false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): void;
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

export function connectRedisPages(options: {
  url: string;
  prefix: string;
  /** A command unanswered for this long counts as Redis failing (default 200 ms). */
  timeoutMs?: number;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
  /** Content changed (a purge from any gateway replica): drop what was rendered from it. */
  onPurge: () => void;
}): RedisPages {
  const { logger, prefix } = options;
  const timed = <T>(promise: Promise<T>) =>
    withDeadline(promise, options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS);
  const client = connectRedis(options.url, { connectionName: 'lawfirm-web' });
  const subscriber = connectRedis(options.url, {
    connectionName: 'lawfirm-web-sub',
    // Subscriptions must survive reconnects: this connection queues its few commands instead.
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });
  const pageKey = (key: string) => `${prefix}page:${key}`;
  const channel = `${prefix}purge`;

  let suspendedUntil = 0;
  let degraded = false;
  let closed = false;
  let subscribed = false;
  let lastError = -Infinity;
  const settleTimers = new Set<NodeJS.Timeout>();

  const available = () => client.status === 'ready' && Date.now() >= suspendedUntil;
  const noteDown = (reason: string) => {
    if (degraded || closed) return;
    degraded = true;
    logger.warn({ reason }, 'redis unavailable; page cache in memory');
  };
  const failed = (error: unknown) => {
    suspendedUntil = Date.now() + BACKOFF_MS;
    noteDown(error instanceof Error ? error.message : String(error));
  };
  // A timeout leaves the connection up: the first command that succeeds after it ends the outage.
  const succeeded = () => {
    if (!degraded || closed) return;
    degraded = false;
    logger.info('redis answering again; sharing pages');
  };
  client.on('ready', () => {
    suspendedUntil = 0;
    logger.info(degraded ? 'redis reachable again; sharing pages' : 'redis connected');
    degraded = false;
  });
  client.on('close', () => noteDown('connection closed'));
  const logError = (error: Error) => {
    const t = Date.now();
    if (t - lastError < 30_000) return;
    lastError = t;
    logger.debug({ err: error.message }, 'redis client error');
  };
  client.on('error', logError);
  subscriber.on('error', logError);

  subscriber.on('message', (from: string) => {
    if (from !== channel) return;
    options.onPurge();
    const timer = setTimeout(() => {
      settleTimers.delete(timer);
      options.onPurge();
    }, PURGE_SETTLE_MS);
    timer.unref();
    settleTimers.add(timer);
  });
  void subscriber.subscribe(channel).then(
    () => void (subscribed = true),
    (error: unknown) => logger.warn({ err: String(error) }, 'redis subscription failed'),
  );

  const store: SharedPageStore = {
    available,
    async get(key) {
      try {
        const raw = await timed(client.get(pageKey(key)));
        succeeded();
        return raw === null ? null : (JSON.parse(raw) as CachedPage);
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    async set(key, page, retainMs) {
      if (!available()) return;
      try {
        await timed(client.set(pageKey(key), JSON.stringify(page), 'PX', Math.max(1, Math.ceil(retainMs))));
      } catch (error) {
        failed(error);
      }
    },
    async clear() {
      if (!available()) return;
      try {
        let cursor = '0';
        do {
          const [next, keys] = await timed(
            client.scan(cursor, 'MATCH', `${escapeGlob(pageKey(''))}*`, 'COUNT', 500),
          );
          cursor = next;
          if (keys.length > 0) await timed(client.del(...keys));
        } while (cursor !== '0');
      } catch (error) {
        failed(error);
      }
    },
  };

  return {
    store,
    state: () => (available() ? 'redis' : 'redis-unavailable'),
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (client.status === 'ready' && subscribed) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return client.status === 'ready' && subscribed;
    },
    close() {
      closed = true;
      for (const timer of settleTimers) clearTimeout(timer);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
