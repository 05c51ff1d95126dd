import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './token-bucket.js';

function buckets(perMinute: number, burst: number, maxKeys?: number) {
  let t = 0;
  const b = createTokenBuckets({ perMinute, burst, maxKeys, now: () => t });
  return { b, advance: (ms: number) => void (t += ms) };
}

describe('token buckets', () => {
  it('allows a burst, then refills at the per-minute rate', () => {
    const { b, advance } = buckets(60, 5);
    for (let i = 0; i < 5; i++) expect(b.take('a').allowed).toBe(true);
    const refused = b.take('a');
    expect(refused).toEqual({ allowed: false, retryAfterS: 1, remaining: 0 });
    advance(999);
    expect(b.take('a').allowed).toBe(false);
    advance(1);
    expect(b.take('a').allowed).toBe(true);
    expect(b.take('a').allowed).toBe(false);
  });

  it('keeps clients apart', () => {
    const { b } = buckets(60, 1);
    expect(b.take('a').allowed).toBe(true);
    expect(b.take('a').allowed).toBe(false);
    expect(b.take('b').allowed).toBe(true);
  });

  it('says how long to wait', () => {
    const { b } = buckets(10, 1);
    b.take('a');
    expect(b.take('a').retryAfterS).toBe(6);
  });

  it('never holds more than the burst, however long a client was away', () => {
    const { b, advance } = buckets(60, 3);
    advance(3_600_000);
    for (let i = 0; i < 3; i++) expect(b.take('a').allowed).toBe(true);
    expect(b.take('a').allowed).toBe(false);
  });

  it('remembers a bounded number of clients', () => {
    const { b } = buckets(60, 1, 100);
    for (let i = 0; i < 10_000; i++) b.take(`10.0.${i >> 8}.${i & 255}`);
    expect(b.size).toBe(100);
  });

  it('0 per minute turns the limit off', () => {
    const { b } = buckets(0, 1);
    for (let i = 0; i < 1000; i++) expect(b.take('a').allowed).toBe(true);
    expect(b.enabled).toBe(false);
  });
});
