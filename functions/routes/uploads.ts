import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { uploadRequest } from '../../src/common/contract/index.ts';
import { MAX_PHOTO_BYTES, UPLOAD_KINDS, type UploadKind } from '../../src/common/contract/limits.ts';
import { uploads } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { reserveUpload, spendUpload, storeImage } from '../domain/media.ts';
import { apiError, jsonBody, readCapped } from '../http/answers.ts';
import { sniffImage } from '../media/image.ts';
import { bytesInFlight } from '../middleware/in-flight/index.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';

/**
 * POST /api/upload {type} answers an uploadURL; the photo is then PUT there. The server keeps
 * only real images (checked by content), strips every metadata block (GPS and camera data
 * among them) and stores the result; the photo is then served at /images/{type}/{id}. An address
 * takes one PUT: a second, even while the first arrives or after it failed, is answered 404.
 */
export function uploadRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono()
    .post('/', jsonBody(uploadRequest), rateLimit(deps, 'photoUpload'), async (c) => {
      const { type } = c.var.body;
      return c.json({ uploadURL: `/api/upload/${type}/${await reserveUpload(deps, type)}` }, 201);
    })
    .put('/:kind/:id', bytesInFlight(deps, MAX_PHOTO_BYTES), async (c) => {
      const kind = c.req.param('kind') as UploadKind;
      const id = c.req.param('id');
      const pending = UPLOAD_KINDS.includes(kind) && (await spendUpload(db, id, deps.now(), kind));
      if (!pending) return apiError(c, 404, 'not_found', 'This upload address is unknown or was already used; ask for a new one');
      if (Number(c.req.header('content-length') ?? 0) > MAX_PHOTO_BYTES) return apiError(c, 413, 'payload_too_large', `A photo must be at most ${MAX_PHOTO_BYTES} bytes`);
      const bytes = await readCapped(c.req.raw, MAX_PHOTO_BYTES);
      if (bytes === null) return apiError(c, 413, 'payload_too_large', `A photo must be at most ${MAX_PHOTO_BYTES} bytes`);
      const type = sniffImage(bytes);
      if (!type) return apiError(c, 415, 'unsupported_media_type', 'Only JPEG, PNG and WebP photos are accepted');
      const refused = await storeImage(c, deps, `${kind}/${id}`, bytes, type, 'photo');
      if (refused) return refused;
      await db.update(uploads).set({ stored: true }).where(eq(uploads.id, id));
      return c.json({ url: `/images/${kind}/${id}` }, 201);
    });
}
