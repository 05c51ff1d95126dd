// A second web server for tests that need the content service to fail while the server renders a
// page (what a visitor without JavaScript then gets is the server's HTML alone). It is the built site
// under test, started as `npm start` starts it, whose gateway is reached through a proxy in front of
// the run's gateway; the proxy fails the GraphQL operations named in `failing` with the answer the
// web server gives when the gateway is down. Its page cache is off, so every visit is rendered anew.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitUntilServing } from '../../scripts/ports.mjs';
import { GATEWAY_URL } from './site.js';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FlakySite {
  /** The second web server, e.g. http://localhost:3999 */
  url: string;
  /** GraphQL operations the proxy fails (502) until removed. */
  failing: Set<string>;
  /** Operations the proxy failed so far, in order. */
  failed: string[];
  close(): Promise<void>;
}

function operationOf(req: http.IncomingMessage, body: Buffer): string | null {
  const fromUrl = new URL(req.url ?? '/', 'http://proxy.test').searchParams.get('operationName');
  if (fromUrl) return fromUrl;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { operationName?: unknown };
    return typeof parsed.operationName === 'string' ? parsed.operationName : null;
  } catch {
    return null;
  }
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startFlakySite(): Promise<FlakySite> {
  if (!GATEWAY_URL) throw new Error('E2E_GATEWAY_URL is not set: run the browser tests with e2e/run.mjs');
  // The run's gateway (E2E_GATEWAY_URL is its base address; GraphQL is at /graphql).
  const gateway = new URL(GATEWAY_URL);
  const failing = new Set<string>();
  const failed: string[] = [];

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const operation = operationOf(req, body);
      if (operation && failing.has(operation)) {
        failed.push(operation);
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'The content service is unavailable' }] }));
        return;
      }
      const upstream = http.request(
        {
          hostname: gateway.hostname,
          port: gateway.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: gateway.host },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  const proxyPort = await listen(proxy);

  const port = await freePort();
  const url = `http://localhost:${port}`;
  const siteRoot = process.env.E2E_SITE_ROOT ?? path.resolve(e2eDir, '..');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['WORDPRESS_URL', 'REDIS_URL', 'TRUST_PROXY', 'HSTS']) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    GATEWAY_URL: `http://127.0.0.1:${proxyPort}/graphql`,
    SITE_URL: url,
    PAGE_CACHE_TTL: '0',
    PAGE_CACHE_MAX_STALE: '0',
  });
  const log = path.join(e2eDir, 'results', `flaky-site-${port}.log`);
  mkdirSync(path.dirname(log), { recursive: true });
  const out = createWriteStream(log);
  const child = spawn(process.execPath, ['--import', 'tsx', 'web/server/main.server.ts'], {
    cwd: siteRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  };
  try {
    await waitUntilServing({
      name: 'the second web server',
      url: `${url}/healthz`,
      pid: child.pid!,
      port,
      exited: () => child.signalCode ?? child.exitCode,
      output: () => `see ${log}`,
      timeoutMs: 60_000,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { url, failing, failed, close };
}
