// Delivery of one enquiry to WordPress: POST {WORDPRESS_URL}/wp-json/lawfirm/v1/enquiries (or at
// ?rest_route=, sources/wordpress/rest-address.ts) with the application password (Basic auth, server
// side only). The companion plugin's route is idempotent:
// it creates the private `enquiry` post once per idempotency key and answers with that post for
// every repeat, so a retry after a lost answer never makes a second one.
import { askAgainAt, isRefusedRedirect, restUrl } from '../sources/wordpress/rest-address.js';
import type { OutboxEntry } from './outbox.js';

const ENQUIRY_ROUTE = '/lawfirm/v1/enquiries';

export interface DeliveryReceipt {
  postId: number;
  /** False when WordPress already had the enquiry (an earlier attempt got through). */
  created: boolean;
}

/**
 * Why a delivery failed. `retry` (WordPress unreachable, overloaded, misconfigured, or the plugin
 * missing) holds every enquiry back until WordPress answers again; `rejected` (WordPress refused
 * this enquiry's content) holds back only this one. Neither drops it: the outbox keeps it.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    message: string,
    readonly kind: 'retry' | 'rejected',
    readonly status: number | null,
    /** WordPress's error code (e.g. rest_forbidden); never its message, which may quote input. */
    readonly code: string | null,
  ) {
    super(message);
  }
}

export type Deliver = (entry: OutboxEntry, signal: AbortSignal) => Promise<DeliveryReceipt>;

export interface WordPressDeliveryOptions {
  /** WordPress site root, no trailing slash. */
  url: string;
  user: string;
  appPassword: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The request body the plugin's route takes (see wordpress/plugin/.../includes/enquiries.php). */
export function enquiryPayload(entry: OutboxEntry): Record<string, string | null> {
  const e = entry.enquiry;
  return {
    idempotency_key: entry.key,
    received_at: entry.receivedAt,
    name: e.name,
    email: e.email,
    phone: e.phone,
    phone_e164: e.phoneE164,
    subject: e.subject,
    message: e.message,
    practice_area: e.practiceArea,
  };
}

function wpErrorCode(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'code' in body) {
    const code = (body as { code: unknown }).code;
    if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,80}$/.test(code)) return code;
  }
  return null;
}

export function createWordPressDelivery(options: WordPressDeliveryOptions): Deliver {
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`;

  /** One POST; `foreign` when what answered is not WordPress's API (a page, or a redirect). */
  async function send(
    endpoint: string,
    entry: OutboxEntry,
    signal: AbortSignal,
  ): Promise<{ res: Response; body: unknown; foreign: boolean } | { res: null; foreign: true }> {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': entry.key,
        },
        body: JSON.stringify(enquiryPayload(entry)),
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
        redirect: 'error',
      });
    } catch (error) {
      if (isRefusedRedirect(error)) return { res: null, foreign: true };
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
      throw new DeliveryError(`WordPress ${reason}`, 'retry', null, null);
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      return { res, body: null, foreign: true };
    }
    return { res, body, foreign: false };
  }

  return async (entry, signal) => {
    const endpoint = restUrl(options.url, ENQUIRY_ROUTE);
    let answer = await send(endpoint, entry, signal);
    const again = answer.foreign
      ? await askAgainAt(options.url, endpoint, () => restUrl(options.url, ENQUIRY_ROUTE), {
          fetch: doFetch,
          timeoutMs: options.timeoutMs,
        })
      : null;
    // The key makes a second POST safe: the plugin creates the enquiry once.
    if (again !== null) answer = await send(again, entry, signal);
    if (!answer.res) throw new DeliveryError('WordPress answered with a redirect', 'retry', null, null);
    const { res, body } = answer;
    if (res.status === 200 || res.status === 201) {
      const id = (body as { id?: unknown } | null)?.id;
      if (typeof id === 'number' && Number.isInteger(id) && id > 0) {
        return { postId: id, created: res.status === 201 };
      }
      throw new DeliveryError('WordPress answered without a post id', 'retry', res.status, null);
    }
    const code = wpErrorCode(body);
    // 400/413/422: this enquiry's content was refused. Anything else (401/403 credentials, 404 the
    // plugin's route missing, 408/429/5xx) is about WordPress, not the enquiry.
    const kind = res.status === 400 || res.status === 413 || res.status === 422 ? 'rejected' : 'retry';
    throw new DeliveryError(`WordPress answered ${res.status}`, kind, res.status, code);
  };
}
