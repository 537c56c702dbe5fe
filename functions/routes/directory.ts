import { Hono } from 'hono';
import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import { jobInput, resourceInput, sosInput, volunteerInput, type Drop, type Job, type Resource } from '../../src/contract/index.ts';
import { PAGE_SIZE, type JobType, type ResourceCategory } from '../../src/contract/limits.ts';
import { dropVolunteers, drops, jobs, resources, sosRequests } from '../../db/schema.ts';
import type { RouteDeps } from '../app.ts';
import { apiError, pageSize, readJson } from '../http.ts';
import { overLimit } from '../rate-limit.ts';

const HOUR = 3600_000;

/** A stored resource as the directory shows it. */
export const toResource = (row: typeof resources.$inferSelect): Resource => ({
  id: row.id,
  name: row.name,
  category: row.category as ResourceCategory,
  city: row.city,
  address: row.address,
  phone: row.phone,
  link: row.link,
  notes: row.notes,
  hours: row.hours,
  verified: row.verified,
  sample: row.isSample,
});

/** A stored job as the board shows it. */
export const toJob = (row: typeof jobs.$inferSelect): Job => ({
  id: row.id,
  title: row.title,
  employer: row.employer,
  city: row.city,
  payRange: row.payRange,
  notes: row.notes,
  contact: row.contact,
  acceptsNoPapers: row.acceptsNoPapers,
  urgent: row.urgent,
  jobType: row.jobType as JobType | null,
  createdAt: row.createdAt,
  sample: row.isSample,
});

/** Today's date in California, where the drops happen. */
export const californiaToday = (now: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(now);

/**
 * The everyday pages' API: the resource directory and the job board (submissions wait for an
 * admin; only published resources and approved jobs are listed), the next drop and its
 * volunteers, and SOS requests (kept for the admins, never listed).
 */
export function directoryRoutes(deps: RouteDeps) {
  const { db } = deps;
  const created = () => new Date(deps.now()).toISOString();
  const limited = (c: Parameters<typeof overLimit>[1], action: string, limit: number) => overLimit(deps, c, action, limit, HOUR);
  const slowDown = (c: Parameters<typeof apiError>[0]) => apiError(c, 429, 'rate_limited', 'Too many submissions in a short time. Please wait a while.');

  return new Hono()
    .get('/resources', async (c) => {
      const category = c.req.query('category');
      const rows = await db
        .select()
        .from(resources)
        .where(and(eq(resources.status, 'published'), category ? eq(resources.category, category) : undefined))
        .orderBy(desc(resources.verified), asc(resources.name))
        .limit(pageSize(c, { default: PAGE_SIZE.max, max: PAGE_SIZE.max }));
      return c.json(rows.map(toResource));
    })
    .post('/resources', async (c) => {
      const input = await readJson(c, resourceInput);
      if (!input.ok) return input.response;
      if (await limited(c, 'resource', 10)) return slowDown(c);
      await db.insert(resources).values({ ...input.data, id: crypto.randomUUID(), status: 'pending', createdAt: created() });
      return c.json({ status: 'pending' }, 201);
    })
    .get('/jobs', async (c) => {
      const rows = await db.select().from(jobs).where(eq(jobs.status, 'approved')).orderBy(desc(jobs.createdAt)).limit(pageSize(c, PAGE_SIZE));
      return c.json(rows.map(toJob));
    })
    .post('/jobs', async (c) => {
      const input = await readJson(c, jobInput);
      if (!input.ok) return input.response;
      if (await limited(c, 'job', 10)) return slowDown(c);
      await db.insert(jobs).values({ ...input.data, id: crypto.randomUUID(), status: 'pending', createdAt: created() });
      return c.json({ status: 'pending' }, 201);
    })
    .get('/drops/next', async (c) => {
      const [drop] = await db
        .select()
        .from(drops)
        .where(and(eq(drops.status, 'active'), gte(drops.date, californiaToday(deps.now()))))
        .orderBy(asc(drops.date))
        .limit(1);
      if (!drop) return c.json(null);
      const [volunteers] = await db.select({ n: count() }).from(dropVolunteers).where(eq(dropVolunteers.dropId, drop.id));
      const { status: _status, isSample, createdAt: _createdAt, volunteersNeeded: _needed, ...rest } = drop;
      const next: Drop = { ...rest, volunteers: volunteers?.n ?? 0, sample: isSample };
      return c.json(next);
    })
    .post('/drops/:id/volunteers', async (c) => {
      const input = await readJson(c, volunteerInput);
      if (!input.ok) return input.response;
      const id = c.req.param('id');
      const [drop] = await db.select({ id: drops.id }).from(drops).where(and(eq(drops.id, id), eq(drops.status, 'active')));
      if (!drop) return apiError(c, 404, 'not_found', 'This drop is not scheduled any more');
      if (await limited(c, 'volunteer', 5)) return slowDown(c);
      await db.insert(dropVolunteers).values({ ...input.data, id: crypto.randomUUID(), dropId: id, createdAt: created() });
      const [volunteers] = await db.select({ n: count() }).from(dropVolunteers).where(eq(dropVolunteers.dropId, id));
      return c.json({ volunteers: volunteers?.n ?? 0 }, 201);
    })
    .post('/sos', async (c) => {
      const input = await readJson(c, sosInput);
      if (!input.ok) return input.response;
      if (await limited(c, 'sos', 5)) return slowDown(c);
      await db.insert(sosRequests).values({ ...input.data, id: crypto.randomUUID(), createdAt: created() });
      return c.json({ received: true }, 201);
    });
}
