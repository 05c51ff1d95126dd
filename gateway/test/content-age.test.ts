// The gateway's HTTP answers say how old their content is (Age), and a request from the web server
// may refuse content older than its `Cache-Control: max-age`, through the response cache and the
// content cache alike; a request from anyone else may not. Over a fake WordPress, on a moved clock.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../src/http.js';
import { startHarness, type Harness } from './harness.js';

const LIST = JSON.stringify({ query: '{ posts(first: 3) { nodes { title } } }' });

const open: Array<{ h: Harness; server: FastifyInstance }> = [];
afterEach(async () => {
  for (const { h, server } of open.splice(0)) {
    await server.close();
    await h.close();
  }
});

async function start(env: Record<string, string> = {}) {
  const h = await startHarness({ env: { RATE_LIMIT_GRAPHQL: '0', CONTENT_CACHE_TTL: '30', ...env } });
  const server = createHttpServer(h.gateway);
  await listen(server, 0, '127.0.0.1');
  open.push({ h, server });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  /** The post list by POST, as the web server asks; returns its Age and how it was answered. */
  const ask = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: LIST,
    });
    expect(res.status).toBe(200);
    await res.text();
    return { age: res.headers.get('age'), cached: res.headers.get('x-response-cache') === 'hit' };
  };
  return { h, ask };
}

describe('the age of the content in an answer', () => {
  it('is in every answer, counted from when WordPress was asked, and the response cache keeps it', async () => {
    const { h, ask } = await start();
    expect(await ask()).toEqual({ age: '0', cached: false });
    h.clock.advance(4_500);
    // From the response cache: stored 4.5 s ago, from an answer asked for then.
    expect(await ask()).toEqual({ age: '5', cached: true });
    h.clock.advance(15_000);
    // Executed again (the response cache keeps answers 10 s), from the content cache.
    expect(await ask()).toEqual({ age: '20', cached: false });
    expect(h.upstreamRequests()).toBe(1);
  });

  it('is bounded by the max-age the web server asks with: an older copy is asked for again', async () => {
    const { h, ask } = await start();
    await ask();
    h.clock.advance(20_000);
    await ask();
    const before = h.upstreamRequests();
    h.clock.advance(5_000);
    // 25 s old: still within the bound, from the response cache.
    expect(await ask({ 'cache-control': 'max-age=25' })).toEqual({ age: '25', cached: true });
    h.clock.advance(1);
    // 25.001 s old: the response cache's copy and the content cache's are both too old.
    expect(await ask({ 'cache-control': 'max-age=25' })).toEqual({ age: '0', cached: false });
    expect(h.upstreamRequests()).toBe(before + 1);
    // Others get the new answer too.
    expect((await ask()).age).toBe('0');
  });

  it('is not bounded by a client the gateway does not trust as a proxy', async () => {
    const { h, ask } = await start({ GATEWAY_TRUST_PROXY: 'none' });
    await ask();
    h.clock.advance(26_000);
    expect(await ask({ 'cache-control': 'max-age=0' })).toEqual({ age: '26', cached: false });
    expect(h.upstreamRequests()).toBe(1);
  });
});
