import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { communityUploadRequest, type CommunityUploadParams, type UploadedMedia } from '../../src/contract/index.ts';
import { COMMUNITY_MEDIA_TYPES, MAX_MEDIA_BYTES, MAX_VIDEO_SECONDS, type CommunityMediaType } from '../../src/contract/limits.ts';
import { uploads } from '../../db/schema.ts';
import { storageFailure } from '../../db/failures.ts';
import type { RouteDeps } from '../deps.ts';
import { communityKind, pendingUpload, storeImage } from '../domain/media.ts';
import { apiError, jsonBody, readCapped } from '../http.ts';
import { sniffImage } from '../media/image.ts';
import { InvalidVideoError, sanitizeVideo, sniffVideo, VIDEO_MIME } from '../media/video.ts';
import { rateLimit } from '../rate-limit.ts';

/** The first `size` bytes of a stream (fewer if it ends), and a stream of everything, those bytes included. */
async function peek(body: ReadableStream<Uint8Array>, size: number): Promise<{ head: Uint8Array; whole: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const head = new Uint8Array(length);
  chunks.reduce((offset, chunk) => (head.set(chunk, offset), offset + chunk.byteLength), 0);
  const whole = new ReadableStream<Uint8Array>({
    start: (controller) => void (length && controller.enqueue(head)),
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, whole };
}

/** Passes exactly `size` bytes through and fails the stream on any more. */
const exactly = (size: number) => {
  let seen = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > size) controller.error(new Error('body longer than its Content-Length'));
      else controller.enqueue(chunk);
    },
    flush(controller) {
      if (seen !== size) controller.error(new Error('body shorter than its Content-Length'));
    },
  });
};

/**
 * POST /api/community-assistance/upload {mediaType} answers the upload parameters (spec section 7);
 * the file is then PUT to `url`. The server keeps only real images (JPEG, PNG, WebP) and MP4/MOV
 * videos of at most 60 s, checked by content; strips image metadata (GPS among it) and rewrites
 * video metadata boxes (location among them) before storing; a video streams through, so a
 * 100 MB file never sits in memory whole.
 */
export function communityUploadRoutes(deps: RouteDeps) {
  const { db, media } = deps;
  const tooLarge = (c: Parameters<typeof apiError>[0]) => apiError(c, 413, 'payload_too_large', `A file must be at most ${MAX_MEDIA_BYTES} bytes (100 MB)`);
  return new Hono()
    .post('/', jsonBody(communityUploadRequest), rateLimit(deps, 'mediaUpload'), async (c) => {
      const { mediaType } = c.var.body;
      const objectId = crypto.randomUUID();
      await db.insert(uploads).values({ id: objectId, kind: communityKind(mediaType), createdAt: new Date(deps.now()).toISOString() });
      const params: CommunityUploadParams = { url: `/api/community-assistance/upload/${mediaType}/${objectId}`, objectId, mediaType };
      return c.json(params, 201);
    })
    .put('/:mediaType/:id', async (c) => {
      const mediaType = c.req.param('mediaType') as CommunityMediaType;
      const id = c.req.param('id');
      const pending = COMMUNITY_MEDIA_TYPES.includes(mediaType) && (await pendingUpload(db, communityKind(mediaType), id, deps.now()));
      if (!pending) return apiError(c, 404, 'not_found', 'This upload address is unknown or was already used; ask for a new one');
      const declared = c.req.header('content-length');
      if (declared === undefined || !/^\d+$/.test(declared)) return apiError(c, 411, 'length_required', 'Send the file with its Content-Length');
      const size = Number(declared);
      if (size > MAX_MEDIA_BYTES) return tooLarge(c);
      if (!c.req.raw.body || size === 0) return apiError(c, 400, 'empty_body', 'The file is empty');
      const key = `${communityKind(mediaType)}/${id}`;
      const { head, whole } = await peek(c.req.raw.body, 64);
      const image = sniffImage(head);
      const video = image ? null : sniffVideo(head);
      let type: UploadedMedia['type'];

      if (image) {
        const bytes = await readCapped({ body: whole }, Math.min(size, MAX_MEDIA_BYTES));
        if (bytes === null) return tooLarge(c);
        const refused = await storeImage(c, deps, key, bytes, image, 'image');
        if (refused) return refused;
        type = 'image';
      } else if (video) {
        const { transform, done } = sanitizeVideo();
        const stored = media.put(key, whole.pipeThrough(exactly(size)).pipeThrough(transform), VIDEO_MIME[video], size);
        const [storing, checked] = await Promise.allSettled([stored, done]);
        const seconds = checked.status === 'fulfilled' ? checked.value.seconds : null;
        if (storing.status === 'rejected' || seconds === null || seconds > MAX_VIDEO_SECONDS) {
          await media.delete(key);
          // A full disk is ours, not the sender's: the API's error handler answers 507.
          if (storing.status === 'rejected' && storageFailure(storing.reason)) throw storing.reason;
          if (seconds !== null && seconds > MAX_VIDEO_SECONDS) {
            return apiError(c, 422, 'video_too_long', `The video is ${Math.round(seconds)}s long. Videos must be 1 minute or shorter.`);
          }
          if (checked.status === 'rejected' && checked.reason instanceof InvalidVideoError) {
            return apiError(c, 415, 'unsupported_media_type', 'The video could not be read; try a different file');
          }
          return apiError(c, 400, 'upload_failed', 'The file did not arrive whole; please try again');
        }
        type = 'video';
      } else {
        await whole.cancel();
        return apiError(c, 415, 'unsupported_media_type', 'Only images (JPEG, PNG, WebP) and videos (MP4, MOV) are accepted');
      }
      await db.update(uploads).set({ stored: true, mediaType: type }).where(eq(uploads.id, id));
      const uploaded: UploadedMedia = { url: `/images/${key}`, type };
      return c.json(uploaded, 201);
    });
}
