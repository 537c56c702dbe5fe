import { Hono, type Context, type Next } from 'hono';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { MAX_PUSH_FOLLOWS } from '../../src/common/contract/limits.ts';
import { remindersLeft } from '../../src/common/contract/detention.ts';
import {
  P256DH_MESSAGE,
  pushFollowInput,
  pushReminderInput,
  pushSubscriptionInput,
  pushUnfollowInput,
  pushUnsubscribeInput,
  type FollowedRecord,
  type PushDeviceState,
  type PushSubscriptionState,
} from '../../src/common/contract/push.ts';
import { lostFoundPosts, pushFollows, pushSubscriptions } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { visibleRecord } from '../domain/lifetime.ts';
import { apiError, jsonBody, readJson } from '../http/answers.ts';
import { allowedEndpoint } from '../outbound/push-hosts.ts';
import { rateLimit } from '../middleware/rate-limit/index.ts';
import { toMinute } from '../domain/time.ts';

const unknownService = 'Endpoint must be an https address of a known push service';
const invalid = 'Some fields are missing or not valid';

/** Whether the browser's key is a point of P-256: no push could be encrypted to any other. */
async function isP256Point(p256dh: string): Promise<boolean> {
  const bytes = Uint8Array.from(atob(p256dh.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  try {
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** The refusal of a subscription no push could reach (a service not listed, a key off the curve), or null. */
export async function unreachable(deps: Pick<RouteDeps, 'push'>, c: Context, { endpoint, keys }: { endpoint: string; keys: { p256dh: string } }): Promise<Response | null> {
  if (!allowedEndpoint(endpoint, deps.push.hosts)) return apiError(c, 400, 'invalid_input', invalid, { endpoint: unknownService });
  if (!(await isP256Point(keys.p256dh))) return apiError(c, 400, 'invalid_input', invalid, { 'keys.p256dh': P256DH_MESSAGE });
  return null;
}

/** Checked before the rate limit, like the body: a refused subscription spends nothing. */
const reachable = (deps: Pick<RouteDeps, 'push'>) => async (c: Context<{ Variables: { body: { endpoint: string; keys: { p256dh: string } } } }>, next: Next) =>
  (await unreachable(deps, c, c.var.body)) ?? next();

/** A browser with no subscription here yet is kept with no area and no topic: it gets only what it asked for. */
export const keepSubscription = (db: RouteDeps['db'], body: { endpoint: string; keys: { p256dh: string; auth: string }; lang: string }, createdAt: string) =>
  db
    .insert(pushSubscriptions)
    .values({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, areas: [], topics: [], lang: body.lang, createdAt })
    .onConflictDoNothing();

/**
 * GET /api/push/key: the VAPID public key browsers subscribe with. POST /api/push/subscriptions
 * keeps a browser's subscription (the same endpoint again replaces its areas, topics and
 * language); DELETE with the endpoint removes it, with the records it follows. POST /follows
 * follows one missing-person record (at most MAX_PUSH_FOLLOWS), DELETE /follows stops;
 * POST /subscriptions/lookup answers what is kept for an endpoint (in a body: the endpoint is
 * the device's, and stays out of addresses and logs). POST /reminders asks for the reminders to
 * search the detainee locator again (REMINDER_HOURS from now), DELETE /reminders stops them.
 * Nothing about the device beyond that is kept.
 */
export function pushRoutes(deps: RouteDeps) {
  const { db } = deps;
  const visible = () => visibleRecord(deps.now());
  const followsOf = (endpoint: string): Promise<FollowedRecord[]> =>
    db
      .select({ id: lostFoundPosts.id, name: lostFoundPosts.name, status: lostFoundPosts.status })
      .from(pushFollows)
      .innerJoin(lostFoundPosts, eq(lostFoundPosts.id, pushFollows.postId))
      .where(and(eq(pushFollows.endpoint, endpoint), visible()))
      // Times are to the minute; within one, the order they were followed in.
      .orderBy(desc(pushFollows.createdAt), desc(sql`${pushFollows}.rowid`))
      .limit(MAX_PUSH_FOLLOWS) as Promise<FollowedRecord[]>;
  const noSubscription = (c: Context) => apiError(c, 404, 'not_found', 'This browser has no push subscription here');

  return (
    new Hono()
      .get('/key', async (c) => c.json({ publicKey: (await deps.push.keys()).publicKey }))
      .post('/subscriptions', jsonBody(pushSubscriptionInput), reachable(deps), rateLimit(deps, 'pushSubscription'), async (c) => {
        const { endpoint, keys, areas, topics, lang, updates } = c.var.body;
        const row = {
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          areas: [...new Set(areas)],
          topics: [...new Set(topics)],
          lang,
          updates: updates ?? false,
          createdAt: toMinute(deps.now()),
        };
        const [kept] = await db
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { p256dh: row.p256dh, auth: row.auth, areas: row.areas, topics: row.topics, lang, ...(updates === undefined ? {} : { updates }) },
          })
          .returning({ updates: pushSubscriptions.updates });
        const state: PushSubscriptionState = { endpoint, areas: row.areas, topics: row.topics, lang, updates: kept!.updates };
        return c.json(state, 201);
      })
      .delete('/subscriptions', async (c) => {
        const input = await readJson(c, pushUnsubscribeInput);
        if (!input.ok) return input.response;
        const removed = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.data.endpoint)).returning({ endpoint: pushSubscriptions.endpoint });
        return c.json({ endpoint: input.data.endpoint, removed: removed.length > 0 });
      })
      .post('/subscriptions/lookup', async (c) => {
        const input = await readJson(c, pushUnsubscribeInput);
        if (!input.ok) return input.response;
        const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.data.endpoint));
        if (!row) return noSubscription(c);
        const state: PushDeviceState = {
          endpoint: row.endpoint,
          areas: row.areas,
          topics: row.topics as PushDeviceState['topics'],
          lang: row.lang,
          updates: row.updates,
          follows: await followsOf(row.endpoint),
          reminders: remindersLeft(row),
        };
        return c.json(state);
      })
      // "Remind me to search again" (/detained): pushes at REMINDER_HOURS from now, asked again from the start.
      .post('/reminders', jsonBody(pushReminderInput), reachable(deps), rateLimit(deps, 'reminder'), async (c) => {
        const { endpoint, lang } = c.var.body;
        const from = toMinute(deps.now());
        await keepSubscription(db, c.var.body, from);
        const [row] = await db
          .update(pushSubscriptions)
          .set({ remindersFrom: from, remindersSent: 0, lang })
          .where(eq(pushSubscriptions.endpoint, endpoint))
          .returning({ remindersFrom: pushSubscriptions.remindersFrom, remindersSent: pushSubscriptions.remindersSent });
        return c.json({ reminders: remindersLeft(row!) }, 201);
      })
      .delete('/reminders', async (c) => {
        const input = await readJson(c, pushUnsubscribeInput);
        if (!input.ok) return input.response;
        const stopped = await db
          .update(pushSubscriptions)
          .set({ remindersFrom: null, remindersSent: 0 })
          .where(and(eq(pushSubscriptions.endpoint, input.data.endpoint), isNotNull(pushSubscriptions.remindersFrom)))
          .returning({ endpoint: pushSubscriptions.endpoint });
        return c.json({ endpoint: input.data.endpoint, removed: stopped.length > 0 });
      })
      .post(
        '/follows',
        jsonBody(pushFollowInput),
        reachable(deps),
        // An unknown, hidden or expired record is refused before the follow counts against the limit.
        async (c, next) => {
          const [record] = await db
            .select({ id: lostFoundPosts.id })
            .from(lostFoundPosts)
            .where(and(eq(lostFoundPosts.id, c.var.body.id), visible()));
          if (!record) return apiError(c, 404, 'not_found', 'There is no such record; it may have been removed or expired');
          await next();
        },
        rateLimit(deps, 'pushFollow'),
        async (c) => {
          const { endpoint, id } = c.var.body;
          const createdAt = toMinute(deps.now());
          await keepSubscription(db, c.var.body, createdAt);
          const [{ followed } = { followed: 0 }] = await db.select({ followed: count() }).from(pushFollows).where(eq(pushFollows.endpoint, endpoint));
          const [already] = await db
            .select({ id: pushFollows.postId })
            .from(pushFollows)
            .where(and(eq(pushFollows.endpoint, endpoint), eq(pushFollows.postId, id)));
          if (!already && followed >= MAX_PUSH_FOLLOWS)
            return apiError(c, 409, 'too_many_follows', `This browser follows ${MAX_PUSH_FOLLOWS} records already: stop following one first`);
          await db.insert(pushFollows).values({ endpoint, postId: id, createdAt }).onConflictDoNothing();
          const [record] = await db
            .select({ id: lostFoundPosts.id, name: lostFoundPosts.name, status: lostFoundPosts.status })
            .from(lostFoundPosts)
            .where(eq(lostFoundPosts.id, id));
          return c.json(record as FollowedRecord, 201);
        },
      )
      .delete('/follows', async (c) => {
        const input = await readJson(c, pushUnfollowInput);
        if (!input.ok) return input.response;
        const { endpoint, id } = input.data;
        const removed = await db
          .delete(pushFollows)
          .where(and(eq(pushFollows.endpoint, endpoint), eq(pushFollows.postId, id)))
          .returning({ id: pushFollows.postId });
        return c.json({ id, removed: removed.length > 0 });
      })
  );
}
