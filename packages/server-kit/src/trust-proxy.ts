// Who is the client behind a request? The TCP peer, unless the peer is a proxy we were told to trust,
// in which case X-Forwarded-For says who the proxy was talking to. Only ever believed from trusted
// peers: anyone can send the header, and a believed lie buys an attacker a fresh rate limit per
// request. Both servers read the setting with parseTrustProxy (a wrong value stops start-up), hand
// Fastify its `trustProxy` (fastifyTrustProxy), and read the client from what Fastify believed
// (clientOf).
//
// TRUST_PROXY (web) / GATEWAY_TRUST_PROXY (gateway):
//   none (or 0, false, off)   the peer is the client; X-Forwarded-For is ignored
//   N (1..10)                 exactly N proxies stand in front: the client is N hops back (any
//                             peer is taken for the nearest proxy, so none is exempt from limits)
//   a list of addresses, CIDR ranges and the names loopback, private, linklocal
//                             peers in the list are proxies; the client is the first address,
//                             walking X-Forwarded-For from the right, that is not in the list
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  | { kind: 'none'; spec: string }
  | { kind: 'hops'; hops: number; spec: string }
  | { kind: 'list'; list: BlockList; spec: string };

export class TrustProxyError extends Error {
  override readonly name = 'TrustProxyError';
}

const NAMED: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

const MAX_HOPS = 10;

/** An address as a proxy writes it (`1.2.3.4`, `1.2.3.4:5678`, `[::1]:443`, `::ffff:1.2.3.4`) -> the IP, or null. */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1] as string;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  // An IPv6 zone (fe80::1%eth0) names an interface of the sender, not part of the address.
  const zone = value.indexOf('%');
  if (zone > 0 && value.includes(':')) value = value.slice(0, zone);
  const lower = value.toLowerCase();
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7);
  return isIP(lower) ? lower : null;
}

function addEntry(list: BlockList, entry: string): void {
  const named = NAMED[entry.toLowerCase()];
  if (named) {
    for (const cidr of named) addEntry(list, cidr);
    return;
  }
  const slash = entry.indexOf('/');
  const address = normalizeAddress(slash === -1 ? entry : entry.slice(0, slash));
  const family = address ? (isIP(address) === 6 ? 'ipv6' : 'ipv4') : null;
  if (!address || !family) {
    throw new TrustProxyError(
      `"${entry}" is not an IP address, a CIDR range, or one of loopback, private, linklocal`,
    );
  }
  if (slash === -1) {
    list.addAddress(address, family);
    return;
  }
  const prefixText = entry.slice(slash + 1);
  const prefix = Number(prefixText);
  const max = family === 'ipv6' ? 128 : 32;
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max) {
    throw new TrustProxyError(`"${entry}" has a prefix length outside 0..${max}`);
  }
  list.addSubnet(address, prefix, family);
}

/** Reads a TRUST_PROXY value; an empty value means `fallback`. Throws TrustProxyError on nonsense. */
export function parseTrustProxy(value: string | undefined, fallback = 'none'): TrustProxy {
  const spec = (value ?? '').trim() || fallback;
  if (/^(?:none|false|off|0)$/i.test(spec)) return { kind: 'none', spec };
  if (/^\d+$/.test(spec)) {
    const hops = Number(spec);
    if (hops > MAX_HOPS) throw new TrustProxyError(`${hops} hops is more than ${MAX_HOPS}`);
    return { kind: 'hops', hops, spec };
  }
  // 'true' would trust every peer, letting anyone choose their own address: refused on purpose.
  if (/^(?:true|on|yes|all|\*)$/i.test(spec)) {
    throw new TrustProxyError(
      `"${spec}" would believe X-Forwarded-For from anyone; give a number of hops or the proxies' addresses`,
    );
  }
  const list = new BlockList();
  for (const entry of spec.split(/[\s,]+/).filter(Boolean)) addEntry(list, entry);
  return { kind: 'list', list, spec };
}

/**
 * Verdicts per list and address. Every request asks about its peer, and the peers of a server are
 * few (the proxy, the web server); BlockList.check builds a SocketAddress on each call. Bounded,
 * because addresses in X-Forwarded-For are whatever a trusted proxy passes on.
 */
const verdicts = new WeakMap<BlockList, Map<string, boolean>>();
const MAX_VERDICTS = 1024;

function listed(list: BlockList, address: string): boolean {
  let known = verdicts.get(list);
  if (!known) verdicts.set(list, (known = new Map()));
  let verdict = known.get(address);
  if (verdict === undefined) {
    verdict = list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    if (known.size >= MAX_VERDICTS) known.clear();
    known.set(address, verdict);
  }
  return verdict;
}

/** A peer named in an address list: a proxy in its own right, whose own requests are not a visitor's. */
export function isNamedProxy(trust: TrustProxy, peer: string | undefined): boolean {
  if (trust.kind !== 'list') return false;
  const ip = normalizeAddress(peer ?? '');
  return ip !== null && listed(trust.list, ip);
}

/**
 * Fastify's `trustProxy` for a setting: false, or a test of each hop (the peer is hop 0): with a
 * count, the first N hops whoever they are (Fastify refuses a bare number: it cannot vouch for the
 * peer, which is exactly what a hop count means here); with a list, the hops it names. An address
 * the list cannot read (garbage a proxy passed on) is never trusted, so the walk ends there.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return (address) => isNamedProxy(trust, address);
}

export interface ClientAddress {
  /** The client's IP (the peer's when nothing more can be believed); 'unknown' without a peer. */
  ip: string;
  /**
   * The request came from a proxy itself, not on behalf of anyone: a peer named in an address list
   * that sent no X-Forwarded-For (the web server rendering a page asks the gateway this way). Never
   * with a hop count: that trusts whoever connects, so a peer leaving the header out is no proof of
   * being a proxy, and the request is the peer's own.
   */
  fromProxy: boolean;
}

/** What clientOf reads of a Fastify request. */
export interface ForwardedRequest {
  /** Fastify's chain (with `trustProxy`): the peer, then each address it believed, nearest first. */
  readonly ips?: readonly (string | undefined)[];
  readonly socket: { readonly remoteAddress?: string };
}

/**
 * The client of a request on a server whose Fastify `trustProxy` came from `trust`
 * (fastifyTrustProxy). Fastify walks X-Forwarded-For as far as the trust reaches; this reads its
 * chain as addresses, and stops at the first entry that is not one (garbage in the header: nothing
 * beyond it can be believed, and the last address reached stands).
 */
export function clientOf(request: ForwardedRequest, trust: TrustProxy): ClientAddress {
  const peer = normalizeAddress(request.socket.remoteAddress ?? '');
  if (peer === null) return { ip: 'unknown', fromProxy: false };
  const chain = trust.kind === 'none' ? [] : (request.ips ?? []);
  if (chain.length <= 1) return { ip: peer, fromProxy: trust.kind === 'list' && listed(trust.list, peer) };
  let ip = peer;
  for (let i = 1; i < chain.length; i += 1) {
    const next = normalizeAddress(chain[i] ?? '');
    if (!next) break;
    ip = next;
  }
  return { ip, fromProxy: false };
}
