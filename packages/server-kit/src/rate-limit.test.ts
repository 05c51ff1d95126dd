import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimits, rateKeyForAddress, rateRule, type LimitSetting } from './rate-limit.js';

const quiet = { debug: () => {} };

function limiter(setting: LimitSetting, maxKeys?: number) {
  let t = 0;
  const limits = createRateLimits({ logger: quiet, now: () => t, ...(maxKeys ? { maxKeys } : {}) });
  return { limits, limit: limits.limiter('test', setting), advance: (ms: number) => void (t += ms) };
}

describe('rate limit keys', () => {
  it('limits IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(rateKeyForAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(rateKeyForAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateKeyForAddress('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(rateKeyForAddress('2001:0DB8:abcd:0012::99')).toBe('2001:db8:abcd:12::/64');
    expect(rateKeyForAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateKeyForAddress('::1')).toBe('0:0:0:0::/64');
  });
});

describe('rate rules', () => {
  it('state a burst refilled per minute as @fastify/rate-limit does: max per time window', () => {
    expect(rateRule({ perMinute: 300, burst: 60 })).toEqual({ max: 60, timeWindow: 12_000 });
    expect(rateRule({ perMinute: 6, burst: 3 })).toEqual({ max: 3, timeWindow: 30_000 });
    expect(rateRule({ perMinute: 0, burst: 3 })).toBeNull();
  });
});

describe('token buckets', () => {
  it('allow a burst, then refill at the per-minute rate', async () => {
    const { limit, advance } = limiter({ perMinute: 60, burst: 5 });
    for (let i = 0; i < 5; i++) expect((await limit.take('a')).allowed).toBe(true);
    expect(await limit.take('a')).toEqual({ allowed: false, retryAfterS: 1, remaining: 0 });
    advance(999);
    expect((await limit.take('a')).allowed).toBe(false);
    advance(1);
    expect((await limit.take('a')).allowed).toBe(true);
    expect((await limit.take('a')).allowed).toBe(false);
  });

  it('take again after one request’s worth of refill, not after a whole window', async () => {
    // 3 at once, 6 a minute: a request every 10 s once the burst is spent.
    const { limit, advance } = limiter({ perMinute: 6, burst: 3 });
    for (let i = 0; i < 3; i++) await limit.take('a');
    expect(await limit.take('a')).toEqual({ allowed: false, retryAfterS: 10, remaining: 0 });
    advance(10_000);
    expect(await limit.take('a')).toEqual({ allowed: true, retryAfterS: 0, remaining: 0 });
  });

  it('say how many are left, and how long to wait', async () => {
    const { limit } = limiter({ perMinute: 10, burst: 3 });
    expect((await limit.take('a')).remaining).toBe(2);
    expect((await limit.take('a')).remaining).toBe(1);
    expect((await limit.take('a')).remaining).toBe(0);
    expect((await limit.take('a')).retryAfterS).toBe(6);
  });

  it('keep clients and limits apart', async () => {
    const { limits, limit } = limiter({ perMinute: 60, burst: 1 });
    const other = limits.limiter('other', { perMinute: 60, burst: 1 });
    expect((await limit.take('a')).allowed).toBe(true);
    expect((await limit.take('a')).allowed).toBe(false);
    expect((await limit.take('b')).allowed).toBe(true);
    expect((await other.take('a')).allowed).toBe(true);
  });

  it('never hold more than the burst, however long a client was away', async () => {
    const { limit, advance } = limiter({ perMinute: 60, burst: 3 });
    advance(3_600_000);
    for (let i = 0; i < 3; i++) expect((await limit.take('a')).allowed).toBe(true);
    expect((await limit.take('a')).allowed).toBe(false);
  });

  it('remember a bounded number of clients', async () => {
    const { limits, limit } = limiter({ perMinute: 60, burst: 1 }, 100);
    for (let i = 0; i < 10_000; i++) await limit.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limits.size).toBe(100);
  });

  it('are emptied by clear(), one limit at a time', async () => {
    const { limits, limit } = limiter({ perMinute: 60, burst: 1 });
    const other = limits.limiter('other', { perMinute: 60, burst: 1 });
    await limit.take('a');
    await other.take('a');
    await limit.clear();
    expect((await limit.take('a')).allowed).toBe(true);
    expect((await other.take('a')).allowed).toBe(false);
  });

  it('0 per minute turns the limit off', async () => {
    const { limits, limit } = limiter({ perMinute: 0, burst: 1 });
    for (let i = 0; i < 1000; i++) expect((await limit.take('a')).allowed).toBe(true);
    expect(limit.enabled).toBe(false);
    expect(limits.size).toBe(0);
  });
});

describe('@fastify/rate-limit over the buckets', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  /** A server with one limited route; `x-visitor` names the visitor, `x-proxy` makes one exempt. */
  async function serve(setting: LimitSetting, t: { now: number }) {
    const limits = createRateLimits({ logger: quiet, now: () => t.now });
    const limit = limits.limiter('route', setting);
    app = Fastify();
    limits.register(app);
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ refused: error.message }),
    );
    const options = limit.route({
      key: (request) => String(request.headers['x-visitor']),
      exempt: (request) => request.headers['x-proxy'] === 'yes',
      refused: (_request, retryAfterS) =>
        Object.assign(new Error(`wait ${retryAfterS} s`), { statusCode: 429 }),
    });
    app.register(async (scope) => {
      scope.get('/limited', { config: { rateLimit: options } }, async () => 'ok');
      // A handler that decides for itself when a request counts (the web server's searches).
      const route = limit.route({ key: () => 'checked', refused: () => new Error('refused') });
      const check = route ? scope.createRateLimit(route) : null;
      scope.get('/checked', async (request) => {
        const verdict = await check!(request);
        return {
          refused: !verdict.isAllowed && verdict.isExceeded,
          wait: verdict.isAllowed ? 0 : verdict.ttlInSeconds,
        };
      });
    });
    await app.ready();
    return { limits, limit };
  }

  it('refuse past the burst with 429 and Retry-After, per visitor, and spare the exempt', async () => {
    const t = { now: 0 };
    const { limit } = await serve({ perMinute: 6, burst: 2 }, t);
    const get = async (headers: Record<string, string>) => {
      const res = await app!.inject({ url: '/limited', headers });
      return [res.statusCode, res.headers['retry-after'] ?? null, res.body];
    };
    expect(await get({ 'x-visitor': 'a' })).toEqual([200, null, 'ok']);
    expect(await get({ 'x-visitor': 'a' })).toEqual([200, null, 'ok']);
    expect(await get({ 'x-visitor': 'a' })).toEqual([429, '10', '{"refused":"wait 10 s"}']);
    expect(await get({ 'x-visitor': 'b' })).toEqual([200, null, 'ok']);
    for (let i = 0; i < 5; i++) expect((await get({ 'x-visitor': 'a', 'x-proxy': 'yes' }))[0]).toBe(200);
    // The route and the limiter spend from one bucket.
    t.now += 10_000;
    expect((await limit.take('a')).allowed).toBe(true);
    expect((await get({ 'x-visitor': 'a' }))[0]).toBe(429);
    // No request is told how much of its budget is left.
    const res = await app!.inject({ url: '/limited', headers: { 'x-visitor': 'c' } });
    expect(Object.keys(res.headers).filter((h) => h.includes('ratelimit'))).toEqual([]);
  });

  it('count a request where a handler asks (createRateLimit), in the same buckets', async () => {
    const t = { now: 0 };
    const { limit } = await serve({ perMinute: 60, burst: 2 }, t);
    const checked = async () =>
      (await app!.inject({ url: '/checked' })).json<{ refused: boolean; wait: number }>();
    expect(await checked()).toEqual({ refused: false, wait: 0 });
    expect(await checked()).toEqual({ refused: false, wait: 0 });
    expect(await checked()).toEqual({ refused: true, wait: 1 });
    t.now += 1000;
    expect((await limit.take('checked')).allowed).toBe(true);
    expect((await checked()).refused).toBe(true);
  });

  it('leave a route alone when its limit is off', async () => {
    const limits = createRateLimits({ logger: quiet });
    expect(
      limits.limiter('off', { perMinute: 0, burst: 5 }).route({ key: () => 'a', refused: () => new Error() }),
    ).toBe(false);
  });
});
