import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { alerts, auditLog, reportActions, responderInvites, responderSessions, responders } from '../../db/schema.ts';
import { PAGE_SIZE, RESPONDER_SESSION_HOURS } from '../../src/common/contract/limits.ts';
import { inviteInput, inviteVerifyInput, reportActInput, signInVerifyInput, type DeskReport, type ReportAct, type ResponderSession } from '../../src/common/contract/responders.ts';
import type { RouteDeps } from '../deps.ts';
import { toAlert } from '../domain/mappers.ts';
import { tally } from '../domain/tallies.ts';
import { answerReporter, sendUpdate } from '../outbound/updates.ts';
import { registered, registrationOptions, signedIn, signInOptions, storePasskey } from '../domain/passkeys.ts';
import { apiError, jsonBody } from '../http/answers.ts';
import { base64url, sameOrigin, sha256 } from '../middleware/admin-auth/index.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';

const COOKIE = 'responder';
type Signed = typeof responders.$inferSelect & { expiresAt: string };
type ResponderEnv = { Variables: { responder: Signed } };

/**
 * /api/respond/*: rapid responders. An invite link's token makes a passkey (once, within its
 * days); the passkey signs in; a signed-in responder who is active lists the open reports of their
 * counties and says what they saw. Only the SHA-256 of invite and session tokens is kept.
 */
export function respondRoutes(deps: RouteDeps) {
  const { db } = deps;
  const at = () => new Date(deps.now()).toISOString();
  const app = new Hono<ResponderEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', sameOrigin(deps.pfifDomain));

  /** The responder an unused, unexpired invite names, unless removed. */
  const invited = async (token: string) => {
    const [row] = await db
      .select({ responder: responders, invite: responderInvites })
      .from(responderInvites)
      .innerJoin(responders, eq(responders.id, responderInvites.responderId))
      .where(eq(responderInvites.tokenHash, await sha256(token)));
    if (!row || row.responder.status === 'removed')
      return { responder: null, status: 404 as const, code: 'invite_unknown', message: 'This invite link is not valid. Ask your moderator for a new one.' };
    if (row.invite.usedAt) return { responder: null, status: 410 as const, code: 'invite_used', message: 'This invite link was used already. Ask your moderator for a new one.' };
    if (row.invite.expiresAt <= at())
      return { responder: null, status: 410 as const, code: 'invite_expired', message: 'This invite link has expired. Ask your moderator for a new one.' };
    return { responder: row.responder };
  };

  const startSession = async (c: Context, responderId: string) => {
    const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const expiresAt = new Date(deps.now() + RESPONDER_SESSION_HOURS * 3600_000).toISOString();
    await db.insert(responderSessions).values({ tokenHash: await sha256(token), responderId, expiresAt });
    setCookie(c, COOKIE, token, { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: RESPONDER_SESSION_HOURS * 3600 });
    return expiresAt;
  };
  const session = (row: typeof responders.$inferSelect, expiresAt: string): ResponderSession => ({ name: row.name, network: row.network, counties: row.counties, expiresAt });

  app.post('/invite/options', jsonBody(inviteInput), rateLimit(deps, 'passkey'), async (c) => {
    const found = await invited(c.var.body.token);
    if (!found.responder) return apiError(c, found.status, found.code, found.message);
    return c.json(await registrationOptions(deps, c, `register:${found.responder.id}`, found.responder));
  });

  app.post('/invite/verify', jsonBody(inviteVerifyInput), async (c) => {
    const found = await invited(c.var.body.token);
    if (!found.responder) return apiError(c, found.status, found.code, found.message);
    const { responder } = found;
    const credential = await registered(deps, c, `register:${responder.id}`, c.var.body.response);
    if (!credential) return apiError(c, 400, 'passkey_refused', 'The passkey could not be checked. Open the invite link again and try once more.');
    // The invite is spent by whoever gets here first: a second phone with the same link makes nothing.
    const [spent] = await db
      .update(responderInvites)
      .set({ usedAt: at() })
      .where(and(eq(responderInvites.tokenHash, await sha256(c.var.body.token)), isNull(responderInvites.usedAt)))
      .returning();
    if (!spent) return apiError(c, 410, 'invite_used', 'This invite link was used already. Ask your moderator for a new one.');
    await db.batch([
      storePasskey(deps, credential, { responderId: responder.id }),
      db
        .update(responders)
        .set({ status: 'active' })
        .where(and(eq(responders.id, responder.id), eq(responders.status, 'invited'))),
      db.insert(auditLog).values({ id: crypto.randomUUID(), adminName: `responder ${responder.name}`, action: 'responder.passkey', targetId: responder.id, at: at() }),
    ]);
    const [active] = await db.select().from(responders).where(eq(responders.id, responder.id));
    return c.json(session(active!, await startSession(c, responder.id)));
  });

  app.post('/sign-in/options', rateLimit(deps, 'passkey'), async (c) => c.json(await signInOptions(deps, c, 'sign-in')));

  app.post('/sign-in/verify', jsonBody(signInVerifyInput), async (c) => {
    const passkey = await signedIn(deps, c, 'sign-in', c.var.body.response);
    const [responder] = passkey?.responderId ? await db.select().from(responders).where(eq(responders.id, passkey.responderId)) : [];
    if (!responder || responder.status === 'removed') return apiError(c, 401, 'passkey_refused', 'This passkey does not sign anyone in here.');
    if (responder.status === 'paused') return apiError(c, 403, 'responder_paused', 'Your moderator has paused your access.');
    return c.json(session(responder, await startSession(c, responder.id)));
  });

  /** Lets through a signed-in responder who is active: paused or removed, they cannot act. */
  const requireResponder: MiddlewareHandler<ResponderEnv> = async (c, next) => {
    const token = getCookie(c, COOKIE, 'host');
    const [row] =
      token && token.length <= 100
        ? await db
            .select({ responder: responders, expiresAt: responderSessions.expiresAt })
            .from(responderSessions)
            .innerJoin(responders, eq(responders.id, responderSessions.responderId))
            .where(and(eq(responderSessions.tokenHash, await sha256(token)), gt(responderSessions.expiresAt, at())))
        : [];
    if (!row || row.responder.status === 'removed') return apiError(c, 401, 'signed_out', 'Sign in with your passkey first');
    if (row.responder.status === 'paused') return apiError(c, 403, 'responder_paused', 'Your moderator has paused your access.');
    c.set('responder', { ...row.responder, expiresAt: row.expiresAt });
    return next();
  };
  app.use('/session', requireResponder);
  app.use('/reports/*', requireResponder);
  app.use('/reports', requireResponder);

  app.get('/session', (c) => c.json(session(c.var.responder, c.var.responder.expiresAt)));
  app.delete('/session', async (c) => {
    const token = getCookie(c, COOKIE, 'host');
    if (token) await db.delete(responderSessions).where(eq(responderSessions.tokenHash, await sha256(token)));
    deleteCookie(c, COOKIE, { prefix: 'host', secure: true, path: '/' });
    return c.body(null, 204);
  });

  const openIn = (counties: string[]) => and(gt(alerts.expiresAt, at()), eq(alerts.hidden, false), inArray(alerts.county, counties));

  /** The desk: open reports of the responder's counties, newest first, each with what responders did. */
  app.get('/reports', async (c) => {
    const rows = await deps.sealed.openRows(alerts, await db.select().from(alerts).where(openIn(c.var.responder.counties)).orderBy(desc(alerts.createdAt)).limit(PAGE_SIZE.max));
    const acts = rows.length
      ? await db
          .select({ alertId: reportActions.alertId, action: reportActions.action, note: reportActions.note, at: reportActions.at, by: responders.name })
          .from(reportActions)
          .innerJoin(responders, eq(responders.id, reportActions.responderId))
          .where(
            inArray(
              reportActions.alertId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(reportActions.at))
      : [];
    const reports: DeskReport[] = rows.map((row) => ({
      ...toAlert(row),
      // The contact a reporter left is for moderators only.
      contact: null,
      acts: acts.filter((act) => act.alertId === row.id).map(({ action, note, at, by }) => ({ action, note, at, by }) as ReportAct),
    }));
    return c.json(reports);
  });

  /**
   * One act on a report of the responder's counties: recorded, and (but for "I am going") the
   * report's public state, which the last act sets.
   */
  app.post('/reports/:id', jsonBody(reportActInput), async (c) => {
    const id = c.req.param('id');
    const { responder } = c.var;
    const [report] = await db
      .select({ county: alerts.county, state: alerts.responderState })
      .from(alerts)
      .where(and(eq(alerts.id, id), gt(alerts.expiresAt, at()), eq(alerts.hidden, false)));
    if (!report) return apiError(c, 404, 'not_found', 'This report has expired or does not exist');
    if (!report.county || !responder.counties.includes(report.county)) return apiError(c, 403, 'outside_counties', 'This report is outside the counties you cover');
    const { action, note } = c.var.body;
    const now = at();
    await db.batch([
      db.insert(reportActions).values({ id: crypto.randomUUID(), alertId: id, responderId: responder.id, action, note, at: now }),
      db.insert(auditLog).values({ id: crypto.randomUUID(), adminName: `responder ${responder.name}`, action: `report.${action}`, targetId: id, at: now }),
      ...(action === 'going'
        ? []
        : [db.update(alerts).set({ responderState: action, responderNetwork: responder.network, responderNote: note, responderAt: now }).where(eq(alerts.id, id))]),
    ]);
    if (action !== 'going' && action !== report.state) {
      // A false alarm takes the report back from everyone it reached; a verification or its end
      // reaches those who asked for updates. Each once; the reporter by text hears each new state.
      await sendUpdate(deps, id, action, new URL(c.req.url).origin);
      await answerReporter(deps, id, action);
    }
    if (action === 'false-alarm' || action === 'verified') await tally(deps, id, action === 'verified' ? 'verified' : 'falseAlarms');
    const [row] = await deps.sealed.openRows(alerts, await db.select().from(alerts).where(eq(alerts.id, id)));
    await deps.publish({ event: 'alert-state', data: { id, state: toAlert(row!).state } });
    return c.json({ ...toAlert(row!), contact: null });
  });

  return app;
}
