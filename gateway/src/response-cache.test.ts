import { describe, expect, it } from 'vitest';
import { createCaches } from './cache/caches.js';
import { purgeTags } from './cache/purge.js';
import { ResponseCache } from './response-cache.js';

const responses = (ttlMs: number, now?: () => number) => {
  const caches = createCaches({ now });
  return { caches, cache: new ResponseCache(caches, { ttlMs, now }) };
};

const q = (query: string, operationName?: string) => {
  const body = { query, operationName };
  return { body, raw: JSON.stringify(body) };
};

describe('ResponseCache', () => {
  it('caches read-only queries and answers them until the TTL passes', () => {
    let now = 1000;
    const { cache } = responses(5000, () => now);
    const { body, raw } = q('query Home { site { name } }');
    const slot = cache.keyFor(body, raw);
    expect(slot?.key).toBe(raw);
    cache.set(slot!, 200, 'application/json', '{"data":{"site":{"name":"x"}}}');
    expect(cache.get(raw)?.body).toBe('{"data":{"site":{"name":"x"}}}');
    now += 5000;
    expect(cache.get(raw)).toBeDefined();
    now += 1;
    expect(cache.get(raw)).toBeUndefined();
  });

  it('never caches mutations, the live connection check, or unparseable documents', () => {
    const { cache } = responses(5000);
    for (const query of [
      'mutation { submitEnquiry(input: {name: "a", email: "b", phone: "c", message: "d"}) { ok } }',
      '{ connection { status } }',
      'query A { site { name } connection { status } }',
      '{ site { name ',
    ]) {
      const { body, raw } = q(query);
      expect(cache.keyFor(body, raw)).toBeNull();
    }
  });

  it('picks the named operation of a multi-operation document', () => {
    const { cache } = responses(5000);
    const doc =
      'query A { site { name } } mutation B { submitEnquiry(input: {name: "", email: "", phone: "", message: ""}) { ok } }';
    expect(cache.keyFor({ query: doc, operationName: 'A' }, 'a')?.key).toBe('a');
    expect(cache.keyFor({ query: doc, operationName: 'B' }, 'b')).toBeNull();
    expect(cache.keyFor({ query: doc }, 'c')).toBeNull();
  });

  it('refuses answers with errors or a non-200 status, and forgets everything on any purge', async () => {
    const { caches, cache } = responses(5000);
    const slot = (key: string) => ({ key, generation: caches.generation });
    cache.set(slot('k1'), 200, 'application/json', '{"errors":[{"message":"x"}],"data":null}');
    cache.set(slot('k2'), 400, 'application/json', '{"data":{}}');
    cache.set(slot('k3'), 200, 'application/json', '{"data":{"a":"\\"errors\\": inside a string"}}');
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k3')).toBeDefined();
    expect(await caches.purge(purgeTags({ type: 'attachment', id: 9 }))).toBe(1);
    expect(cache.get('k3')).toBeUndefined();
    expect(caches.size).toBe(0);
  });

  it('does not keep an answer computed across a purge', async () => {
    const { caches, cache } = responses(5000);
    const { body, raw } = q('{ posts { nodes { title } } }');
    const slot = cache.keyFor(body, raw)!;
    // The query runs; meanwhile an editor publishes and the webhook purges.
    await caches.purge(purgeTags({ type: 'post', slug: 'new-post' }));
    cache.set(slot, 200, 'application/json', '{"data":{"posts":{"nodes":[]}}}');
    expect(cache.get(raw)).toBeUndefined();
    // The next request starts after the purge: its answer is kept.
    cache.set(cache.keyFor(body, raw)!, 200, 'application/json', '{"data":{"posts":{"nodes":[]}}}');
    expect(cache.get(raw)).toBeDefined();
  });

  it('is off with a zero TTL', () => {
    const { cache } = responses(0);
    const { body, raw } = q('{ site { name } }');
    expect(cache.keyFor(body, raw)).toBeNull();
  });
});

describe('ResponseCache: the age of the content in an answer', () => {
  it('is not served to a caller that accepts younger content, and stays for others', () => {
    let now = 10_000;
    const { cache } = responses(10_000, () => now);
    const { body, raw } = q('query Home { site { name } }');
    const slot = cache.keyFor(body, raw)!;
    // Stored now, from WordPress answers asked for 8 s ago.
    cache.set(slot, 200, 'application/json', '{"data":{"site":{"name":"x"}}}', now - 8_000);
    expect(cache.get(raw, 8_000)?.askedAt).toBe(2_000);
    now += 1;
    expect(cache.get(raw, 8_000)).toBeUndefined();
    expect(cache.get(raw)?.askedAt).toBe(2_000);
  });
});
