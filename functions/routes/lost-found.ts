import { Hono } from 'hono';
import { and, desc, lt } from 'drizzle-orm';
import { lostFoundInput, PAGE_SIZE, type LostFoundPost } from '../../src/contract/index.ts';
import { lostFoundPosts } from '../../db/schema.ts';
import type { RouteDeps } from '../app.ts';
import { apiError, pageSize, readJson } from '../http.ts';
import { attachUpload } from './uploads.ts';

type Row = typeof lostFoundPosts.$inferSelect;

const toPost = ({ isSample, ...row }: Row): LostFoundPost => ({ ...row, sample: isSample });

/** GET/POST /api/lost-found: the missing-person board, newest first; a new post goes live. */
export function lostFoundRoutes(deps: RouteDeps) {
  const { db, publish } = deps;
  return new Hono()
    .get('/', async (c) => {
      const before = c.req.query('before');
      if (before !== undefined && Number.isNaN(Date.parse(before))) {
        return apiError(c, 400, 'invalid_query', 'before must be an ISO date and time');
      }
      const rows = await db
        .select()
        .from(lostFoundPosts)
        .where(and(before ? lt(lostFoundPosts.createdAt, new Date(before).toISOString()) : undefined))
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
      const row = { ...input.data, id: crypto.randomUUID(), isSample: false, createdAt: new Date(deps.now()).toISOString() };
      await db.insert(lostFoundPosts).values(row);
      await publish({ event: 'new-missing-person', data: { name: row.name, lastSeenCity: row.lastSeenCity } });
      return c.json(toPost(row), 201);
    });
}
