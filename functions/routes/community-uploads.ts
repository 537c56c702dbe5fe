import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { communityUploadRequest, type CommunityUploadParams, type UploadedMedia } from '../../src/common/contract/index.ts';
import { COMMUNITY_MEDIA_TYPES, MAX_MEDIA_BYTES, type CommunityMediaType } from '../../src/common/contract/limits.ts';
import { uploads } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { communityKind, reserveUpload, spendUpload, storeChecked, tooLarge } from '../domain/media.ts';
import { apiError, jsonBody } from '../http/answers.ts';
import { bytesInFlight } from '../middleware/in-flight/index.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';

/**
 * POST /api/community-assistance/upload {mediaType} answers the upload parameters (spec section 7);
 * the file is then PUT to `url`. The server keeps only real images (JPEG, PNG, WebP) and MP4/MOV
 * videos of at most 60 s, checked by content; strips image metadata (GPS among it) and rewrites
 * video metadata boxes (location among them) before storing; a video streams through, so a
 * 100 MB file never sits in memory whole. An address takes one PUT: a second, even while the
 * first arrives or after it failed, is answered 404.
 */
export function communityUploadRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono()
    .post('/', jsonBody(communityUploadRequest), rateLimit(deps, 'mediaUpload'), async (c) => {
      const { mediaType } = c.var.body;
      const objectId = await reserveUpload(deps, communityKind(mediaType));
      const params: CommunityUploadParams = { url: `/api/community-assistance/upload/${mediaType}/${objectId}`, objectId, mediaType };
      return c.json(params, 201);
    })
    .put('/:mediaType/:id', bytesInFlight(deps, MAX_MEDIA_BYTES), async (c) => {
      const mediaType = c.req.param('mediaType') as CommunityMediaType;
      const id = c.req.param('id');
      const pending = COMMUNITY_MEDIA_TYPES.includes(mediaType) && (await spendUpload(db, id, deps.now(), communityKind(mediaType)));
      if (!pending) return apiError(c, 404, 'not_found', 'This upload address is unknown or was already used; ask for a new one');
      const declared = c.req.header('content-length');
      if (declared === undefined || !/^\d+$/.test(declared)) return apiError(c, 411, 'length_required', 'Send the file with its Content-Length');
      const size = Number(declared);
      if (size > MAX_MEDIA_BYTES) return tooLarge(c, 'media');
      if (!c.req.raw.body || size === 0) return apiError(c, 400, 'empty_body', 'The file is empty');
      const key = `${communityKind(mediaType)}/${id}`;
      const type = await storeChecked(c, deps, key, c.req.raw.body, size, 'media');
      if (type instanceof Response) return type;
      await db.update(uploads).set({ stored: true, mediaType: type }).where(eq(uploads.id, id));
      const uploaded: UploadedMedia = { url: `/images/${key}`, type };
      return c.json(uploaded, 201);
    });
}
