import { describe, expect, it } from 'vitest';
import { TrustProxyError, clientAddress, normalizeAddress, parseTrustProxy } from './trust-proxy.js';

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

describe('clientAddress', () => {
  const none = parseTrustProxy('none');
  const loopback = parseTrustProxy('loopback');
  const lan = parseTrustProxy('loopback, 10.0.0.0/8');
  const oneHop = parseTrustProxy('1');
  const twoHops = parseTrustProxy('2');

  it('without trust: the peer, whatever the header says', () => {
    expect(clientAddress('198.51.100.9', '1.2.3.4', none)).toEqual({ ip: '198.51.100.9', fromProxy: false });
    expect(clientAddress('127.0.0.1', '1.2.3.4', none)).toEqual({ ip: '127.0.0.1', fromProxy: false });
  });

  it('an untrusted peer cannot choose its address', () => {
    expect(clientAddress('198.51.100.9', '127.0.0.1', loopback)).toEqual({
      ip: '198.51.100.9',
      fromProxy: false,
    });
  });

  it('a trusted peer: the first untrusted address from the right', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', loopback).ip).toBe('203.0.113.7');
    // A visitor's own forged entries sit left of the first untrusted address and are never reached.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7', loopback).ip).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3', lan).ip).toBe('203.0.113.7');
    expect(clientAddress('::ffff:127.0.0.1', ['203.0.113.7'], loopback).ip).toBe('203.0.113.7');
  });

  it('a trusted peer without the header is the proxy itself', () => {
    expect(clientAddress('127.0.0.1', undefined, loopback)).toEqual({ ip: '127.0.0.1', fromProxy: true });
    expect(clientAddress('127.0.0.1', '', loopback)).toEqual({ ip: '127.0.0.1', fromProxy: true });
  });

  it('a hop count trusts whoever connects: a peer without the header is a client like any other', () => {
    for (const trust of [oneHop, twoHops]) {
      expect(clientAddress('198.51.100.9', undefined, trust)).toEqual({
        ip: '198.51.100.9',
        fromProxy: false,
      });
      expect(clientAddress('127.0.0.1', '', trust)).toEqual({ ip: '127.0.0.1', fromProxy: false });
    }
    // An address list names its proxies: only those may speak for themselves.
    expect(clientAddress('10.1.2.3', undefined, lan)).toEqual({ ip: '10.1.2.3', fromProxy: true });
    expect(clientAddress('198.51.100.9', undefined, lan)).toEqual({ ip: '198.51.100.9', fromProxy: false });
  });

  it('garbage in the chain stops the walk at the last address it could read', () => {
    expect(clientAddress('127.0.0.1', 'evil, 10.0.0.1', lan).ip).toBe('10.0.0.1');
    expect(clientAddress('127.0.0.1', '<script>', loopback).ip).toBe('127.0.0.1');
  });

  it('hop counts: exactly that many proxies', () => {
    expect(clientAddress('10.0.0.1', '6.6.6.6, 203.0.113.7', oneHop).ip).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2', twoHops).ip).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', '203.0.113.7', twoHops).ip).toBe('203.0.113.7');
  });

  it('a peer it cannot read is "unknown"', () => {
    expect(clientAddress(undefined, '1.2.3.4', loopback)).toEqual({ ip: 'unknown', fromProxy: false });
  });
});
