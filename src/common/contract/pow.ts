/**
 * Proof of work (ALTCHA, deterministic SHA-256): what a client solves before a contact is shown,
 * and before a public write when writes of that kind come in fast. A challenge's difficulty is
 * its `maxNumber`: the solver tries counters from 0 up to the hidden one, so the expected work
 * grows in a straight line with it. Every figure here is named once; the server and the phone
 * both read them.
 */

/** The header carrying a solution (base64 of JSON {challenge, solution}): never the address, so it stays out of logs. */
export const POW_HEADER = 'x-proof-of-work';
/** A challenge can be solved and sent back this long after it was made; then it is refused as expired. */
export const POW_EXPIRES_SECONDS = 300;
/**
 * Difficulties (the largest counter a challenge may hide). `normal`: a contact reveal, and a
 * write when that kind of post first comes in fast; it solves in well under a second on a cheap
 * phone (npm run bench -- --only pow). Each further multiple of the pressure threshold doubles
 * it, up to `max`, which is also what a client past its own rate limit solves for each write.
 */
export const POW_DIFFICULTY = { normal: 10_000, max: 320_000 } as const;
/**
 * A write of one kind needs a solution once every client together made this many times the
 * per-client rate limit of that kind within its window (lost-and-found posts: 3 x 10 = 30 posts
 * in 10 minutes).
 */
export const POW_PRESSURE_CLIENTS = 3;
/**
 * Not public writes, so never asked to solve under pressure: an admin's secret is 192 random
 * bits (guessing is hopeless anyway), and a moderator must be able to sign in during a flood.
 */
export const POW_PRESSURE_FREE: readonly string[] = ['adminSignIn'];
/** What a contact reveal is for: the three boards whose posters' contacts are shown only on request. */
export const REVEAL_BOARDS = ['lost-found', 'assistance-requests', 'surplus-offers'] as const;
export type RevealBoard = (typeof REVEAL_BOARDS)[number];
/** What a challenge is asked for: a contact reveal, or a write under pressure. */
export const POW_PURPOSES = ['reveal', 'write'] as const;
export type PowPurpose = (typeof POW_PURPOSES)[number];

/** How a contact reads, so a page can label its button ("Email" with an at-sign, otherwise "Contact") before it is revealed. */
export type ContactKind = 'email' | 'phone' | 'web' | 'text';

/** A challenge as the server hands it out (altcha-lib's `Challenge`, signed with the server's key). */
export interface PowChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

/** The "solve this" answer's error, with the challenge to solve (status 428). */
export interface PowRequired {
  code: 'proof_required';
  message: string;
  challenge: PowChallenge;
}

/** POST /api/{board}/:id/contact: the contact, once a solution was accepted. */
export interface RevealedContact {
  contact: string;
  contactKind: ContactKind;
}
