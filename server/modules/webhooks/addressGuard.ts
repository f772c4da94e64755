import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { AddressPolicy, Lookup } from '../deps';

/**
 * The SSRF guard of outgoing webhooks: an admin types a URL and the server POSTs to it,
 * so without a guard an endpoint could reach the database, a cloud metadata service or anything
 * else on the server's own network. Loopback, private, link-local, unique-local, CGNAT, multicast
 * and reserved addresses are refused — IPv4, IPv6 and IPv4 inside IPv6 (mapped, compatible,
 * NAT64, 6to4) — unless the URL's host is listed in WEBHOOK_ALLOWED_HOSTS (a local receiver).
 * The save checks the name; the delivery checks the addresses the name resolves to at that moment,
 * and connects to the address it checked (a name that changes between the two is caught).
 */

/** IPv4 ranges that are not the public internet: [base address, prefix length]. */
const IPV4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const ipv4Ranges = IPV4_BLOCKED.map(([base, bits]) => ({ base: ipv4Number(base), size: 2 ** (32 - bits) }));

function blockedIpv4(address: string): boolean {
  const n = ipv4Number(address);
  return ipv4Ranges.some((range) => n >= range.base && n < range.base + range.size);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted quad turned into two groups). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = ipv4Number(quad[1]);
    text = text.slice(0, -quad[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === null ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function blockedIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return true; // :: (unspecified)
  if (zeroUpTo(7) && g[7] === 1) return true; // ::1
  // IPv4 carried in IPv6: the IPv4 rules decide.
  if (zeroUpTo(5) && g[5] === 0xffff) return blockedIpv4(ipv4Of(g[6], g[7])); // ::ffff:a.b.c.d (mapped)
  if (zeroUpTo(6)) return blockedIpv4(ipv4Of(g[6], g[7])); // ::a.b.c.d (compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return blockedIpv4(ipv4Of(g[6], g[7])); // NAT64
  if (g[0] === 0x2002) return blockedIpv4(ipv4Of(g[1], g[2])); // 6to4
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether an IP address (v4 or v6, brackets allowed) is one a webhook may not reach. Not an IP: false. */
export function isBlockedAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  const version = isIP(plain);
  if (version === 4) return blockedIpv4(plain);
  if (version === 6) return blockedIpv6(plain);
  return false;
}

/** A URL's host as compared with WEBHOOK_ALLOWED_HOSTS and resolved: lower case, no IPv6 brackets, no trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export type { AddressPolicy, Lookup, OwnAddress } from '../deps';

/** Every address the system resolver answers for a name (what a connection would use). */
export const systemLookup: Lookup = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => (error ? reject(error) : resolve(addresses.map((a) => a.address)))),
  );

export class BlockedAddressError extends Error {}

/** Names that are the local machine whatever a resolver says. */
const localNames = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** A URL's port, its scheme's default when it has none. */
export const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** One WEBHOOK_ALLOWED_HOSTS entry: `host`, `host:port`, `[v6]:port` or a bare IPv6 address. */
export function parseAllowedHost(entry: string): { host: string; port: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1].toLowerCase(), port: bracketed[2] ? Number(bracketed[2]) : null };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { host: withPort[1].toLowerCase(), port: Number(withPort[2]) };
  return { host: entry.toLowerCase(), port: null };
}

/** A bare host is allowed on the web's ports only; any other port must be listed with it. */
export function isAllowedHost(host: string, port: number, policy: AddressPolicy): boolean {
  return policy.allowedHosts.some((entry) => {
    const allowed = parseAllowedHost(entry);
    return allowed.host === host && (allowed.port === null ? port === 80 || port === 443 : allowed.port === port);
  });
}

const unspecified = (host: string) => host === '0.0.0.0' || host === '::' || host === '';

/** The addresses of this machine's interfaces (what a portal listening on 0.0.0.0 or :: answers on). */
function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address.toLowerCase().split('%')[0]));
}

function isLoopback(host: string): boolean {
  const version = isIP(host);
  if (version === 4) return host.startsWith('127.');
  if (version === 6) {
    const g = ipv6Groups(host);
    return (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) || (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff && g[6] >> 8 === 127);
  }
  return false;
}

/** Whether host:port is the portal's own listening address (by name, loopback, or any of its interfaces). */
export function isOwnAddress(host: string, port: number, policy: AddressPolicy): boolean {
  const own = policy.own;
  if (!own || port !== own.port) return false;
  const ownHost = own.host.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === ownHost || localNames(host) || isLoopback(host) || unspecified(host)) return true;
  return unspecified(ownHost) && interfaceAddresses().includes(host);
}

const ownRefusal = (host: string, port: number) => `${host}:${port}, the portal's own address`;

/**
 * The save's check of a URL's host, without the network: the portal's own address always, and an
 * address literal in a refused range or a name for the local machine unless allowed with its
 * port. Answers the reason, or null.
 */
export function refusedHost(url: URL, policy: AddressPolicy): string | null {
  const host = hostOf(url);
  const port = portOf(url);
  if (isOwnAddress(host, port, policy)) return ownRefusal(host, port);
  if (isAllowedHost(host, port, policy)) return null;
  if (isBlockedAddress(host)) return `${host} is a private, loopback or link-local address (or its port ${port} is not allowed)`;
  if (localNames(host)) return `${host} is the local machine`;
  return null;
}

/**
 * The delivery's check: the address to connect to for this URL. Every address a name resolves
 * to is checked against the portal's own; an allowed host (with its port) is resolved as it is;
 * any other name must resolve only to public addresses (one private answer among public ones is
 * refused: a resolver may hand either to the connection). Throws BlockedAddressError.
 */
export async function addressToConnect(url: URL, policy: AddressPolicy): Promise<string> {
  const host = hostOf(url);
  const port = portOf(url);
  const lookup = policy.lookup ?? systemLookup;
  if (isOwnAddress(host, port, policy)) throw new BlockedAddressError(ownRefusal(host, port));
  if (isIP(host)) {
    if (!isAllowedHost(host, port, policy) && isBlockedAddress(host)) throw new BlockedAddressError(`${host} is a private, loopback or link-local address (or its port ${port} is not allowed)`);
    return host;
  }
  const addresses = await lookup(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  const own = addresses.find((address) => isOwnAddress(address.toLowerCase(), port, policy));
  if (own) throw new BlockedAddressError(`${host} resolves to ${ownRefusal(own, port)}`);
  if (!isAllowedHost(host, port, policy)) {
    if (localNames(host)) throw new BlockedAddressError(`${host} is the local machine`);
    const blocked = addresses.find(isBlockedAddress);
    if (blocked) throw new BlockedAddressError(`${host} resolves to ${blocked}, a private, loopback or link-local address`);
  }
  return addresses[0];
}
