import { describe, expect, it } from 'vitest';
import { rateKeyForAddress } from './rate-limit.js';

describe('rate limit keys', () => {
  it('limits IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(rateKeyForAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(rateKeyForAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateKeyForAddress('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(rateKeyForAddress('2001:0DB8:abcd:0012::99')).toBe('2001:db8:abcd:12::/64');
    expect(rateKeyForAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateKeyForAddress('::1')).toBe('0:0:0:0::/64');
  });
});
