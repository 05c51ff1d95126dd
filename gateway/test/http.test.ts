// The HTTP face: /graphql (GET, POST, CSRF prevention), /healthz, the signed /purge webhook, body
// limits, request ids, and the self-hosted sandbox. Servers listen on loopback port 0.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  createHttpServer,
  listen,
  PURGE_MAX_AGE_S,
  PURGE_MAX_SKEW_S,
  purgeHeaders,
  purgeTimestampProblem,
  signBody,
  verifySignature,
} from '../src/http.js';
import type { Gateway } from '../src/server.js';
import { startHarness, type Harness } from './harness.js';
import { BLOG_LIST } from './queries.js';

const SECRET = 'a-long-enough-purge-secret';

async function serve(gateway: Gateway, sandboxDir?: string) {
  const server = createHttpServer(gateway, sandboxDir ? { sandboxDir } : {});
  await listen(server, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { server, base };
}

function close(server: FastifyInstance) {
  return server.close();
}

describe('HTTP server', () => {
  let h: Harness;
  let server: FastifyInstance;
  let base: string;
  let sandboxDir: string;

  beforeAll(async () => {
    sandboxDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-'));
    await mkdir(path.join(sandboxDir, 'assets'));
    await writeFile(
      path.join(sandboxDir, 'index.html'),
      '<!doctype html><title>GraphiQL</title><div id="graphiql"></div>',
    );
    await writeFile(path.join(sandboxDir, 'assets', 'app-abc123.js'), 'console.log("sandbox")');
    h = await startHarness({ env: { PURGE_SECRET: SECRET, NODE_ENV: 'development' } });
    ({ server, base } = await serve(h.gateway, sandboxDir));
  });
  afterAll(async () => {
    await close(server);
    await h.close();
    await rm(sandboxDir, { recursive: true, force: true });
  });

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('answers a POSTed query', async () => {
    const res = await post(JSON.stringify({ query: BLOG_LIST, variables: { first: 3 } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { data: { posts: { nodes: unknown[] } } };
    expect(body.data.posts.nodes).toHaveLength(3);
  });

  it('says in Server-Timing how long the request waited on content and how long it took', async () => {
    const query = JSON.stringify({ query: BLOG_LIST, variables: { first: 4, page: 2 } });
    const timing = (res: Response) => {
      const header = res.headers.get('server-timing') ?? '';
      const match = /^wp;desc="WordPress or cache";dur=(\d+\.\d), gql;desc="Gateway";dur=(\d+\.\d)$/.exec(
        header,
      );
      expect(match, header).not.toBeNull();
      return { wp: Number(match![1]), gql: Number(match![2]) };
    };
    const cold = timing(await post(query));
    // The cold answer waited on the stand-in WordPress (a real HTTP request), within the whole.
    expect(cold.wp).toBeGreaterThan(0);
    expect(cold.wp).toBeLessThanOrEqual(cold.gql);
    // Asked again: answered from the response cache, no content read.
    expect(timing(await post(query)).wp).toBe(0);
  });

  it('answers from the response cache with the same bytes and the same policy headers', async () => {
    const query = JSON.stringify({ query: BLOG_LIST, variables: { first: 2, page: 3 } });
    const miss = await post(query, { 'x-request-id': 'cache-miss-1' });
    const missBody = await miss.text();
    const hit = await post(query, { 'x-request-id': 'cache-hit-1' });
    const hitBody = await hit.text();
    expect(miss.headers.get('x-response-cache')).toBeNull();
    expect(hit.headers.get('x-response-cache')).toBe('hit');
    expect(hitBody).toBe(missBody);
    expect(Number(hit.headers.get('content-length'))).toBe(Buffer.byteLength(missBody));
    expect(hit.headers.get('x-request-id')).toBe('cache-hit-1');
    for (const name of [
      'content-type',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-resource-policy',
    ]) {
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name));
      expect(hit.headers.get(name), name).not.toBeNull();
    }
    const logged = h.logs.find((l) => l.msg === 'request' && l.reqId === 'cache-hit-1');
    expect(logged).toMatchObject({ method: 'POST', path: '/graphql', status: 200, bytes: hitBody.length });
  });

  it('answers a GET query that carries a preflight header', async () => {
    const q = encodeURIComponent('{ site { name } }');
    const res = await fetch(`${base}/graphql?query=${q}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { site: { name: 'Law Partners' } } });
  });

  it('rejects a text/plain POST (CSRF prevention)', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ site { name } }' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Cross-Site Request Forgery/);
  });

  it('rejects a GET query without a preflight header (CSRF prevention)', async () => {
    const res = await fetch(`${base}/graphql?query=${encodeURIComponent('{ site { name } }')}`);
    expect(res.status).toBe(400);
  });

  it('answers invalid JSON with 400', async () => {
    const res = await post('{"query": ');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
      'The request body is not valid JSON.',
    );
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const huge = JSON.stringify({ query: '{ site { name } }', variables: { pad: 'x'.repeat(1024 * 1024) } });
    const res = await post(huge);
    expect(res.status).toBe(413);
  });

  it('serves /healthz', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, source: 'wordpress', cache: 'memory' });
  });

  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const given = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const bad = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const request = h.logs.find((l) => l.msg === 'request' && l.reqId === 'abc-123');
    expect(request).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
  });

  it('answers unknown paths with 404', async () => {
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('answers HEAD and other methods on /graphql with 405 and what it allows', async () => {
    for (const method of ['HEAD', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await fetch(`${base}/graphql`, { method });
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'GET, POST']);
    }
  });

  it('answers a Host no URL can carry with 400, and ignores forwarded hosts and schemes', async () => {
    const send = (headers: Record<string, string>, query = JSON.stringify({ query: '{ site { name } }' })) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          `${base}/graphql`,
          { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end(query);
      });
    // Refused before anything runs: the query it carries asks WordPress nothing.
    h.wp!.resetStats();
    const uncached = JSON.stringify({ query: BLOG_LIST, variables: { first: 7, page: 5 } });
    expect(await send({ host: 'a b' }, uncached)).toEqual({
      status: 400,
      body: '{"error":"Invalid Host header"}',
    });
    expect(h.wp!.stats.requests).toBe(0);
    expect((await send({ host: 'gateway.internal:4000' })).status).toBe(200);
    // Loopback is a trusted proxy here: what it passes on from a visitor must not break the request.
    const forwarded: Array<Record<string, string>> = [
      { 'x-forwarded-host': 'a b%' },
      { 'x-forwarded-proto': 'no such scheme' },
    ];
    for (const headers of forwarded) {
      const res = await send(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ data: { site: { name: 'Law Partners' } } });
    }
  });

  it('serves the self-hosted sandbox to a browser in development', async () => {
    const page = await fetch(`${base}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('GraphiQL');
    const asset = await fetch(`${base}/graphql/sandbox/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${base}/graphql/sandbox/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  describe('/purge', () => {
    const purge = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/purge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const now = () => Math.floor(Date.now() / 1000);
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { error: string }).error];

    it('refuses a missing or wrong signature with 401', async () => {
      const body = JSON.stringify({ type: 'post', slug: 'legal-note-105' });
      const timestamp = String(now());
      const signed = (signature: string) => ({
        'x-purge-timestamp': timestamp,
        'x-purge-signature': signature,
      });
      expect(await refusal(await purge(body, { 'x-purge-timestamp': timestamp }))).toEqual([
        401,
        'Invalid signature',
      ]);
      expect((await purge(body, signed(signBody('another-secret-entirely', body, timestamp)))).status).toBe(
        401,
      );
      expect((await purge(body, signed('sha256=zz'))).status).toBe(401);
      // Signed for a different body.
      expect((await purge(body, signed(signBody(SECRET, body + ' ', timestamp)))).status).toBe(401);
    });

    it('refuses a missing or garbled timestamp with 401, even with a signature of the body alone', async () => {
      const body = JSON.stringify({ type: 'post', slug: 'legal-note-105' });
      const bodyOnly = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
      const missing = await purge(body, { 'x-purge-signature': bodyOnly });
      expect(await refusal(missing)).toEqual([
        401,
        'Missing or malformed X-Purge-Timestamp (expected Unix seconds)',
      ]);
      for (const garbled of [
        '',
        'soon',
        `${now()}.5`,
        `-${now()}`,
        `0x${now().toString(16)}`,
        `${now()}, ${now()}`,
      ]) {
        const res = await purge(body, {
          'x-purge-timestamp': garbled,
          'x-purge-signature': signBody(SECRET, body, garbled),
        });
        expect(await refusal(res), garbled).toEqual([
          401,
          'Missing or malformed X-Purge-Timestamp (expected Unix seconds)',
        ]);
      }
    });

    it('refuses a replayed request older than 5 minutes and one from the future, purging nothing', async () => {
      await post(JSON.stringify({ query: BLOG_LIST, variables: { first: 20 } }));
      const body = JSON.stringify({ type: 'post', id: 105, slug: 'legal-note-105' });
      // A request WordPress really signed, captured and sent again after the window.
      const old = purgeHeaders(SECRET, body, Date.now() - (PURGE_MAX_AGE_S + 5) * 1000);
      expect(await refusal(await purge(body, old))).toEqual([401, 'Purge timestamp is too old']);
      // The captured signature with a fresh timestamp: the timestamp is signed too.
      const moved = { ...old, 'x-purge-timestamp': String(now()) };
      expect(await refusal(await purge(body, moved))).toEqual([401, 'Invalid signature']);
      const future = purgeHeaders(SECRET, body, Date.now() + (PURGE_MAX_SKEW_S + 60) * 1000);
      expect(await refusal(await purge(body, future))).toEqual([401, 'Purge timestamp is in the future']);

      // Nothing was dropped: the list still comes from the cache.
      h.wp!.resetStats();
      await post(JSON.stringify({ query: BLOG_LIST, variables: { first: 20 } }));
      expect(h.wp!.stats.requests).toBe(0);
    });

    it('accepts a timestamp a little ahead of its clock (skew between hosts)', async () => {
      const body = JSON.stringify({ type: 'page', slug: 'about' });
      const res = await purge(body, purgeHeaders(SECRET, body, Date.now() + 30_000));
      expect(res.status).toBe(200);
    });

    it('refuses a signed body of the wrong shape with 400', async () => {
      const body = JSON.stringify({ type: 'user', id: 1 });
      expect((await purge(body, purgeHeaders(SECRET, body))).status).toBe(400);
    });

    it('drops the item and its lists on a valid signature', async () => {
      await post(JSON.stringify({ query: BLOG_LIST, variables: { first: 20 } }));
      h.wp!.resetStats();
      await post(JSON.stringify({ query: BLOG_LIST, variables: { first: 20 } }));
      expect(h.wp!.stats.requests).toBe(0);

      const body = JSON.stringify({ type: 'post', id: 105, slug: 'legal-note-105' });
      const res = await purge(body, purgeHeaders(SECRET, body));
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { ok: boolean; purged: number };
      expect(answer.ok).toBe(true);
      expect(answer.purged).toBeGreaterThan(0);

      await post(JSON.stringify({ query: BLOG_LIST, variables: { first: 20 } }));
      expect(h.wp!.stats.log.map((l) => l.split('?')[0]).sort()).toEqual(['/categories', '/posts']);
    });
  });
});

describe('HTTP server in production', () => {
  let h: Harness;
  let server: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({ env: { NODE_ENV: 'production' } });
    ({ server, base } = await serve(h.gateway, os.tmpdir()));
  });
  afterAll(async () => {
    await close(server);
    await h.close();
  });

  it('has no sandbox and no purge endpoint without a secret', async () => {
    // A browser gets the page about the API (graphql-page.test.ts), not the sandbox.
    const page = await fetch(`${base}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/<script|graphiql/i);
    const body = JSON.stringify({ type: 'post', slug: 'x' });
    const res = await fetch(`${base}/purge`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...purgeHeaders('whatever-secret-1234', body),
      },
      body,
    });
    expect(res.status).toBe(404);
  });
});

describe('verifySignature', () => {
  it('accepts exactly sha256=<hex of HMAC-SHA256("{timestamp}.{body}")>', () => {
    const body = Buffer.from('{"type":"page","slug":"about"}');
    const good = signBody(SECRET, body, '1767225600');
    expect(good).toBe(
      `sha256=${createHmac('sha256', SECRET).update('1767225600.{"type":"page","slug":"about"}').digest('hex')}`,
    );
    expect(verifySignature(SECRET, body, good, '1767225600')).toBe(true);
    expect(
      verifySignature(SECRET, body, good.toUpperCase().replace('SHA256=', 'sha256='), '1767225600'),
    ).toBe(true);
    expect(verifySignature(SECRET, body, good.replace('sha256=', ''), '1767225600')).toBe(false);
    expect(verifySignature(SECRET, body, undefined, '1767225600')).toBe(false);
    expect(verifySignature(SECRET, body, `${good}00`, '1767225600')).toBe(false);
    // The same signature under another timestamp, or none.
    expect(verifySignature(SECRET, body, good, '1767225601')).toBe(false);
    expect(verifySignature(SECRET, body, good, undefined)).toBe(false);
  });
});

describe('purgeTimestampProblem', () => {
  const nowMs = 1_767_225_600_000;
  const at = (offsetS: number) => String(nowMs / 1000 + offsetS);

  it(`accepts up to ${PURGE_MAX_AGE_S} s old and ${PURGE_MAX_SKEW_S} s ahead`, () => {
    for (const offset of [0, -1, -PURGE_MAX_AGE_S, 1, PURGE_MAX_SKEW_S]) {
      expect(purgeTimestampProblem(at(offset), nowMs), String(offset)).toBeNull();
    }
  });

  it('refuses older, further ahead, missing and garbled timestamps', () => {
    expect(purgeTimestampProblem(at(-PURGE_MAX_AGE_S - 1), nowMs)).toBe('Purge timestamp is too old');
    expect(purgeTimestampProblem('0', nowMs)).toBe('Purge timestamp is too old');
    expect(purgeTimestampProblem(at(PURGE_MAX_SKEW_S + 1), nowMs)).toBe('Purge timestamp is in the future');
    expect(purgeTimestampProblem('999999999999', nowMs)).toBe('Purge timestamp is in the future');
    const garbled = [undefined, '', ' ', 'now', `${at(0)}.0`, `+${at(0)}`, `-${at(0)}`, `${at(0)} `, '1e9'];
    for (const value of [...garbled, '1'.repeat(13), [at(0)], [at(0), at(0)]]) {
      expect(purgeTimestampProblem(value, nowMs), JSON.stringify(value)).toBe(
        'Missing or malformed X-Purge-Timestamp (expected Unix seconds)',
      );
    }
  });
});
