import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWordPress, type FakeWordPress } from '../../../test/fake-wordpress.js';
import { fixtureSnapshot } from '../../../test/fixtures/snapshot.js';
import { UpstreamError } from '../rest.js';
import { listParser, wpPostSchema } from '../types.js';
import { createWordPressClient, type WordPressClientOptions } from './client.js';

let wp: FakeWordPress;
const delays: number[] = [];

beforeAll(async () => {
  wp = await startFakeWordPress({ snapshot: fixtureSnapshot() });
});
afterAll(() => wp.close());
afterEach(async () => {
  await wp.fault(null);
  wp.resetStats();
  delays.length = 0;
});

function client(overrides: Partial<WordPressClientOptions> = {}) {
  return createWordPressClient({
    baseUrl: wp.url,
    timeoutMs: 2000,
    retries: 2,
    // Backoff delays are recorded, not waited for.
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('WordPress client', () => {
  it('asks {WORDPRESS_URL}/wp-json/wp/v2{path} and reads X-WP-Total / X-WP-TotalPages', async () => {
    const c = client();
    const res = await c.get('/posts', { per_page: 5, status: 'publish', _fields: ['id', 'slug'] });
    expect(c.apiRoot).toBe(`${wp.url}/wp-json/wp/v2`);
    expect(wp.stats.log).toEqual(['/posts?per_page=5&status=publish&_fields=id,slug']);
    expect(res.body).toHaveLength(5);
    expect(res.total).toBe(24);
    expect(res.totalPages).toBe(5);
    expect(c.stats.requests).toBe(1);
    expect(c.stats.bytes).toBe(wp.stats.bytes);
    expect(c.stats.byPath['/posts']?.requests).toBe(1);
  });

  it('encodes slugs and search strings of any characters', async () => {
    const c = client();
    const res = await c.get('/posts', { slug: ['a&b=c', 'तलाक'], search: 'x y&z#\u0000' });
    expect(res.body).toEqual([]);
    expect(wp.stats.log[0]).toBe(
      '/posts?slug=a%26b%3Dc,%E0%A4%A4%E0%A4%B2%E0%A4%BE%E0%A4%95&search=x%20y%26z%23%00',
    );
  });

  it("raises 'WordPress API error: {status}' for a non-OK answer and keeps WordPress's code", async () => {
    const c = client();
    const error = await failure(c.get('/posts', { per_page: 500 }));
    expect(error.message).toBe('WordPress API error: 400');
    expect(error.status).toBe(400);
    expect(error.code).toBe('rest_invalid_param');
    // 4xx is not retried.
    expect(wp.stats.requests).toBe(1);
  });

  it("retries a 500 with backoff, then raises 'WordPress API error: 500'", async () => {
    await wp.fault('500');
    const c = client();
    const error = await failure(c.get('/posts'));
    expect(error.message).toBe('WordPress API error: 500');
    expect(wp.stats.requests).toBe(3);
    expect(c.stats.retries).toBe(2);
    // Exponential: the second wait is twice the first (jitter fixed at 0.5 here).
    expect(delays).toHaveLength(2);
    expect(delays[1]).toBe((delays[0] ?? 0) * 2);
  });

  it('recovers when a retry succeeds', async () => {
    await wp.fault('503', { times: 1 });
    const c = client();
    const res = await c.get('/categories', { hide_empty: true });
    expect(Array.isArray(res.body)).toBe(true);
    expect(wp.stats.requests).toBe(2);
  });

  it('does not retry when retries is 0 (the connection check)', async () => {
    await wp.fault('502');
    const c = client();
    const error = await failure(c.get('/practice_areas', { per_page: 1 }, { retries: 0 }));
    expect(error.message).toBe('WordPress API error: 502');
    expect(wp.stats.requests).toBe(1);
  });

  it('times out a request that never answers, and retries it', async () => {
    await wp.fault('timeout');
    const c = client({ timeoutMs: 150, retries: 1 });
    const error = await failure(c.get('/posts'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('WordPress did not answer within 150 ms');
    expect(wp.stats.requests).toBe(2);
  });

  it('treats a body that is not JSON as an upstream error, like a 5xx', async () => {
    await wp.fault('malformed');
    const c = client({ retries: 1 });
    const error = await failure(c.get('/posts'));
    expect(error.kind).toBe('malformed');
    expect(wp.stats.requests).toBe(2);
  });

  it('treats a non-JSON content type as an upstream error', async () => {
    await wp.fault('wrong-content-type');
    const error = await failure(client({ retries: 0 }).get('/posts'));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('text/html');
  });

  it('treats a body of the wrong shape as an upstream error', async () => {
    await wp.fault('wrong-shape');
    const error = await failure(
      client({ retries: 0 }).get('/posts', {}, { parse: listParser(wpPostSchema) }),
    );
    expect(error.kind).toBe('shape');
    expect(error.retryable).toBe(true);
  });

  it('treats a connection dropped mid-body as a network error', async () => {
    await wp.fault('truncated');
    const error = await failure(client({ retries: 0 }).get('/posts'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('WordPress closed the connection mid-answer');
  });

  it('treats a refused connection as a network error and retries it', async () => {
    await wp.fault('refused');
    const c = client({ retries: 2 });
    const error = await failure(c.get('/posts'));
    expect(error.kind).toBe('network');
    expect(c.stats.requests).toBe(3);
    expect(wp.stats.requests).toBe(0);
  });

  it('sends every request it is given: sharing one in flight is the cache’s, which knows of purges', async () => {
    const c = client();
    const [a, b] = await Promise.all([c.get('/posts', { per_page: 3 }), c.get('/posts', { per_page: 3 })]);
    expect(a.body).toEqual(b.body);
    expect(wp.stats.requests).toBe(2);
    expect(c.stats.requests).toBe(2);
  });
});
