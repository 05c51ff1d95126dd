// Rate limits are kept per client address (see security/token-bucket.ts for the buckets).
import { isIP } from 'node:net';

/**
 * The key a client address is limited under: IPv4 as is; IPv6 by its /64, which one subscriber
 * usually holds whole (rotating through it must not buy fresh limits).
 */
export function rateKeyForAddress(address: string): string {
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
