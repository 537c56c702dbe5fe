import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import { adminResourceInput } from '../../../src/common/contract/index.ts';
import { DESK_LIST_MAX, PUBLIC_CATEGORY_OF } from '../../../src/common/contract/limits.ts';
import { resources } from '../../../db/schema.ts';
import type { RouteDeps } from '../../deps.ts';
import { audit, type AdminEnv } from '../../middleware/admin-auth/index.ts';
import { placed } from '../../../src/common/contract/places.ts';
import { checkpointDeleted } from '../../domain/retention.ts';
import { californiaToday, toMinute } from '../../domain/time.ts';
import { apiError, jsonBody } from '../../http/answers.ts';
import { toAdminResource, type ResourceRow } from '../../domain/mappers.ts';

/**
 * /api/admin/resources: the whole directory, pending first. One rule for every desk: a
 * moderator's own entry is published (verified) at once, as a job the admin posts is; a submitted
 * one waits until Verify publishes it. Both announce it live (`new-resource`). Each verification
 * (the entry, or Verify again on a listed one) stamps the California date and the moderator's
 * name from the session: "Verified on ...".
 */
export function adminResourceRoutes(deps: RouteDeps) {
  const { db } = deps;
  const fields = (input: ReturnType<typeof adminResourceInput.parse>) => ({
    ...input,
    ...placed(input.city),
    category: PUBLIC_CATEGORY_OF[input.adminCategory],
    // Only a consulate has a country (/detained matches it to a country of birth).
    country: input.adminCategory === 'Consulate' ? input.country : null,
  });
  const stamp = (c: { var: { admin: { name: string } } }) => ({ verified: true, verifiedOn: californiaToday(deps.now()), verifiedBy: c.var.admin.name });
  const announce = (row: ResourceRow) => deps.publish({ event: 'new-resource', data: { id: row.id, category: row.category, name: row.name, city: row.city } });

  return new Hono<AdminEnv>()
    .get('/', async (c) => {
      // 'pending' < 'published': the ones waiting come first.
      const rows = await db.select().from(resources).orderBy(asc(resources.status), asc(resources.name)).limit(DESK_LIST_MAX);
      return c.json(rows.map(toAdminResource));
    })
    .post('/', jsonBody(adminResourceInput), async (c) => {
      const [row] = await db
        .insert(resources)
        .values({ ...fields(c.var.body), ...stamp(c), id: crypto.randomUUID(), status: 'published', createdAt: toMinute(deps.now()) })
        .returning();
      await audit(db, c.var.admin, 'resource.create', row!.id, deps.now());
      await announce(row!);
      return c.json(toAdminResource(row!), 201);
    })
    .put('/:id', jsonBody(adminResourceInput), async (c) => {
      const id = c.req.param('id');
      const [row] = await db.update(resources).set(fields(c.var.body)).where(eq(resources.id, id)).returning();
      if (!row) return apiError(c, 404, 'not_found', 'There is no such resource');
      await audit(db, c.var.admin, 'resource.edit', id, deps.now());
      return c.json(toAdminResource(row));
    })
    .post('/:id/verify', async (c) => {
      const id = c.req.param('id');
      const [before] = await db.select({ status: resources.status }).from(resources).where(eq(resources.id, id));
      if (!before) return apiError(c, 404, 'not_found', 'There is no such resource');
      const [row] = await db
        .update(resources)
        .set({ status: 'published', ...stamp(c) })
        .where(eq(resources.id, id))
        .returning();
      await audit(db, c.var.admin, 'resource.verify', id, deps.now());
      // Only a resource that was not public yet is news; a listed one just gets its star.
      if (before.status !== 'published') await announce(row!);
      return c.json(toAdminResource(row!));
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id');
      const [row] = await db.delete(resources).where(eq(resources.id, id)).returning({ id: resources.id });
      if (!row) return apiError(c, 404, 'not_found', 'There is no such resource');
      await audit(db, c.var.admin, 'resource.remove', id, deps.now());
      await checkpointDeleted(db);
      return c.body(null, 204);
    });
}
