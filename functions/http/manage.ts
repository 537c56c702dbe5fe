import type { Context } from 'hono';
import { apiError } from './answers.ts';

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a manage secret: 256 random bits need no salt or slow hash to stay unguessable. */
export const hashManageSecret = async (secret: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));

/**
 * A new private manage secret for a post and the hash to store. The secret is answered once, to
 * the poster, and kept only on their device (and in the link they may save); never stored here.
 */
export async function newManageSecret(): Promise<{ secret: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return { secret, hash: await hashManageSecret(secret) };
}

/**
 * Null when the request may manage the post (its `Authorization: Bearer <secret>` matches the
 * stored hash); otherwise the answer: 404 no such post, 401 no secret, 403 another post's secret.
 */
export async function refuseManage(c: Context, post: { manageHash: string | null } | undefined): Promise<Response | null> {
  if (!post) return apiError(c, 404, 'not_found', 'There is no such post; it may have been deleted');
  if (!c.req.header('authorization')) return apiError(c, 401, 'unauthorized', 'This needs the private manage link of the post');
  if (!(await holdsManageSecret(c, post.manageHash))) return apiError(c, 403, 'forbidden', 'This manage link does not belong to this post');
  return null;
}

/** The post when the request holds its manage secret; otherwise refuseManage's answer. */
export async function ownedPost<R extends { manageHash: string | null }>(
  c: Context,
  post: R | undefined,
): Promise<{ row: R; response?: never } | { row?: never; response: Response }> {
  const refused = await refuseManage(c, post);
  return refused ? { response: refused } : { row: post! };
}

async function holdsManageSecret(c: Context, storedHash: string | null): Promise<boolean> {
  const secret = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!secret || !storedHash) return false;
  const given = await hashManageSecret(secret);
  // Compare every character so the time taken says nothing about how much matched.
  let difference = given.length ^ storedHash.length;
  for (let index = 0; index < given.length; index++) difference |= given.charCodeAt(index) ^ storedHash.charCodeAt(index);
  return difference === 0;
}
