// Enquiries as the gateway runs them: the outbox every enquiry is written to first, the worker that
// delivers them to WordPress (when there is one and credentials for it), and the per-address limit.
// Personal data stays in the outbox and the request to WordPress: log lines carry keys and counts.
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import { rateKeyForAddress, type Admission, type Limiter } from '@site/server-kit';
import { createDeliveryWorker, type DeliveryWorker } from './delivery.js';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.js';
import type { Enquiry } from './schema.js';
import { createWordPressDelivery, type Deliver } from './wordpress.js';

export type EnquiryMode = 'wordpress' | 'outbox';

export type EnquiryService = ReturnType<typeof createEnquiryService>;

export interface EnquiryDeps {
  outbox?: Outbox;
  /** Replaces the HTTP delivery to WordPress (tests). */
  deliver?: Deliver;
  /** ENQUIRY_RATE_LIMIT per ENQUIRY_RATE_WINDOW and address; without one, nothing is limited. */
  rateLimiter?: Limiter;
  /** Delivery worker tuning (tests use short delays). */
  concurrency?: number;
  initialDelayMs?: number;
  random?: () => number;
}

export function createEnquiryService(config: GatewayConfig, logger: Logger, deps: EnquiryDeps = {}) {
  const settings = config.enquiries;
  const outbox = deps.outbox ?? createOutbox({ dir: settings.outboxDir });
  const limiter = deps.rateLimiter;
  const log = logger.child({ component: 'enquiries' });

  let deliver: Deliver | null = deps.deliver ?? null;
  if (!deliver && config.wordpressUrl && settings.wordpressUser && settings.wordpressAppPassword) {
    deliver = createWordPressDelivery({
      url: config.wordpressUrl,
      user: settings.wordpressUser,
      appPassword: settings.wordpressAppPassword,
      // A write does more work than a read; give it room before calling it lost.
      timeoutMs: Math.max(config.upstream.timeoutMs, 15_000),
    });
  }
  const worker: DeliveryWorker | null = deliver
    ? createDeliveryWorker({ ...deps, outbox, deliver, logger: log, maxDelayMs: settings.retryMaxMs })
    : null;

  return {
    /** 'wordpress': delivered as they come; 'outbox': kept for staff (`npm run enquiries`). */
    mode: (worker ? 'wordpress' : 'outbox') as EnquiryMode,
    outbox,
    /** Counts one submission from this client address against its limit. */
    admit: async (clientIp: string): Promise<Admission> =>
      limiter
        ? limiter.take(rateKeyForAddress(clientIp))
        : { allowed: true, retryAfterS: 0, remaining: Number.POSITIVE_INFINITY },
    /** Durably stores the enquiry, then hands it to delivery. */
    async accept(enquiry: Enquiry): Promise<OutboxEntry> {
      const entry = await outbox.append(enquiry);
      worker?.enqueue(entry);
      return entry;
    },
    async start() {
      // Refuses to start (rather than keep personal data where others can read it) when an existing
      // outbox cannot be made private; unlike the replay below, that is not retried later.
      await outbox.makePrivate();
      if (!worker) {
        if (config.wordpressUrl) {
          log.warn(
            'WORDPRESS_USER and WORDPRESS_APP_PASSWORD are not set: enquiries are kept in the outbox (npm run enquiries)',
          );
        }
        return;
      }
      try {
        await worker.start();
      } catch (error) {
        // The site must keep serving pages; the replay is tried again at the next start.
        log.error(
          { err: { message: (error as Error).message, code: (error as NodeJS.ErrnoException).code } },
          'could not read the enquiry outbox',
        );
      }
    },
    async stop() {
      await worker?.stop();
      await outbox.close();
    },
    /** Resolves when every enquiry handed to delivery has been delivered (or delivery stopped). */
    idle: () => worker?.idle() ?? Promise.resolve(),
    stats: () => worker?.stats() ?? null,
  };
}
