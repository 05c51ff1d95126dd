// One process's link to the shared Redis: a command connection that fails fast, a subscriber that
// survives reconnects, and the bookkeeping of an outage (left alone for a second after a failed
// command, one log line per transition, connection errors logged at most every 30 s). The gateway's
// shared cache and the web server's shared page cache both stand on it.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { connectRedis } from './redis.js';

/** After a failed command Redis is left alone this long (a hung server would cost every request 200 ms). */
export const REDIS_BACKOFF_MS = 1000;

export interface RedisLink {
  /** The command connection (fails fast; nothing queues while Redis is away). */
  readonly client: Redis;
  /** Connected and not backing off after a failure: worth sending a command. */
  available(): boolean;
  /** A command failed or timed out: back off, and log the outage once. */
  failed(error: unknown): void;
  /** A command succeeded: an outage that a timeout started is over. */
  succeeded(): void;
  /** Resolves once connected and subscribed, or false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export function openRedisLink(options: {
  url: string;
  /** The connections' names in CLIENT LIST: `{name}` and `{name}-sub`. */
  name: string;
  channels: string[];
  onMessage: (channel: string, message: string) => void;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
  /** What the process does meanwhile, for its log lines: 'serving from memory' / 'sharing the cache'. */
  words: { whileDown: string; whileUp: string };
}): RedisLink {
  const { logger, words } = options;
  const client = connectRedis(options.url, { connectionName: options.name });
  const subscriber = connectRedis(options.url, {
    connectionName: `${options.name}-sub`,
    // Subscriptions must survive reconnects: this connection queues its few commands instead.
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });

  let suspendedUntil = 0;
  let degraded = false;
  let subscribed = false;
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
  subscriber.on('error', logError);
  subscriber.on('message', options.onMessage);
  void subscriber.subscribe(...options.channels).then(
    () => void (subscribed = true),
    (error: unknown) => logger.warn({ err: String(error) }, 'redis subscription failed'),
  );

  const isReady = () => client.status === 'ready' && subscribed;
  return {
    client,
    available: () => client.status === 'ready' && Date.now() >= suspendedUntil,
    failed(error) {
      suspendedUntil = Date.now() + REDIS_BACKOFF_MS;
      noteDown(error instanceof Error ? error.message : String(error));
    },
    // A timeout leaves the connection up: the first command that succeeds after it ends the outage.
    succeeded() {
      if (!degraded || closed) return;
      degraded = false;
      logger.info(`redis answering again; ${words.whileUp}`);
    },
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !isReady()) await new Promise((resolve) => setTimeout(resolve, 20));
      return isReady();
    },
    close() {
      closed = true;
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
