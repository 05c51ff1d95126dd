// The delivery worker: takes enquiries from the outbox to WordPress, a few at a time, and appends a
// `delivered` marker for each. At start it replays every enquiry the outbox holds undelivered (a
// crash or restart between accepting and delivering loses nothing; WordPress's idempotency makes a
// repeat harmless).
//
// While WordPress is unreachable the whole queue waits, with exponential backoff and jitter, and
// then probes with one enquiry at a time until one gets through. An enquiry WordPress refuses on
// its own merits waits on its own backoff instead, so it cannot hold the others up.
import type { Logger } from 'pino';
import type { Outbox, OutboxEntry } from './outbox.js';
import { DeliveryError, type Deliver } from './wordpress.js';

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

export interface DeliveryOptions {
  outbox: Outbox;
  deliver: Deliver;
  logger: Logger;
  concurrency?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** Exponential backoff with "equal jitter": between half and all of min(max, initial * 2^(n-1)). */
export function backoffDelay(
  attempt: number,
  initialMs: number,
  maxMs: number,
  random: () => number,
): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createDeliveryWorker(options: DeliveryOptions) {
  const { outbox, deliver, logger } = options;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const initialMs = options.initialDelayMs ?? 1000;
  const maxMs = Math.max(initialMs, options.maxDelayMs ?? 300_000);
  const random = options.random ?? Math.random;

  const ready: OutboxEntry[] = [];
  const known = new Set<string>();
  const deferred = new Map<string, ReturnType<typeof setTimeout>>();
  const rejections = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  let running = false;
  let stopped = false;
  let streak = 0;
  let pausedUntil = 0;
  let pauseTimer: ReturnType<typeof setTimeout> | null = null;
  let delivered = 0;
  let failures = 0;
  let idleWaiters: Array<() => void> = [];

  function isIdle(): boolean {
    return ready.length === 0 && inFlight.size === 0 && deferred.size === 0;
  }

  function settleIdle(): void {
    if (!isIdle() && !stopped) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function pause(ms: number): void {
    pausedUntil = Date.now() + ms;
    if (pauseTimer) clearTimeout(pauseTimer);
    pauseTimer = setTimeout(() => {
      pauseTimer = null;
      pump();
    }, ms);
    pauseTimer.unref();
  }

  function pump(): void {
    if (!running || stopped || pauseTimer) return;
    // After a failure, one probe at a time until WordPress answers again.
    const limit = streak > 0 ? 1 : concurrency;
    while (inFlight.size < limit && ready.length > 0) {
      send(ready.shift() as OutboxEntry);
    }
    settleIdle();
  }

  function send(entry: OutboxEntry): void {
    const task = (async () => {
      const startedAt = Date.now();
      try {
        const receipt = await deliver(entry, abort.signal);
        streak = 0;
        rejections.delete(entry.key);
        try {
          await outbox.markDelivered(entry.key, receipt.postId);
        } catch (error) {
          // WordPress has it; a replay after restart is answered with the same post.
          logger.error(
            {
              key: entry.key,
              err: { message: (error as Error).message, code: (error as NodeJS.ErrnoException).code },
            },
            'enquiry delivered but the outbox could not record it',
          );
        }
        delivered += 1;
        known.delete(entry.key);
        logger.info(
          { key: entry.key, postId: receipt.postId, created: receipt.created },
          'enquiry delivered',
        );
      } catch (error) {
        if (stopped) return;
        failures += 1;
        const failure =
          error instanceof DeliveryError
            ? error
            : new DeliveryError((error as Error).message ?? 'delivery failed', 'retry', null, null);
        const detail = {
          key: entry.key,
          status: failure.status,
          code: failure.code,
          reason: failure.message,
        };
        if (failure.kind === 'rejected') {
          const attempt = (rejections.get(entry.key) ?? 0) + 1;
          rejections.set(entry.key, attempt);
          const delayMs = backoffDelay(attempt, initialMs, maxMs, random);
          logger.error(
            { ...detail, attempt, delayMs },
            'WordPress refused an enquiry; it stays in the outbox',
          );
          const timer = setTimeout(() => {
            deferred.delete(entry.key);
            ready.push(entry);
            pump();
          }, delayMs);
          timer.unref();
          deferred.set(entry.key, timer);
        } else {
          ready.unshift(entry);
          // Answers to requests sent before the pause began are the same outage, not a new one.
          if (startedAt >= pausedUntil || streak === 0) {
            streak += 1;
            const delayMs = backoffDelay(streak, initialMs, maxMs, random);
            logger.warn(
              { ...detail, streak, delayMs, queued: ready.length },
              'enquiry delivery failed; retrying',
            );
            pause(delayMs);
          }
        }
      }
    })();
    inFlight.add(task);
    void task.finally(() => {
      inFlight.delete(task);
      pump();
    });
  }

  function enqueue(entry: OutboxEntry): void {
    if (stopped || known.has(entry.key)) return;
    known.add(entry.key);
    ready.push(entry);
    pump();
  }

  return {
    /** Replays the outbox's undelivered enquiries, then keeps delivering what is enqueued. */
    async start() {
      if (running || stopped) return;
      running = true;
      const pending = await outbox.pending();
      if (pending.length > 0) logger.info({ pending: pending.length }, 'replaying undelivered enquiries');
      for (const entry of pending) enqueue(entry);
      pump();
    },
    enqueue,
    /** Resolves when nothing is queued, deferred or in flight. */
    idle() {
      if (isIdle() || stopped) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    stats: () => ({
      /** Waiting to be sent (including while WordPress is being waited for). */
      queued: ready.length,
      inFlight: inFlight.size,
      /** Refused by WordPress on their own merits, waiting for their next attempt. */
      deferred: deferred.size,
      delivered,
      /** Delivery attempts that failed, of any kind. */
      failures,
      /** WordPress was found unreachable this many times in a row (0 when the last attempt worked). */
      streak,
    }),
    /** Stops sending (requests in flight are abandoned; their enquiries stay in the outbox). */
    async stop() {
      if (stopped) return;
      stopped = true;
      if (pauseTimer) clearTimeout(pauseTimer);
      for (const timer of deferred.values()) clearTimeout(timer);
      deferred.clear();
      abort.abort();
      await Promise.allSettled([...inFlight]);
      settleIdle();
    },
  };
}
