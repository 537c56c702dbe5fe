import { and, count, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { rateEvents } from '../db/schema.ts';
import type { RouteDeps } from './app.ts';

/**
 * True when this client already did `action` `limit` times within `windowMs`; otherwise records
 * this time and answers false. The client is known only by a keyed hash of its address under a
 * key that changes daily, and the records are deleted after a day.
 */
export async function overLimit(deps: RouteDeps, c: Context, action: string, limit: number, windowMs: number): Promise<boolean> {
  const now = deps.now();
  const clientHash = await deps.keys.dailyHash(now, 'client', deps.clientAddress(c) ?? 'unknown');
  const [recent] = await deps.db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.clientHash, clientHash), eq(rateEvents.action, action), gt(rateEvents.at, now - windowMs)));
  if ((recent?.n ?? 0) >= limit) return true;
  await deps.db.insert(rateEvents).values({ clientHash, action, at: now });
  return false;
}
