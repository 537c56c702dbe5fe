import { Hono } from 'hono';
import { count, desc, eq } from 'drizzle-orm';
import { DESK_LIST_MAX, RESPONDER_INVITE_DAYS } from '../../../src/common/contract/limits.ts';
import { responderInput, type Responder, type ResponderInvite, type ResponderStatus } from '../../../src/common/contract/responders.ts';
import { passkeys, responderInvites, responders } from '../../../db/schema.ts';
import type { RouteDeps } from '../../deps.ts';
import { audit, base64url, sha256, type AdminEnv } from '../../middleware/admin-auth/index.ts';
import { apiError, jsonBody } from '../../http/answers.ts';
import { endResponder } from '../../domain/responders.ts';

/**
 * /api/admin/responders: moderators invite rapid responders (a pseudonym, their network, their
 * counties; the invite a one-time link), give a new link, pause, resume and remove them. Every
 * change is in the audit log.
 */
export function adminResponderRoutes(deps: RouteDeps) {
  const { db } = deps;
  const at = () => new Date(deps.now()).toISOString();

  const one = async (id: string): Promise<Responder | undefined> => {
    const [row] = await db.select().from(responders).where(eq(responders.id, id));
    if (!row) return undefined;
    const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.responderId, id));
    return { ...row, status: row.status as ResponderStatus, passkeys: keys?.n ?? 0 };
  };

  /** A new one-time invite for a responder: only its hash is kept; the link, with the token in its fragment, is answered once. */
  const invite = async (responderId: string) => {
    const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const expiresAt = new Date(deps.now() + RESPONDER_INVITE_DAYS * 86_400_000).toISOString();
    // One link at a time: a new one ends the one before.
    await db.batch([
      db.delete(responderInvites).where(eq(responderInvites.responderId, responderId)),
      db.insert(responderInvites).values({ tokenHash: await sha256(token), responderId, expiresAt }),
    ]);
    return { link: `/respond#invite=${token}`, expiresAt };
  };

  const app = new Hono<AdminEnv>()
    .get('/', async (c) => {
      const rows = await db
        .select({ responder: responders, passkeys: count(passkeys.id) })
        .from(responders)
        .leftJoin(passkeys, eq(passkeys.responderId, responders.id))
        .groupBy(responders.id)
        .orderBy(desc(responders.createdAt))
        .limit(DESK_LIST_MAX);
      return c.json(
        rows
          .filter((row) => row.responder.status !== 'removed')
          .map((row): Responder => ({ ...row.responder, status: row.responder.status as ResponderStatus, passkeys: row.passkeys })),
      );
    })
    .post('/', jsonBody(responderInput), async (c) => {
      const id = crypto.randomUUID();
      await db.insert(responders).values({ id, ...c.var.body, counties: [...new Set(c.var.body.counties)], status: 'invited', createdAt: at() });
      const link = await invite(id);
      await audit(db, c.var.admin, 'responder.invite', id, deps.now());
      return c.json({ responder: (await one(id))!, ...link } satisfies ResponderInvite, 201);
    })
    .post('/:id/invite', async (c) => {
      const responder = await one(c.req.param('id'));
      if (!responder || responder.status === 'removed') return apiError(c, 404, 'not_found', 'There is no such responder');
      const link = await invite(responder.id);
      await audit(db, c.var.admin, 'responder.invite', responder.id, deps.now());
      return c.json({ responder, ...link } satisfies ResponderInvite);
    });

  for (const [path, status] of [
    ['pause', 'paused'],
    ['resume', 'active'],
    ['remove', 'removed'],
  ] as const) {
    app.post(`/:id/${path}`, async (c) => {
      const id = c.req.param('id');
      const before = await one(id);
      if (!before || before.status === 'removed') return apiError(c, 404, 'not_found', 'There is no such responder');
      // Resuming someone who never made a passkey leaves them invited.
      const next = path === 'resume' && before.passkeys === 0 ? 'invited' : status;
      await db.update(responders).set({ status: next }).where(eq(responders.id, id));
      if (path !== 'resume') await endResponder(deps, id, path === 'remove');
      await audit(db, c.var.admin, `responder.${path}`, id, deps.now());
      return c.json((await one(id))!);
    });
  }
  return app;
}
