import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import { alertMarks, alerts, assistanceRequests, rateEvents, smsOutbox, surplusOffers, uploads } from '../db/schema.ts';
import { deleteHelpPosts } from './routes/help-posts.ts';
import type { RouteDeps } from './app.ts';

const HOUR = 3600 * 1000;

/** The media key of one of our photo addresses ("/images/alert-photos/<id>" -> "alert-photos/<id>"). */
export const mediaKey = (photoUrl: string) => photoUrl.replace(/^\/images\//, '');

/**
 * Deletes what must not outlive its use: expired alerts with their marks, photo and queued
 * texts (deleted, not hidden); expired help posts with their answers and files; rate-limit
 * records after a day; files never attached to a post after an hour; sent texts after a day.
 */
export async function sweep(deps: RouteDeps): Promise<void> {
  const { db, media } = deps;
  const now = deps.now();
  lastSweep.set(deps, now);
  const expired = await db.select({ id: alerts.id, photoUrl: alerts.photoUrl }).from(alerts).where(lte(alerts.expiresAt, new Date(now).toISOString()));
  const stale = await db
    .select({ id: uploads.id, kind: uploads.kind })
    .from(uploads)
    .where(and(eq(uploads.attached, false), lt(uploads.createdAt, new Date(now - HOUR).toISOString())));
  const ids = expired.map((alert) => alert.id);
  const photos = [...expired.flatMap((alert) => (alert.photoUrl ? [mediaKey(alert.photoUrl)] : [])), ...stale.map((upload) => `${upload.kind}/${upload.id}`)];
  await db.batch([
    db.delete(alertMarks).where(inArray(alertMarks.alertId, ids)),
    db.delete(smsOutbox).where(inArray(smsOutbox.alertId, ids)),
    db.delete(alerts).where(inArray(alerts.id, ids)),
    db.delete(uploads).where(inArray(uploads.id, [...photos.map((key) => key.split('/').at(-1)!)])),
    db.delete(rateEvents).where(lt(rateEvents.at, now - 24 * HOUR)),
    db.delete(smsOutbox).where(and(eq(smsOutbox.status, 'sent'), lt(smsOutbox.sentAt, new Date(now - 24 * HOUR).toISOString()))),
  ]);
  await Promise.all(photos.map((key) => media.delete(key)));
  const nowIso = new Date(now).toISOString();
  await deleteHelpPosts(deps, [
    ...(await db.select().from(assistanceRequests).where(lte(assistanceRequests.expiresAt, nowIso))),
    ...(await db.select().from(surplusOffers).where(lte(surplusOffers.expiresAt, nowIso))),
  ]);
}

const lastSweep = new WeakMap<RouteDeps, number>();

/** Sweeps at most every 30 s: lists filter out expired rows anyway, this deletes them. */
export async function sweepSometimes(deps: RouteDeps): Promise<void> {
  if (deps.now() - (lastSweep.get(deps) ?? -Infinity) >= 30_000) await sweep(deps);
}
