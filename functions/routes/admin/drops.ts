import { Hono } from 'hono';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { adminDropInput, type AdminDrop } from '../../../src/common/contract/index.ts';
import { PAGE_SIZE, type DropStatus } from '../../../src/common/contract/limits.ts';
import { dropVolunteers, drops } from '../../../db/schema.ts';
import type { RouteDeps } from '../../deps.ts';
import { audit, type AdminEnv } from '../../middleware/admin-auth/index.ts';
import { placed } from '../../../src/common/contract/places.ts';
import { checkpointDeleted } from '../../domain/retention.ts';
import { apiError, jsonBody } from '../../http/answers.ts';
import { toMinute } from '../../domain/time.ts';

type Row = typeof drops.$inferSelect;

/**
 * /api/admin/drops: the organizers' schedule. Creating an active drop, or making a planned one
 * active, announces it live (`new-drop`); a cancelled drop is deleted with its volunteers' names.
 */
export function adminDropRoutes(deps: RouteDeps) {
  const { db } = deps;

  const withVolunteers = async (rows: Row[]): Promise<AdminDrop[]> => {
    const people = rows.length
      ? await deps.sealed.openRows(
          dropVolunteers,
          await db
            .select()
            .from(dropVolunteers)
            .where(
              inArray(
                dropVolunteers.dropId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(dropVolunteers.createdAt)),
        )
      : [];
    return rows.map(({ isSample, status, ...row }) => ({
      ...row,
      status: status as DropStatus,
      sample: isSample,
      volunteers: people.filter((person) => person.dropId === row.id).map(({ name, contact, createdAt }) => ({ name, contact, createdAt })),
    }));
  };
  const announce = (row: Row) =>
    deps.publish({
      event: 'new-drop',
      data: { id: row.id, items: row.whatWeBring || row.title || row.meetSpot, location: [row.meetSpot, row.city].filter(Boolean).join(', '), notes: row.notes },
    });

  return new Hono<AdminEnv>()
    .get('/', async (c) => {
      const rows = await db.select().from(drops).orderBy(desc(drops.date), desc(drops.createdAt)).limit(PAGE_SIZE.max);
      return c.json(await withVolunteers(rows));
    })
    .post('/', jsonBody(adminDropInput), async (c) => {
      const [row] = await db
        .insert(drops)
        .values({ ...c.var.body, ...placed(c.var.body.city), id: crypto.randomUUID(), isSample: false, createdAt: toMinute(deps.now()) })
        .returning();
      await audit(db, c.var.admin, 'drop.create', row!.id, deps.now());
      if (row!.status === 'active') await announce(row!);
      const [drop] = await withVolunteers([row!]);
      return c.json(drop, 201);
    })
    .put('/:id', jsonBody(adminDropInput), async (c) => {
      const id = c.req.param('id');
      const [before] = await db.select({ status: drops.status }).from(drops).where(eq(drops.id, id));
      if (!before) return apiError(c, 404, 'not_found', 'There is no such drop');
      const [row] = await db
        .update(drops)
        .set({ ...c.var.body, ...placed(c.var.body.city) })
        .where(eq(drops.id, id))
        .returning();
      await audit(db, c.var.admin, 'drop.edit', id, deps.now());
      if (before.status !== 'active' && row!.status === 'active') await announce(row!);
      const [drop] = await withVolunteers([row!]);
      return c.json(drop);
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      const [row] = await db.select({ id: drops.id }).from(drops).where(eq(drops.id, id));
      if (!row) return apiError(c, 404, 'not_found', 'There is no such drop');
      await db.batch([db.delete(dropVolunteers).where(eq(dropVolunteers.dropId, id)), db.delete(drops).where(eq(drops.id, id))]);
      await audit(db, c.var.admin, 'drop.cancel', id, deps.now());
      await checkpointDeleted(db);
      return c.body(null, 204);
    });
}
