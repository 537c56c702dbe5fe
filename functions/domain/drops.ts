import { and, asc, count, eq, gte, type SQL } from 'drizzle-orm';
import type { Drop } from '../../src/common/contract/index.ts';
import { dropVolunteers, drops } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { californiaToday } from './time.ts';

/** Active drops from today on in California, soonest first, each with its volunteer count. */
export async function upcomingDrops(deps: RouteDeps, limit: number, county?: SQL): Promise<Drop[]> {
  const rows = await deps.db
    .select({ drop: drops, volunteers: count(dropVolunteers.id) })
    .from(drops)
    .leftJoin(dropVolunteers, eq(dropVolunteers.dropId, drops.id))
    .where(and(eq(drops.status, 'active'), gte(drops.date, californiaToday(deps.now())), county))
    .groupBy(drops.id)
    .orderBy(asc(drops.date), asc(drops.createdAt))
    .limit(limit);
  return rows.map(({ drop, volunteers }) => {
    const { status: _status, isSample, createdAt: _createdAt, volunteersNeeded: _needed, ...rest } = drop;
    return { ...rest, volunteers, sample: isSample };
  });
}
