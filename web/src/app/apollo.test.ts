// The browser's Apollo Client sends queries as automatic persisted queries over GET (cacheable by
// a CDN); checked against the real gateway on loopback, counting what reaches it.
import type { AddressInfo } from 'node:net';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { createGateway, createHttpServer, listen, loadConfig, type Gateway } from '@site/gateway';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './apollo';

const SITE_NAME: TypedDocumentNode<{ site: { name: string } }> = gql`
  query ApqSiteName {
    site {
      name
    }
  }
`;

describe('Apollo Client in the browser', () => {
  let gateway: Gateway;
  let server: ReturnType<typeof createHttpServer>;
  let uri: string;
  const seen: Array<{ method: string; hashed: boolean; full: boolean; cacheControl: string }> = [];

  beforeAll(async () => {
    gateway = createGateway(loadConfig({ NODE_ENV: 'test' }));
    await gateway.start();
    server = createHttpServer(gateway);
    const entries = new WeakMap<object, (typeof seen)[number]>();
    server.addHook('onRequest', async (request) => {
      const url = new URL(request.url, 'http://gateway.test');
      const entry = {
        method: request.method,
        hashed: url.searchParams.has('extensions'),
        full: url.searchParams.has('query'),
        cacheControl: '',
      };
      entries.set(request, entry);
      seen.push(entry);
    });
    server.addHook('onResponse', async (request, reply) => {
      entries.get(request)!.cacheControl = String(reply.getHeader('cache-control') ?? '');
    });
    await listen(server, 0, '127.0.0.1');
    uri = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await server.close();
    await gateway.stop();
  });

  it('sends a hash by GET, registers the query by POST once, then uses GET alone', async () => {
    const first = await createApolloClient({ uri, ssr: false }).query({ query: SITE_NAME });
    expect(first.data?.site.name).toBe('Law Partners');
    const second = await createApolloClient({ uri, ssr: false }).query({ query: SITE_NAME });
    expect(second.data?.site.name).toBe('Law Partners');
    expect(seen.map((r) => [r.method, r.hashed, r.full])).toEqual([
      ['GET', true, false],
      ['POST', false, false],
      ['GET', true, false],
    ]);
    expect(seen[2]?.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it('sends queries by POST when rendering on the server', async () => {
    seen.length = 0;
    await createApolloClient({ uri, ssr: true }).query({ query: SITE_NAME });
    expect(seen.map((r) => r.method)).toEqual(['POST']);
  });
});

describe('retries in the browser', () => {
  /** The message a query ends with, whether Apollo resolves with the error or rejects. */
  const failureOf = (p: Promise<{ error?: Error }>) =>
    p.then(
      (r) => r.error?.message,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );

  it('tries a failed query 4 times in all, and one sent with retry: false once', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const unreachable: typeof fetch = () => {
        calls += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      };
      const client = createApolloClient({
        uri: 'http://gateway.test/graphql',
        ssr: false,
        fetch: unreachable,
      });
      const once = failureOf(
        client.query({ query: SITE_NAME, fetchPolicy: 'network-only', context: { retry: false } }),
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await once).toBe('Failed to fetch');
      expect(calls).toBe(1);

      calls = 0;
      const retried = failureOf(client.query({ query: SITE_NAME, fetchPolicy: 'network-only' }));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await retried).toBe('Failed to fetch');
      expect(calls).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
