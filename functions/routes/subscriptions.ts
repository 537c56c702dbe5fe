import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { subscriptionInput } from '../../src/contract/index.ts';
import { alertSubscriptions } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { placed } from '../domain/places.ts';
import { jsonBody, readJson } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';

const unsubscribeInput = z.pick(subscriptionInput, { phone: true });

/**
 * POST /api/alert-subscriptions: a phone gets emergency texts for a city (or all), in its
 * language; the number is stored normalized. DELETE with the same number stops them.
 */
export function subscriptionRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono()
    .post('/', jsonBody(subscriptionInput), rateLimit(deps, 'subscription'), async (c) => {
      const row = { ...c.var.body, ...placed(c.var.body.city), createdAt: new Date(deps.now()).toISOString() };
      await db
        .insert(alertSubscriptions)
        .values(row)
        .onConflictDoUpdate({ target: alertSubscriptions.phone, set: { city: row.city, county: row.county, lang: row.lang } });
      return c.json({ phone: row.phone, city: row.city, lang: row.lang }, 201);
    })
    .delete('/', async (c) => {
      const input = await readJson(c, unsubscribeInput);
      if (!input.ok) return input.response;
      const removed = await db.delete(alertSubscriptions).where(eq(alertSubscriptions.phone, input.data.phone)).returning();
      return c.json({ phone: input.data.phone, removed: removed.length > 0 });
    });
}
