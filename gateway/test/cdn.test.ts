// GraphQL over GET for browsers and CDNs: automatic persisted queries (a hash in the URL, the query
// registered once by POST), Cache-Control that lets shared caches keep answers for the content TTL
// and serve them stale, ETag/304, Vary; and nothing cacheable that must not be (POSTs, errors,
// the live connection check, mutations).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches, etagOf } from '@site/server-kit';
import { rootFieldsOf } from '../src/cache/http-cache.js';
import { createHttpServer, listen } from '../src/http.js';
import { parse, type OperationDefinitionNode } from 'graphql';
import { startHarness, type Harness } from './harness.js';

const QUERY = 'query SiteName { site { name } }';
const HASH = createHash('sha256').update(QUERY).digest('hex');
const PUBLIC = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300, stale-if-error=86400';

// What Apollo Client's persisted-query link sends: preflight-proof content-type, hash in extensions.
const CLIENT_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/graphql-response+json,application/json;q=0.9',
};

function hashedUrl(base: string, hash = HASH, operationName = 'SiteName') {
  const params = new URLSearchParams({
    operationName,
    variables: '{}',
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
  });
  return `${base}/graphql?${params}`;
}

describe('GraphQL for CDNs', () => {
  let h: Harness;
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    h = await startHarness();
    server = createHttpServer(h.gateway);
    await listen(server, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, which nobody may store', async () => {
    const res = await fetch(hashedUrl(base, 'f'.repeat(64)), { headers: CLIENT_HEADERS });
    const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('registers a query by POST, then answers its hash by GET with a CDN policy and an ETag', async () => {
    const register = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: CLIENT_HEADERS,
      body: JSON.stringify({
        query: QUERY,
        operationName: 'SiteName',
        extensions: { persistedQuery: { version: 1, sha256Hash: HASH } },
      }),
    });
    expect(register.status).toBe(200);
    expect(register.headers.get('cache-control')).toBe('private, no-store');

    const res = await fetch(hashedUrl(base), { headers: CLIENT_HEADERS });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { site: { name: 'Law Partners' } } });
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
  });

  it('answers 304 without a body to a matching If-None-Match, weak or in a list', async () => {
    const first = await fetch(hashedUrl(base), { headers: CLIENT_HEADERS });
    const etag = first.headers.get('etag') as string;
    await first.arrayBuffer();
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await fetch(hashedUrl(base), { headers: { ...CLIENT_HEADERS, 'if-none-match': header } });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe(PUBLIC);
    }
    const changed = await fetch(hashedUrl(base), {
      headers: { ...CLIENT_HEADERS, 'if-none-match': '"something-else"' },
    });
    expect(changed.status).toBe(200);
  });

  it('keeps POSTed queries, errors and the live connection check out of shared caches', async () => {
    const post = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: CLIENT_HEADERS,
      body: JSON.stringify({ query: QUERY }),
    });
    expect(post.headers.get('cache-control')).toBe('private, no-store');

    const get = (query: string) =>
      fetch(`${base}/graphql?query=${encodeURIComponent(query)}`, { headers: CLIENT_HEADERS });
    const invalid = await get('{ site { noSuchField } }');
    expect(invalid.headers.get('cache-control')).toBe('private, no-store');
    const live = await get('{ site { name } connection { status } }');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('private, no-store');
    const viaFragment = await get('query { ...Live } fragment Live on Query { connection { status } }');
    expect(viaFragment.headers.get('cache-control')).toBe('private, no-store');
    const plain = await get('{ site { name } }');
    expect(plain.headers.get('cache-control')).toBe(PUBLIC);
  });

  it('refuses mutations over GET and GETs without a preflight header, uncacheably', async () => {
    const mutation = await fetch(
      `${base}/graphql?query=${encodeURIComponent('mutation { submitEnquiry(input: {name: "a", email: "b", phone: "c", message: "d"}) { ok } }')}`,
      { headers: CLIENT_HEADERS },
    );
    expect(mutation.status).toBe(405);
    expect(mutation.headers.get('cache-control')).toBe('private, no-store');
    const csrf = await fetch(`${base}/graphql?query=${encodeURIComponent(QUERY)}`);
    expect(csrf.status).toBe(400);
    expect(csrf.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('HTTP validators', () => {
  it('compares ETags weakly, in lists and with *', () => {
    const etag = etagOf('{"data":{}}');
    expect(etag).toBe(etagOf('{"data":{}}'));
    expect(etag).not.toBe(etagOf('{"data":{"x":1}}'));
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"a", ${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"a"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('finds root fields through fragments', () => {
    const doc = parse(
      'query Q { site { name } ...F ... on Query { posts { total } } } fragment F on Query { connection { status } }',
    );
    const op = doc.definitions[0] as OperationDefinitionNode;
    expect([...rootFieldsOf(op, doc)].sort()).toEqual(['connection', 'posts', 'site']);
  });
});
