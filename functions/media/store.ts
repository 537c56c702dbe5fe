/**
 * Where uploaded photos and videos live: a folder for the Node host, an R2 bucket on Cloudflare.
 * Bodies stream both ways, so a 100 MB video is never held in memory whole.
 */
export interface MediaStore {
  /** body is bytes or a stream of exactly `size` bytes; a failed or short stream stores nothing (no partial file is ever served). */
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, contentType: string, size: number): Promise<void>;
  /** range: inclusive byte range already checked against size. */
  get(key: string, range?: ByteRange): Promise<{ body: Uint8Array | ReadableStream; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  multipart: MultipartStore;
}

/** A part of a multipart upload as received: its number, length and the store's ETag for it. */
export type StoredPart = { partNumber: number; size: number; etag: string };

/**
 * The parts of multipart uploads (one per upload `id`, the store's own upload `storeId`), kept
 * where /images never looks until the whole file is checked and stored under its media key: R2's
 * multipart uploads on Cloudflare, a folder per upload beside the media on the Node host.
 */
export interface MultipartStore {
  /** Starts one and answers the store's id for it. */
  start(id: string): Promise<string>;
  /** Stores part `partNumber` from a stream of exactly `size` bytes (an earlier one of that number is replaced); answers its ETag. */
  putPart(id: string, storeId: string, partNumber: number, body: ReadableStream<Uint8Array>, size: number): Promise<string>;
  /** The parts, in the order given, as one stream. */
  join(id: string, storeId: string, parts: StoredPart[]): Promise<ReadableStream<Uint8Array>>;
  /** Frees what was received (and joined). */
  drop(id: string, storeId: string): Promise<void>;
}

/** First and last byte offsets, both included, as in a Range header. */
export type ByteRange = { start: number; end: number };

/**
 * Keys are "{kind}/{id}" or, for the help flow, "community-assistance/{mediaType}/{id}", made by
 * the server; anything else (a "..", another shape) is refused before the disk is touched.
 */
export const MEDIA_KEY = /^(?:[a-z-]+|community-assistance\/(?:assistance-requests|surplus-offers))\/[0-9a-f-]{36}$/;

/**
 * Answers GET and HEAD /images/{key} from the store, on both hosts. Byte ranges are served (206),
 * since browsers fetch video in ranges and iOS Safari will not play a video without them.
 */
export async function serveMedia(media: MediaStore, pathname: string, request?: Request): Promise<Response> {
  const key = pathname.replace(/^\/images\//, '');
  // Only media keys: never a multipart upload's parts, joined or not.
  const found = MEDIA_KEY.test(key) ? await media.get(key) : null;
  if (!found) return new Response('Not found', { status: 404 });
  const range = parseRange(request?.headers.get('range') ?? null, found.size);
  const head = request?.method === 'HEAD';
  // A body nobody reads would hold its file open: hand it back at once.
  if ((range !== 'whole' || head) && found.body instanceof ReadableStream) await found.body.cancel();
  const headers = new Headers({
    'content-type': found.contentType,
    'accept-ranges': 'bytes',
    // Files can be deleted when their post expires: let phones keep them a while, not forever.
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
  });
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${found.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range === 'whole') {
    headers.set('content-length', String(found.size));
    return new Response(head ? null : (found.body as BodyInit), { headers });
  }
  headers.set('content-length', String(range.end - range.start + 1));
  headers.set('content-range', `bytes ${range.start}-${range.end}/${found.size}`);
  if (head) return new Response(null, { status: 206, headers });
  const part = await media.get(key, range);
  if (!part) return new Response('Not found', { status: 404 });
  return new Response(part.body as BodyInit, { status: 206, headers });
}

/**
 * One range of a `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` header, clamped to the file.
 * No header, another unit, several ranges or a malformed one mean the whole file (a server may
 * ignore a Range header); a range that starts past the end cannot be served.
 */
function parseRange(header: string | null, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  const match = header && /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  const [first, last] = [match[1], match[2]].map((n) => (n === '' ? null : Number(n)));
  if (first === null) {
    // The last n bytes.
    return last! > 0 && size > 0 ? { start: Math.max(0, size - last!), end: size - 1 } : 'unsatisfiable';
  }
  if (last !== null && last < first) return 'whole';
  if (first >= size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}
