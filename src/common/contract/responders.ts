/** Rapid responders: invited by a moderator, signed in with a passkey, acting on reports in their counties. */
import * as z from 'zod/mini';
import { countyOf } from './places.ts';
import type { Alert } from './alerts.ts';
import { LIMITS } from './limits.ts';
import { optionalText, required } from './fields.ts';

/** What a responder can say of a report: on the way (seen by responders only), or one of the public states. */
export const RESPONDER_ACTIONS = ['going', 'verified', 'false-alarm', 'over'] as const;
export type ResponderAction = (typeof RESPONDER_ACTIONS)[number];

export const RESPONDER_STATUSES = ['invited', 'active', 'paused', 'removed'] as const;
export type ResponderStatus = (typeof RESPONDER_STATUSES)[number];

/** One of California's 58 counties, however it is written ("los angeles"), kept as the county's own name. */
export const californiaCounty = z.pipe(
  z.string().check(z.maxLength(LIMITS.city, `A county must be at most ${LIMITS.city} characters`)),
  z.transform((value, context) => {
    const found = countyOf(value);
    if (!found) context.issues.push({ code: 'custom', message: 'A county must be one of California’s 58 counties', input: value });
    return found?.name ?? value;
  }),
);

/** A moderator's invite: a pseudonym, the network the public sees, and the counties covered. */
export const responderInput = z.object({
  name: required(LIMITS.name, 'Name'),
  network: required(LIMITS.name, 'Network'),
  counties: z.array(californiaCounty).check(z.minLength(1, 'Choose at least one county'), z.maxLength(58, 'At most 58 counties')),
});
export type ResponderInput = z.input<typeof responderInput>;

/** A responder as moderators see them. */
export interface Responder {
  id: string;
  name: string;
  network: string;
  counties: string[];
  status: ResponderStatus;
  passkeys: number;
  createdAt: string;
}

/** An invite made: the link to hand over, once (its token is in the fragment, which no server logs). */
export interface ResponderInvite {
  responder: Responder;
  link: string;
  expiresAt: string;
}

/** The invite's token, from the link's fragment. */
export const inviteInput = z.object({ token: z.string().check(z.minLength(1, 'The invite link is not complete'), z.maxLength(100, 'The invite link is not complete')) });

/** A WebAuthn answer as @simplewebauthn/browser hands it over: checked by @simplewebauthn/server. */
const credential = z.looseObject({
  id: z.string().check(z.maxLength(1500)),
  rawId: z.string().check(z.maxLength(1500)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(4000)) }),
  clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
});
export const inviteVerifyInput = z.object({ token: inviteInput.shape.token, response: credential });
export const signInVerifyInput = z.object({ response: credential });

/** A responder signed in, as their desk shows them. */
export interface ResponderSession {
  name: string;
  network: string;
  counties: string[];
  expiresAt: string;
}

/** One act on a report, as the desk lists it. */
export interface ReportAct {
  action: ResponderAction;
  by: string;
  note: string | null;
  at: string;
}

/** A report on a responder's desk: the report (without the reporter's contact), and what responders did on it, newest first. */
export interface DeskReport extends Alert {
  acts: ReportAct[];
}

export const reportActInput = z.object({
  action: z.enum(RESPONDER_ACTIONS, { error: `action is one of ${RESPONDER_ACTIONS.join(', ')}` }),
  note: optionalText(LIMITS.responderNote, 'Note'),
});
