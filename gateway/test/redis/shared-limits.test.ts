// Per-visitor limits shared by replicas through one redis-server: a visitor spends from one bucket
// whichever gateway (or web server) the load balancer sends them to, and without Redis each
// process still limits on its own. Two gateways in this process; two web servers as child processes
// running the production server over one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from '../../src/config.js';
import { createHttpServer, listen } from '../../src/http.js';
import { createGateway, type Gateway } from '../../src/server.js';
import { freePort, startRedisServer, type RedisServer } from './redis-server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const QUERY = JSON.stringify({ query: '{ site { name } }' });

interface Running {
  gateway: Gateway;
  app: FastifyInstance;
  url: string;
}

async function startGateway(env: Env): Promise<Running> {
  const gateway = createGateway(loadConfig({ NODE_ENV: 'test', ...env }), {
    logger: pino({ level: 'silent' }),
  });
  await gateway.start();
  const app = createHttpServer(gateway);
  await listen(app, 0, '127.0.0.1');
  return { gateway, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql` };
}

async function stopGateway(g: Running | undefined) {
  await g?.app.close();
  await g?.gateway.stop();
}

/** The status of one query sent to `url` on behalf of `visitor` (the gateway trusts loopback). */
async function ask(url: string, visitor: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
    body: QUERY,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Statuses of requests sent to each server in turn. */
async function alternate(urls: string[], n: number, send: (url: string) => Promise<number>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push(await send(urls[i % urls.length]!));
  return statuses;
}

// 3 at once, one a minute after that: nothing refills while a test runs.
const LIMIT = { RATE_LIMIT_GRAPHQL: '1', RATE_LIMIT_GRAPHQL_BURST: '3' };

describe('two gateways sharing one Redis', () => {
  let redis: RedisServer;
  let gateways: Running[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: `limits-${randomUUID().slice(0, 8)}:`, ...LIMIT };
    gateways = [await startGateway(env), await startGateway(env)];
  });
  afterAll(async () => {
    for (const g of gateways) await stopGateway(g);
    await redis?.stop();
  });

  it("spend one visitor's requests from one bucket, whichever gateway answers", async () => {
    for (const g of gateways) expect(g.gateway.rateLimits.state()).toBe('redis');
    const urls = gateways.map((g) => g.url);
    expect(await alternate(urls, 6, (url) => ask(url, '198.51.100.7'))).toEqual([
      200, 200, 200, 429, 429, 429,
    ]);
    // Another visitor has a bucket of their own, on both.
    expect(await alternate(urls, 2, (url) => ask(url, '198.51.100.8'))).toEqual([200, 200]);
  });

  it('keep limiting each process on its own while Redis is away, and share again once it is back', async () => {
    await redis.kill();
    const urls = gateways.map((g) => g.url);
    // Answered, never an error: each gateway has its own bucket in memory meanwhile.
    expect(await alternate(urls, 8, (url) => ask(url, '198.51.100.9'))).toEqual([
      200, 200, 200, 200, 200, 200, 429, 429,
    ]);
    for (const g of gateways) expect(g.gateway.rateLimits.state()).toBe('redis-unavailable');
    await redis.restart();
    for (let i = 0; i < 200 && !gateways.every((g) => g.gateway.rateLimits.state() === 'redis'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await alternate(urls, 4, (url) => ask(url, '198.51.100.10'))).toEqual([200, 200, 200, 429]);
  });
});

describe('each gateway on its own without Redis', () => {
  let gateways: Running[] = [];
  afterAll(async () => {
    for (const g of gateways) await stopGateway(g);
  });

  it('gives a visitor a bucket on each (what sharing replaces)', async () => {
    gateways = [await startGateway(LIMIT), await startGateway(LIMIT)];
    const urls = gateways.map((g) => g.url);
    expect(await alternate(urls, 8, (url) => ask(url, '198.51.100.7'))).toEqual([
      200, 200, 200, 200, 200, 200, 429, 429,
    ]);
  });
});

interface WebServer {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** The production web server (web/server/main.server.ts) in a child process, sharing Redis. */
async function startWeb(gatewayUrl: string, env: Record<string, string>): Promise<WebServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'web/server/main.server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      GATEWAY_URL: gatewayUrl,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  // A start on a busy machine (a cold import of the server bundle) can take tens of seconds.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const health = (await (await fetch(`${base}/healthz`)).json()) as { cache?: string };
      if (health.cache === 'redis') return { child, base, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`web server did not start:\n${output.join('')}`);
}

async function stopWeb(web: WebServer): Promise<void> {
  if (web.child.exitCode !== null || web.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => web.child.once('exit', () => resolve()));
  web.child.kill('SIGTERM');
  const timer = setTimeout(() => web.child.kill('SIGKILL'), 8000);
  await exited;
  clearTimeout(timer);
}

describe('two web servers sharing one Redis', () => {
  let redis: RedisServer;
  let gateway: Running | undefined;
  let webs: WebServer[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    gateway = await startGateway({ RATE_LIMIT_GRAPHQL: '0' });
    const env = {
      REDIS_URL: redis.url,
      REDIS_PREFIX: `search-${randomUUID().slice(0, 8)}:`,
      RATE_LIMIT_SEARCH: '1',
      RATE_LIMIT_SEARCH_BURST: '3',
      // Visitors come through a proxy on this machine, which names them.
      TRUST_PROXY: 'loopback',
    };
    webs = await Promise.all([startWeb(gateway.url, env), startWeb(gateway.url, env)]);
  });
  afterAll(async () => {
    await Promise.all(webs.map(stopWeb));
    await stopGateway(gateway);
    await redis?.stop();
  });

  it("render one visitor's searches from one bucket, whichever web server answers", async () => {
    const search = (visitor: string) => {
      let n = 0;
      return async (base: string) => {
        n += 1;
        const res = await fetch(`${base}/blog?q=${visitor}-${n}`, {
          headers: { 'x-forwarded-for': visitor },
        });
        await res.arrayBuffer();
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        return res.status;
      };
    };
    const bases = webs.map((w) => w.base);
    expect(await alternate(bases, 6, search('203.0.113.5'))).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await alternate(bases, 2, search('203.0.113.6'))).toEqual([200, 200]);
  });
});
