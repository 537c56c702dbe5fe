import { and, eq, gt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../../../db/client.ts';
import { adminSessions, admins, auditLog } from '../../../db/schema.ts';
import { ADMIN_SESSION_HOURS } from '../../../src/common/contract/limits.ts';
import { apiError } from '../../http/answers.ts';
import { requestFrom } from '../same-site/index.ts';

/**
 * PBKDF2-SHA-256 through WebCrypto, so the Node host and the Cloudflare worker verify the same
 * stored hash. 100,000 iterations is the most workerd allows (cloudflare/workerd#1346); OWASP asks
 * for more for passwords people choose, which is why nobody chooses an admin secret: the command
 * generates 192 random bits, far beyond any guessing, and the slow hash is a second wall.
 */
export const PBKDF2_ITERATIONS = 100_000;
const HASH_NAME = 'pbkdf2-sha256';

const encoder = new TextEncoder();
export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
export const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

async function pbkdf2(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256));
}

/** A new admin secret: 24 random bytes (192 bits), as 32 URL-safe characters. */
export const generateSecret = () => base64url(crypto.getRandomValues(new Uint8Array(24)));

/** The stored form of a secret: "pbkdf2-sha256$<iterations>$<salt>$<hash>", a fresh 16-byte salt each time. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return [HASH_NAME, PBKDF2_ITERATIONS, base64url(salt), base64url(await pbkdf2(secret, salt, PBKDF2_ITERATIONS))].join('$');
}

/** Whether `secret` matches a stored hash, compared in constant time. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [name, rounds, salt, hash] = stored.split('$');
  const iterations = Number(rounds);
  if (name !== HASH_NAME || !salt || !hash || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const expected = fromBase64url(hash);
  const actual = await pbkdf2(secret, fromBase64url(salt), iterations);
  let difference = expected.length ^ actual.length;
  for (let index = 0; index < actual.length; index++) difference |= actual[index]! ^ (expected[index] ?? 0);
  return difference === 0;
}

/** Spent on an unknown name, so a wrong name takes as long as a wrong secret (made on first use: workers allow no randomness at start-up). */
let decoy: Promise<string> | undefined;

/**
 * Creates an admin with a new generated secret, or gives an existing one a new secret and ends
 * their sessions (the way to rotate a secret or lock out a lost device). Answers the secret: it is
 * shown once and never stored.
 */
export async function createAdmin(db: Database, name: string, now = Date.now()): Promise<{ secret: string; created: boolean }> {
  const clean = name.trim();
  if (!clean || clean.length > 120) throw new Error('The admin name must be 1 to 120 characters.');
  const secret = generateSecret();
  const secretHash = await hashSecret(secret);
  const [existing] = await db.select().from(admins).where(eq(admins.name, clean));
  if (existing) {
    await db.batch([db.update(admins).set({ secretHash }).where(eq(admins.id, existing.id)), db.delete(adminSessions).where(eq(adminSessions.adminId, existing.id))]);
    return { secret, created: false };
  }
  await db.insert(admins).values({ id: crypto.randomUUID(), name: clean, secretHash, createdAt: new Date(now).toISOString() });
  return { secret, created: true };
}

/** The admin with this name if the secret is theirs; otherwise null after the same amount of work. */
export async function checkSecret(db: Database, name: string, secret: string) {
  const [admin] = await db.select().from(admins).where(eq(admins.name, name.trim()));
  const ok = await verifySecret(secret, admin?.secretHash ?? (await (decoy ??= hashSecret(generateSecret()))));
  return admin && ok ? admin : null;
}

const COOKIE = 'admin';
export const sha256 = async (token: string) => hex(await crypto.subtle.digest('SHA-256', encoder.encode(token)));

/**
 * Starts a session: a random 32-byte token goes to the browser as the cookie `__Host-admin`
 * (HttpOnly, Secure, SameSite=Strict, Path=/, no Domain); only its SHA-256 is stored, so a copy of
 * the database cannot sign anybody in.
 */
export async function startSession(c: Context, db: Database, adminId: string, now: number) {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAt = new Date(now + ADMIN_SESSION_HOURS * 3600_000);
  await db.insert(adminSessions).values({ tokenHash: await sha256(token), adminId, expiresAt: expiresAt.toISOString(), createdAt: new Date(now).toISOString() });
  setCookie(c, COOKIE, token, { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: ADMIN_SESSION_HOURS * 3600 });
  return expiresAt.toISOString();
}

/** Ends the session of this request's cookie, if any, and clears the cookie. */
export async function endSession(c: Context, db: Database) {
  const token = getCookie(c, COOKIE, 'host');
  if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, await sha256(token)));
  deleteCookie(c, COOKIE, { prefix: 'host', secure: true, path: '/' });
}

export interface SignedIn {
  id: string;
  name: string;
  expiresAt: string;
}
export type AdminEnv = { Variables: { admin: SignedIn } };

/** The admin whose unexpired session this request's cookie names, or null. */
export async function sessionAdmin(c: Context, db: Database, now: number): Promise<SignedIn | null> {
  const token = getCookie(c, COOKIE, 'host');
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: admins.id, name: admins.name, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, await sha256(token)), gt(adminSessions.expiresAt, new Date(now).toISOString())));
  return row ?? null;
}

/**
 * Refuses what another site asks for (403): any request a browser says comes from elsewhere
 * (functions/middleware/same-site/index.ts). A change must also prove it comes from this site (our Origin, or
 * Sec-Fetch-Site same-origin): a client sending neither cannot change anything. Together with the
 * SameSite=Strict cookie, no other site can act or read as a signed-in admin.
 */
export const sameOrigin =
  (publicHost: string | null): MiddlewareHandler =>
  async (c, next) => {
    const from = requestFrom(c, publicHost);
    const change = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if (from === 'elsewhere' || (change && from !== 'here')) return apiError(c, 403, 'cross_site', 'Admin requests must come from this site');
    return next();
  };

/** Lets only a signed-in admin through (401 otherwise) and puts them on the context. */
export const requireAdmin =
  (db: Database, now: () => number): MiddlewareHandler<AdminEnv> =>
  async (c, next) => {
    const admin = await sessionAdmin(c, db, now());
    if (!admin) return apiError(c, 401, 'signed_out', 'Sign in as an admin first');
    c.set('admin', admin);
    return next();
  };

/** Writes one line of the audit log: who did what to which row, and when. */
export async function audit(db: Database, admin: { name: string }, action: string, targetId: string | null, now: number) {
  await db.insert(auditLog).values({ id: crypto.randomUUID(), adminName: admin.name, action, targetId, at: new Date(now).toISOString() });
}
