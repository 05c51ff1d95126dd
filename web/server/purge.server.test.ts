// The web server's /purge hands WordPress's signed webhook to the real gateway (in this process, on
// loopback) with everything the gateway verifies: the body, the signature and the signed timestamp.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGateway,
  createHttpServer,
  listen,
  loadConfig,
  PURGE_MAX_AGE_S,
  purgeHeaders,
  type Gateway,
} from '@site/gateway';
import { createWebApp } from './app.server';
import { loadWebConfig } from './config.server';

const SECRET = 'a-long-enough-purge-secret';

describe('POST /purge on the web server', () => {
  let gateway: Gateway;
  let gatewayServer: FastifyInstance;
  let web: ReturnType<typeof createWebApp>;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    gateway = createGateway(loadConfig({ NODE_ENV: 'test', PURGE_SECRET: SECRET }), { logger });
    await gateway.start();
    gatewayServer = createHttpServer(gateway);
    await listen(gatewayServer, 0, '127.0.0.1');
    const gatewayPort = (gatewayServer.server.address() as AddressInfo).port;
    web = createWebApp({
      config: loadWebConfig({ NODE_ENV: 'test', GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/graphql` }),
      // A purge renders nothing.
      renderer: {
        render: () => Promise.reject(new Error('a purge must not render a page')),
      },
      assets: { boot: '', entry: '/assets/entry.js', preload: [], css: [] },
      siteName: 'Law Partners',
      logger,
    });
    await web.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(web.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await web.app.close();
    await gatewayServer.close();
    await gateway.stop();
  });

  const purge = (body: string, headers: Record<string, string>) =>
    fetch(`${base}/purge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('forwards the signature and its timestamp: a fresh signed purge is accepted', async () => {
    const body = JSON.stringify({ type: 'post', slug: 'legal-note-105' });
    const res = await purge(body, purgeHeaders(SECRET, body));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  });

  it('passes on the gateway refusing a replayed purge', async () => {
    const body = JSON.stringify({ type: 'post', slug: 'legal-note-105' });
    const res = await purge(body, purgeHeaders(SECRET, body, Date.now() - (PURGE_MAX_AGE_S + 5) * 1000));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Purge timestamp is too old' });
  });
});
