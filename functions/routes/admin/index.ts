import { Hono } from 'hono';
import { and, asc, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import {
  signInInput,
  type AdminAlert,
  type AdminHelpPost,
  type AdminLostFoundNote,
  type AdminLostFoundPost,
  type AdminSos,
  type Dashboard,
  type OutboxText,
} from '../../../src/common/contract/index.ts';
import { ENFORCEMENT_TYPE, MAX_PFIF_BYTES, PAGE_SIZE } from '../../../src/common/contract/limits.ts';
import {
  admins,
  alertClosures,
  alertSubscriptions,
  alerts,
  assistanceRequests,
  dropVolunteers,
  drops,
  jobs,
  lostFoundNotes,
  lostFoundPosts,
  passkeys,
  resources,
  smsOutbox,
  sosRequests,
  surplusOffers,
} from '../../../db/schema.ts';
import type { RouteDeps } from '../../deps.ts';
import { audit, checkSecret, endSession, requireAdmin, sameOrigin, startSession, type AdminEnv } from '../../middleware/admin-auth/index.ts';
import { apiError, jsonBody, readCapped } from '../../http/answers.ts';
import { rateLimit } from '../../middleware/rate-limit/index.ts';
import { toAdminJob, toAdminResource, toAlert, toNote, toOwnOffer, toOwnPost, toOwnRequest } from '../../domain/mappers.ts';
import { PfifError } from '../../domain/pfif.ts';
import { importPfif } from '../../domain/pfif-import.ts';
import { checkpointDeleted, closeAlert } from '../../domain/retention.ts';
import { pfifSite } from '../../domain/pfif.ts';
import { californiaToday } from '../../domain/time.ts';
import { sendUpdate } from '../../outbound/updates.ts';
import { tally } from '../../domain/tallies.ts';
import { adminDropRoutes } from './drops.ts';
import { adminJobRoutes } from './jobs.ts';
import { adminResourceRoutes } from './resources.ts';
import { adminResponderRoutes } from './responders.ts';
import { registered, registrationOptions, signedIn, signInOptions, storePasskey } from '../../domain/passkeys.ts';
import { signInVerifyInput } from '../../../src/common/contract/responders.ts';

/** What an admin's sign-in prompts are kept for: a responder's (respond.ts) cannot answer one. */
const ADMIN_SIGN_IN = 'admin-sign-in';

const toAdminAlert = (row: typeof alerts.$inferSelect): AdminAlert => ({ ...toAlert(row), hidden: row.hidden, adminVerified: row.adminVerified });
const toSos = ({ id, city, details, contact, handled, handledAt, createdAt }: typeof sosRequests.$inferSelect): AdminSos => ({
  id,
  city,
  details,
  contact,
  handled,
  handledAt,
  createdAt,
});
const toText = (row: typeof smsOutbox.$inferSelect): OutboxText => ({
  id: row.id,
  // The desk needs to know a text went out, not whom it went to.
  phoneEnd: row.phone.slice(-4),
  // A text of no alert carries a code that starts or stops a number's alerts: the desk sees it went out, not the code.
  body: row.alertId || row.updateOf ? row.body : row.body.replace(/\d/g, '•'),
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/**
 * /api/admin/*: the moderation desk. Every path but signing in needs a session (401), every
 * change must come from this site (403), answers are never cached, and every change is written
 * to the audit log.
 */
export function adminRoutes(deps: RouteDeps) {
  const { db } = deps;
  const { openRows } = deps.sealed;
  const at = () => new Date(deps.now()).toISOString();
  const app = new Hono<AdminEnv>();

  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', sameOrigin(deps.pfifDomain));

  app.post('/session', jsonBody(signInInput), rateLimit(deps, 'adminSignIn'), async (c) => {
    const admin = await checkSecret(db, c.var.body.name, c.var.body.secret);
    if (!admin) return apiError(c, 401, 'wrong_secret', 'That name and secret do not match');
    const expiresAt = await startSession(c, db, admin.id, deps.now());
    await audit(db, admin, 'sign-in', null, deps.now());
    return c.json({ name: admin.name, expiresAt });
  });

  // A passkey made on the desk signs its moderator in too, the secret still working beside it.
  app.post('/session/passkey/options', rateLimit(deps, 'passkey'), async (c) => c.json(await signInOptions(deps, c, ADMIN_SIGN_IN)));
  app.post('/session/passkey', jsonBody(signInVerifyInput), rateLimit(deps, 'adminSignIn'), async (c) => {
    const passkey = await signedIn(deps, c, ADMIN_SIGN_IN, c.var.body.response);
    const [admin] = passkey?.adminId ? await db.select().from(admins).where(eq(admins.id, passkey.adminId)) : [];
    if (!admin) return apiError(c, 401, 'passkey_refused', 'This passkey does not sign anyone in here.');
    const expiresAt = await startSession(c, db, admin.id, deps.now());
    await audit(db, admin, 'sign-in.passkey', null, deps.now());
    return c.json({ name: admin.name, expiresAt });
  });

  app.use('*', requireAdmin(db, deps.now));

  /** A signed-in moderator makes a passkey on this device, to sign in with it from then on. */
  const registering = (c: { var: { admin: { id: string } } }) => `register-admin:${c.var.admin.id}`;
  app.post('/passkeys/options', async (c) => c.json(await registrationOptions(deps, c, registering(c), c.var.admin)));
  app.post('/passkeys', jsonBody(signInVerifyInput), async (c) => {
    const credential = await registered(deps, c, registering(c), c.var.body.response);
    if (!credential) return apiError(c, 400, 'passkey_refused', 'The passkey could not be checked. Please try again.');
    await storePasskey(deps, credential, { adminId: c.var.admin.id });
    await audit(db, c.var.admin, 'admin.passkey', c.var.admin.id, deps.now());
    const [kept] = await db.select({ count: count() }).from(passkeys).where(eq(passkeys.adminId, c.var.admin.id));
    return c.json({ passkeys: kept!.count }, 201);
  });

  app.get('/session', (c) => c.json({ name: c.var.admin.name, expiresAt: c.var.admin.expiresAt }));
  app.delete('/session', async (c) => {
    await audit(db, c.var.admin, 'sign-out', null, deps.now());
    await endSession(c, db);
    return c.body(null, 204);
  });

  app.get('/dashboard', async (c) => {
    const now = at();
    const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const unverifiedReport = and(
      eq(alerts.type, ENFORCEMENT_TYPE),
      gt(alerts.expiresAt, now),
      eq(alerts.hidden, false),
      eq(alerts.adminVerified, false),
      isNull(alerts.responderState),
    );
    const [subscribers, volunteers, missing, scheduledDrops, pendingResources, pendingJobs, unverifiedReports, openSos, queuedTexts] = await Promise.all([
      one(db.select({ n: count() }).from(alertSubscriptions)),
      one(db.select({ n: count() }).from(dropVolunteers)),
      one(
        db
          .select({ n: count() })
          .from(lostFoundPosts)
          .where(and(eq(lostFoundPosts.status, 'missing'), eq(lostFoundPosts.hidden, false))),
      ),
      one(
        db
          .select({ n: count() })
          .from(drops)
          .where(and(eq(drops.status, 'active'), gte(drops.date, californiaToday(deps.now())))),
      ),
      one(db.select({ n: count() }).from(resources).where(eq(resources.status, 'pending'))),
      one(db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'pending'))),
      one(db.select({ n: count() }).from(alerts).where(unverifiedReport)),
      one(db.select({ n: count() }).from(sosRequests).where(eq(sosRequests.handled, false))),
      one(db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.status, 'queued'))),
    ]);
    const QUEUE = 20;
    const [resourceRows, jobRows, reportRows, sosRows, textRows] = await Promise.all([
      db.select().from(resources).where(eq(resources.status, 'pending')).orderBy(asc(resources.createdAt)).limit(QUEUE),
      db.select().from(jobs).where(eq(jobs.status, 'pending')).orderBy(asc(jobs.createdAt)).limit(QUEUE),
      db
        .select()
        .from(alerts)
        .where(unverifiedReport)
        .orderBy(desc(alerts.createdAt))
        .limit(QUEUE)
        .then((rows) => openRows(alerts, rows)),
      // Open requests first, then the handled ones still kept.
      db
        .select()
        .from(sosRequests)
        .orderBy(asc(sosRequests.handled), desc(sosRequests.createdAt))
        .limit(QUEUE)
        .then((rows) => openRows(sosRequests, rows)),
      db
        .select()
        .from(smsOutbox)
        .orderBy(desc(smsOutbox.createdAt))
        .limit(QUEUE)
        .then((rows) => openRows(smsOutbox, rows)),
    ]);
    const dashboard: Dashboard = {
      counts: {
        members: subscribers + volunteers,
        subscribers,
        volunteers,
        missing,
        scheduledDrops,
        donations: deps.donationsTotal,
        pendingResources,
        pendingJobs,
        unverifiedReports,
        openSos,
        queuedTexts,
      },
      pendingResources: resourceRows.map(toAdminResource),
      pendingJobs: jobRows.map(toAdminJob),
      reports: reportRows.map(toAdminAlert),
      sos: sosRows.map(toSos),
      outbox: textRows.map(toText),
    };
    return c.json(dashboard);
  });

  // Alerts and enforcement reports: every open one, hidden ones included, so they can be restored.
  app.get('/alerts', async (c) => {
    const rows = await openRows(alerts, await db.select().from(alerts).where(gt(alerts.expiresAt, at())).orderBy(desc(alerts.createdAt)).limit(PAGE_SIZE.max));
    return c.json(rows.map(toAdminAlert));
  });
  const alertAction = (path: string, action: string, change: Partial<typeof alerts.$inferInsert> | (() => Partial<typeof alerts.$inferInsert>)) =>
    app.post(`/alerts/:id/${path}`, async (c) => {
      const id = c.req.param('id');
      const [row] = await openRows(
        alerts,
        await db
          .update(alerts)
          .set(typeof change === 'function' ? change() : change)
          .where(and(eq(alerts.id, id), gt(alerts.expiresAt, at())))
          .returning(),
      );
      if (!row) return apiError(c, 404, 'not_found', 'This alert has expired or does not exist');
      await audit(db, c.var.admin, action, id, deps.now());
      // Hidden alerts send no more texts; those it reached hear it was taken down, and its CAP
      // document answers a Cancel saying so, until it is restored.
      if (path === 'hide') {
        await sendUpdate(deps, id, 'taken-down', new URL(c.req.url).origin);
        if (!row.isSample) {
          const closure = { id, type: row.type, city: row.city, county: row.county, sentAt: row.createdAt, closedAt: at(), reason: 'taken-down' };
          await db
            .insert(alertClosures)
            .values(closure)
            .onConflictDoUpdate({ target: alertClosures.id, set: { closedAt: closure.closedAt, reason: closure.reason } });
        }
        await checkpointDeleted(db);
      }
      if (path === 'restore') await db.delete(alertClosures).where(and(eq(alertClosures.id, id), eq(alertClosures.reason, 'taken-down')));
      if (path === 'verify') await tally(deps, id, 'verified');
      // Closing sweeps the report's details away, and the write-ahead log with them.
      if (path === 'all-clear') await closeAlert(deps, id);
      return c.json(toAdminAlert(row));
    });
  alertAction('hide', 'alert.hide', { hidden: true });
  alertAction('restore', 'alert.restore', { hidden: false });
  alertAction('verify', 'alert.verify', { adminVerified: true });
  // All clear closes the report as enough "all clear" marks would (closeAlert above).
  alertAction('all-clear', 'alert.all-clear', () => ({ expiresAt: at() }));

  app.get('/lost-found', async (c) => {
    const rows = await openRows(lostFoundPosts, await db.select().from(lostFoundPosts).orderBy(desc(lostFoundPosts.createdAt)).limit(PAGE_SIZE.max));
    return c.json(rows.map((row): AdminLostFoundPost => ({ ...toOwnPost(row), hidden: row.hidden })));
  });
  for (const [path, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    app.post(`/lost-found/:id/${path}`, async (c) => {
      const id = c.req.param('id');
      const [row] = await openRows(lostFoundPosts, await db.update(lostFoundPosts).set({ hidden }).where(eq(lostFoundPosts.id, id)).returning());
      if (!row) return apiError(c, 404, 'not_found', 'There is no such post');
      await audit(db, c.var.admin, `lost-found.${path}`, id, deps.now());
      return c.json({ ...toOwnPost(row), hidden: row.hidden } satisfies AdminLostFoundPost);
    });
  }

  // Notes on missing-person records, newest first, hidden ones included.
  const toAdminNote = (row: typeof lostFoundNotes.$inferSelect): AdminLostFoundNote => ({ ...toNote(row), postId: row.postId, hidden: row.hidden });
  app.get('/lost-found-notes', async (c) => {
    const rows = await db.select().from(lostFoundNotes).orderBy(desc(lostFoundNotes.createdAt)).limit(PAGE_SIZE.max);
    return c.json(rows.map(toAdminNote));
  });
  for (const [path, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const) {
    app.post(`/lost-found-notes/:id/${path}`, async (c) => {
      const id = c.req.param('id');
      const [row] = await db.update(lostFoundNotes).set({ hidden }).where(eq(lostFoundNotes.id, id)).returning();
      if (!row) return apiError(c, 404, 'not_found', 'There is no such note');
      await audit(db, c.var.admin, `lost-found-note.${path}`, id, deps.now());
      return c.json(toAdminNote(row));
    });
  }

  // Help requests and offers still on their boards' lifetime, hidden ones included.
  app.get('/help-posts', async (c) => {
    const [requests, offers] = await Promise.all([
      db
        .select()
        .from(assistanceRequests)
        .where(gt(assistanceRequests.expiresAt, at()))
        .orderBy(desc(assistanceRequests.createdAt))
        .limit(PAGE_SIZE.max)
        .then((rows) => openRows(assistanceRequests, rows)),
      db
        .select()
        .from(surplusOffers)
        .where(gt(surplusOffers.expiresAt, at()))
        .orderBy(desc(surplusOffers.createdAt))
        .limit(PAGE_SIZE.max)
        .then((rows) => openRows(surplusOffers, rows)),
    ]);
    const posts: AdminHelpPost[] = [
      ...requests.map((row): AdminHelpPost => ({ ...toOwnRequest(row), kind: 'requests', hidden: row.hidden })),
      ...offers.map((row): AdminHelpPost => ({ ...toOwnOffer(row), kind: 'offers', hidden: row.hidden })),
    ];
    return c.json(posts.sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
  });
  for (const [kind, table] of [
    ['requests', assistanceRequests],
    ['offers', surplusOffers],
  ] as const) {
    for (const [path, hidden] of [
      ['hide', true],
      ['restore', false],
    ] as const) {
      app.post(`/help-posts/${kind}/:id/${path}`, async (c) => {
        const id = c.req.param('id');
        const [row] = await db.update(table).set({ hidden }).where(eq(table.id, id)).returning({ id: table.id });
        if (!row) return apiError(c, 404, 'not_found', 'There is no such post');
        await audit(db, c.var.admin, `help-${kind}.${path}`, id, deps.now());
        return c.json({ id, hidden });
      });
    }
  }

  app.post('/sos/:id/handled', async (c) => {
    const id = c.req.param('id');
    const [row] = await openRows(
      sosRequests,
      await db
        .update(sosRequests)
        .set({ handled: true, handledAt: sql`coalesce(${sosRequests.handledAt}, ${at()})` })
        .where(eq(sosRequests.id, id))
        .returning(),
    );
    if (!row) return apiError(c, 404, 'not_found', 'There is no such SOS request');
    await audit(db, c.var.admin, 'sos.handled', id, deps.now());
    return c.json(toSos(row));
  });

  // A PFIF 1.1-1.4 file as the body (any content type: the file says what it is).
  app.post('/pfif', async (c) => {
    const tooLarge = () => apiError(c, 413, 'payload_too_large', `The file must be at most ${MAX_PFIF_BYTES / 1024 / 1024} MB`);
    if (Number(c.req.header('content-length') ?? 0) > MAX_PFIF_BYTES) return tooLarge();
    const file = await readCapped(c.req.raw, MAX_PFIF_BYTES);
    if (file === null) return tooLarge();
    try {
      const summary = await importPfif(db, file, pfifSite(deps, c), deps.now());
      await audit(db, c.var.admin, 'pfif.import', null, deps.now());
      return c.json(summary);
    } catch (error) {
      if (!(error instanceof PfifError)) throw error;
      // The code says the file was refused; the message is the line and reason, shown as they are under the desk's own words.
      return apiError(c, 400, 'invalid_pfif', error.message);
    }
  });

  app.route('/drops', adminDropRoutes(deps));
  app.route('/resources', adminResourceRoutes(deps));
  app.route('/jobs', adminJobRoutes(deps));
  app.route('/responders', adminResponderRoutes(deps));
  return app;
}
