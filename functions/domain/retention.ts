/** What must not outlive its use, and the sweep that deletes it. */
import { and, eq, inArray, lt, lte, or } from 'drizzle-orm';
import {
  adminSessions,
  alertClosures,
  alertMarks,
  passkeyChallenges,
  reportActions,
  reportTallies,
  responderInvites,
  responderSessions,
  alerts,
  assistanceRequests,
  assistanceResponses,
  auditLog,
  dropVolunteers,
  drops,
  lostFoundPosts,
  powSpent,
  rateEvents,
  smsInboundSeen,
  smsOutbox,
  sosRequests,
  surplusOffers,
  textCodes,
  uploadParts,
  uploads,
} from '../../db/schema.ts';
import {
  AUDIT_LOG_DAYS,
  CLOSED_ALERT_HOURS,
  INBOUND_TEXT_HOURS,
  RATE_RECORD_HOURS,
  SENT_TEXT_HOURS,
  SOS_RETENTION_DAYS,
  TALLY_WEEKS,
  UNATTACHED_UPLOAD_HOURS,
  VOLUNTEER_RETENTION_DAYS,
} from '../../src/common/contract/limits.ts';
import type { Database } from '../../db/client.ts';
import type { RouteDeps } from '../deps.ts';
import type { LostFoundRow, OfferRow, RequestRow } from './mappers.ts';
import { keptAfter, livesFrom } from './lifetime.ts';
import { deleteMedia, mediaKey, previewKey, uploadId } from './media.ts';
import { weekOf } from './tallies.ts';
import { DAY, HOUR } from './time.ts';

/**
 * Closes a report at once (enough "all clear" marks, or an admin's): it leaves the lists and its
 * details are deleted now; a listed one leaves its type and place for a day, for the CAP feed's
 * Cancel. Answers the row as closed.
 */
export async function closeAlert(deps: RouteDeps, id: string): Promise<typeof alerts.$inferSelect | undefined> {
  const closedAt = new Date(deps.now()).toISOString();
  const [row] = await deps.db.update(alerts).set({ expiresAt: closedAt }).where(eq(alerts.id, id)).returning();
  if (row && !row.isSample && !row.hidden)
    await deps.db.insert(alertClosures).values({ id, type: row.type, city: row.city, county: row.county, sentAt: row.createdAt, closedAt }).onConflictDoNothing();
  await sweep(deps);
  return row;
}

/** Deletes help posts with their answers, their upload records and their stored files. */
export async function deleteHelpPosts(deps: RouteDeps, rows: (RequestRow | OfferRow)[]): Promise<void> {
  if (!rows.length) return;
  const { db } = deps;
  const ids = rows.map((row) => row.id);
  const keys = rows.flatMap((row) => [...row.imageUrls, ...(row.videoUrl ? [row.videoUrl] : [])]).map(mediaKey);
  await db.batch([
    db.delete(assistanceResponses).where(or(inArray(assistanceResponses.requestId, ids), inArray(assistanceResponses.offerId, ids))),
    db.delete(assistanceRequests).where(inArray(assistanceRequests.id, ids)),
    db.delete(surplusOffers).where(inArray(surplusOffers.id, ids)),
    db.delete(uploads).where(inArray(uploads.id, keys.map(uploadId))),
  ]);
  await deleteMedia(deps, keys);
}

/** Deletes missing-person records with their photos and link previews; their notes and index entries go by trigger. */
export async function deleteLostFound(deps: RouteDeps, rows: Pick<LostFoundRow, 'id' | 'photoUrl'>[]): Promise<void> {
  if (!rows.length) return;
  const { db } = deps;
  const photos = rows.flatMap((row) => (row.photoUrl ? [mediaKey(row.photoUrl)] : []));
  await db.batch([
    db.delete(lostFoundPosts).where(
      inArray(
        lostFoundPosts.id,
        rows.map((row) => row.id),
      ),
    ),
    db.delete(uploads).where(inArray(uploads.id, photos.map(uploadId))),
  ]);
  await deleteMedia(deps, [...photos, ...rows.map((row) => previewKey(row.id))]);
}

/**
 * Deletes what must not outlive its use: expired alerts with their marks, photo and queued
 * texts (deleted, not hidden); expired help posts with their answers and files; rate-limit
 * records, files never attached to a post (and multipart uploads with no part for an hour), sent texts, handled SOS requests, drop volunteers'
 * names and audit lines after their periods in the contract (what /privacy tells people);
 * missing-person records LOST_FOUND_DAYS after their posting or last extension, with their notes
 * and photo; expired admin sessions. Then empties the write-ahead log, so what it deleted is in
 * neither database file.
 */
export async function sweep(deps: RouteDeps): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  lastSweep.set(deps, now);
  const expired = await db
    .select({ id: alerts.id, photoUrl: alerts.photoUrl })
    .from(alerts)
    .where(lte(alerts.expiresAt, new Date(now).toISOString()));
  const stale = await db
    .select({ id: uploads.id, kind: uploads.kind, stored: uploads.stored, multipartId: uploads.multipartId })
    .from(uploads)
    .where(and(eq(uploads.attached, false), lt(uploads.createdAt, new Date(now - UNATTACHED_UPLOAD_HOURS * HOUR).toISOString())));
  const ids = expired.map((alert) => alert.id);
  const photos = [...expired.flatMap((alert) => (alert.photoUrl ? [mediaKey(alert.photoUrl)] : [])), ...stale.map((upload) => `${upload.kind}/${upload.id}`)];
  await db.batch([
    db.delete(alertMarks).where(inArray(alertMarks.alertId, ids)),
    db.delete(reportActions).where(inArray(reportActions.alertId, ids)),
    db.delete(smsOutbox).where(inArray(smsOutbox.alertId, ids)),
    db.delete(alerts).where(inArray(alerts.id, ids)),
    db.delete(uploads).where(inArray(uploads.id, photos.map(uploadId))),
    db.delete(uploadParts).where(
      inArray(
        uploadParts.uploadId,
        stale.map((upload) => upload.id),
      ),
    ),
    db.delete(rateEvents).where(lt(rateEvents.at, now - RATE_RECORD_HOURS * HOUR)),
    db.delete(alertClosures).where(lt(alertClosures.closedAt, new Date(now - CLOSED_ALERT_HOURS * HOUR).toISOString())),
    db.delete(powSpent).where(lt(powSpent.expiresAt, now)),
    db.delete(reportTallies).where(lt(reportTallies.week, weekOf(now - TALLY_WEEKS * 7 * DAY))),
    db.delete(textCodes).where(lte(textCodes.expiresAt, now)),
    db.delete(smsInboundSeen).where(lt(smsInboundSeen.at, now - INBOUND_TEXT_HOURS * HOUR)),
    db.delete(smsOutbox).where(and(eq(smsOutbox.status, 'sent'), lt(smsOutbox.sentAt, new Date(now - SENT_TEXT_HOURS * HOUR).toISOString()))),
    db.delete(adminSessions).where(lte(adminSessions.expiresAt, new Date(now).toISOString())),
    db.delete(responderSessions).where(lte(responderSessions.expiresAt, new Date(now).toISOString())),
    db.delete(responderInvites).where(lte(responderInvites.expiresAt, new Date(now).toISOString())),
    db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now)),
    db.delete(sosRequests).where(and(eq(sosRequests.handled, true), lt(sosRequests.handledAt, new Date(now - SOS_RETENTION_DAYS * DAY).toISOString()))),
    db.delete(dropVolunteers).where(
      inArray(
        dropVolunteers.dropId,
        db
          .select({ id: drops.id })
          .from(drops)
          .where(lt(drops.date, new Date(now - VOLUNTEER_RETENTION_DAYS * DAY).toISOString().slice(0, 10))),
      ),
    ),
    db.delete(auditLog).where(lt(auditLog.at, new Date(now - AUDIT_LOG_DAYS * DAY).toISOString())),
  ]);
  await deleteMedia(deps, photos);
  // Multipart uploads abandoned for an hour: what was received of them.
  await Promise.all(stale.flatMap((upload) => (!upload.stored && upload.multipartId ? [deps.media.multipart.drop(upload.id, upload.multipartId)] : [])));
  const nowIso = new Date(now).toISOString();
  await deleteHelpPosts(deps, [
    ...(await db.select().from(assistanceRequests).where(lte(assistanceRequests.expiresAt, nowIso))),
    ...(await db.select().from(surplusOffers).where(lte(surplusOffers.expiresAt, nowIso))),
  ]);
  await deleteLostFound(
    deps,
    await db
      .select({ id: lostFoundPosts.id, photoUrl: lostFoundPosts.photoUrl })
      .from(lostFoundPosts)
      .where(lte(livesFrom, keptAfter(now))),
  );
  // What was deleted leaves the write-ahead log too, not at SQLite's next checkpoint.
  await checkpointDeleted(db);
}

/**
 * Moves the write-ahead log into the database file and empties it, after rows were deleted: with
 * `secure_delete`, the text they held is then in neither file. Only a local file has a log of
 * its own to empty (a database server keeps its own); a reader still on an older snapshot makes
 * SQLite skip it, and the next deletion's call does it.
 */
export async function checkpointDeleted(db: Database): Promise<void> {
  if (db.$client.protocol === 'file') await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
}

const lastSweep = new WeakMap<RouteDeps, number>();

/** Sweeps at most every 30 s: lists filter out expired rows anyway, this deletes them. */
export async function sweepSometimes(deps: RouteDeps): Promise<void> {
  if (deps.now() - (lastSweep.get(deps) ?? -Infinity) >= 30_000) await sweep(deps);
}
