import { Hono } from 'hono';
import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';
import { PAGE_SIZE } from '../../src/contract/limits.ts';
import { placeOf } from '../../src/contract/places.ts';
import { alerts, drops } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { CAP_MEDIA_TYPE, writeAtom, writeCap, type CapAlert } from '../domain/cap.ts';
import { CALENDAR_MEDIA_TYPE, writeCalendar } from '../domain/calendar.ts';
import { toAlert, type AlertRow } from '../domain/mappers.ts';
import { californiaToday } from '../domain/time.ts';
import { apiError } from '../http.ts';
import { pfifSite } from './pfif.ts';

/** The city by its place's own name, with its county (stored cities are placed as they are read). */
const withCounty = (row: AlertRow): CapAlert => {
  const place = placeOf(row.city);
  return { ...toAlert(row), city: place?.name ?? row.city, county: place?.county ?? null };
};

/**
 * The open formats others build on: GET /api/alerts/feed.atom and /api/alerts/:id/cap.xml (CAP
 * 1.2), GET /api/drops/calendar.ics and /api/drops/:id/calendar.ics (iCalendar). They carry what
 * the boards list, no sample: a demonstration must not reach an alert relay or a calendar.
 */
export function feedRoutes(deps: RouteDeps) {
  const { db } = deps;
  const listedAlert = () => and(gt(alerts.expiresAt, new Date(deps.now()).toISOString()), eq(alerts.hidden, false), eq(alerts.isSample, false));
  const upcomingDrop = () => and(eq(drops.status, 'active'), gte(drops.date, californiaToday(deps.now())), eq(drops.isSample, false));

  return new Hono()
    .get('/alerts/feed.atom', async (c) => {
      const rows = await db.select().from(alerts).where(listedAlert()).orderBy(desc(alerts.createdAt), desc(alerts.id)).limit(PAGE_SIZE.max);
      c.header('Content-Type', 'application/atom+xml; charset=utf-8');
      return c.body(writeAtom(rows.map(withCounty), pfifSite(deps, c), deps.now()));
    })
    .get('/alerts/:id/cap.xml', async (c) => {
      const [row] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, c.req.param('id')), listedAlert()));
      if (!row) return apiError(c, 404, 'not_found', 'This alert has expired or does not exist');
      c.header('Content-Type', `${CAP_MEDIA_TYPE}; charset=utf-8`);
      return c.body(writeCap(withCounty(row), pfifSite(deps, c)));
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
