// The client's defences against a misbehaving WordPress: a cap on the bytes it reads, and a circuit
// breaker that stops asking while WordPress keeps failing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWordPress, type FakeWordPress } from '../../../test/fake-wordpress.js';
import { fixtureSnapshot } from '../../../test/fixtures/snapshot.js';
import { UpstreamError } from '../rest.js';
import { createCircuitBreaker } from './breaker.js';
import { createWordPressClient } from './client.js';

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('response size cap', () => {
  let server: http.Server;
  let base = '';
  /** Bytes the server managed to hand to the socket per request, by path. */
  const written: Record<string, number> = {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = (req.url ?? '').replace('/wp-json/wp/v2', '');
      written[path] = 0;
      const chunk = Buffer.from(`{"id":1,"slug":"${'x'.repeat(1000)}"},`);
      if (path.startsWith('/declared')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 50 * 1024 * 1024 });
        res.write('[');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      // Up to 50 MB, chunked, as fast as the client reads; stops when the client hangs up.
      const pump = () => {
        while (written[path]! < 50 * 1024 * 1024) {
          written[path]! += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('{}]');
      };
      res.on('close', () => res.destroy());
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('abandons a streamed answer once it passes the cap, without reading the rest', async () => {
    const client = createWordPressClient({
      baseUrl: base,
      timeoutMs: 10_000,
      retries: 2,
      maxResponseBytes: 1024 * 1024,
    });
    const error = await failure(client.get('/huge'));
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe('WordPress answered with more than 1048576 bytes');
    // Not retried: the same question would bring the same answer.
    expect(client.stats.requests).toBe(1);
    // The client read a little over 1 MiB, not 50 MB (socket buffers hold a few MB at most).
    expect(client.stats.bytes).toBeGreaterThan(1024 * 1024);
    expect(client.stats.bytes).toBeLessThan(2 * 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written['/huge']).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const client = createWordPressClient({ baseUrl: base, timeoutMs: 10_000, retries: 0 });
    const error = await failure(client.get('/declared'));
    expect(error.kind).toBe('too-large');
    expect(client.stats.bytes).toBe(0);
  });
});

describe('circuit breaker in the client', () => {
  let wp: FakeWordPress;
  beforeAll(async () => {
    wp = await startFakeWordPress({ snapshot: fixtureSnapshot() });
  });
  afterAll(() => wp.close());
  afterEach(async () => {
    await wp.fault(null);
    wp.resetStats();
  });

  function setup() {
    let t = 0;
    const transitions: string[] = [];
    const breaker = createCircuitBreaker({
      threshold: 3,
      cooldownMs: 30_000,
      now: () => t,
      onStateChange: ({ to }) => transitions.push(to),
    });
    const client = createWordPressClient({
      baseUrl: wp.url,
      timeoutMs: 2000,
      retries: 2,
      sleep: async () => {},
      breaker,
    });
    return { client, breaker, transitions, advance: (ms: number) => void (t += ms) };
  }

  it('opens after consecutive failures and stops asking WordPress until the cool-down', async () => {
    const { client, breaker, advance } = setup();
    await wp.fault('503');
    // One request with two retries: three failed attempts open the circuit.
    expect((await failure(client.get('/posts'))).message).toBe('WordPress API error: 503');
    expect(wp.stats.requests).toBe(3);
    expect(breaker.state).toBe('open');

    for (let i = 0; i < 50; i++) {
      const error = await failure(client.get('/posts', { page: i }));
      expect(error.kind).toBe('circuit-open');
    }
    // Fifty refusals, not one of them reached WordPress.
    expect(wp.stats.requests).toBe(3);
    expect(breaker.stats.rejected).toBe(50);

    // After the cool-down one probe goes; it fails, and the circuit opens again.
    advance(30_000);
    expect((await failure(client.get('/posts'))).message).toBe('WordPress API error: 503');
    expect(wp.stats.requests).toBe(4);
    expect(breaker.state).toBe('open');
  });

  it('closes again when WordPress recovers', async () => {
    const { client, breaker, transitions, advance } = setup();
    await wp.fault('refused');
    await failure(client.get('/posts'));
    expect(breaker.state).toBe('open');
    await wp.fault(null);
    expect((await failure(client.get('/posts'))).kind).toBe('circuit-open');
    advance(30_000);
    const res = await client.get<unknown[]>('/posts', { per_page: 2 });
    expect(res.body).toHaveLength(2);
    expect(breaker.state).toBe('closed');
    expect(transitions).toEqual(['open', 'half-open', 'closed']);
  });

  it('does not count answers WordPress meant to give (4xx, unexpected shape) as failures', async () => {
    const { client, breaker } = setup();
    for (let i = 0; i < 5; i++) {
      expect((await failure(client.get('/posts', { per_page: 500 }))).status).toBe(400);
    }
    await wp.fault('wrong-shape');
    for (let i = 0; i < 5; i++) {
      await failure(
        client.get('/posts', undefined, {
          parse: (body) => {
            if (!Array.isArray(body)) throw new Error('not a list');
            return body;
          },
        }),
      );
    }
    expect(breaker.state).toBe('closed');
  });

  it('counts a timeout, a malformed or truncated body and an oversized answer as failures', async () => {
    for (const mode of ['malformed', 'truncated', 'wrong-content-type'] as const) {
      const { client, breaker } = setup();
      await wp.fault(mode);
      await failure(client.get('/posts'));
      expect(breaker.state, mode).toBe('open');
    }
  });
});
