import { Hono, type Context } from 'hono';
import { and, asc, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { MEDIA_KINDS, multipartComplete, multipartStart, type MediaKind, type ReceivedPart, type UploadedFile } from '../../src/common/contract/index.ts';
import {
  COMMUNITY_MEDIA_TYPES,
  PART_ADDRESS_MINUTES,
  UNATTACHED_UPLOAD_HOURS,
  UPLOAD_KINDS,
  UPLOAD_RECEIVE_MINUTES,
  UPLOADER,
  type RateLimitName,
} from '../../src/common/contract/limits.ts';
import { uploadParts, uploads } from '../../db/schema.ts';
import { storageFailure } from '../../db/failures.ts';
import type { RouteDeps } from '../deps.ts';
import { communityKind, MAX_BYTES, refuseType, reserveUpload, spendUpload, storeChecked, tooLarge, uploadId, type Accepted } from '../domain/media.ts';
import { HOUR, MINUTE, toMinute } from '../domain/time.ts';
import { apiError, exactly, jsonBody, peek, within, type WithBody } from '../http/answers.ts';
import { bytesInFlight } from '../middleware/in-flight/index.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';
import { streamedForm } from '../http/streamed-form.ts';

/** The largest form a single-part upload may send: the file and its few fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Compares two signatures in a time that does not tell how much of them matched. */
function sameSignature(a: string, b: string): boolean {
  let differ = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}

/**
 * The upload helper's endpoints (spec section 7, "Multipart upload helper") under /api/uploads, in
 * the shape @uppy/aws-s3 expects from a Companion server, so that client (or ours, src/client/uploads/multipart.ts)
 * sends a file in parts that survive a dropped connection:
 *
 * - POST s3/multipart {metadata: {kind}} starts one: `{ uploadId, key }`, the key being the media
 *   key the file will be served under once complete.
 * - GET s3/multipart/{uploadId}/{partNumber}?key= answers a part's address: signed with the
 *   server's secret, bound to that upload and part number, good for PART_ADDRESS_MINUTES.
 * - PUT to it stores the part (answering its ETag). Before a byte of it is read, its size is
 *   reserved against the cap with the parts received and on their way, in one statement, so
 *   parts sent at once cannot pass it together; a part that fails frees its reservation. One
 *   part number is on its way at a time (a second is answered 429), and a part not whole within
 *   UPLOAD_RECEIVE_MINUTES is cut. The first part's bytes must begin an image (or a video, for
 *   help media).
 * - GET s3/multipart/{uploadId}?key= lists the parts received, so a client resumes without
 *   sending them again.
 * - POST s3/multipart/{uploadId}/complete?key= {parts} joins them and checks the whole file as a
 *   single upload is checked (type by content, video length, metadata stripped) before storing
 *   it under its key; nothing is served before that. The upload is joined once: a second
 *   complete, or a part, meanwhile is answered 404.
 * - DELETE s3/multipart/{uploadId}?key= drops it and what was received.
 * - GET s3/params answers a single-part upload: a form POST of `fields` and the file to `url`,
 *   which takes one post (spent by it, even if it fails); the form streams to the store.
 * - GET s3/sts: temporary storage credentials are never handed out.
 *
 * An upload with no part for an hour is abandoned: the maintenance sweep deletes it with its parts.
 */
export function multipartRoutes(deps: RouteDeps) {
  const { db, media, keys } = deps;
  const now = () => toMinute(deps.now());
  const placeOf = (kind: MediaKind) => ((COMMUNITY_MEDIA_TYPES as readonly string[]).includes(kind) ? communityKind(kind as (typeof COMMUNITY_MEDIA_TYPES)[number]) : kind);
  const acceptedBy = (place: string): Accepted => (place.startsWith('community-assistance/') ? 'media' : 'photo');
  const limitFor = (kind: string | undefined): RateLimitName => ((UPLOAD_KINDS as readonly string[]).includes(kind ?? '') ? 'photoUpload' : 'mediaUpload');

  /** A signed address for part `n` of upload `id`; part 0 is the whole file in one form post. */
  async function address(id: string, n: number) {
    const expires = deps.now() + PART_ADDRESS_MINUTES * MINUTE;
    const signature = await keys.hash('upload-address', id, String(n), String(expires));
    return { path: `/api/uploads/${n ? 'parts' : 'objects'}/${id}.${n}.${expires}.${signature}`, expires: PART_ADDRESS_MINUTES * 60 };
  }

  /** The upload and part an address names, or null when it was not signed here or has expired. */
  async function signed(token: string): Promise<{ id: string; n: number } | null> {
    const [id, n, expires, signature, extra] = token.split('.');
    if (!id || !n || !expires || !signature || extra !== undefined || !/^\d+$/.test(n) || !(Number(expires) >= deps.now())) return null;
    return sameSignature(await keys.hash('upload-address', id, n, expires), signature) ? { id, n: Number(n) } : null;
  }

  /** The multipart upload with this id, not being joined, with no news for less than an hour. */
  async function open(id: string) {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), isNotNull(uploads.multipartId), opened()));
    return row;
  }
  const opened = () => and(eq(uploads.stored, false), eq(uploads.spent, false), gt(uploads.createdAt, new Date(deps.now() - UNATTACHED_UPLOAD_HOURS * HOUR).toISOString()));

  /** The multipart upload named by its id and the key POST s3/multipart answered with it. */
  async function named(c: Context) {
    const id = c.req.param('uploadId')!;
    const key = c.req.query('key');
    const row = await open(id);
    return row && key === `${row.kind}/${id}` && uploadId(key) === id ? { ...row, key, multipartId: row.multipartId! } : undefined;
  }
  const unknown = (c: Context) => apiError(c, 404, 'not_found', 'No upload in progress has this id and key; start a new one');
  const badAddress = (c: Context) => apiError(c, 403, 'invalid_address', 'This upload address is not valid or has expired; ask for a new one');

  /** The parts received whole (not those on their way). */
  const received = async (id: string) =>
    (
      await db
        .select()
        .from(uploadParts)
        .where(and(eq(uploadParts.uploadId, id), isNull(uploadParts.receivingUntil)))
        .orderBy(asc(uploadParts.partNumber))
    ).map((part) => ({ ...part, etag: part.etag! }));

  /**
   * Reserves `size` bytes for part `n` of upload `id`, on its way until `until`, in one statement:
   * only while the upload is open, no other request is sending that part number, and the parts
   * received and on their way (another copy of this number aside) leave room under `cap`. A copy
   * of this number received earlier gives its place up. True when reserved.
   */
  async function reserve(id: string, n: number, size: number, until: number, cap: number): Promise<boolean> {
    const rows = await db.all(sql`
      insert into ${uploadParts} (upload_id, part_number, size, etag, receiving_until)
      select ${id}, ${n}, ${size}, null, ${until}
      where exists (select 1 from ${uploads} where ${and(eq(uploads.id, id), opened())})
        and (select coalesce(sum(size), 0) from ${uploadParts} where upload_id = ${id} and part_number <> ${n}) + ${size} <= ${cap}
      on conflict (upload_id, part_number) do update set size = excluded.size, etag = null, receiving_until = excluded.receiving_until
        where receiving_until is null or receiving_until < ${deps.now()}
      returning part_number`);
    return rows.length === 1;
  }

  /** Drops an upload's parts, in the store and in the table. */
  async function dropParts(id: string, multipartId: string) {
    await media.multipart.drop(id, multipartId);
    await db.delete(uploadParts).where(eq(uploadParts.uploadId, id));
  }

  /** The Content-Length of a body that must have one: a number, or the refusal. */
  function declaredLength(c: Context): number | Response {
    const declared = c.req.header('content-length');
    if (declared === undefined || !/^\d+$/.test(declared)) return apiError(c, 411, 'length_required', 'Send the body with its Content-Length');
    if (declared === '0' || !c.req.raw.body) return apiError(c, 400, 'empty_body', 'The body is empty');
    return Number(declared);
  }

  const done = (key: string, type: UploadedFile['type']): UploadedFile => ({ location: `/images/${key}`, url: `/images/${key}`, key, type });

  return new Hono()
    .post(
      '/s3/multipart',
      jsonBody(multipartStart),
      rateLimit(deps, (c: Context<WithBody<typeof multipartStart>>) => limitFor(c.var.body.metadata.kind)),
      async (c) => {
        const kind = placeOf(c.var.body.metadata.kind);
        const id = crypto.randomUUID();
        const multipartId = await media.multipart.start(id);
        await db.insert(uploads).values({ id, kind, createdAt: now(), multipartId });
        return c.json({ uploadId: id, key: `${kind}/${id}` });
      },
    )
    .get('/s3/multipart/:uploadId', async (c) => {
      const upload = await named(c);
      if (!upload) return unknown(c);
      const parts: ReceivedPart[] = (await received(upload.id)).map((part) => ({ PartNumber: part.partNumber, Size: part.size, ETag: part.etag }));
      return c.json(parts);
    })
    .get('/s3/multipart/:uploadId/:partNumber', async (c) => {
      const partNumber = c.req.param('partNumber');
      if (!/^\d{1,5}$/.test(partNumber) || Number(partNumber) < 1 || Number(partNumber) > UPLOADER.maxParts) {
        return apiError(c, 400, 'invalid_part_number', `A part number is from 1 to ${UPLOADER.maxParts}`);
      }
      const upload = await named(c);
      if (!upload) return unknown(c);
      const { path, expires } = await address(upload.id, Number(partNumber));
      return c.json({ url: path, expires });
    })
    .put('/parts/:token', bytesInFlight(deps, 0), async (c) => {
      const part = await signed(c.req.param('token'));
      if (!part || part.n < 1) return badAddress(c);
      const upload = await open(part.id);
      if (!upload) return unknown(c);
      const size = declaredLength(c);
      if (size instanceof Response) return size;
      const accepted = acceptedBy(upload.kind);
      // The body is cut at UPLOAD_RECEIVE_MINUTES; its number is held a minute more, so that no
      // copy sent after it can be overwritten by it.
      const until = deps.now() + (UPLOAD_RECEIVE_MINUTES + 1) * MINUTE;
      const thisPart = and(eq(uploadParts.uploadId, part.id), eq(uploadParts.partNumber, part.n));
      if (!(await reserve(part.id, part.n, size, until, MAX_BYTES[accepted]))) {
        // Why not, for the answer only: nothing was reserved either way.
        const [sending] = await db
          .select()
          .from(uploadParts)
          .where(and(thisPart, gte(uploadParts.receivingUntil, deps.now())));
        if (sending) {
          c.header('retry-after', '5');
          return apiError(c, 429, 'part_in_flight', `Part ${part.n} is on its way already; send it again once that one is in`);
        }
        return (await open(part.id)) ? tooLarge(c, accepted) : unknown(c);
      }
      const mine = and(thisPart, eq(uploadParts.receivingUntil, until));
      let body: ReadableStream<Uint8Array> = c.req.raw.body!;
      let etag: string;
      try {
        if (part.n === 1) {
          const { head, whole } = await peek(body, 64);
          const refused = refuseType(c, head, accepted);
          if (refused) {
            await whole.cancel();
            await db.delete(uploadParts).where(mine);
            return refused;
          }
          body = whole;
        }
        etag = await media.multipart.putPart(part.id, upload.multipartId!, part.n, body.pipeThrough(exactly(size)).pipeThrough(within(UPLOAD_RECEIVE_MINUTES * MINUTE)), size);
      } catch (error) {
        await db.delete(uploadParts).where(mine);
        if (storageFailure(error)) throw error;
        return apiError(c, 400, 'upload_failed', 'The part did not arrive whole; please send it again');
      }
      const [kept] = await db.batch([
        db.update(uploadParts).set({ etag, receivingUntil: null }).where(mine).returning({ n: uploadParts.partNumber }),
        // A part is news: the hour after which an upload counts as abandoned starts again.
        db.update(uploads).set({ createdAt: now() }).where(eq(uploads.id, part.id)),
      ]);
      // Its reservation ran out (or the upload was dropped) while it arrived: another copy has its place.
      if (!kept.length) return apiError(c, 400, 'upload_failed', 'The part took too long to arrive; please send it again');
      // No body, as S3 answers: a compressed one would make the ETag weak (W/"...").
      return c.body(null, 200, { ETag: `"${etag}"` });
    })
    .post('/s3/multipart/:uploadId/complete', jsonBody(multipartComplete), async (c) => {
      const upload = await named(c);
      if (!upload) return unknown(c);
      const asked = c.var.body.parts;
      if (asked.some((part, i) => i > 0 && part.PartNumber <= asked[i - 1]!.PartNumber)) {
        return apiError(c, 400, 'invalid_part_order', 'List the parts in ascending order of their numbers, each once');
      }
      const have = new Map((await received(upload.id)).map((part) => [part.partNumber, part]));
      const missing = asked.find((part) => have.get(part.PartNumber)?.etag !== part.ETag.replace(/^(W\/)?"|"$/g, ''));
      if (missing) return apiError(c, 400, 'invalid_part', `Part ${missing.PartNumber} was not received as listed; send it again`);
      const parts = asked.map((part) => have.get(part.PartNumber)!);
      // R2 joins only parts of one size (the last may be smaller), S3 only parts of 5 MiB or more:
      // the rule of both, on both hosts, so a file that completes here completes on Cloudflare.
      const [first] = parts;
      if (parts.slice(0, -1).some((part) => part.size !== first!.size || part.size < UPLOADER.minPartBytes) || (parts.length > 1 && parts.at(-1)!.size > first!.size)) {
        return apiError(c, 400, 'invalid_part_size', `Every part but the last must have the same size, at least ${UPLOADER.minPartBytes} bytes; the last may be smaller`);
      }
      const accepted = acceptedBy(upload.kind);
      const size = parts.reduce((total, part) => total + part.size, 0);
      // Joined once: two completes at once would each write the whole file again.
      const [joining] = await db
        .update(uploads)
        .set({ spent: true })
        .where(and(eq(uploads.id, upload.id), opened()))
        .returning();
      if (!joining) return unknown(c);
      const joined = await media.multipart.join(upload.id, upload.multipartId, parts);
      const type = await storeChecked(c, deps, upload.key, joined, size, accepted);
      await dropParts(upload.id, upload.multipartId);
      if (type instanceof Response) return type;
      await db.update(uploads).set({ stored: true, mediaType: type, createdAt: now() }).where(eq(uploads.id, upload.id));
      return c.json(done(upload.key, type));
    })
    .delete('/s3/multipart/:uploadId', async (c) => {
      const upload = await named(c);
      if (!upload) return unknown(c);
      await dropParts(upload.id, upload.multipartId);
      await db.delete(uploads).where(eq(uploads.id, upload.id));
      return c.body(null, 204);
    })
    .get(
      '/s3/params',
      rateLimit(deps, (c) => limitFor(c.req.query('metadata[kind]'))),
      async (c) => {
        const kind = c.req.query('metadata[kind]');
        if (!(MEDIA_KINDS as readonly string[]).includes(kind ?? '')) {
          return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', { 'metadata.kind': `metadata[kind] must be one of ${MEDIA_KINDS.join(', ')}` });
        }
        const place = placeOf(kind as MediaKind);
        const id = await reserveUpload(deps, place);
        const { path, expires } = await address(id, 0);
        // Absolute: @uppy/aws-s3 derives the file's location from it.
        return c.json({ method: 'POST', url: new URL(path, c.req.url).href, fields: { key: `${place}/${id}` }, headers: {}, expires });
      },
    )
    .post('/objects/:token', bytesInFlight(deps, 0), async (c) => {
      const target = await signed(c.req.param('token'));
      if (!target || target.n !== 0) return badAddress(c);
      const size = declaredLength(c);
      if (size instanceof Response) return size;
      const upload = await spendUpload(db, target.id, deps.now());
      if (!upload) return unknown(c);
      const accepted = acceptedBy(upload.kind);
      if (size > MAX_BYTES[accepted] + FORM_OVERHEAD_BYTES) return tooLarge(c, accepted);
      const invalid = () => apiError(c, 400, 'invalid_form', 'Send the fields as given, then the file as `file`, as multipart/form-data');
      const form = await streamedForm(c.req.raw.body!.pipeThrough(exactly(size)), c.req.header('content-type') ?? '', size, FORM_OVERHEAD_BYTES).catch(() => null);
      if (!form) return invalid();
      const key = `${upload.kind}/${upload.id}`;
      if (form.fields.get('key') !== key) {
        await form.file.cancel();
        return invalid();
      }
      const type = await storeChecked(c, deps, key, form.file, form.size, accepted);
      if (type instanceof Response) return type;
      await db.update(uploads).set({ stored: true, mediaType: type, createdAt: now() }).where(eq(uploads.id, upload.id));
      return c.json(done(key, type), 201);
    })
    .get('/s3/sts', (c) => apiError(c, 501, 'not_offered', 'Temporary storage credentials are never handed out: upload through s3/params or s3/multipart'));
}
