/**
 * Who is asking, for the Node host's rate limits and the live room's per-client caps. Behind a
 * reverse proxy the socket's address is the proxy's, so every visitor would share one bucket; the
 * proxy names the visitor in X-Forwarded-For, which anyone else can write too. So that header is
 * believed only from a socket within TRUSTED_PROXY. The address is used, never stored or logged.
 * (The Cloudflare worker reads CF-Connecting-IP, which Cloudflare sets and no visitor can.)
 */

/** An IP address as a number: IPv4 in 32 bits, IPv6 in 128; an IPv4-mapped IPv6 address as its IPv4. */
interface Ip {
  v6: boolean;
  value: bigint;
}

function parseIpv4(text: string): bigint | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)?.slice(1).map(Number);
  if (!parts || parts.some((part) => part > 255)) return null;
  return parts.reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

function parseIp(text: string): Ip | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { v6: false, value: v4 };
  // A zone (fe80::1%eth0) names the machine's own interface: the same address for matching.
  const halves = text
    .replace(/%[\w.-]+$/, '')
    .toLowerCase()
    .split('::');
  if (halves.length > 2) return null;
  const groups = halves.map((half) => (half ? half.split(':') : []));
  // An IPv4 tail (::ffff:1.2.3.4) is the last two groups.
  const last = groups.at(-1)!;
  const tail = last.length ? parseIpv4(last.at(-1)!) : null;
  if (tail !== null) last.splice(-1, 1, (tail >> 16n).toString(16), (tail & 0xffffn).toString(16));
  const count = groups.flat().length;
  if (groups.flat().some((group) => !/^[0-9a-f]{1,4}$/.test(group)) || (halves.length === 1 ? count !== 8 : count > 7)) return null;
  const all = halves.length === 1 ? groups[0]! : [...groups[0]!, ...Array<string>(8 - count).fill('0'), ...groups[1]!];
  const value = all.reduce((sum, group) => (sum << 16n) | BigInt(`0x${group}`), 0n);
  return value >> 32n === 0xffffn ? { v6: false, value: value & 0xffffffffn } : { v6: true, value };
}

/** Whether an address (as a socket or a header gives it) lies in the range. */
export type AddressRange = (address: string) => boolean;

/** An address or CIDR block (`10.0.0.1`, `10.0.0.0/8`, `fd00::/8`) as a range, or null when it is neither. */
export function addressRange(text: string): AddressRange | null {
  const [address = '', prefix, extra] = text.trim().split('/');
  const base = parseIp(address);
  if (!base || extra !== undefined) return null;
  const bits = base.v6 ? 128 : 32;
  const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(length >= 0 && length <= bits)) return null;
  const shift = BigInt(bits - length);
  return (candidate) => {
    const ip = parseIp(candidate.trim());
    return !!ip && ip.v6 === base.v6 && ip.value >> shift === base.value >> shift;
  };
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
