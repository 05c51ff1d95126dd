import { describe, expect, it } from 'vitest';
import { UpstreamTiming, parseServerTiming, unionMs } from './upstream-timing.server';

describe('parseServerTiming', () => {
  it('reads each metric’s duration and skips what it cannot read', () => {
    expect(parseServerTiming('wp;desc="WordPress or cache";dur=12.5, gql;desc="Gateway";dur=20')).toEqual({
      wp: 12.5,
      gql: 20,
    });
    expect(parseServerTiming('cache;desc=hit, bad name;dur=3, x;dur=abc, y;dur=4')).toEqual({ y: 4 });
    expect(parseServerTiming(null)).toEqual({});
  });
});

describe('unionMs', () => {
  it('counts overlapping requests once', () => {
    expect(unionMs([])).toBe(0);
    expect(unionMs([[0, 10]])).toBe(10);
    expect(
      unionMs([
        [0, 10],
        [5, 15],
        [20, 25],
        [21, 22],
      ]),
    ).toBe(20);
  });
});

describe('UpstreamTiming', () => {
  it('splits a render into WordPress, gateway and render time', async () => {
    let clock = 0;
    const timing = new UpstreamTiming(() => clock);
    const fetchImpl = (async () => {
      clock += 30;
      return new Response('{}', { headers: { 'server-timing': 'wp;dur=25, gql;dur=29' } });
    }) as typeof fetch;
    const wrapped = timing.wrap(fetchImpl);
    await wrapped('http://gateway/graphql');
    clock += 10;
    await wrapped('http://gateway/graphql');
    expect(timing.header(100)).toBe(
      'wp;desc="WordPress or cache";dur=50.0, gateway;desc="Gateway";dur=60.0, render;desc="Render";dur=40.0',
    );
  });
});
