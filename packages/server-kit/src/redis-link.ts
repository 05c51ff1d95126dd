// One process's link to the shared Redis: a command connection that fails fast, a subscriber that
// survives reconnects (when the link listens on channels), and the bookkeeping of an outage (left
// alone for a second after a failed command, one log line per transition, connection errors logged
// at most every 30 s). The gateway's shared cache, the web server's shared page cache and both
// servers' rate limits stand on it.
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/** Replies slower than this count as a failure: a page must not wait on a sick cache. */
export const REDIS_COMMAND_TIMEOUT_MS = 200;

/** After a failed command Redis is left alone this long (a hung server would cost every request 200 ms). */
export const REDIS_BACKOFF_MS = 1000;

/**
 * The channel a gateway publishes on when content changes (a purge): every other gateway drops its
 * memory copies, every web server its rendered pages. Both services must agree on it (same REDIS_PREFIX).
 */
export function purgeChannelOf(prefix: string): string {
  return `${prefix}purge`;
}

/**
 * Rejects when Redis has not answered `ms` after the call. The deadline is judged only after the
 * event loop has read its sockets (a setImmediate queued by the timer runs after the poll phase):
 * a process that was busy for a while (a cold render) must not blame Redis for a reply already
 * waiting in its socket. ioredis's own commandTimeout fires in that case, so it is not used.
 */
export function withDeadline<T>(promise: Promise<T>, ms = REDIS_COMMAND_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => setImmediate(() => reject(new Error(`Redis did not answer within ${ms} ms`))),
      ms,
    );
  });
  const answer = promise.catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(String(error));
  });
  return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
}

/** SCAN patterns treat * ? [ ] \ specially; cache keys and prefixes may contain them. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** Deletes every key that starts with `prefix` (500 a round); returns how many there were. */
export async function deleteByPrefix(
  client: Redis,
  prefix: string,
  timed: <T>(promise: Promise<T>) => Promise<T> = (promise) => promise,
): Promise<number> {
  let cursor = '0';
  let n = 0;
  do {
    const [next, keys] = await timed(client.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', 500));
    cursor = next;
    if (keys.length > 0) n += await timed(client.del(...keys));
  } while (cursor !== '0');
  return n;
}

/**
 * A client that fails fast instead of queueing: no offline queue, no retries of a command, a short
 * connect timeout (commands get theirs from withDeadline); it reconnects in the background for ever.
 */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    ...options,
  });
}

export function openRedisLink(options: {
  url: string;
  /** The connections' names in CLIENT LIST: `{name}` and `{name}-sub`. */
  name: string;
  /** Channels to listen on; none opens no subscriber. */
  channels?: string[];
  onMessage?: (channel: string, message: string) => void;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
  /** What the process does meanwhile, for its log lines: 'serving from memory' / 'sharing the cache'. */
  words: { whileDown: string; whileUp: string };
}) {
  const { logger, words } = options;
  const channels = options.channels ?? [];
  const client = connectRedis(options.url, { connectionName: options.name });
  const subscriber =
    channels.length > 0
      ? connectRedis(options.url, {
          connectionName: `${options.name}-sub`,
          // Subscriptions must survive reconnects: this connection queues its few commands instead.
          enableOfflineQueue: true,
          maxRetriesPerRequest: null,
        })
      : null;

  let suspendedUntil = 0;
  let degraded = false;
  let subscribed = subscriber === null;
  let closed = false;
  let lastError = -Infinity;

  const noteDown = (reason: string) => {
    if (degraded || closed) return;
    degraded = true;
    logger.warn({ reason }, `redis unavailable; ${words.whileDown}`);
  };
  client.on('ready', () => {
    suspendedUntil = 0;
    logger.info(degraded ? `redis reachable again; ${words.whileUp}` : 'redis connected');
    degraded = false;
  });
  client.on('close', () => noteDown('connection closed'));
  const logError = (error: Error) => {
    // Reconnection attempts fail many times a minute while Redis is down; once is enough.
    const t = Date.now();
    if (t - lastError < 30_000) return;
    lastError = t;
    logger.debug({ err: error.message }, 'redis client error');
  };
  client.on('error', logError);
  if (subscriber) {
    subscriber.on('error', logError);
    if (options.onMessage) subscriber.on('message', options.onMessage);
    void subscriber.subscribe(...channels).then(
      () => void (subscribed = true),
      (error: unknown) => logger.warn({ err: String(error) }, 'redis subscription failed'),
    );
  }

  const isReady = () => client.status === 'ready' && subscribed;
  return {
    /** The command connection (fails fast; nothing queues while Redis is away). */
    client,
    /** Connected and not backing off after a failure: worth sending a command. */
    available: () => client.status === 'ready' && Date.now() >= suspendedUntil,
    /** A command failed or timed out: back off, and log the outage once. */
    failed(error: unknown) {
      suspendedUntil = Date.now() + REDIS_BACKOFF_MS;
      noteDown(error instanceof Error ? error.message : String(error));
    },
    // A timeout leaves the connection up: the first command that succeeds after it ends the outage.
    succeeded() {
      if (!degraded || closed) return;
      degraded = false;
      logger.info(`redis answering again; ${words.whileUp}`);
    },
    /** Resolves once connected (and subscribed, with channels), or false after `timeoutMs`. */
    async ready(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !isReady()) await new Promise((resolve) => setTimeout(resolve, 20));
      return isReady();
    },
    close() {
      closed = true;
      client.disconnect();
      subscriber?.disconnect();
    },
  };
}
