import { and, count, eq, gt } from 'drizzle-orm';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { RATE_LIMITS, type RateLimitName } from '../src/contract/limits.ts';
import { rateEvents } from '../db/schema.ts';
import type { RouteDeps } from './deps.ts';
import { MINUTE } from './domain/time.ts';
import { apiError } from './http.ts';

/**
 * The rate limit of a public write, declared on its route after the body is checked (a refused
 * body spends nothing): when this client already made the limit's number of them within its
 * window, the answer is 429 in the one error shape; otherwise the time is recorded and the
 * handler runs. `name` may depend on the checked body (an enforcement report has a limit of its
 * own). The client is known only by a keyed hash of its address under a key that changes daily;
 * the records are deleted after a day.
 */
export function rateLimit<E extends Env>(deps: RouteDeps, name: RateLimitName | ((c: Context<E>) => RateLimitName)): MiddlewareHandler<E> {
  return async (c, next) => {
    const action = typeof name === 'function' ? name(c) : name;
    const clientHash = await deps.keys.dailyHash(deps.now(), 'client', deps.clientAddress(c) ?? 'unknown');
    if (!(await spend(deps, action, clientHash))) return apiError(c, 429, 'rate_limited', RATE_LIMITS[action].message);
    await next();
  };
}

/**
 * Counts one `action` of the client known by `clientHash` (a keyed hash that changes daily, of its
 * address or, for a text, of its number): false, and nothing recorded, when it already made the
 * limit's number of them within the window.
 */
export async function spend(deps: RouteDeps, action: RateLimitName, clientHash: string): Promise<boolean> {
  const { limit, windowMinutes } = RATE_LIMITS[action];
  const now = deps.now();
  const [recent] = await deps.db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.clientHash, clientHash), eq(rateEvents.action, action), gt(rateEvents.at, now - windowMinutes * MINUTE)));
  if ((recent?.n ?? 0) >= limit) return false;
  await deps.db.insert(rateEvents).values({ clientHash, action, at: now });
  return true;
}
