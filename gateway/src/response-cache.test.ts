import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

const q = (query: string, operationName?: string) => {
  const body = { query, operationName };
  return { body, raw: JSON.stringify(body) };
};

describe('ResponseCache', () => {
  it('caches read-only queries and answers them until the TTL passes', () => {
    let now = 1000;
    const cache = new ResponseCache({ ttlMs: 5000, now: () => now });
    const { body, raw } = q('query Home { site { name } }');
    const key = cache.keyFor(body, raw);
    expect(key).toBe(raw);
    cache.set(key!, 200, 'application/json', '{"data":{"site":{"name":"x"}}}');
    expect(cache.get(key!)?.body).toBe('{"data":{"site":{"name":"x"}}}');
    now += 5001;
    expect(cache.get(key!)).toBeUndefined();
  });

  it('never caches mutations, the live connection check, or unparseable documents', () => {
    const cache = new ResponseCache({ ttlMs: 5000 });
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
    const cache = new ResponseCache({ ttlMs: 5000 });
    const doc =
      'query A { site { name } } mutation B { submitEnquiry(input: {name: "", email: "", phone: "", message: ""}) { ok } }';
    expect(cache.keyFor({ query: doc, operationName: 'A' }, 'a')).toBe('a');
    expect(cache.keyFor({ query: doc, operationName: 'B' }, 'b')).toBeNull();
    expect(cache.keyFor({ query: doc }, 'c')).toBeNull();
  });

  it('refuses answers with errors or a non-200 status, and forgets everything on clear', () => {
    const cache = new ResponseCache({ ttlMs: 5000 });
    cache.set('k1', 200, 'application/json', '{"errors":[{"message":"x"}],"data":null}');
    cache.set('k2', 400, 'application/json', '{"data":{}}');
    cache.set('k3', 200, 'application/json', '{"data":{"a":"\\"errors\\": inside a string"}}');
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k3')).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('is off with a zero TTL', () => {
    const cache = new ResponseCache({ ttlMs: 0 });
    const { body, raw } = q('{ site { name } }');
    expect(cache.keyFor(body, raw)).toBeNull();
  });
});

describe('ResponseCache: the age of the content in an answer', () => {
  it('is not served to a caller that accepts younger content, and stays for others', () => {
    let now = 10_000;
    const cache = new ResponseCache({ ttlMs: 10_000, now: () => now });
    const { body, raw } = q('query Home { site { name } }');
    const key = cache.keyFor(body, raw)!;
    // Stored now, from WordPress answers asked for 8 s ago.
    cache.set(key, 200, 'application/json', '{"data":{"site":{"name":"x"}}}', now - 8_000);
    expect(cache.get(key, 8_000)?.askedAt).toBe(2_000);
    now += 1;
    expect(cache.get(key, 8_000)).toBeUndefined();
    expect(cache.get(key)?.askedAt).toBe(2_000);
  });
});
