/**
 * Who counts as one client, for the API's limits and marks and the live room's sockets alike,
 * read with ipaddr.js (a well-kept parser). Server-side only: no page imports it (pages load
 * src/common/room.ts, so none of this may live there).
 */
import ipaddr from 'ipaddr.js';

/** An address as ipaddr.js reads it, an IPv4 address written as IPv6 (::ffff:10.1.2.3) as IPv4; null for anything else. */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // Only the usual forms: four decimal parts for IPv4 (ipaddr.js also reads 10.1 or 0x0a.1.2.3).
  const plain = text.replace(/%[\w.-]+$/, '');
  if (!ipaddr.IPv6.isValid(plain) && !ipaddr.IPv4.isValidFourPartDecimal(plain)) return null;
  return ipaddr.process(plain);
}

/**
 * The prefix lengths that stand for "one client" when counting what a client may do. One
 * subscriber gets a whole IPv6 /64 (2^64 addresses to rotate through), so an IPv6 client is its
 * /64, an IPv4 one its address. Where a count must not be made by rotating addresses at all
 * (independent confirmations, contact reveals, sockets of the live room), a client is its
 * network: an IPv4 /24 or an IPv6 /48, what one home, office or small provider can hold.
 */
const PREFIXES = { address: { v4: 32, v6: 64 }, network: { v4: 24, v6: 48 } } as const;
export type ClientScope = keyof typeof PREFIXES;

/**
 * The client `address` stands for at `scope`, as a CIDR ("203.0.113.0/24", "2001:db8:1::/48").
 * Something that is no address at all is kept as it is, so it still counts as one client.
 */
export function clientOf(address: string, scope: ClientScope): string {
  const ip = parseIp(address);
  if (!ip) return address;
  const bits = ip.kind() === 'ipv4' ? PREFIXES[scope].v4 : PREFIXES[scope].v6;
  const cidr = `${ip.toString()}/${bits}`;
  const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${bits}`;
}

/**
 * The tag a room (Cloudflare, PartyKit) counts a socket under: a digest of its client network,
 * so the runtime holding the sockets never holds an address.
 */
export async function clientTag(address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(clientOf(address, 'address')));
  return `client:${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}
