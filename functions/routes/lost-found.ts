import { Hono, type Context } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { lostFoundInput, manageInput, PAGE_SIZE } from '../../src/contract/index.ts';
import { lostFoundPosts, uploads } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { toPost } from '../domain/mappers.ts';
import { attachUpload, deleteMedia, mediaKey, uploadId } from '../domain/media.ts';
import { apiError, createdBefore, jsonBody, pageSize, readJson } from '../http.ts';
import { newManageSecret, ownedPost } from '../manage.ts';
import { rateLimit } from '../rate-limit.ts';

/**
 * GET/POST /api/lost-found: the missing-person board, newest first; a new post goes live. The
 * post answers its private manage secret once; with it (`Authorization: Bearer`) the poster marks
 * the person found (PATCH /:id) or deletes the post and its photo (DELETE /:id).
 */
export function lostFoundRoutes(deps: RouteDeps) {
  const { db, publish } = deps;

  const owned = async (c: Context) =>
    ownedPost(
      c,
      (
        await db
          .select()
          .from(lostFoundPosts)
          .where(eq(lostFoundPosts.id, c.req.param('id')!))
      )[0],
    );

  return new Hono()
    .get('/', async (c) => {
      const before = createdBefore(c, lostFoundPosts.createdAt);
      if (!before.ok) return before.response;
      const rows = await db
        .select()
        .from(lostFoundPosts)
        .where(and(eq(lostFoundPosts.hidden, false), before.where))
        .orderBy(desc(lostFoundPosts.createdAt), desc(lostFoundPosts.id))
        .limit(pageSize(c, PAGE_SIZE));
      return c.json(rows.map(toPost));
    })
    .post('/', jsonBody(lostFoundInput), rateLimit(deps, 'lostFoundPost'), async (c) => {
      const input = c.var.body;
      if (input.photoUrl && !(await attachUpload(db, 'missing-persons', input.photoUrl))) {
        return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', { photoUrl: 'Photo not found: upload it again' });
      }
      const { secret, hash } = await newManageSecret();
      const row = { ...input, id: crypto.randomUUID(), status: 'missing', manageHash: hash, hidden: false, isSample: false, createdAt: new Date(deps.now()).toISOString() };
      await db.insert(lostFoundPosts).values(row);
      await publish({ event: 'new-missing-person', data: { id: row.id, name: row.name, lastSeenCity: row.lastSeenCity } });
      return c.json({ ...toPost(row), manageToken: secret }, 201);
    })
    .get('/:id/manage', async (c) => {
      const { row, response } = await owned(c);
      return row ? c.json({ post: toPost(row), responses: [] }) : response;
    })
    .patch('/:id', async (c) => {
      const { row, response } = await owned(c);
      if (!row) return response;
      const input = await readJson(c, manageInput);
      if (!input.ok) return input.response;
      if (input.data.status !== 'found') return apiError(c, 400, 'invalid_input', 'status must be found', { status: 'status must be found' });
      await db.update(lostFoundPosts).set({ status: 'found' }).where(eq(lostFoundPosts.id, row.id));
      return c.json(toPost({ ...row, status: 'found' }));
    })
    .delete('/:id', async (c) => {
      const { row, response } = await owned(c);
      if (!row) return response;
      await db.batch([db.delete(lostFoundPosts).where(eq(lostFoundPosts.id, row.id)), ...(row.photoUrl ? [db.delete(uploads).where(eq(uploads.id, uploadId(row.photoUrl)))] : [])]);
      if (row.photoUrl) await deleteMedia(deps, [mediaKey(row.photoUrl)]);
      return c.body(null, 204);
    });
}
