import { Hono } from 'hono';
import { subscriptionInput, unsubscribeInput } from '../../src/contract/index.ts';
import type { RouteDeps } from '../deps.ts';
import { endTextSubscriptions, subscribeToTexts } from '../domain/text-alerts.ts';
import { jsonBody, readJson } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';

/**
 * POST /api/alert-subscriptions: a phone gets emergency texts for a city (or all), in its
 * language; the number is stored normalized. DELETE with the same number stops them.
 */
export function subscriptionRoutes(deps: RouteDeps) {
  return new Hono()
    .post('/', jsonBody(subscriptionInput), rateLimit(deps, 'subscription'), async (c) => {
      const row = await subscribeToTexts(deps, c.var.body, deps.now());
      return c.json({ phone: row.phone, city: row.city, lang: row.lang }, 201);
    })
    .delete('/', async (c) => {
      const input = await readJson(c, unsubscribeInput);
      if (!input.ok) return input.response;
      return c.json({ phone: input.data.phone, removed: (await endTextSubscriptions(deps, input.data.phone)) > 0 });
    });
}
