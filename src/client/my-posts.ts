/**
 * The posts made from this device, with their private manage secrets, kept only in this
 * browser's storage: no account, and nothing on the server ties the posts to a person.
 */
import type { MyPostKind } from '../common/forms/kit.ts';
import { storedList } from './stored-list.ts';

export interface MyPost {
  kind: MyPostKind;
  id: string;
  token: string;
  title: string;
  createdAt: string;
}

/** Where each kind of post lives in the API. */
export const POST_API: Record<MyPostKind, string> = {
  request: '/api/assistance-requests',
  offer: '/api/surplus-offers',
  missing: '/api/lost-found',
};

// Where storage cannot be used, the link shown after posting still works.
const stored = storedList<MyPost>(
  'my-posts',
  (post) => post.kind in POST_API && typeof post.token === 'string',
  (post) => post.id,
);

export const myPosts = stored.read;
export const rememberPost = stored.remember;
export const forgetPost = stored.forget;

/**
 * The private link that manages a post from any device. The secret rides in the fragment
 * (after #), which browsers never send to a server, so it stays out of every log.
 */
export const manageLink = (post: Pick<MyPost, 'kind' | 'id' | 'token'>) => `${location.origin}/manage#${post.kind}.${post.id}.${post.token}`;

/** The post a manage link's fragment names, or null. */
export function parseManageFragment(hash: string): Pick<MyPost, 'kind' | 'id' | 'token'> | null {
  const match = /^#(request|offer|missing)\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/.exec(hash);
  return match ? { kind: match[1] as MyPostKind, id: match[2]!, token: match[3]! } : null;
}

/** The missing-person record this device posted (or holds the link of) with this id, for the notes left on it. */
export const ownRecord = (id: string): MyPost | undefined => myPosts().find((post) => post.kind === 'missing' && post.id === id);

/** Days before a record's expiry from which My posts warns that it is about to go. */
export const EXPIRY_WARNING_DAYS = 7;

/** Whether a record that expires at `expiresAt` (ISO 8601) has less than EXPIRY_WARNING_DAYS left. */
export const expiresSoon = (expiresAt: string, now = Date.now()): boolean => Date.parse(expiresAt) - now < EXPIRY_WARNING_DAYS * 86_400_000;
