import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { RATE_LIMITS, type RateLimitName } from '../../../src/common/contract/limits.ts';
import { POW_DIFFICULTY } from '../../../src/common/contract/pow.ts';
import { rateEvents } from '../../../db/schema.ts';
import type { RouteDeps } from '../../deps.ts';
import { laterMinute, MINUTE } from '../../domain/time.ts';
import { apiError } from '../../http/answers.ts';
import { FORM_TYPE } from '../form-posts/index.ts';
import { clientOf } from '../../../src/common/contract/clients.ts';
import { checkProof, FORM_POST_HEADER, formPostMark, newChallenge, pressureDifficulty, proofRequired } from '../../domain/pow.ts';

/**
 * The rate limit of a public write, declared on its route after the body is checked (a refused
 * body spends nothing): when this client already made the limit's number of them within its
 * window, the answer is 429 in the one error shape; otherwise the time is recorded and the
 * handler runs. `name` may depend on the checked body (an enforcement report has a limit of its
 * own). The client is known only by a keyed hash, under a key that changes daily, of its address
 * or network (the limit's `scope`, src/common/contract/clients.ts); the records are deleted after a day.
 *
 * Proof of work on top: when writes of this kind from all clients together come in fast
 * (functions/domain/pow.ts pressureDifficulty), a write without a valid solution gets the 428 "solve
 * this" answer with a challenge; a client past its own limit gets its 429 with a challenge at the
 * maximum difficulty, and with a solution of it the write goes through. With `always` (a contact
 * reveal) a solution is needed every time and the limit is final. A post from a page without
 * scripts (a form, or the form door's JSON) is never asked to solve: it keeps the ordinary limit.
 */
export function rateLimit<E extends Env>(
  deps: RouteDeps,
  name: RateLimitName | ((c: Context<E>) => RateLimitName),
  { always = false }: { always?: boolean } = {},
): MiddlewareHandler<E> {
  return async (c, next) => {
    const action = typeof name === 'function' ? name(c) : name;
    const now = deps.now();
    const limits: { message: string; scope?: 'address' | 'network' } = RATE_LIMITS[action];
    const { message } = limits;
    const clientHash = await deps.keys.dailyHash(now, 'client', clientOf(deps.clientAddress(c) ?? 'unknown', limits.scope ?? 'address'));
    const past = await pastLimit(deps, action, clientHash);
    const canSolve = c.req.header(FORM_POST_HEADER) !== formPostMark() && !FORM_TYPE.test(c.req.header('content-type') ?? '');
    if (always && past) return apiError(c, 429, 'rate_limited', message);
    const pressure = canSolve ? await pressureDifficulty(deps, action) : 0;
    const difficulty = past ? POW_DIFFICULTY.max : always ? Math.max(POW_DIFFICULTY.normal, pressure) : pressure;
    if (difficulty && canSolve) {
      const proof = await checkProof(deps, c, action, difficulty);
      if (proof !== 'ok' && past) return c.json({ error: { code: 'rate_limited', message, challenge: await newChallenge(deps, action, difficulty) } }, 429);
      if (proof !== 'ok') return proofRequired(deps, c, action, difficulty, proof);
    } else if (past) return apiError(c, 429, 'rate_limited', message);
    // A client past its limit that paid the maximum difficulty is counted as it goes through. Any
    // other is counted only now, and only while under the limit: of requests sent at once, those past it are refused here.
    if (past) await deps.db.insert(rateEvents).values({ clientHash, action, at: laterMinute(deps.now()) });
    else if (!(await spend(deps, action, clientHash))) return apiError(c, 429, 'rate_limited', message);
    await next();
  };
}

/** Whether the client known by `clientHash` already made the limit's number of `action` within its window. */
export async function pastLimit(deps: RouteDeps, action: RateLimitName, clientHash: string): Promise<boolean> {
  const { limit, windowMinutes } = RATE_LIMITS[action];
  const [recent] = await deps.db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.clientHash, clientHash), eq(rateEvents.action, action), gt(rateEvents.at, deps.now() - windowMinutes * MINUTE)));
  return (recent?.n ?? 0) >= limit;
}

/**
 * Counts one `action` of the client known by `clientHash` (a keyed hash that changes daily, of its
 * address or, for a text, of its number): false, and nothing recorded, when it already made the
 * limit's number of them within the window. The count and the record are one statement, so
 * requests sent all at once cannot each find room under the limit before any is recorded.
 * Kept to the minute (the next one, so no limit gets shorter): a copy of the database cannot be
 * joined with a network log by the time.
 */
export async function spend(deps: RouteDeps, action: RateLimitName, clientHash: string): Promise<boolean> {
  const { limit, windowMinutes } = RATE_LIMITS[action];
  const at = laterMinute(deps.now());
  const since = deps.now() - windowMinutes * MINUTE;
  const recorded = await deps.db.run(
    sql`insert into ${rateEvents} (client_hash, action, at) select ${clientHash}, ${action}, ${at} where (select count(*) from ${rateEvents} where client_hash = ${clientHash} and action = ${action} and at > ${since}) < ${limit}`,
  );
  return recorded.rowsAffected > 0;
}
