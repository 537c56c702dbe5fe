import { solveChallenge } from 'altcha-lib';
// Node's own SHA-256: the same keys as the browser's, faster to find in a test.
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { POW_HEADER, type PowChallenge } from '../src/common/contract/index.ts';

/**
 * A request as a hostile script that pays the proof of work sends it: when the answer is 428 (or
 * a 429 with a challenge), it solves the challenge and sends the same request again, once.
 */
export async function paying(send: (headers: Record<string, string>) => Response | Promise<Response>): Promise<Response> {
  const first = await send({});
  if (first.status !== 428 && first.status !== 429) return first;
  const { error } = (await first.clone().json()) as { error: { challenge?: PowChallenge } };
  if (!error.challenge) return first;
  const solution = await solveChallenge({ challenge: error.challenge, deriveKey });
  return send({ [POW_HEADER]: btoa(JSON.stringify({ challenge: error.challenge, solution })) });
}
