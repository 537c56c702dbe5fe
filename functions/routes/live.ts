import { Hono } from 'hono';
import { and, count, eq, gt } from 'drizzle-orm';
import type { LiveStats } from '../../src/common/contract/index.ts';
import { alertSubscriptions, alerts } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';

/** GET /api/live/stats: real figures for /alerts-live (people watching, subscribers, open alerts). */
export function liveRoutes(deps: RouteDeps) {
  return new Hono().get('/stats', async (c) => {
    const [[subscribers], [active], watching] = await Promise.all([
      deps.db.select({ n: count() }).from(alertSubscriptions),
      deps.db
        .select({ n: count() })
        .from(alerts)
        .where(and(gt(alerts.expiresAt, new Date(deps.now()).toISOString()), eq(alerts.hidden, false))),
      deps.watching(),
    ]);
    const stats: LiveStats = { watching, subscribers: subscribers?.n ?? 0, activeAlerts: active?.n ?? 0 };
    return c.json(stats);
  });
}
