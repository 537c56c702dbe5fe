import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { subscriptionInput } from '../../src/contract/index.ts';
import { alertSubscriptions } from '../../db/schema.ts';
import type { RouteDeps } from '../app.ts';
import { apiError, readJson } from '../http.ts';
import { overLimit } from '../rate-limit.ts';

const unsubscribeInput = z.pick(subscriptionInput, { phone: true });

/**
 * POST /api/alert-subscriptions: a phone gets emergency texts for a city (or all), in its
 * language; the number is stored normalized. DELETE with the same number stops them.
 */
export function subscriptionRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono()
    .post('/', async (c) => {
      const input = await readJson(c, subscriptionInput);
      if (!input.ok) return input.response;
      if (await overLimit(deps, c, 'subscribe', 5, 3600_000)) return apiError(c, 429, 'rate_limited', 'Too many subscriptions in a short time. Please wait.');
      const row = { ...input.data, createdAt: new Date(deps.now()).toISOString() };
      await db
        .insert(alertSubscriptions)
        .values(row)
        .onConflictDoUpdate({ target: alertSubscriptions.phone, set: { city: row.city, lang: row.lang } });
      return c.json({ phone: row.phone, city: row.city, lang: row.lang }, 201);
    })
    .delete('/', async (c) => {
      const input = await readJson(c, unsubscribeInput);
      if (!input.ok) return input.response;
      const removed = await db.delete(alertSubscriptions).where(eq(alertSubscriptions.phone, input.data.phone)).returning();
      return c.json({ phone: input.data.phone, removed: removed.length > 0 });
    });
}
