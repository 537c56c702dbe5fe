import { Hono, type Context } from 'hono';
import { and, asc, count, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { resources } from '../../db/schema.ts';
import { PAGE_SIZE } from '../../src/common/contract/limits.ts';
import type { RouteDeps } from '../deps.ts';
import { fullOrganizationOf, fullServiceOf, hsdsId, organizationOf, serviceAtLocationOf, serviceOf, withIds, type HsdsKind, type HsdsResource } from '../domain/hsds.ts';
import { apiError } from '../http/answers.ts';

/** The HSDS version these answers follow (GET /api/hsds/ says it). */
const HSDS_VERSION = '3.0';

/** Only what /resources shows, and never the sample content a new site starts with: partners would copy it as real. */
const shared = and(eq(resources.status, 'published'), eq(resources.isSample, false));
const located = or(isNotNull(resources.address), isNotNull(resources.city));

type Paging = { ok: true; page: number; perPage: number } | { ok: false; response: Response };

/** HSDS's `page` (from 1) and `per_page` (capped at the API's page size); anything else is a 400. */
function paging(c: Context): Paging {
  const read = (name: string, fallback: number) => {
    const value = c.req.query(name);
    if (value === undefined) return fallback;
    return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
  };
  const page = read('page', 1);
  const perPage = read('per_page', PAGE_SIZE.default);
  if (page === null || perPage === null) {
    const fields: Record<string, string> = {};
    if (page === null) fields.page = 'page must be a whole number from 1';
    if (perPage === null) fields.per_page = `per_page must be a whole number from 1 to ${PAGE_SIZE.max}`;
    return { ok: false, response: apiError(c, 400, 'invalid_query', 'page and per_page must be whole numbers from 1', fields) };
  }
  return { ok: true, page, perPage: Math.min(perPage, PAGE_SIZE.max) };
}

/**
 * The Open Referral HSDS 3.0 read API over the published directory: the API's description, and
 * its services, organizations and services at locations, in HSDS's pages. The ids are derived
 * from each resource's id (functions/domain/hsds.ts), so a lookup by id computes those of the
 * published resources and finds the one that matches.
 */
export function hsdsRoutes(deps: RouteDeps) {
  const { db } = deps;

  async function page<T>(c: Context, where: SQL | undefined, item: (resource: HsdsResource) => T) {
    const asked = paging(c);
    if (!asked.ok) return asked.response;
    const { page: number, perPage } = asked;
    const [total] = await db.select({ n: count() }).from(resources).where(where);
    const rows = await db
      .select()
      .from(resources)
      .where(where)
      .orderBy(asc(resources.name), asc(resources.id))
      .limit(perPage)
      .offset((number - 1) * perPage);
    const contents = (await withIds(rows, deps.now())).map(item);
    const totalItems = total?.n ?? 0;
    const totalPages = Math.ceil(totalItems / perPage);
    return c.json({
      total_items: totalItems,
      total_pages: totalPages,
      page_number: number,
      size: contents.length,
      first_page: number === 1,
      last_page: number >= totalPages,
      empty: contents.length === 0,
      contents,
    });
  }

  /** The shared resource whose `kind` object has this HSDS id. */
  async function byId(kind: HsdsKind, id: string): Promise<HsdsResource | undefined> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return undefined;
    const keys = await db.select({ id: resources.id }).from(resources).where(shared);
    const known = await Promise.all(keys.map(async ({ id: key }) => ({ key, id: await hsdsId(kind, key) })));
    const match = known.find((resource) => resource.id === id);
    if (!match) return undefined;
    const rows = await db
      .select()
      .from(resources)
      .where(and(shared, eq(resources.id, match.key)));
    return (await withIds(rows, deps.now()))[0];
  }

  const notFound = (c: Context, what: string) => apiError(c, 404, 'not_found', `There is no such ${what}, or it is no longer listed`);

  // Mounted at the API's root, so the HSDS root is `/api/hsds/` as HSDS writes it (`/` under the base).
  return new Hono()
    .get('/hsds/', (c) =>
      c.json({
        version: HSDS_VERSION,
        openapi_url: new URL('/api/openapi.json', c.req.url).href,
      }),
    )
    .get('/hsds/services', (c) => page(c, shared, serviceOf))
    .get('/hsds/services/:id', async (c) => {
      const found = await byId('service', c.req.param('id'));
      return found ? c.json(fullServiceOf(found)) : notFound(c, 'service');
    })
    .get('/hsds/organizations', (c) => page(c, shared, organizationOf))
    .get('/hsds/organizations/:id', async (c) => {
      const found = await byId('organization', c.req.param('id'));
      return found ? c.json(fullOrganizationOf(found)) : notFound(c, 'organization');
    })
    .get('/hsds/service_at_locations', (c) => page(c, and(shared, located), serviceAtLocationOf));
}
