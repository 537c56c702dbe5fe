/**
 * Who is asking, for the Node host's rate limits and the live room's per-client caps. Behind a
 * reverse proxy the socket's address is the proxy's, so every visitor would share one bucket; the
 * proxy names the visitor in X-Forwarded-For, which anyone else can write too. So that header is
 * believed only from a socket within TRUSTED_PROXY. The address is used, never stored or logged.
 * (The Cloudflare worker reads CF-Connecting-IP, which Cloudflare sets and no visitor can.)
 */
import { parseIp } from '../../src/common/contract/clients.ts';

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
