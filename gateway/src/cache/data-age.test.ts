import { describe, expect, it } from 'vitest';
import type { BatchQuery, Freshness, RestGetOptions, RestSource } from '../sources/rest.js';
import { ageSeconds, DataAge, requestMaxAgeMs, requestSource } from './data-age.js';

describe('requestMaxAgeMs', () => {
  it('reads max-age from a request’s Cache-Control, in milliseconds', () => {
    expect(requestMaxAgeMs('max-age=25')).toBe(25_000);
    expect(requestMaxAgeMs('no-transform, MAX-AGE = 0')).toBe(0);
    expect(requestMaxAgeMs(['no-cache', 'max-age="7"'])).toBe(7_000);
  });

  it('ignores what is not a number of seconds, and other directives', () => {
    for (const value of [
      undefined,
      '',
      'no-cache',
      'max-age=-1',
      'max-age=1.5',
      'max-age=abc',
      's-maxage=5',
    ]) {
      expect(requestMaxAgeMs(value), String(value)).toBeUndefined();
    }
  });
});

describe('ageSeconds', () => {
  it('rounds up, so a cache counting it never keeps content too long', () => {
    expect(ageSeconds(10_000, 10_000)).toBe(0);
    expect(ageSeconds(10_000, 10_001)).toBe(1);
    expect(ageSeconds(10_000, 35_000)).toBe(25);
    expect(ageSeconds(10_000, 35_001)).toBe(26);
    expect(ageSeconds(undefined, 35_000)).toBe(0);
    expect(ageSeconds(40_000, 35_000)).toBe(0);
  });
});

describe('DataAge', () => {
  it('keeps the oldest time it is told of', () => {
    const age = new DataAge(25_000);
    expect(age.askedAt).toBeUndefined();
    age.observe(5_000);
    age.observe(3_000);
    age.observe(9_000);
    expect(age.askedAt).toBe(3_000);
    expect(age.maxAgeMs).toBe(25_000);
  });
});

describe('requestSource', () => {
  it('hands the freshness to every read of the source, single and batched', async () => {
    const seen: Array<Freshness | undefined> = [];
    const source: RestSource = {
      kind: 'wordpress',
      async get<T>(_path: string, _query?: unknown, options?: RestGetOptions<T>) {
        seen.push(options?.freshness);
        return { body: [] as T, total: 0, totalPages: 0 };
      },
      async getBatch<T>(_batch: BatchQuery<T>, freshness?: Freshness) {
        seen.push(freshness);
        return new Map();
      },
    };
    const freshness = new DataAge(1000);
    const bound = requestSource(source, freshness);
    await bound.get('/posts', {}, { retries: 0 });
    await bound.getBatch!({
      path: '/media',
      keys: ['1'],
      keyKind: 'id',
      query: () => ({}),
      keyOf: () => '1',
      parse: () => [],
      variant: '',
    });
    expect(seen).toEqual([freshness, freshness]);
    expect(seen).toHaveLength(2);
  });
});
