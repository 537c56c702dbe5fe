import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { subscriptionInput, unsubscribeInput } from '../../src/contract/index.ts';
import { alertSubscriptions } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { placed } from '../domain/places.ts';
import { jsonBody, readJson } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';

/**
 * The one way to find a subscriber by number (web unsubscribe, STOP by text): the number is
 * stored sealed, so the row is found by its keyed hash. Removes it; true when there was one.
 */
export async function unsubscribe({ db, sealed }: Pick<RouteDeps, 'db' | 'sealed'>, phone: string): Promise<boolean> {
  const removed = await db
    .delete(alertSubscriptions)
    .where(eq(alertSubscriptions.phoneHash, await sealed.lookupHash(phone)))
    .returning({ phoneHash: alertSubscriptions.phoneHash });
  return removed.length > 0;
}

/**
 * POST /api/alert-subscriptions: a phone gets emergency texts for a city (or all), in its
 * language; the number is stored normalized. DELETE with the same number stops them.
 */
export function subscriptionRoutes(deps: RouteDeps) {
  const { db, sealed } = deps;
  return new Hono()
    .post('/', jsonBody(subscriptionInput), rateLimit(deps, 'subscription'), async (c) => {
      const row = { ...c.var.body, ...placed(c.var.body.city), phoneHash: await sealed.lookupHash(c.var.body.phone), createdAt: new Date(deps.now()).toISOString() };
      await db
        .insert(alertSubscriptions)
        .values(await sealed.sealRow(alertSubscriptions, row))
        .onConflictDoUpdate({ target: alertSubscriptions.phoneHash, set: { city: row.city, county: row.county, lang: row.lang } });
      return c.json({ phone: row.phone, city: row.city, lang: row.lang }, 201);
    })
    .delete('/', async (c) => {
      const input = await readJson(c, unsubscribeInput);
      if (!input.ok) return input.response;
      return c.json({ phone: input.data.phone, removed: await unsubscribe(deps, input.data.phone) });
    });
}
