import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { adminJobInput, DESK_LIST_MAX } from '../../../src/common/contract/index.ts';
import { jobs } from '../../../db/schema.ts';
import type { RouteDeps } from '../../deps.ts';
import { audit, type AdminEnv } from '../../middleware/admin-auth/index.ts';
import { placed } from '../../../src/common/contract/places.ts';
import { checkpointDeleted } from '../../domain/retention.ts';
import { apiError, jsonBody } from '../../http/answers.ts';
import { toAdminJob, type JobRow } from '../../domain/mappers.ts';
import { toMinute } from '../../domain/time.ts';

/**
 * /api/admin/jobs: every listing, pending first. A job the admin posts is live at once (spec:
 * created active); a submitted one goes live when approved. Both announce it (`new-job`).
 */
export function adminJobRoutes(deps: RouteDeps) {
  const { db } = deps;
  const announce = (row: JobRow) =>
    deps.publish({ event: 'new-job', data: { id: row.id, title: row.title, city: row.city, payRange: row.payRange, acceptsNoPapers: row.acceptsNoPapers, contact: row.contact } });

  return new Hono<AdminEnv>()
    .get('/', async (c) => {
      // 'pending' > 'approved': the ones waiting come first.
      const rows = await db.select().from(jobs).orderBy(desc(jobs.status), desc(jobs.createdAt)).limit(DESK_LIST_MAX);
      return c.json(rows.map(toAdminJob));
    })
    .post('/', jsonBody(adminJobInput), async (c) => {
      const [row] = await db
        .insert(jobs)
        .values({ ...c.var.body, ...placed(c.var.body.city), id: crypto.randomUUID(), status: 'approved', createdAt: toMinute(deps.now()) })
        .returning();
      await audit(db, c.var.admin, 'job.create', row!.id, deps.now());
      await announce(row!);
      return c.json(toAdminJob(row!), 201);
    })
    .put('/:id', jsonBody(adminJobInput), async (c) => {
      const id = c.req.param('id');
      const [row] = await db
        .update(jobs)
        .set({ ...c.var.body, ...placed(c.var.body.city) })
        .where(eq(jobs.id, id))
        .returning();
      if (!row) return apiError(c, 404, 'not_found', 'There is no such job');
      await audit(db, c.var.admin, 'job.edit', id, deps.now());
      return c.json(toAdminJob(row));
    })
    .post('/:id/approve', async (c) => {
      const id = c.req.param('id');
      const [before] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
      if (!before) return apiError(c, 404, 'not_found', 'There is no such job');
      const [row] = await db.update(jobs).set({ status: 'approved' }).where(eq(jobs.id, id)).returning();
      await audit(db, c.var.admin, 'job.approve', id, deps.now());
      if (before.status !== 'approved') await announce(row!);
      return c.json(toAdminJob(row!));
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      const [row] = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
      if (!row) return apiError(c, 404, 'not_found', 'There is no such job');
      await audit(db, c.var.admin, 'job.remove', id, deps.now());
      await checkpointDeleted(db);
      return c.body(null, 204);
    });
}
