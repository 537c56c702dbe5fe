import { Hono } from 'hono';
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { jobInput, openAt, RESOURCE_FILTERS, resourceInput, sosInput, volunteerInput } from '../../src/common/contract/index.ts';
import { ADMIN_RESOURCE_CATEGORIES, adminCategoryFor, DESK_LIST_MAX, PAGE_SIZE, PUBLIC_CATEGORY_OF, type AdminResourceCategory } from '../../src/common/contract/limits.ts';
import { dropVolunteers, drops, jobs, resources, sosRequests } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { upcomingDrops } from '../domain/drops.ts';
import { toJob, toResource } from '../domain/mappers.ts';
import { countyQuery } from '../domain/places.ts';
import { placed } from '../../src/common/contract/places.ts';
import { toMinute } from '../domain/time.ts';
import { apiError, jsonBody, pageSize } from '../http/answers.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';

/**
 * The everyday pages' API: the resource directory and the job board (submissions wait for an
 * admin; only published resources and approved jobs are listed), the upcoming drops and their
 * volunteers, and SOS requests (kept for the admins, never listed). Each list takes `county=`;
 * the directory also its RESOURCE_FILTERS (open now, language, cost, not required).
 */
export function directoryRoutes(deps: RouteDeps) {
  const { db } = deps;
  const created = () => toMinute(deps.now());
  /** A suggested resource or job as stored: placed, waiting for a moderator. */
  const suggestion = <B extends { city?: string | null }>(body: B) => ({
    ...body,
    ...placed(body.city),
    id: crypto.randomUUID(),
    status: 'pending' as const,
    createdAt: created(),
  });

  return (
    new Hono()
      .get('/resources', countyQuery, async (c) => {
        const category = c.req.query('category');
        const { county } = c.var;
        const asked: Partial<Record<keyof typeof RESOURCE_FILTERS, string>> = {};
        for (const [name, { values }] of Object.entries(RESOURCE_FILTERS) as [keyof typeof RESOURCE_FILTERS, { values: readonly string[] }][]) {
          const value = c.req.query(name);
          if (value === undefined || value === '') continue;
          if (!values.includes(value)) return apiError(c, 400, 'invalid_query', `${name} must be one of ${values.join(', ')}`);
          asked[name] = value;
        }
        // Each once: a list of thousands would be one query too many conditions long.
        const kinds = [...new Set((c.req.query('kind') ?? '').split(',').map((kind) => kind.trim()))].filter(Boolean);
        if (kinds.some((kind) => !ADMIN_RESOURCE_CATEGORIES.includes(kind as AdminResourceCategory)))
          return apiError(c, 400, 'invalid_query', `kind must be among ${ADMIN_RESOURCE_CATEGORIES.join(', ')}`);
        // A suggestion has no finer category: it is the first of its public one (as the desk shows it).
        const ofKind = (kind: AdminResourceCategory) => {
          const publicOne = PUBLIC_CATEGORY_OF[kind];
          const own = eq(resources.adminCategory, kind);
          return adminCategoryFor(publicOne) === kind ? or(own, and(isNull(resources.adminCategory), eq(resources.category, publicOne))) : own;
        };
        const listed = (column: typeof resources.languages | typeof resources.notRequired | typeof resources.serves, value?: string | null) =>
          value == null ? undefined : sql`exists (select 1 from json_each(${column}) where value = ${value})`;
        const limit = pageSize(c, { default: PAGE_SIZE.max, max: PAGE_SIZE.max });
        const rows = await db
          .select()
          .from(resources)
          .where(
            and(
              eq(resources.status, 'published'),
              category ? eq(resources.category, category) : undefined,
              county.county ? or(eq(resources.county, county.county), listed(resources.serves, county.county)) : undefined,
              kinds.length ? or(...(kinds as AdminResourceCategory[]).map(ofKind)) : undefined,
              asked.cost ? eq(resources.cost, asked.cost) : undefined,
              listed(resources.languages, asked.language),
              listed(resources.notRequired, asked.notRequired),
            ),
          )
          .orderBy(desc(resources.verified), asc(resources.name))
          // Open now is the schedule function's answer (the page's own), so it filters after the query.
          .limit(asked.openNow ? DESK_LIST_MAX : limit);
        const now = deps.now();
        return c.json((asked.openNow ? rows.filter((row) => openAt(row.schedule ?? [], now)).slice(0, limit) : rows).map(toResource));
      })
      .post('/resources', jsonBody(resourceInput), rateLimit(deps, 'resource'), async (c) => {
        await db.insert(resources).values(suggestion(c.var.body));
        return c.json({ status: 'pending' }, 201);
      })
      .get('/jobs', countyQuery, async (c) => {
        const { county } = c.var;
        const rows = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.status, 'approved'), county.on(jobs.county)))
          .orderBy(desc(jobs.createdAt))
          .limit(pageSize(c, PAGE_SIZE));
        return c.json(rows.map(toJob));
      })
      .post('/jobs', jsonBody(jobInput), rateLimit(deps, 'job'), async (c) => {
        await db.insert(jobs).values(suggestion(c.var.body));
        return c.json({ status: 'pending' }, 201);
      })
      // Every upcoming drop, next first: a second drop announced live can be found here too.
      .get('/drops', countyQuery, async (c) => {
        const { county } = c.var;
        return c.json(await upcomingDrops(deps, pageSize(c, { default: PAGE_SIZE.max, max: PAGE_SIZE.max }), county.on(drops.county)));
      })
      .get('/drops/next', countyQuery, async (c) => {
        const { county } = c.var;
        return c.json((await upcomingDrops(deps, 1, county.on(drops.county)))[0] ?? null);
      })
      .post('/drops/:id/volunteers', jsonBody(volunteerInput), rateLimit(deps, 'volunteer'), async (c) => {
        const id = c.req.param('id');
        const [drop] = await db
          .select({ id: drops.id })
          .from(drops)
          .where(and(eq(drops.id, id), eq(drops.status, 'active')));
        if (!drop) return apiError(c, 404, 'not_found', 'This drop is not scheduled any more');
        await db.insert(dropVolunteers).values(await deps.sealed.sealRow(dropVolunteers, { ...c.var.body, id: crypto.randomUUID(), dropId: id, createdAt: created() }));
        const [volunteers] = await db.select({ n: count() }).from(dropVolunteers).where(eq(dropVolunteers.dropId, id));
        return c.json({ volunteers: volunteers?.n ?? 0 }, 201);
      })
      .post('/sos', jsonBody(sosInput), rateLimit(deps, 'sos'), async (c) => {
        await db
          .insert(sosRequests)
          .values(await deps.sealed.sealRow(sosRequests, { ...c.var.body, city: placed(c.var.body.city).city, id: crypto.randomUUID(), createdAt: created() }));
        return c.json({ received: true }, 201);
      })
  );
}
