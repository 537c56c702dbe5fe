import { Hono, type Context } from 'hono';
import { and, asc, eq, gt, isNotNull, isNull, ne, sum } from 'drizzle-orm';
import { MEDIA_KINDS, multipartComplete, multipartStart, type MediaKind, type ReceivedPart, type UploadedFile } from '../../src/contract/index.ts';
import { COMMUNITY_MEDIA_TYPES, PART_ADDRESS_MINUTES, UNATTACHED_UPLOAD_HOURS, UPLOAD_KINDS, UPLOADER, type RateLimitName } from '../../src/contract/limits.ts';
import { uploadParts, uploads } from '../../db/schema.ts';
import { storageFailure } from '../../db/failures.ts';
import type { RouteDeps } from '../deps.ts';
import { communityKind, MAX_BYTES, refuseType, storeChecked, tooLarge, uploadId, type Accepted } from '../domain/media.ts';
import { HOUR, MINUTE } from '../domain/time.ts';
import { apiError, exactly, jsonBody, peek, type WithBody } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';

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
 * the shape @uppy/aws-s3 expects from a Companion server, so that client (or ours, src/lib/multipart.ts)
 * sends a file in parts that survive a dropped connection:
 *
 * - POST s3/multipart {metadata: {kind}} starts one: `{ uploadId, key }`, the key being the media
 *   key the file will be served under once complete.
 * - GET s3/multipart/{uploadId}/{partNumber}?key= answers a part's address: signed with the
 *   server's secret, bound to that upload and part number, good for PART_ADDRESS_MINUTES.
 * - PUT to it stores the part (answering its ETag); each part is checked against the cap as it
 *   arrives, counting the parts already received, and the first part's bytes must begin an image
 *   (or a video, for help media).
 * - GET s3/multipart/{uploadId}?key= lists the parts received, so a client resumes without
 *   sending them again.
 * - POST s3/multipart/{uploadId}/complete?key= {parts} joins them and checks the whole file as a
 *   single upload is checked (type by content, video length, metadata stripped) before storing
 *   it under its key; nothing is served before that.
 * - DELETE s3/multipart/{uploadId}?key= drops it and what was received.
 * - GET s3/params answers a single-part upload: a form POST of `fields` and the file to `url`.
 * - GET s3/sts: temporary storage credentials are never handed out.
 *
 * An upload with no part for an hour is abandoned: the maintenance sweep deletes it with its parts.
 */
export function multipartRoutes(deps: RouteDeps) {
  const { db, media, keys } = deps;
  const now = () => new Date(deps.now()).toISOString();
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

  /** The unfinished upload with this id (multipart or not), with no news for less than an hour. */
  async function open(id: string, multipart: boolean) {
    const [row] = await db
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.id, id),
          eq(uploads.stored, false),
          gt(uploads.createdAt, new Date(deps.now() - UNATTACHED_UPLOAD_HOURS * HOUR).toISOString()),
          multipart ? isNotNull(uploads.multipartId) : isNull(uploads.multipartId),
        ),
      );
    return row;
  }

  /** The multipart upload named by its id and the key POST s3/multipart answered with it. */
  async function named(c: Context) {
    const id = c.req.param('uploadId')!;
    const key = c.req.query('key');
    const row = await open(id, true);
    return row && key === `${row.kind}/${id}` && uploadId(key) === id ? { ...row, key, multipartId: row.multipartId! } : undefined;
  }
  const unknown = (c: Context) => apiError(c, 404, 'not_found', 'No upload in progress has this id and key; start a new one');
  const badAddress = (c: Context) => apiError(c, 403, 'invalid_address', 'This upload address is not valid or has expired; ask for a new one');

  const received = (id: string) => db.select().from(uploadParts).where(eq(uploadParts.uploadId, id)).orderBy(asc(uploadParts.partNumber));

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
    .put('/parts/:token', async (c) => {
      const part = await signed(c.req.param('token'));
      if (!part || part.n < 1) return badAddress(c);
      const upload = await open(part.id, true);
      if (!upload) return unknown(c);
      const size = declaredLength(c);
      if (size instanceof Response) return size;
      const accepted = acceptedBy(upload.kind);
      const [others] = await db
        .select({ bytes: sum(uploadParts.size) })
        .from(uploadParts)
        .where(and(eq(uploadParts.uploadId, part.id), ne(uploadParts.partNumber, part.n)));
      if (Number(others?.bytes ?? 0) + size > MAX_BYTES[accepted]) return tooLarge(c, accepted);
      let body: ReadableStream<Uint8Array> = c.req.raw.body!;
      if (part.n === 1) {
        const { head, whole } = await peek(body, 64);
        const refused = refuseType(c, head, accepted);
        if (refused) {
          await whole.cancel();
          return refused;
        }
        body = whole;
      }
      let etag: string;
      try {
        etag = await media.multipart.putPart(part.id, upload.multipartId!, part.n, body.pipeThrough(exactly(size)), size);
      } catch (error) {
        if (storageFailure(error)) throw error;
        return apiError(c, 400, 'upload_failed', 'The part did not arrive whole; please send it again');
      }
      await db.batch([
        db
          .insert(uploadParts)
          .values({ uploadId: part.id, partNumber: part.n, size, etag })
          .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.partNumber], set: { size, etag } }),
        // A part is news: the hour after which an upload counts as abandoned starts again.
        db.update(uploads).set({ createdAt: now() }).where(eq(uploads.id, part.id)),
      ]);
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
        const id = crypto.randomUUID();
        await db.insert(uploads).values({ id, kind: place, createdAt: now() });
        const { path, expires } = await address(id, 0);
        // Absolute: @uppy/aws-s3 derives the file's location from it.
        return c.json({ method: 'POST', url: new URL(path, c.req.url).href, fields: { key: `${place}/${id}` }, headers: {}, expires });
      },
    )
    .post('/objects/:token', async (c) => {
      const target = await signed(c.req.param('token'));
      if (!target || target.n !== 0) return badAddress(c);
      const upload = await open(target.id, false);
      if (!upload) return unknown(c);
      const size = declaredLength(c);
      if (size instanceof Response) return size;
      const accepted = acceptedBy(upload.kind);
      if (size > MAX_BYTES[accepted] + FORM_OVERHEAD_BYTES) return tooLarge(c, accepted);
      let form: FormData;
      try {
        form = await new Response(c.req.raw.body!.pipeThrough(exactly(size)), { headers: { 'content-type': c.req.header('content-type') ?? '' } }).formData();
      } catch {
        return apiError(c, 400, 'invalid_form', 'Send the fields and the file as multipart/form-data');
      }
      const file = form.get('file');
      const key = `${upload.kind}/${upload.id}`;
      if (!(file instanceof File) || form.get('key') !== key) return apiError(c, 400, 'invalid_form', 'Send the fields as given and the file as `file`');
      const type = await storeChecked(c, deps, key, file.stream(), file.size, accepted);
      if (type instanceof Response) return type;
      await db.update(uploads).set({ stored: true, mediaType: type, createdAt: now() }).where(eq(uploads.id, upload.id));
      return c.json(done(key, type), 201);
    })
    .get('/s3/sts', (c) => apiError(c, 501, 'not_offered', 'Temporary storage credentials are never handed out: upload through s3/params or s3/multipart'));
}
