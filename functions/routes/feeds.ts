import { Hono } from 'hono';
import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';
import { CLOSED_ALERT_HOURS, PAGE_SIZE } from '../../src/common/contract/limits.ts';
import { alertClosures, alerts, drops } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { CAP_MEDIA_TYPE, writeAtom, writeCancel, writeCap } from '../domain/cap.ts';
import { CALENDAR_MEDIA_TYPE, writeCalendar } from '../domain/calendar.ts';
import { toAlert } from '../domain/mappers.ts';
import { californiaToday, HOUR, newestFirst } from '../domain/time.ts';
import { apiError } from '../http/answers.ts';
import { pfifSite } from '../domain/pfif.ts';

/**
 * The open formats others build on: GET /api/alerts/feed.atom and /api/alerts/:id/cap.xml (CAP
 * 1.2, a report a moderator closed as a Cancel for a day), GET /api/drops/calendar.ics and /api/drops/:id/calendar.ics (iCalendar). They carry what
 * the boards list, no sample: a demonstration must not reach an alert relay or a calendar.
 */
export function feedRoutes(deps: RouteDeps) {
  const { db } = deps;
  const listedAlert = () => and(gt(alerts.expiresAt, new Date(deps.now()).toISOString()), eq(alerts.hidden, false), eq(alerts.isSample, false));
  const recentClosure = () => gt(alertClosures.closedAt, new Date(deps.now() - CLOSED_ALERT_HOURS * HOUR).toISOString());
  const upcomingDrop = () => and(eq(drops.status, 'active'), gte(drops.date, californiaToday(deps.now())), eq(drops.isSample, false));

  return new Hono()
    .get('/alerts/feed.atom', async (c) => {
      const [rows, closures] = await Promise.all([
        db
          .select()
          .from(alerts)
          .where(listedAlert())
          .orderBy(...newestFirst(alerts))
          .limit(PAGE_SIZE.max),
        db.select().from(alertClosures).where(recentClosure()).orderBy(desc(alertClosures.closedAt)).limit(PAGE_SIZE.max),
      ]);
      c.header('Content-Type', 'application/atom+xml; charset=utf-8');
      return c.body(writeAtom(rows.map(toAlert), closures, pfifSite(deps, c), deps.now()));
    })
    .get('/alerts/:id/cap.xml', async (c) => {
      const [row] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, c.req.param('id')), listedAlert()));
      const [closure] = row
        ? []
        : await db
            .select()
            .from(alertClosures)
            .where(and(eq(alertClosures.id, c.req.param('id')), recentClosure()));
      if (!row && !closure) return apiError(c, 404, 'not_found', 'This alert has expired or does not exist');
      c.header('Content-Type', `${CAP_MEDIA_TYPE}; charset=utf-8`);
      return c.body(row ? writeCap(toAlert(row), pfifSite(deps, c)) : writeCancel(closure!, pfifSite(deps, c)));
    })
    .get('/drops/calendar.ics', async (c) => {
      const rows = await db.select().from(drops).where(upcomingDrop()).orderBy(asc(drops.date), asc(drops.createdAt)).limit(PAGE_SIZE.max);
      c.header('Content-Type', CALENDAR_MEDIA_TYPE);
      return c.body(writeCalendar(rows, pfifSite(deps, c), deps.now()));
    })
    .get('/drops/:id/calendar.ics', async (c) => {
      const [row] = await db
        .select()
        .from(drops)
        .where(and(eq(drops.id, c.req.param('id')), upcomingDrop()));
      if (!row) return apiError(c, 404, 'not_found', 'This drop is not scheduled any more');
      c.header('Content-Type', CALENDAR_MEDIA_TYPE);
      // A file to open: a phone hands it to its calendar, which offers to add the event.
      c.header('Content-Disposition', `attachment; filename="drop-${row.date}.ics"`);
      return c.body(writeCalendar([row], pfifSite(deps, c), deps.now()));
    });
}
