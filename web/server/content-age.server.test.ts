import { describe, expect, it } from 'vitest';
import {
  ContentAge,
  contentLifetime,
  contentTimes,
  relayedCacheControl,
  sharedCacheControl,
} from './content-age.server';

describe('contentLifetime', () => {
  it('splits PAGE_CACHE_TTL into a fresh part and a last sixth served while re-rendering', () => {
    expect(contentLifetime(30)).toEqual({
      maxAgeMs: 30_000,
      freshMs: 25_000,
      refreshMs: 5_000,
      gatewayMaxAgeS: 25,
    });
    expect(contentLifetime(10)).toEqual({
      maxAgeMs: 10_000,
      freshMs: 8_334,
      refreshMs: 1_666,
      gatewayMaxAgeS: 8,
    });
  });

  it('asks the gateway for nothing in particular when the page cache is off', () => {
    expect(contentLifetime(0)).toEqual({ maxAgeMs: 0, freshMs: 0, refreshMs: 0, gatewayMaxAgeS: undefined });
  });

  it('refuses a negative or unreadable TTL', () => {
    expect(() => contentLifetime(-1)).toThrow(RangeError);
    expect(() => contentLifetime(Number.NaN)).toThrow(RangeError);
  });
});

describe('contentTimes', () => {
  const lifetime = contentLifetime(30);

  it('counts from when the content was asked for, not from now', () => {
    expect(contentTimes(100_000, 0, lifetime)).toEqual({ freshUntil: 125_000, staleUntil: 130_000 });
    expect(contentTimes(100_000, 20_000, lifetime)).toEqual({ freshUntil: 105_000, staleUntil: 110_000 });
    // Past the fresh part already: served only while it is re-rendered, and only until 30 s.
    expect(contentTimes(100_000, 27_000, lifetime)).toEqual({ freshUntil: 98_000, staleUntil: 103_000 });
  });

  it('keeps content older than the bound (WordPress failing) one refresh window, then refreshes', () => {
    expect(contentTimes(100_000, 30_000, lifetime)).toEqual({ freshUntil: 105_000, staleUntil: 110_000 });
    expect(contentTimes(100_000, 3_600_000, lifetime)).toEqual({ freshUntil: 105_000, staleUntil: 110_000 });
  });

  it('keeps nothing with the page cache off', () => {
    expect(contentTimes(100_000, 0, contentLifetime(0))).toEqual({
      freshUntil: 100_000,
      staleUntil: 100_000,
    });
  });
});

describe('sharedCacheControl', () => {
  const times = { freshUntil: 125_000, staleUntil: 130_000 };

  it('gives a shared cache what is left of the lifetime, in whole seconds rounded down', () => {
    expect(sharedCacheControl(times, 100_000)).toBe(
      'public, max-age=0, s-maxage=25, stale-while-revalidate=5, stale-if-error=86400',
    );
    expect(sharedCacheControl(times, 115_500)).toBe(
      'public, max-age=0, s-maxage=9, stale-while-revalidate=5, stale-if-error=86400',
    );
    expect(sharedCacheControl(times, 127_000)).toBe(
      'public, max-age=0, s-maxage=0, stale-while-revalidate=3, stale-if-error=86400',
    );
    expect(sharedCacheControl(times, 131_000)).toBe(
      'public, max-age=0, s-maxage=0, stale-while-revalidate=0, stale-if-error=86400',
    );
  });

  it('gives nothing to a page without times (stored by an earlier version)', () => {
    const none = { freshUntil: undefined, staleUntil: undefined } as unknown as typeof times;
    expect(sharedCacheControl(none, 100_000)).toBe(
      'public, max-age=0, s-maxage=0, stale-while-revalidate=0, stale-if-error=86400',
    );
  });

  it('keeps any other page at most 10 s and never stale', () => {
    expect(sharedCacheControl(times, 100_000, 404)).toBe('public, max-age=0, s-maxage=10');
    expect(sharedCacheControl(times, 120_000, 404)).toBe('public, max-age=0, s-maxage=5');
  });
});

describe('relayedCacheControl', () => {
  const lifetime = contentLifetime(30);

  it('gives a public GraphQL answer the remaining lifetime of its content (its Age)', () => {
    const gateway = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300, stale-if-error=86400';
    expect(relayedCacheControl(gateway, '20', 100_000, lifetime)).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=5, stale-if-error=86400',
    );
    expect(relayedCacheControl(gateway, undefined, 100_000, lifetime)).toBe(
      'public, max-age=0, s-maxage=25, stale-while-revalidate=5, stale-if-error=86400',
    );
  });

  it('leaves any other policy as the gateway set it', () => {
    expect(relayedCacheControl('private, no-store', '20', 100_000, lifetime)).toBe('private, no-store');
    expect(relayedCacheControl(undefined, '20', 100_000, lifetime)).toBeUndefined();
  });
});

describe('ContentAge', () => {
  function gateway(ages: Array<string | null>) {
    const sent: Array<string | null> = [];
    const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('cache-control'));
      const age = ages.shift() ?? null;
      return new Response('{}', { headers: age === null ? {} : { age } });
    }) as typeof fetch;
    return { fetchImpl, sent };
  }

  it('asks for content no older than its bound, replacing any other cache-control', async () => {
    const gw = gateway(['0']);
    const content = new ContentAge(25, () => 0);
    await content.wrap(gw.fetchImpl)('http://gateway/graphql', {
      method: 'POST',
      headers: { 'cache-control': 'no-cache', 'x-request-id': 'r1' },
    });
    expect(gw.sent).toEqual(['max-age=25']);
  });

  it('sends no bound without one', async () => {
    const gw = gateway(['0']);
    await new ContentAge(undefined, () => 0).wrap(gw.fetchImpl)('http://gateway/graphql');
    expect(gw.sent).toEqual([null]);
  });

  it('keeps the oldest content of all the answers, aging on while the render goes on', async () => {
    let t = 100_000;
    const gw = gateway(['3', '12', null, 'garbage']);
    const content = new ContentAge(25, () => t);
    expect(content.ageMs()).toBe(0);
    const ask = content.wrap(gw.fetchImpl);
    await ask('http://gateway/graphql');
    t += 500;
    await ask('http://gateway/graphql');
    await ask('http://gateway/graphql');
    await ask('http://gateway/graphql');
    t += 1_000;
    expect(content.ageMs()).toBe(13_000);
  });

  it('keeps the headers of a Request it is given', async () => {
    const gw = gateway(['0']);
    let seen: Headers | undefined;
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen = new Headers(init?.headers);
      return gw.fetchImpl(input, init);
    }) as typeof fetch;
    await new ContentAge(8, () => 0).wrap(fetchImpl)(
      new Request('http://gateway/graphql', { headers: { 'x-request-id': 'r2' } }),
    );
    expect(seen?.get('x-request-id')).toBe('r2');
    expect(seen?.get('cache-control')).toBe('max-age=8');
  });
});
