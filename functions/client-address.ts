/**
 * Who is asking, for the Node host's rate limits and the live room's per-client caps. Behind a
 * reverse proxy the socket's address is the proxy's, so every visitor would share one bucket; the
 * proxy names the visitor in X-Forwarded-For, which anyone else can write too. So that header is
 * believed only from a socket within TRUSTED_PROXY. The address is used, never stored or logged.
 * (The Cloudflare worker reads CF-Connecting-IP, which Cloudflare sets and no visitor can.)
 */
import ipaddr from 'ipaddr.js';

/** An address as ipaddr.js reads it, an IPv4 address written as IPv6 (::ffff:10.1.2.3) as IPv4; null for anything else. */
function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // Only the usual forms: four decimal parts for IPv4 (ipaddr.js also reads 10.1 or 0x0a.1.2.3).
  const plain = text.replace(/%[\w.-]+$/, '');
  if (!ipaddr.IPv6.isValid(plain) && !ipaddr.IPv4.isValidFourPartDecimal(plain)) return null;
  return ipaddr.process(plain);
}

/** Whether an address (as a socket or a header gives it) lies in the range. */
export type AddressRange = (address: string) => boolean;

/** An address or CIDR block (`10.0.0.1`, `10.0.0.0/8`, `fd00::/8`) as a range, or null when it is neither. */
export function addressRange(text: string): AddressRange | null {
  const [address = '', prefix, extra] = text.trim().split('/');
  const base = parseIp(address);
  if (!base || extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return null;
  const bits = prefix === undefined ? (base.kind() === 'ipv4' ? 32 : 128) : Number(prefix);
  if (bits > (base.kind() === 'ipv4' ? 32 : 128)) return null;
  return (candidate) => {
    const ip = parseIp(candidate.trim());
    return !!ip && ip.kind() === base.kind() && ip.match(base, bits);
  };
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

/** What the host knows of a request: Node's IncomingMessage (an HTTP request or a socket's upgrade). */
export interface Incoming {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The client's address: the socket's, unless the socket is within `TRUSTED_PROXY`; then the
 * rightmost X-Forwarded-For address outside that range (each proxy appends whom it heard from,
 * so everything left of that was written by the client itself).
 */
export function clientAddress(incoming: Incoming, config: { TRUSTED_PROXY?: AddressRange }): string | undefined {
  const socket = incoming.socket.remoteAddress;
  const trusted = config.TRUSTED_PROXY;
  if (!socket || !trusted?.(socket)) return socket;
  const header = incoming.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => hop.trim());
  for (const hop of hops.reverse()) {
    if (!hop || trusted(hop)) continue;
    // What a trusted proxy appended is an address; anything else means it appended nothing.
    return parseIp(hop) ? hop : socket;
  }
  return socket;
}
