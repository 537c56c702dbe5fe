import { Hono } from 'hono';
import { and, eq, gt, gte } from 'drizzle-orm';
import { placeOf, type PlaceCounts } from '../../src/contract/places.ts';
import { alerts, drops, resources } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { californiaToday } from '../domain/time.ts';

/** Counts each typed city once per county it names, leaving out cities that are no California place. */
function perCounty(rows: { city: string | null }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { city } of rows) {
    const county = city ? placeOf(city)?.county : undefined;
    if (county) counts[county] = (counts[county] ?? 0) + 1;
  }
  return counts;
}

/** GET /api/places/counts: what the map shades, the same rows the boards list. */
export function placeRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono().get('/counts', async (c) => {
    const now = deps.now();
    const [alertRows, resourceRows, dropRows] = await Promise.all([
      db
        .select({ city: alerts.city })
        .from(alerts)
        .where(and(gt(alerts.expiresAt, new Date(now).toISOString()), eq(alerts.hidden, false))),
      db.select({ city: resources.city }).from(resources).where(eq(resources.status, 'published')),
      db
        .select({ city: drops.city })
        .from(drops)
        .where(and(eq(drops.status, 'active'), gte(drops.date, californiaToday(now)))),
    ]);
    const counts: PlaceCounts = { alerts: perCounty(alertRows), resources: perCounty(resourceRows), drops: perCounty(dropRows) };
    return c.json(counts);
  });
}
