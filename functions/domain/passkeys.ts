/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: the prompts (challenges) handed out, each good
 * once for PASSKEY_CHALLENGE_MINUTES, and the checks of what the phone's authenticator answered.
 * The site's RP ID is its host name (PFIF_DOMAIN's, else the one asked for), so a passkey made here
 * answers nowhere else, and one made on another site is refused here.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import { and, eq, gt } from 'drizzle-orm';
import { passkeyChallenges, passkeys } from '../../db/schema.ts';
import { PASSKEY_CHALLENGE_MINUTES } from '../../src/common/contract/limits.ts';
import type { RouteDeps } from '../deps.ts';
import { base64url, fromBase64url } from '../middleware/admin-auth/index.ts';
import { MINUTE } from './time.ts';

const RP_NAME = 'Find. Help. Reunite.';
/**
 * EdDSA, ES256 and RS256 (COSE -8, -7, -257), what phones and security keys make. The library
 * would add ML-DSA-44 where the runtime has it, which Node 24 marks experimental and warns about.
 */
const ALGORITHMS = [-8, -7, -257];

/** The RP ID (a host name, no port) and the origins an answer may come from. */
export function relyingParty(deps: RouteDeps, c: Context) {
  const rpID = new URL(`https://${deps.pfifDomain ?? new URL(c.req.url).host}`).hostname;
  const origin = c.req.header('origin');
  // The browser's own Origin when it is this site's (a port, or http on localhost, as in a test); else only https.
  const named = origin && URL.canParse(origin) && new URL(origin).hostname === rpID ? origin : `https://${rpID}`;
  return { rpID, origin: named };
}

/** Keeps a challenge for `purpose`, to be answered once within PASSKEY_CHALLENGE_MINUTES. */
const keep = (deps: RouteDeps, challenge: string, purpose: string) =>
  deps.db.insert(passkeyChallenges).values({ challenge, purpose, expiresAt: deps.now() + PASSKEY_CHALLENGE_MINUTES * MINUTE });

/** Uses up a challenge: true only the first time, for its purpose, before it expires. */
const spend = (deps: RouteDeps, purpose: string) => async (challenge: string) =>
  (
    await deps.db
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, deps.now())))
      .returning()
  ).length === 1;

/** The prompt to make a passkey for `user` (id and pseudonym), on a phone or a security key. */
export async function registrationOptions(deps: RouteDeps, c: Context, purpose: string, user: { id: string; name: string }) {
  const { rpID } = relyingParty(deps, c);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    supportedAlgorithmIDs: ALGORITHMS,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keep(deps, options.challenge, purpose);
  return options;
}

/** The new passkey when the answer is right (its challenge, this site, a signature); else null. */
export async function registered(deps: RouteDeps, c: Context, purpose: string, response: unknown) {
  const { rpID, origin } = relyingParty(deps, c);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: spend(deps, purpose),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    return result.verified ? result.registrationInfo.credential : null;
  } catch {
    return null;
  }
}

/** Stores a passkey of a responder or a moderator. */
export const storePasskey = (deps: RouteDeps, credential: NonNullable<Awaited<ReturnType<typeof registered>>>, owner: { responderId?: string; adminId?: string }) =>
  deps.db.insert(passkeys).values({
    id: credential.id,
    responderId: owner.responderId ?? null,
    adminId: owner.adminId ?? null,
    publicKey: base64url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    createdAt: new Date(deps.now()).toISOString(),
  });

/** The prompt to sign in with a passkey this site knows: the phone offers its own (discoverable credentials). */
export async function signInOptions(deps: RouteDeps, c: Context, purpose: string) {
  const { rpID } = relyingParty(deps, c);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  await keep(deps, options.challenge, purpose);
  return options;
}

/**
 * The stored passkey that signed this answer (its challenge, this site, its key, a counter that
 * went forward), with its counter moved on; else null.
 */
export async function signedIn(deps: RouteDeps, c: Context, purpose: string, response: { id: string }) {
  const [stored] = await deps.db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!stored) return null;
  const { rpID, origin } = relyingParty(deps, c);
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: spend(deps, purpose),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: { id: stored.id, publicKey: fromBase64url(stored.publicKey), counter: stored.counter, transports: stored.transports as never },
    });
    if (!result.verified) return null;
    await deps.db.update(passkeys).set({ counter: result.authenticationInfo.newCounter }).where(eq(passkeys.id, stored.id));
    return stored;
  } catch {
    return null;
  }
}
