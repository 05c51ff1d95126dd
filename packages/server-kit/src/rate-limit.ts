// Per-visitor rate limits, the same on both servers. @fastify/rate-limit decides when a request
// counts (its route hooks and `createRateLimit`, keys, exemptions, Retry-After); one store keeps the
// counts: a token bucket per limit and visitor, in Redis when REDIS_URL is set, so every replica
// spends from the same bucket, and in this process's memory otherwise (and while Redis is away).
//
// The plugin's own stores count fixed windows: a visitor gets `max` at the end of one window and
// `max` again at the start of the next (twice the burst at once), and one refused waits for the whole
// window to end instead of for one request's worth of refill (the write limit, 3 at once and 6 a
// minute, must take a mutation again 10 s after refusing one, not 30 s). They also read the wall
// clock, where the servers count time on their caches' clock. So the store here is the plugin's
// store interface (`incr`, `child`) over GCRA: a bucket kept as one timestamp, the moment it would
// be full again, in memory or atomically in Redis.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { isIP } from 'node:net';
import { deleteByPrefix, openRedisLink, REDIS_COMMAND_TIMEOUT_MS, withDeadline } from './redis-link.js';

/**
 * The key a client address is limited under: IPv4 as is; IPv6 by its /64, which one subscriber
 * usually holds whole (rotating through it must not buy fresh limits).
 */
export function rateKeyForAddress(address: string): string {
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A limit as the servers configure it: `burst` requests at once, refilled at `perMinute` (0: off). */
export interface LimitSetting {
  perMinute: number;
  burst: number;
}

/** A limit as @fastify/rate-limit states it: `max` requests at once, the whole of it refilled over `timeWindow` ms. */
export interface RateRule {
  max: number;
  timeWindow: number;
}

/** The rule of a setting; null when the limit is off. */
export function rateRule(setting: LimitSetting): RateRule | null {
  if (!(setting.perMinute > 0)) return null;
  const max = Math.max(1, Math.floor(setting.burst));
  return { max, timeWindow: Math.max(1, Math.round((max * 60_000) / setting.perMinute)) };
}

export interface Admission {
  allowed: boolean;
  /** When refused: whole seconds until one request is allowed again (the Retry-After value). */
  retryAfterS: number;
  /** Whole requests left in the bucket. */
  remaining: number;
}

interface Spent {
  allowed: boolean;
  /** Refused: milliseconds until a request is allowed. Allowed: 0. */
  waitMs: number;
  remaining: number;
}

/**
 * One request against a bucket that is full again at `fullAt` (GCRA): each request moves that moment
 * one interval (timeWindow / max) later; a request that would move it more than a whole window past
 * now is refused and moves nothing. Returns the new `fullAt` when allowed.
 */
function spend(fullAt: number | undefined, now: number, rule: RateRule): Spent & { fullAt?: number } {
  const interval = rule.timeWindow / rule.max;
  const next = Math.max(fullAt ?? now, now) + interval;
  const ahead = next - now;
  if (ahead > rule.timeWindow) return { allowed: false, waitMs: ahead - rule.timeWindow, remaining: 0 };
  return {
    allowed: true,
    waitMs: 0,
    remaining: Math.floor((rule.timeWindow - ahead) / interval),
    fullAt: next,
  };
}

// KEYS[1] a bucket; ARGV: now, interval and window in ms. Returns {allowed, waitMs, remaining} as
// strings (Redis would cut fractions off numbers). The same arithmetic as spend() above.
const TAKE = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local full = tonumber(redis.call('get', KEYS[1]) or '0')
if full < now then full = now end
local nxt = full + interval
local ahead = nxt - now
if ahead > window then return {'0', tostring(ahead - window), '0'} end
redis.call('set', KEYS[1], tostring(nxt), 'PX', math.ceil(ahead))
return {'1', '0', tostring(math.floor((window - ahead) / interval))}`;

const NO_BUDGET_HEADERS = {
  'x-ratelimit-limit': false,
  'x-ratelimit-remaining': false,
  'x-ratelimit-reset': false,
} as const;

type TakeCommand = (key: string, now: number, interval: number, window: number) => Promise<string[]>;

export type RateLimitState = 'memory' | 'redis' | 'redis-unavailable';

export interface RateLimitsOptions {
  /** Share the buckets through Redis (REDIS_URL); this process's memory alone without it. */
  redis?: { url: string; prefix: string; timeoutMs?: number; name: string } | null;
  logger: Pick<Logger, 'debug'>;
  /** The clock buckets refill on (the caches' clock, which tests move). */
  now?: () => number;
  /** Buckets kept in memory at most; the least recently used is forgotten first. */
  maxKeys?: number;
}

/** What a route hands to a limiter: who the visitor is, who is exempt, and the refusal to send. */
export interface RouteLimit {
  /** The visitor's key (rateKeyForAddress of their address). */
  key(request: FastifyRequest): string;
  /** Requests that spend nothing (a trusted proxy's own). */
  exempt?(request: FastifyRequest): boolean;
  /** The error the server's error handler turns into its 429 (Retry-After is already on the reply). */
  refused(request: FastifyRequest, retryAfterS: number): Error;
}

export type RateLimits = ReturnType<typeof createRateLimits>;
export type Limiter = ReturnType<RateLimits['limiter']>;

export function createRateLimits(options: RateLimitsOptions) {
  const now = options.now ?? Date.now;
  const memory = new Map<string, number>();
  const maxKeys = options.maxKeys ?? 100_000;
  const redis = options.redis ?? null;
  // The shared cache's link (the gateway's, the web server's pages) says at warn level when Redis
  // goes away and comes back; this one, to the same Redis, says so at debug level only.
  const quiet = options.logger.debug.bind(options.logger);
  const link = redis
    ? openRedisLink({
        url: redis.url,
        name: `${redis.name}-limits`,
        logger: { warn: quiet, info: quiet, debug: quiet },
        words: { whileDown: 'rate limits kept in memory', whileUp: 'sharing rate limits' },
      })
    : null;
  let take: TakeCommand | null = null;
  if (link) {
    link.client.defineCommand('siteRateTake', { numberOfKeys: 1, lua: TAKE });
    const client = link.client as Redis & { siteRateTake: TakeCommand };
    take = (...args) => client.siteRateTake(...args);
  }
  const timeoutMs = redis?.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const redisKey = (key: string) => `${redis?.prefix ?? ''}rate:${key}`;

  async function spendOne(key: string, rule: RateRule): Promise<Spent> {
    const t = now();
    if (link && take && link.available()) {
      try {
        const [allowed, waitMs, remaining] = await withDeadline(
          take(redisKey(key), t, rule.timeWindow / rule.max, rule.timeWindow),
          timeoutMs,
        );
        link.succeeded();
        return { allowed: allowed === '1', waitMs: Number(waitMs), remaining: Number(remaining) };
      } catch (error) {
        link.failed(error);
      }
    }
    const spent = spend(memory.get(key), t, rule);
    if (spent.fullAt !== undefined) {
      // The least recently spent bucket is forgotten first once maxKeys are kept: a flood of
      // addresses costs bounded memory, and a client pushed out only comes back with a full bucket.
      // (A Map keeps insertion order; a bucket spent from again moves to the end.)
      memory.delete(key);
      memory.set(key, spent.fullAt);
      if (memory.size > maxKeys) memory.delete(memory.keys().next().value as string);
    }
    return spent;
  }

  /** @fastify/rate-limit's store: every route and limiter spends from these buckets, keyed by name. */
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      spendOne(key, { max, timeWindow }).then(
        (spent) =>
          callback(null, {
            current: spent.allowed ? max - spent.remaining : max + 1,
            // The plugin's Retry-After is ceil(ttl / 1000): never 0 for a refusal.
            ttl: spent.allowed ? 0 : Math.max(1, spent.waitMs),
          }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    limiter(name: string, setting: LimitSetting) {
      const rule = rateRule(setting);
      const prefixed = (key: string) => `${name}:${key}`;
      return {
        name,
        rule,
        enabled: rule !== null,
        /** Spends one request of `key`'s bucket. */
        async take(key: string): Promise<Admission> {
          if (!rule) return { allowed: true, retryAfterS: 0, remaining: Number.POSITIVE_INFINITY };
          const spent = await spendOne(prefixed(key), rule);
          const retryAfterS = spent.allowed ? 0 : Math.max(1, Math.ceil(spent.waitMs / 1000));
          return { allowed: spent.allowed, retryAfterS, remaining: spent.remaining };
        },
        /** Empties this limit's buckets. */
        async clear() {
          for (const key of [...memory.keys()]) if (key.startsWith(prefixed(''))) memory.delete(key);
          if (link?.available()) await deleteByPrefix(link.client, redisKey(prefixed('')));
        },
        /** @fastify/rate-limit options spending from this limit (a route's `config.rateLimit`, or createRateLimit's); false when off. */
        route(limit: RouteLimit): RateLimitOptions | false {
          if (!rule) return false;
          const { exempt } = limit;
          return {
            max: rule.max,
            timeWindow: rule.timeWindow,
            keyGenerator: (request) => prefixed(limit.key(request)),
            ...(exempt ? { allowList: (request: FastifyRequest) => exempt(request) } : {}),
            errorResponseBuilder: (request, context) =>
              limit.refused(request, Math.max(1, Math.ceil(context.ttl / 1000))),
          };
        },
      };
    },
    /** Registers @fastify/rate-limit on `app` over these buckets; routes opt in with a limiter's `route()`. */
    register(app: FastifyInstance) {
      void app.register(fastifyRateLimit, {
        // Only routes (and createRateLimit callers) that hand over a limiter's options are limited.
        global: false,
        store: Store,
        // Refusals carry Retry-After; no request is told how much of its budget is left.
        addHeaders: { ...NO_BUDGET_HEADERS, 'retry-after': true },
        addHeadersOnExceeding: NO_BUDGET_HEADERS,
      });
    },
    /** Buckets held in this process's memory. */
    get size() {
      return memory.size;
    },
    state: (): RateLimitState => (link ? (link.available() ? 'redis' : 'redis-unavailable') : 'memory'),
    /** Resolves once Redis is connected (at once without it), or false after `timeoutMs`. */
    ready: (timeoutMs: number) => link?.ready(timeoutMs) ?? Promise.resolve(true),
    close: () => link?.close(),
  };
}
