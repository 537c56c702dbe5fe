import { Hono, type Context } from 'hono';
import type * as z from 'zod/mini';
import { and, eq, gt, sql } from 'drizzle-orm';
import { alertInput, markInput } from '../../src/common/contract/index.ts';
import { DUPLICATE_WINDOW_MINUTES, ENFORCEMENT_TYPE, LOCATION_GRID, snapToGrid, PAGE_SIZE } from '../../src/common/contract/limits.ts';
import { alertMarks, alerts } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { toAlert, type AlertRow } from '../domain/mappers.ts';
import { attachUpload } from '../domain/media.ts';
import { countyFilter, placed } from '../domain/places.ts';
import { sweepSometimes } from '../domain/retention.ts';
import { MINUTE, newestFirst, toMinute } from '../domain/time.ts';
import { apiError, createdBefore, jsonBody, pageSize, type WithBody } from '../http/answers.ts';
import { clientOf } from '../../src/common/contract/clients.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';
import { deliverOutbox, queueAlertTexts } from '../outbound/sms.ts';

const normalized = (text: string | null) => (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * GET/POST /api/alerts and POST /api/alerts/:id/marks: community alerts and enforcement reports,
 * listed by `type=` and `county=` too.
 */
export function alertRoutes(deps: RouteDeps) {
  const { db, sealed } = deps;
  const open = () => gt(alerts.expiresAt, new Date(deps.now()).toISOString());

  const openAlert = async (id: string) =>
    (
      await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, id), open(), eq(alerts.hidden, false)))
    )[0];

  return new Hono()
    .get('/', async (c) => {
      await sweepSometimes(deps);
      const type = c.req.query('type');
      const before = createdBefore(c, alerts);
      if (!before.ok) return before.response;
      const county = countyFilter(c);
      if (!county.ok) return county.response;
      const rows = await sealed.openRows(
        alerts,
        await db
          .select()
          .from(alerts)
          .where(and(open(), eq(alerts.hidden, false), type ? eq(alerts.type, type) : undefined, county.on(alerts.county), before.where))
          .orderBy(...newestFirst(alerts))
          .limit(pageSize(c, PAGE_SIZE)),
      );
      return c.json(rows.map(toAlert));
    })
    .post(
      '/',
      jsonBody(alertInput),
      rateLimit(deps, (c: Context<WithBody<typeof alertInput>>) => (c.var.body.type === ENFORCEMENT_TYPE ? 'enforcementReport' : 'alert')),
      async (c) => {
        const posted = await postAlert(deps, c.var.body, new URL(c.req.url).origin, deps.clientAddress(c) ?? 'unknown');
        return 'row' in posted ? c.json(toAlert(posted.row), 201) : apiError(c, posted.status, posted.code, posted.message, posted.fields);
      },
    )
    .post(
      '/:id/marks',
      jsonBody(markInput),
      // A mark on no open report is refused before any work is asked or counted.
      async (c, next) => ((await openAlert(c.req.param('id')!)) ? next() : apiError(c, 404, 'not_found', 'This alert has expired or does not exist')),
      rateLimit(deps, 'alertMark', { always: true }),
      async (c) => {
        const id = c.req.param('id');
        const { kind } = c.var.body;
        // One answer per network and report, under a keyed hash that includes the report: it cannot
        // be followed from one report to another, and it is deleted with the report. The
        // reporter's network holds the 'report' mark, so its answers are not counted.
        const client = await markerOf(deps, id, deps.clientAddress(c));
        const [previous] = await db
          .select()
          .from(alertMarks)
          .where(and(eq(alertMarks.alertId, id), eq(alertMarks.deviceHash, client)));
        const counted = previous?.kind !== kind && previous?.kind !== 'report';
        // The counts are counted from the marks in the same batch, so answers sent at once from
        // one network cannot count twice.
        const tally = (k: string) => sql`(select count(*) from ${alertMarks} where ${alertMarks.alertId} = ${id} and ${alertMarks.kind} = ${k})`;
        if (counted) {
          await db.batch([
            db
              .insert(alertMarks)
              .values({ alertId: id, deviceHash: client, kind })
              .onConflictDoUpdate({ target: [alertMarks.alertId, alertMarks.deviceHash], set: { kind }, setWhere: sql`${alertMarks.kind} <> 'report'` }),
            db
              .update(alerts)
              .set({ confirmations: tally('confirm'), allClears: tally('clear') })
              .where(eq(alerts.id, id)),
          ]);
        }
        const [opened] = await sealed.openRows(alerts, [(await openAlert(id))!]);
        return c.json({ ...toAlert(opened!), counted });
      },
    );
}

/** The keyed hash a report's marks are counted under: the client's network (IPv4 /24, IPv6 /48) with the report. */
const markerOf = (deps: RouteDeps, alertId: string, address: string | undefined) => deps.keys.hash('mark', alertId, clientOf(address ?? 'unknown', 'network'));

/**
 * Posts a checked alert or enforcement report (the rate limit already spent): the same report
 * within the hour is refused, an uploaded photo is attached, and the new alert goes live, to
 * Web Push and to the text subscribers of its city. Used by the web form and by texts alike.
 * `reporterAddress`, for a report from the web, is kept only as the report's 'report' mark (a
 * keyed hash of its network with the report), so confirmations from that network never count.
 */
export async function postAlert(
  deps: RouteDeps,
  alert: z.output<typeof alertInput>,
  origin: string,
  reporterAddress?: string,
): Promise<{ row: AlertRow } | { status: 400 | 409; code: string; message: string; fields?: Record<string, string> }> {
  const { db } = deps;
  const { city, county } = placed(alert.city);
  const now = deps.now();
  const enforcement = alert.type === ENFORCEMENT_TYPE;

  const fingerprint = await deps.keys.hash('alert', alert.type, normalized(city), normalized(alert.area), normalized(alert.details));
  const [same] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        gt(alerts.expiresAt, new Date(now).toISOString()),
        eq(alerts.fingerprint, fingerprint),
        gt(alerts.createdAt, new Date(now - DUPLICATE_WINDOW_MINUTES * MINUTE).toISOString()),
      ),
    );
  if (same) {
    return { status: 409, code: 'duplicate', message: 'The same report was posted within the last hour. Please confirm that one instead.' };
  }
  if (alert.photoUrl && !(await attachUpload(db, 'alert-photos', alert.photoUrl))) {
    return { status: 400, code: 'invalid_input', message: 'Some fields are missing or not valid', fields: { photoUrl: 'Photo not found: upload it again' } };
  }

  const grid = LOCATION_GRID[alert.precision];
  const precise = alert.precision === 'PRECISE' && alert.location;
  const row: AlertRow = {
    id: crypto.randomUUID(),
    type: alert.type,
    // PRECISE without a position would promise what the card cannot show: it is BROAD.
    precision: precise ? 'PRECISE' : 'BROAD',
    city,
    county,
    area: alert.area,
    details: alert.details,
    alertTime: alert.alertTime,
    contact: alert.contact,
    // A BROAD alert keeps no position at all, so none can ever leak.
    // The device rounded already; rounding again makes sure, whatever a client sends.
    lat: precise ? snapToGrid(alert.location!.lat, grid) : null,
    lng: precise ? snapToGrid(alert.location!.lng, grid) : null,
    activity: enforcement ? (alert.activity ?? null) : null,
    agents: enforcement ? alert.agents : null,
    vehicles: enforcement ? alert.vehicles : null,
    markings: enforcement ? alert.markings : null,
    photoUrl: alert.photoUrl,
    confirmations: 0,
    allClears: 0,
    fingerprint,
    adminVerified: false,
    hidden: false,
    isSample: false,
    createdAt: toMinute(now),
    expiresAt: toMinute(now + deps.alertHours[alert.type] * 60 * MINUTE),
  };
  const sealedRow = await deps.sealed.sealRow(alerts, row);
  if (reporterAddress)
    await db.batch([
      db.insert(alerts).values(sealedRow),
      db.insert(alertMarks).values({ alertId: row.id, deviceHash: await markerOf(deps, row.id, reporterAddress), kind: 'report' }),
    ]);
  else await db.insert(alerts).values(sealedRow);
  await deps.publish({ event: 'emergency-alert', data: { id: row.id, type: row.type, city: row.city, details: row.details } });
  if ((await queueAlertTexts(deps, { ...row, type: alert.type }, origin, now)) > 0) deps.defer(deliverOutbox(deps, deps.smsGateway, now));
  return { row };
}
