import ipaddr from 'ipaddr.js';

/**
 * The prefix lengths that stand for "one client" when counting what a client may do. One
 * subscriber gets a whole IPv6 /64 (2^64 addresses to rotate through), so an IPv6 client is its
 * /64, an IPv4 one its address. Where a count must not be made by rotating addresses at all
 * (independent confirmations, contact reveals), a client is its network: an IPv4 /24 or an IPv6
 * /48, what one home, office or small provider can hold.
 */
const PREFIXES = { address: { v4: 32, v6: 64 }, network: { v4: 24, v6: 48 } } as const;
export type ClientScope = keyof typeof PREFIXES;

/**
 * The client `address` stands for at `scope`, as a CIDR ("203.0.113.0/24", "2001:db8:1::/48");
 * an IPv4 address in IPv6 clothing (::ffff:203.0.113.7, as a dual-stack socket gives it) is IPv4.
 * Something that is no address at all is kept as it is, so it still counts as one client.
 */
export function clientOf(address: string, scope: ClientScope): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  const bits = ip.kind() === 'ipv4' ? PREFIXES[scope].v4 : PREFIXES[scope].v6;
  const cidr = `${ip.toString()}/${bits}`;
  const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${bits}`;
}
