import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  TrustProxyError,
  clientOf,
  fastifyTrustProxy,
  isNamedProxy,
  normalizeAddress,
  parseTrustProxy,
  type ClientAddress,
  type TrustProxy,
} from './trust-proxy.js';

describe('normalizeAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7:5678 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%s -> %s', (raw, ip) => expect(normalizeAddress(raw)).toBe(ip));

  it.each(['', 'unknown', '300.1.1.1', '1.2.3', '<script>', '1.2.3.4, 5.6.7.8', 'x'.repeat(5000)])(
    'refuses %j',
    (raw) => expect(normalizeAddress(raw)).toBeNull(),
  );
});

describe('parseTrustProxy', () => {
  it('reads none, hop counts and lists with names', () => {
    expect(parseTrustProxy(undefined).kind).toBe('none');
    expect(parseTrustProxy('', 'loopback').kind).toBe('list');
    expect(parseTrustProxy('off').kind).toBe('none');
    expect(parseTrustProxy('2')).toMatchObject({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('loopback, 10.0.0.0/8 192.168.1.5 2001:db8::/32').kind).toBe('list');
  });

  it.each(['true', '*', 'all', '11', '10.0.0.0/33', '2001:db8::/129', 'nowhere', '10.0.0.0/x'])(
    'refuses %j with a reason',
    (value) => expect(() => parseTrustProxy(value)).toThrow(TrustProxyError),
  );
});

/**
 * The client Fastify and clientOf find for a request from `peer` with this X-Forwarded-For, on a
 * server whose `trustProxy` came from `trust`: the whole path a request takes in both servers.
 */
async function clientVia(
  trust: TrustProxy,
  peer: string,
  forwardedFor?: string | string[],
): Promise<ClientAddress> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
  app.get('/', async (request) => clientOf(request, trust));
  try {
    const res = await app.inject({
      url: '/',
      remoteAddress: peer,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    return res.json<ClientAddress>();
  } finally {
    await app.close();
  }
}

describe('the client of a request', () => {
  const none = parseTrustProxy('none');
  const loopback = parseTrustProxy('loopback');
  const lan = parseTrustProxy('loopback, 10.0.0.0/8');
  const oneHop = parseTrustProxy('1');
  const twoHops = parseTrustProxy('2');

  it('without trust: the peer, whatever the header says', async () => {
    expect(await clientVia(none, '198.51.100.9', '1.2.3.4')).toEqual({
      ip: '198.51.100.9',
      fromProxy: false,
    });
    expect(await clientVia(none, '127.0.0.1', '1.2.3.4')).toEqual({ ip: '127.0.0.1', fromProxy: false });
  });

  it('an untrusted peer cannot choose its address', async () => {
    expect(await clientVia(loopback, '198.51.100.9', '127.0.0.1')).toEqual({
      ip: '198.51.100.9',
      fromProxy: false,
    });
  });

  it('a trusted peer: the first untrusted address from the right', async () => {
    expect((await clientVia(loopback, '127.0.0.1', '203.0.113.7')).ip).toBe('203.0.113.7');
    // A visitor's own forged entries sit left of the first untrusted address and are never reached.
    expect((await clientVia(loopback, '127.0.0.1', '6.6.6.6, 203.0.113.7')).ip).toBe('203.0.113.7');
    expect((await clientVia(lan, '127.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3')).ip).toBe('203.0.113.7');
    expect((await clientVia(loopback, '::ffff:127.0.0.1', ['203.0.113.7'])).ip).toBe('203.0.113.7');
  });

  it('a trusted peer without the header is the proxy itself', async () => {
    expect(await clientVia(loopback, '127.0.0.1')).toEqual({ ip: '127.0.0.1', fromProxy: true });
    expect(await clientVia(loopback, '127.0.0.1', '')).toEqual({ ip: '127.0.0.1', fromProxy: true });
  });

  it('a hop count trusts whoever connects: a peer without the header is a client like any other', async () => {
    for (const trust of [oneHop, twoHops]) {
      expect(await clientVia(trust, '198.51.100.9')).toEqual({ ip: '198.51.100.9', fromProxy: false });
      expect(await clientVia(trust, '127.0.0.1', '')).toEqual({ ip: '127.0.0.1', fromProxy: false });
    }
    // An address list names its proxies: only those may speak for themselves.
    expect(await clientVia(lan, '10.1.2.3')).toEqual({ ip: '10.1.2.3', fromProxy: true });
    expect(await clientVia(lan, '198.51.100.9')).toEqual({ ip: '198.51.100.9', fromProxy: false });
  });

  it('garbage in the chain stops the walk at the last address it could read', async () => {
    expect((await clientVia(lan, '127.0.0.1', 'evil, 10.0.0.1')).ip).toBe('10.0.0.1');
    expect(await clientVia(loopback, '127.0.0.1', '<script>')).toEqual({ ip: '127.0.0.1', fromProxy: false });
    // Garbage inside the hops a count trusts: nothing beyond it either.
    expect((await clientVia(twoHops, '10.0.0.1', '6.6.6.6, evil, 203.0.113.7')).ip).toBe('203.0.113.7');
  });

  it('hop counts: exactly that many proxies', async () => {
    expect((await clientVia(oneHop, '10.0.0.1', '6.6.6.6, 203.0.113.7')).ip).toBe('203.0.113.7');
    expect((await clientVia(twoHops, '10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2')).ip).toBe('203.0.113.7');
    expect((await clientVia(twoHops, '10.0.0.1', '203.0.113.7')).ip).toBe('203.0.113.7');
  });

  it('a peer it cannot read is "unknown"', () => {
    expect(clientOf({ ips: [undefined, '1.2.3.4'], socket: {} }, loopback)).toEqual({
      ip: 'unknown',
      fromProxy: false,
    });
  });

  it('names a proxy only by an address list', () => {
    expect(isNamedProxy(lan, '10.9.8.7')).toBe(true);
    expect(isNamedProxy(lan, '::ffff:127.0.0.1')).toBe(true);
    expect(isNamedProxy(lan, '198.51.100.9')).toBe(false);
    expect(isNamedProxy(oneHop, '10.9.8.7')).toBe(false);
    expect(isNamedProxy(none, '127.0.0.1')).toBe(false);
  });
});
