import { eq } from 'drizzle-orm';
import { passkeys, responderInvites, responderSessions } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';

/** Ends a responder's sessions and, when removed, forgets their passkeys: they can no longer act. */
export const endResponder = (deps: RouteDeps, id: string, removed: boolean) =>
  deps.db.batch([
    deps.db.delete(responderSessions).where(eq(responderSessions.responderId, id)),
    ...(removed ? [deps.db.delete(passkeys).where(eq(passkeys.responderId, id)), deps.db.delete(responderInvites).where(eq(responderInvites.responderId, id))] : []),
  ]);
