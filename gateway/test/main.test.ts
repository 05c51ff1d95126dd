// Start-up and shutdown as an operator sees them.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { createHttpServer, gracefulShutdown, listen } from '../src/http.js';
import { startHarness, type Harness } from './harness.js';

const run = promisify(execFile);

describe('main', () => {
  it('stops with exit code 1 and one line naming a wrong variable', async () => {
    const result = await run(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'gateway/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, GATEWAY_PORT: 'forty', WORDPRESS_URL: '' },
      },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(result?.code).toBe(1);
    expect(result?.stderr.trim()).toBe(
      'Invalid environment variable GATEWAY_PORT: expected a port number between 1 and 65535, got "forty".',
    );
  });
});

describe('graceful shutdown', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
  });

  it('lets a request in flight finish, then closes', async () => {
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '300' } });
    const server = createHttpServer(h.gateway);
    await listen(server, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/graphql`;
    // WordPress hangs, so the request is still running when shutdown starts.
    await h.wp!.fault('timeout', { path: '/posts' });
    const inFlight = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ posts { totalCount } }' }),
    });
    // Shutdown starts once the request has reached WordPress (and so is in flight), not after a guess.
    await vi.waitFor(() => expect(h!.wp!.stats.byPath['/posts']?.requests).toBeGreaterThan(0));
    const shutdown = gracefulShutdown(server, h.gateway, { timeoutMs: 5000 });
    const [response] = await Promise.all([inFlight, shutdown()]);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
      'Failed to fetch posts',
    );
    expect(server.server.listening).toBe(false);
    expect(h.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    await expect(fetch(url)).rejects.toThrow();
    await h.wp!.close();
    h = null;
  });
});
