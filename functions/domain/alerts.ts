/**
 * Posting an alert or enforcement report, the same for the web form and for texts.
 */
import type * as z from 'zod/mini';
import { and, eq, gt } from 'drizzle-orm';
import type { alertInput } from '../../src/common/contract/index.ts';
import { DUPLICATE_WINDOW_MINUTES, ENFORCEMENT_TYPE, LOCATION_GRID, snapToGrid } from '../../src/common/contract/limits.ts';
import { placed } from '../../src/common/contract/places.ts';
import { clientOf } from '../../src/common/contract/clients.ts';
import { alertMarks, alerts } from '../../db/schema.ts';
import type { Lang } from '../../src/common/i18n/languages.ts';
import type { RouteDeps } from '../deps.ts';
import type { AlertRow } from './mappers.ts';
import { attachUpload } from './media.ts';
import { tally } from './tallies.ts';
import { MINUTE, toMinute } from './time.ts';
import { deliverOutbox, queueAlertTexts } from '../outbound/sms.ts';

const normalized = (text: string | null) => (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The keyed hash a report's marks are counted under: the client's network (IPv4 /24, IPv6 /48) with the report. */
export const markerOf = (deps: RouteDeps, alertId: string, address: string | undefined) => deps.keys.hash('mark', alertId, clientOf(address ?? 'unknown', 'network'));

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
  /** A report by text: the number it came from and its language, so the reporter hears what a rapid responder finds. */
  replyTo?: { phone: string; lang: Lang },
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
    responderState: null,
    responderNetwork: null,
    responderNote: null,
    responderAt: null,
    updatesSent: 0,
    replyTo: replyTo?.phone ?? null,
    replyLang: replyTo?.lang ?? null,
    tallied: 0,
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
  await tally(deps, row.id, 'reports');
  await deps.publish({ event: 'emergency-alert', data: { id: row.id, type: row.type, city: row.city, details: row.details } });
  if ((await queueAlertTexts(deps, { ...row, type: alert.type }, origin, now)) > 0) deps.defer(deliverOutbox(deps, deps.smsGateway, now));
  return { row };
}
