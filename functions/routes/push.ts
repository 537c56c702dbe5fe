import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { P256DH_MESSAGE, pushSubscriptionInput, pushUnsubscribeInput, type PushSubscriptionState } from '../../src/contract/push.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { apiError, jsonBody, readJson } from '../http.ts';
import { allowedEndpoint } from '../push-hosts.ts';
import { rateLimit } from '../rate-limit.ts';

const unknownService = 'Endpoint must be an https address of a known push service';

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

/**
 * GET /api/push/key: the VAPID public key browsers subscribe with. POST /api/push/subscriptions
 * keeps a browser's subscription (the same endpoint again replaces its areas, topics and
 * language); DELETE with the endpoint removes it. Nothing about the device beyond that is kept.
 */
export function pushRoutes(deps: RouteDeps) {
  const { db } = deps;
  return new Hono()
    .get('/key', async (c) => c.json({ publicKey: (await deps.push.keys()).publicKey }))
    .post(
      '/subscriptions',
      jsonBody(pushSubscriptionInput),
      async (c, next) => {
        // Checked before the rate limit, like the body: a refused subscription spends nothing.
        const { endpoint, keys } = c.var.body;
        if (!allowedEndpoint(endpoint, deps.push.hosts)) return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', { endpoint: unknownService });
        if (!(await isP256Point(keys.p256dh))) return apiError(c, 400, 'invalid_input', 'Some fields are missing or not valid', { 'keys.p256dh': P256DH_MESSAGE });
        await next();
      },
      rateLimit(deps, 'pushSubscription'),
      async (c) => {
        const { endpoint, keys, areas, topics, lang } = c.var.body;
        const row = {
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          areas: [...new Set(areas)],
          topics: [...new Set(topics)],
          lang,
          createdAt: new Date(deps.now()).toISOString(),
        };
        await db
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: row.p256dh, auth: row.auth, areas: row.areas, topics: row.topics, lang } });
        const state: PushSubscriptionState = { endpoint, areas: row.areas, topics: row.topics, lang };
        return c.json(state, 201);
      },
    )
    .delete('/subscriptions', async (c) => {
      const input = await readJson(c, pushUnsubscribeInput);
      if (!input.ok) return input.response;
      const removed = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.data.endpoint)).returning({ endpoint: pushSubscriptions.endpoint });
      return c.json({ endpoint: input.data.endpoint, removed: removed.length > 0 });
    });
}
