import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { and, count, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { POW_DIFFICULTY, POW_EXPIRES_SECONDS, POW_HEADER, POW_PRESSURE_CLIENTS, POW_PRESSURE_FREE, type PowChallenge, type PowRequired } from '../../src/common/contract/pow.ts';
import { RATE_LIMITS, type RateLimitName } from '../../src/common/contract/limits.ts';
import { powSpent, rateEvents } from '../../db/schema.ts';
import type { RouteDeps } from '../deps.ts';
import { laterMinute, MINUTE } from './time.ts';
import { apiError } from '../http/answers.ts';

/** What a challenge is for: one rate-limited kind of request (a contact reveal is `contactReveal`). */
export type PowUse = RateLimitName;

const secrets = (deps: RouteDeps) => Promise.all([deps.keys.secretFor('pow-challenge'), deps.keys.secretFor('pow-key')]);

/**
 * A new challenge for `use` at `difficulty`, signed with the server's key. Deterministic: the
 * server hides a counter up to `difficulty` and signs the key it derives, so checking a solution
 * costs one comparison, not a search.
 */
export async function newChallenge(deps: RouteDeps, use: PowUse, difficulty: number): Promise<PowChallenge> {
  const [hmacSignatureSecret, hmacKeySignatureSecret] = await secrets(deps);
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(difficulty),
    deriveKey,
    // The expiry is kept in the signed data, not altcha-lib's own (which reads the machine's clock, not the app's).
    data: { use, difficulty, expires: laterMinute(deps.now() + POW_EXPIRES_SECONDS * 1000) },
    hmacSignatureSecret,
    hmacKeySignatureSecret,
  });
  return challenge as PowChallenge;
}

/** Why a proof was refused, or 'ok' (and then it is spent: the same one is refused next time). */
export type ProofCheck = 'ok' | 'missing' | 'invalid' | 'expired' | 'reused';

/**
 * Checks the solution sent in the POW_HEADER: signed by this server, for `use`, at least
 * `difficulty`, not expired, solved, and never used before.
 */
export async function checkProof(deps: RouteDeps, c: Context, use: PowUse, difficulty: number): Promise<ProofCheck> {
  const sent = c.req.header(POW_HEADER);
  if (!sent) return 'missing';
  let proof: { challenge: Challenge; solution: Solution };
  try {
    proof = JSON.parse(atob(sent)) as typeof proof;
    if (typeof proof.challenge?.parameters !== 'object' || typeof proof.solution?.counter !== 'number' || typeof proof.challenge.signature !== 'string') return 'invalid';
  } catch {
    return 'invalid';
  }
  const [hmacSignatureSecret, hmacKeySignatureSecret] = await secrets(deps);
  const result = await verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret }).catch(() => null);
  if (!result?.verified) return 'invalid';
  // The data is signed with the challenge: a cheap challenge for one use cannot pass for another.
  const { data } = proof.challenge.parameters;
  if (data?.use !== use || typeof data.difficulty !== 'number' || data.difficulty < difficulty || typeof data.expires !== 'number') return 'invalid';
  if (data.expires < deps.now()) return 'expired';
  const spent = await deps.db
    .insert(powSpent)
    .values({ signature: proof.challenge.signature!, expiresAt: data.expires })
    .onConflictDoNothing()
    .returning({ signature: powSpent.signature });
  return spent.length ? 'ok' : 'reused';
}

const REFUSED: Record<Exclude<ProofCheck, 'ok'>, string> = {
  missing: 'Solve this proof of work and send the request again with its solution',
  invalid: 'The proof of work is not valid: solve this one and send the request again',
  expired: 'The proof of work has expired: solve this one and send the request again',
  reused: 'That proof of work was already used: solve this one and send the request again',
};

/** The "solve this" answer: 428 in the one error shape, with a fresh challenge. */
export async function proofRequired(deps: RouteDeps, c: Context, use: PowUse, difficulty: number, why: Exclude<ProofCheck, 'ok'>) {
  const error: PowRequired = { code: 'proof_required', message: REFUSED[why], challenge: await newChallenge(deps, use, difficulty) };
  return c.json({ error }, 428);
}

/**
 * The difficulty a write of `action` needs now, or 0 for none: when all clients together made
 * POW_PRESSURE_CLIENTS times the per-client limit within the window, the normal one, doubling
 * with each further multiple, up to the maximum.
 */
export async function pressureDifficulty(deps: RouteDeps, action: RateLimitName): Promise<number> {
  if (POW_PRESSURE_FREE.includes(action)) return 0;
  const { limit, windowMinutes } = RATE_LIMITS[action];
  const [all] = await deps.db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.action, action), gt(rateEvents.at, deps.now() - windowMinutes * MINUTE)));
  const level = Math.floor((all?.n ?? 0) / (limit * POW_PRESSURE_CLIENTS));
  return level ? Math.min(POW_DIFFICULTY.max, POW_DIFFICULTY.normal * 2 ** (level - 1)) : 0;
}

let mark: string | undefined;
/**
 * A secret of this process that the no-script form door (functions/middleware/form-posts/index.ts) puts on the
 * JSON request it makes: such a post gets the ordinary rate limit and is never asked to solve a
 * proof it cannot. A client cannot fake it without knowing it.
 */
export const formPostMark = () => (mark ??= crypto.randomUUID());
export const FORM_POST_HEADER = 'x-form-post';

/**
 * GET /api/pow/challenge?for=NAME: a challenge for one kind of request (a rate limit's name;
 * `contactReveal` for a contact) at the difficulty it needs now, for a client that solves before
 * it sends. Never cached: each is single use.
 */
export function powRoutes(deps: RouteDeps) {
  return new Hono().get('/challenge', async (c) => {
    const use = c.req.query('for') ?? '';
    if (!Object.hasOwn(RATE_LIMITS, use)) return apiError(c, 400, 'invalid_query', `for must be one of ${Object.keys(RATE_LIMITS).join(', ')}`);
    const pressure = await pressureDifficulty(deps, use as PowUse);
    c.header('cache-control', 'no-store');
    return c.json(await newChallenge(deps, use as PowUse, Math.max(POW_DIFFICULTY.normal, pressure)));
  });
}
