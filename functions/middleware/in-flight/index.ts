import type { MiddlewareHandler } from 'hono';
import { clientOf } from '../../../src/common/contract/clients.ts';
import { UPLOAD_BYTES_IN_FLIGHT } from '../../../src/common/contract/limits.ts';
import type { RouteDeps } from '../../deps.ts';
import { apiError } from '../../http/answers.ts';

/** Bytes on their way now, in all and per client (by keyed hash), for one app. */
const counted = new WeakMap<RouteDeps, { all: number; clients: Map<string, number> }>();

/**
 * Caps the upload bytes on their way at once (UPLOAD_BYTES_IN_FLIGHT), from one client and from
 * all: a request's declared Content-Length (or `unannounced` without one) is counted while its
 * handler runs, and one that would pass either cap is answered 429 before a byte of it is read.
 * A body larger than any upload counts as the client's whole room: its route refuses it (413)
 * before reading it. The client (an IPv4 address or IPv6 /64) is known only by the rate limits' keyed hash,
 * kept in memory while its requests last, never stored.
 *
 * The counts are this process's: on the Node host that is every request. On Cloudflare each
 * isolate counts its own, so the caps hold per isolate; there a request body is capped by the
 * plan (100 MB), a part streams to R2 (never to a disk of ours) and what stays bounded across
 * isolates is each upload's reservation in the database (functions/routes/multipart.ts).
 */
export function bytesInFlight(deps: RouteDeps, unannounced: number): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    const bytes = Math.min(declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : unannounced, UPLOAD_BYTES_IN_FLIGHT.client);
    const client = await deps.keys.dailyHash(deps.now(), 'client', clientOf(deps.clientAddress(c) ?? 'unknown', 'address'));
    let count = counted.get(deps);
    if (!count) counted.set(deps, (count = { all: 0, clients: new Map() }));
    const mine = count.clients.get(client) ?? 0;
    if (mine + bytes > UPLOAD_BYTES_IN_FLIGHT.client || count.all + bytes > UPLOAD_BYTES_IN_FLIGHT.all) {
      c.header('retry-after', '5');
      return mine + bytes > UPLOAD_BYTES_IN_FLIGHT.client
        ? apiError(c, 429, 'uploads_in_flight', 'Your other uploads are still arriving; this one can start once they are in. Please try again in a moment.')
        : apiError(c, 429, 'server_busy', 'Many uploads are arriving at once. Please try again in a moment.');
    }
    count.all += bytes;
    count.clients.set(client, mine + bytes);
    try {
      await next();
    } finally {
      count.all -= bytes;
      const left = count.clients.get(client)! - bytes;
      if (left) count.clients.set(client, left);
      else count.clients.delete(client);
    }
  };
}
