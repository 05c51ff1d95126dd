// Which requests spend from the /graphql bucket, by GATEWAY_TRUST_PROXY: the web server's own page
// renders (loopback, no X-Forwarded-For) are exempt only when the peer is named by address; with a
// hop count every peer is whoever connects, and nobody is exempt. Servers listen on loopback port 0.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../src/http.js';
import { startHarness, type Harness } from './harness.js';

let running: Array<{ h: Harness; server: FastifyInstance }> = [];
afterEach(async () => {
  for (const { h, server } of running) {
    await server.close();
    await h.close();
  }
  running = [];
});

/** A gateway whose /graphql bucket holds 2 requests and (on the harness's still clock) never refills. */
async function gatewayTrusting(trust: string | undefined) {
  const h = await startHarness({
    mode: 'embedded',
    env: {
      RATE_LIMIT_GRAPHQL: '1',
      RATE_LIMIT_GRAPHQL_BURST: '2',
      ...(trust === undefined ? {} : { GATEWAY_TRUST_PROXY: trust }),
    },
  });
  const server = createHttpServer(h.gateway);
  await listen(server, 0, '127.0.0.1');
  running.push({ h, server });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/graphql`;
  /** Statuses of `n` requests, sent one after another from loopback. */
  return async (n: number, headers: Record<string, string> = {}) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ site { name } }' }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  };
}

describe('the /graphql rate limit and trusted proxies', () => {
  it('leaves the web server’s own renders unlimited under the default (loopback)', async () => {
    const send = await gatewayTrusting(undefined);
    expect(await send(5)).toEqual([200, 200, 200, 200, 200]);
    // The visitors it renders for are limited by their own address.
    expect(await send(3, { 'x-forwarded-for': '203.0.113.7' })).toEqual([200, 200, 429]);
  });

  it.each(['1', '2'])('with a hop count (%s) limits a peer that sends no X-Forwarded-For', async (hops) => {
    const send = await gatewayTrusting(hops);
    expect(await send(3)).toEqual([200, 200, 429]);
  });

  it('with a hop count limits each forwarded visitor by the address the hops resolve', async () => {
    const send = await gatewayTrusting('1');
    expect(await send(3, { 'x-forwarded-for': '198.51.100.1' })).toEqual([200, 200, 429]);
    expect(await send(1, { 'x-forwarded-for': '198.51.100.2' })).toEqual([200]);
  });

  it('exempts only the peers an address list names', async () => {
    const send = await gatewayTrusting('10.0.0.0/8');
    // Loopback is not in this list: the same requests are limited.
    expect(await send(3)).toEqual([200, 200, 429]);
  });
});
