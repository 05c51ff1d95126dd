// HTTP client for {WORDPRESS_URL}/wp-json/wp/v2 (or ?rest_route=/wp/v2, rest-address.ts). Every
// request has a timeout and a cap on the size of the answer it reads; GETs that fail on the network,
// with a 5xx or with an unusable body are
// retried with exponential backoff and jitter; a circuit breaker stops asking a WordPress that keeps
// failing. It counts requests and bytes for the benchmarks. Identical requests in flight are shared
// by the cache in front (cache/values.ts), which knows when a purge makes one not worth joining.
import {
  UpstreamError,
  buildQueryString,
  wordpressApiError,
  type RestGetOptions,
  type RestQuery,
  type RestResponse,
  type UpstreamErrorKind,
} from '../rest.js';
import { wpErrorSchema } from '../types.js';
import { createCircuitBreaker, type BreakerOptions, type CircuitBreaker } from './breaker.js';
import { readCappedBytes, TooLargeError } from './read-capped.js';
import { askAgainAt, isRefusedRedirect, restUrl } from './rest-address.js';

export interface WordPressClientOptions {
  /** WordPress site root, e.g. https://cms.example.in (no trailing slash needed). */
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  /** First backoff step; doubled on each retry, with full jitter, capped at maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called before each retry (for logs). */
  onRetry?: (info: { url: string; attempt: number; delayMs: number; error: UpstreamError }) => void;
  /**
   * Largest answer read, in bytes (default 16 MiB): a bigger one is abandoned as it streams in, so a
   * runaway WordPress cannot exhaust the gateway's memory.
   */
  maxResponseBytes?: number;
  /** Circuit breaker over every request to this WordPress; absent: none. */
  breaker?: CircuitBreaker | BreakerOptions;
  /** Called once when this WordPress is found to serve its API only at ?rest_route= (for logs). */
  onPlainAddresses?: () => void;
  /**
   * An Authorization header sent with every request (the application password, for drafts). With
   * it no redirect is followed, so the credentials never go anywhere but WordPress.
   */
  authorization?: string;
}

export type WordPressClient = ReturnType<typeof createWordPressClient>;

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Requests and bytes, in all and per path, and retries: what the benchmarks count. */
function emptyStats() {
  return {
    requests: 0,
    bytes: 0,
    retries: 0,
    byPath: {} as Record<string, { requests: number; bytes: number }>,
  };
}

function headerInt(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

const readCapped = async (response: Response, limit: number): Promise<string> =>
  (await readCappedBytes(response, limit)).toString('utf8');

function isWordPressFailure(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return true;
  if (error.kind === 'shape') return false;
  return error.kind === 'too-large' || error.retryable;
}

function isBreaker(value: CircuitBreaker | BreakerOptions): value is CircuitBreaker {
  return typeof (value as CircuitBreaker).acquire === 'function';
}

export function createWordPressClient(options: WordPressClientOptions) {
  /** Errors that are answers from something other than WordPress's REST API. */
  const notWordPress = new WeakSet<object>();
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const backoffBaseMs = options.backoffBaseMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const breaker = options.breaker
    ? isBreaker(options.breaker)
      ? options.breaker
      : createCircuitBreaker(options.breaker)
    : null;
  let stats = emptyStats();

  function count(path: string, bytes: number): void {
    stats.requests += 1;
    stats.bytes += bytes;
    const entry = (stats.byPath[path] ??= { requests: 0, bytes: 0 });
    entry.requests += 1;
    entry.bytes += bytes;
  }

  /**
   * One request, reported to the breaker: WordPress failing (network, timeout, 5xx, a body that is
   * not JSON or too large) is a failure; any answer it meant to give (4xx included, and JSON of an
   * unexpected shape) is a success, since WordPress itself is up.
   */
  async function attempt<T>(
    urlOf: () => string,
    path: string,
    parse: ((body: unknown) => T) | undefined,
    probe = false,
  ) {
    if (!breaker) return attemptOnce(urlOf, path, parse);
    let ticket = probe ? breaker.forceProbe() : breaker.acquire();
    // Half-open with its probe out: wait for the probe's outcome, then ask again (closed: go; open
    // again: refused as before).
    for (let pending = breaker.probeSettled(); !ticket.allowed && pending; pending = breaker.probeSettled()) {
      await pending;
      ticket = breaker.acquire();
    }
    if (!ticket.allowed) {
      throw new UpstreamError(
        `WordPress kept failing; not asking it again for ${Math.ceil(ticket.retryInMs / 1000)} s`,
        { kind: 'circuit-open', path },
      );
    }
    try {
      const result = await attemptOnce(urlOf, path, parse);
      breaker.success(ticket);
      return result;
    } catch (error) {
      if (isWordPressFailure(error)) breaker.failure(ticket);
      else breaker.success(ticket);
      throw error;
    }
  }

  /**
   * One request at the address `urlOf` gives. An answer that is not WordPress's (a page, a redirect
   * the credentials may not follow) at an address under /wp-json/ makes it ask whether this WordPress
   * serves its API at ?rest_route= instead (rest-address.ts); if so, the request is made again there.
   */
  async function attemptOnce<T>(
    urlOf: () => string,
    path: string,
    parse: ((body: unknown) => T) | undefined,
  ): Promise<RestResponse<T>> {
    const url = urlOf();
    try {
      return await askOnce(url, path, parse);
    } catch (error) {
      const again = notWordPress.has(error as object)
        ? await askAgainAt(options.baseUrl, url, urlOf, {
            fetch: doFetch,
            timeoutMs: options.timeoutMs,
            onFound: options.onPlainAddresses,
          })
        : null;
      if (again === null) throw error;
      return askOnce(again, path, parse);
    }
  }

  async function askOnce<T>(
    url: string,
    path: string,
    parse: ((body: unknown) => T) | undefined,
  ): Promise<RestResponse<T>> {
    const fail = (message: string, kind: UpstreamErrorKind, cause?: unknown) =>
      new UpstreamError(message, { kind, path, cause });
    /** An answer from something other than WordPress's REST API (see attemptOnce). */
    const foreign = (error: UpstreamError) => {
      notWordPress.add(error);
      return error;
    };
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'GET',
        headers: options.authorization
          ? { accept: 'application/json', authorization: options.authorization }
          : { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.authorization ? { redirect: 'error' as const } : {}),
      });
    } catch (error) {
      count(path, 0);
      if (isTimeout(error))
        throw fail(`WordPress did not answer within ${options.timeoutMs} ms`, 'timeout', error);
      if (isRefusedRedirect(error))
        throw foreign(
          fail('WordPress answered with a redirect, which credentials do not follow', 'network', error),
        );
      throw fail('WordPress is unreachable', 'network', error);
    }

    let text: string;
    try {
      text = await readCapped(response, maxResponseBytes);
    } catch (error) {
      if (error instanceof TooLargeError) {
        count(path, error.bytes);
        throw fail(`WordPress answered with more than ${maxResponseBytes} bytes`, 'too-large');
      }
      count(path, 0);
      const kind = isTimeout(error) ? 'timeout' : 'network';
      throw fail('WordPress closed the connection mid-answer', kind, error);
    }
    count(path, Buffer.byteLength(text));

    if (!response.ok) {
      let code: string | null = null;
      try {
        const parsed = wpErrorSchema.safeParse(JSON.parse(text));
        if (parsed.success) code = parsed.data.code;
      } catch {
        // An error page that is not JSON: the status says enough, and it is not the API's.
        throw foreign(wordpressApiError(response.status, path, null));
      }
      throw wordpressApiError(response.status, path, code);
    }

    const contentType = response.headers.get('content-type') ?? '';
    if (!/\bjson\b/i.test(contentType)) {
      throw foreign(
        fail(`WordPress answered with ${contentType || 'no content type'} instead of JSON`, 'malformed'),
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw fail('WordPress answered with a body that is not valid JSON', 'malformed', error);
    }
    let value: T;
    try {
      value = parse ? parse(body) : (body as T);
    } catch (error) {
      throw fail('WordPress answered with an unexpected shape', 'shape', error);
    }
    return {
      body: value,
      total: headerInt(response.headers, 'x-wp-total'),
      totalPages: headerInt(response.headers, 'x-wp-totalpages'),
    };
  }

  async function withRetries<T>(
    urlOf: () => string,
    path: string,
    retries: number,
    parse?: (body: unknown) => T,
    probe = false,
  ) {
    let previous: UpstreamError | null = null;
    for (let n = 0; ; n += 1) {
      try {
        return await attempt(urlOf, path, parse, probe);
      } catch (error) {
        const upstream = error instanceof UpstreamError ? error : null;
        // The circuit opened during our retries: what WordPress last said is the better reason.
        if (previous && upstream?.kind === 'circuit-open') throw previous;
        if (!upstream || !upstream.retryable || n >= retries) throw error;
        previous = upstream;
        const ceiling = Math.min(maxBackoffMs, backoffBaseMs * 2 ** n);
        const delayMs = Math.round(ceiling / 2 + (random() * ceiling) / 2);
        stats.retries += 1;
        options.onRetry?.({ url: urlOf(), attempt: n + 1, delayMs, error: upstream });
        await sleep(delayMs);
      }
    }
  }

  let inFlight = 0;
  return {
    kind: 'wordpress' as const,
    /** The REST API's root as it is reached now, e.g. https://cms.example.in/wp-json/wp/v2. */
    get apiRoot() {
      return restUrl(options.baseUrl, '/wp/v2');
    },
    get stats() {
      return stats;
    },
    /** Requests started and not yet settled (retries and their waits included). */
    get inFlight() {
      return inFlight;
    },
    breaker,
    resetStats() {
      stats = emptyStats();
    },
    get<T = unknown>(path: string, query?: RestQuery, opts?: RestGetOptions<T>): Promise<RestResponse<T>> {
      const route = `/wp/v2${path}`;
      const qs = buildQueryString(query);
      inFlight += 1;
      return withRetries(
        () => restUrl(options.baseUrl, route, qs),
        path,
        opts?.retries ?? options.retries,
        opts?.parse,
        opts?.probe === true,
      ).finally(() => (inFlight -= 1));
    },
  };
}
