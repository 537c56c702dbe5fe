import { Hono } from 'hono';
import { and, count, eq, gt, gte, isNotNull, type SQL } from 'drizzle-orm';
import type { PlaceCounts } from '../../src/common/contract/places.ts';
import { alerts, drops, resources } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { RouteDeps } from '../deps.ts';
import { californiaToday } from '../domain/time.ts';

/** How many of a table's listed rows each county has; unplaced rows are counted in none. */
async function perCounty(db: Database, table: typeof alerts | typeof resources | typeof drops, listed: SQL | undefined) {
  const { county } = table;
  const rows = await db
    .select({ county, n: count() })
    .from(table as typeof alerts)
    .where(and(listed, isNotNull(county)))
    .groupBy(county);
  return Object.fromEntries(rows.map((row) => [row.county as string, row.n]));
}

/** GET /api/places/counts: what the map shades, the same rows the boards list, counted by their stored county. */
export function placeRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono().get('/counts', async (c) => {
    const now = deps.now();
    const [alertCounts, resourceCounts, dropCounts] = await Promise.all([
      perCounty(db, alerts, and(gt(alerts.expiresAt, new Date(now).toISOString()), eq(alerts.hidden, false))),
      perCounty(db, resources, eq(resources.status, 'published')),
      perCounty(db, drops, and(eq(drops.status, 'active'), gte(drops.date, californiaToday(now)))),
    ]);
    const counts: PlaceCounts = { alerts: alertCounts, resources: resourceCounts, drops: dropCounts };
    return c.json(counts);
  });
}
