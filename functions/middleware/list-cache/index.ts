import type { MiddlewareHandler } from 'hono';

/**
 * The public lists: the same answer for everyone who asks with the same query. Not a search of a
 * name (`q`): that is one family's question, seldom asked again in the same minute, so keeping it
 * only held the names people look for in memory and, under many searches, churned the whole cache
 * (every answer kept and gzipped, then dropped at MAX_ENTRIES).
 */
const PUBLIC_LISTS = /^\/api\/(lost-found|alerts|jobs|resources|assistance-requests|surplus-offers|drops(?:\/next)?|pulse|pfif|places\/counts)$/;
/** Enough for every list and its common queries; a flood of odd queries only empties it. */
const MAX_ENTRIES = 500;
const acceptsGzip = (header = '') => /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\b)/i.test(header);

interface Entry {
  at: number;
  body: ArrayBuffer;
  headers: Headers;
  /** Made at the first ask that accepts it, then served as is (phones always ask). */
  gzipped?: Promise<ArrayBuffer>;
}

/**
 * Keeps each public list answer for `ttlMs` on a host that sees every write (the embedded Node
 * server): turning 50 rows into JSON is most of a read's cost, and every open page refetches the
 * same lists at once when a live event arrives. Any write through the API (a post, a mark, a
 * moderation) empties it, so a poster always reads their own post back; what expires by time
 * (`clear()` after the sweep) is gone within a sweep, and nothing is older than `ttlMs`.
 */
export function listCache(ttlMs: number, now: () => number) {
  const entries = new Map<string, Entry>();
  const middleware: MiddlewareHandler = async (c, next) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
      await next();
      entries.clear();
      return;
    }
    if (c.req.method !== 'GET' || !PUBLIC_LISTS.test(c.req.path) || c.req.query('q') !== undefined) return next();
    let entry = entries.get(c.req.url);
    if (!entry || now() - entry.at >= ttlMs) {
      await next();
      if (c.res.status !== 200) return;
      const body = await c.res.arrayBuffer();
      const headers = new Headers(c.res.headers);
      // With its length known, a host's compress middleware leaves a small answer as it is.
      headers.set('content-length', String(body.byteLength));
      entry = { at: now(), body, headers };
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(c.req.url, entry);
    }
    // (Set, not returned: once next() ran, Hono ignores what a middleware returns.)
    if (entry.body.byteLength < 1024 || !acceptsGzip(c.req.header('accept-encoding'))) {
      c.res = new Response(entry.body, { headers: entry.headers });
      return;
    }
    // Compressed once here rather than on every answer by the host's compress middleware.
    entry.gzipped ??= new Response(new Blob([entry.body]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
    const gzipped = await entry.gzipped;
    const headers = new Headers(entry.headers);
    headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(gzipped.byteLength));
    headers.append('Vary', 'Accept-Encoding');
    c.res = new Response(gzipped, { headers });
  };
  return { middleware, clear: () => entries.clear() };
}
