// Rendered pages shared by every web replica through Redis (REDIS_URL), and the gateway's purge
// channel: when WordPress publishes, the gateway that received the webhook publishes on
// `{prefix}purge` and every web replica drops its rendered pages. The key and channel names follow
// gateway/src/cache/redis.ts, which both services must agree on (same REDIS_PREFIX).
// Redis failing never fails a page: commands time out after 200 ms, nothing queues while it is
// away, and after a failure it is left alone for a second while memory answers.
import type { Logger } from 'pino';
import {
  REDIS_COMMAND_TIMEOUT_MS,
  escapeGlob,
  redisKeys,
  withDeadline,
} from '../../gateway/src/cache/redis.js';
import { openRedisLink } from '../../gateway/src/cache/redis-link.js';
import type { CachedPage, SharedPageStore } from './page-cache.server';

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
  const pageKey = (key: string) => `${prefix}page:${key}`;
  const channel = redisKeys(prefix).purgeChannel;
  const settleTimers = new Set<NodeJS.Timeout>();
  const link = openRedisLink({
    url: options.url,
    name: 'lawfirm-web',
    channels: [channel],
    onMessage: (from) => {
      if (from !== channel) return;
      options.onPurge();
      const timer = setTimeout(() => {
        settleTimers.delete(timer);
        options.onPurge();
      }, PURGE_SETTLE_MS);
      timer.unref();
      settleTimers.add(timer);
    },
    logger,
    words: { whileDown: 'page cache in memory', whileUp: 'sharing pages' },
  });
  const { client, available, failed, succeeded } = link;

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
    ready: (timeoutMs) => link.ready(timeoutMs),
    close() {
      for (const timer of settleTimers) clearTimeout(timer);
      link.close();
    },
  };
}
