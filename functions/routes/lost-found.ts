import { Hono, type Context } from 'hono';
import { and, desc, eq, lt } from 'drizzle-orm';
import { lostFoundInput, manageInput, PAGE_SIZE, type LostFoundPost } from '../../src/contract/index.ts';
import { lostFoundPosts, uploads } from '../../db/schema.ts';
import type { RouteDeps } from '../app.ts';
import { apiError, pageSize, readJson } from '../http.ts';
import { newManageSecret, refuseManage } from '../manage.ts';
import { mediaKey } from '../sweep.ts';
import { attachUpload } from './uploads.ts';

type Row = typeof lostFoundPosts.$inferSelect;

/** A stored post as the board shows it. */
export const toPost = ({ isSample, manageHash: _hash, hidden: _hidden, ...row }: Row): LostFoundPost => ({ ...row, status: row.status as LostFoundPost['status'], sample: isSample });

/**
 * GET/POST /api/lost-found: the missing-person board, newest first; a new post goes live. The
 * post answers its private manage secret once; with it (`Authorization: Bearer`) the poster marks
 * the person found (PATCH /:id) or deletes the post and its photo (DELETE /:id).
 */
export function lostFoundRoutes(deps: RouteDeps) {
  const { db, publish } = deps;

  /** The post if the request holds its manage secret; otherwise the error answer. */
  const owned = async (c: Context) => {
    const [row] = await db.select().from(lostFoundPosts).where(eq(lostFoundPosts.id, c.req.param('id')!));
    const refused = await refuseManage(c, row);
    return refused ? { response: refused } : { row: row! };
  };

  return new Hono()
    .get('/', async (c) => {
      const before = c.req.query('before');
      if (before !== undefined && Number.isNaN(Date.parse(before))) {
        return apiError(c, 400, 'invalid_query', 'before must be an ISO date and time');
      }
      const rows = await db
        .select()
        .from(lostFoundPosts)
        .where(and(eq(lostFoundPosts.hidden, false), before ? lt(lostFoundPosts.createdAt, new Date(before).toISOString()) : undefined))
        .orderBy(desc(lostFoundPosts.createdAt), desc(lostFoundPosts.id))
        .limit(pageSize(c, PAGE_SIZE));
      return c.json(rows.map(toPost));
    })
    .post('/', async (c) => {
      const input = await readJson(c, lostFoundInput);
      if (!input.ok) return input.response;
      if (input.data.photoUrl && !(await attachUpload(db, 'missing-persons', input.data.photoUrl))) {
        return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', { photoUrl: 'Photo not found: upload it again' });
      }
      const { secret, hash } = await newManageSecret();
      const row = { ...input.data, id: crypto.randomUUID(), status: 'missing', manageHash: hash, hidden: false, isSample: false, createdAt: new Date(deps.now()).toISOString() };
      await db.insert(lostFoundPosts).values(row);
      await publish({ event: 'new-missing-person', data: { name: row.name, lastSeenCity: row.lastSeenCity } });
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
      await db.batch([
        db.delete(lostFoundPosts).where(eq(lostFoundPosts.id, row.id)),
        ...(row.photoUrl ? [db.delete(uploads).where(eq(uploads.id, mediaKey(row.photoUrl).split('/').at(-1)!))] : []),
      ]);
      if (row.photoUrl) await deps.media.delete(mediaKey(row.photoUrl));
      return c.body(null, 204);
    });
}
