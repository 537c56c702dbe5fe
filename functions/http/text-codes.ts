/**
 * The answers around a code texted to a number, the same wherever one is asked for (text alerts,
 * locator reminders, the texts of messages to a post): 202 once it is on its way, unless the
 * number was sent enough codes today; and one refusal for every code that does not work.
 */
import type { Context } from 'hono';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import type { RouteDeps } from '../deps.ts';
import { sendTextCode } from '../domain/text-alerts.ts';
import { spend } from '../middleware/rate-limit/index.ts';
import { apiError } from './answers.ts';

/** 202 for any number: a code is on its way to it, unless it was sent enough today. */
export async function codeSent(deps: RouteDeps, c: Context, request: Parameters<typeof sendTextCode>[1]) {
  if (!(await spend(deps, 'textCodeNumber', await deps.keys.dailyHash(deps.now(), 'text-code', request.phone)))) {
    return apiError(c, 429, 'rate_limited', RATE_LIMITS.textCodeNumber.message);
  }
  await sendTextCode(deps, request);
  return c.json({ phone: request.phone }, 202);
}

/** The same refusal for every code that does not work, whatever the reason. */
export const wrongCode = (c: Context) =>
  apiError(c, 400, 'wrong_code', 'This code does not work: it is wrong, used or expired, or was tried too often. Ask for a new one.', {
    code: 'This code does not work',
  });
