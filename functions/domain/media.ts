/** Uploaded files and the posts that use them: attaching once, and deleting with the post. */
import { and, eq, inArray } from 'drizzle-orm';
import type { CommunityMediaType, UploadKind } from '../../src/contract/limits.ts';
import { uploads } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { RouteDeps } from '../deps.ts';

/** The media key of one of our photo addresses ("/images/alert-photos/<id>" -> "alert-photos/<id>"). */
export const mediaKey = (photoUrl: string) => photoUrl.replace(/^\/images\//, '');

/** The upload's id: the last part of its address or media key. */
export const uploadId = (urlOrKey: string) => urlOrKey.split('/').at(-1)!;

/** Where a help-flow file of this post kind is kept and served. */
export const communityKind = (mediaType: CommunityMediaType) => `community-assistance/${mediaType}`;

/**
 * Marks the stored upload behind `photoUrl` (/images/{kind}/{id}) as belonging to a post, once;
 * false when there is no such unused upload of that kind (then the post is refused).
 */
export async function attachUpload(db: Database, kind: UploadKind, photoUrl: string): Promise<boolean> {
  const id = photoUrl.slice(`/images/${kind}/`.length);
  if (photoUrl !== `/images/${kind}/${id}`) return false;
  const attached = await db
    .update(uploads)
    .set({ attached: true })
    .where(and(eq(uploads.id, id), eq(uploads.kind, kind), eq(uploads.stored, true), eq(uploads.attached, false)))
    .returning({ id: uploads.id });
  return attached.length === 1;
}

/**
 * Marks a help post's files as used by it: every address must be a stored, unused upload of this
 * post kind, images in imageUrls and the video in videoUrl. Answers null when all are attached,
 * otherwise the field errors (and attaches nothing).
 */
export async function attachCommunityMedia(db: Database, mediaType: CommunityMediaType, imageUrls: string[], videoUrl: string | null): Promise<Record<string, string> | null> {
  const wanted = [...imageUrls.map((url) => ({ url, type: 'image' })), ...(videoUrl ? [{ url: videoUrl, type: 'video' }] : [])];
  if (!wanted.length) return null;
  const ids = wanted.map(({ url }) => uploadId(url));
  const found = await db
    .select({ id: uploads.id, mediaType: uploads.mediaType })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.kind, communityKind(mediaType)), eq(uploads.stored, true), eq(uploads.attached, false)));
  const types = new Map(found.map((row) => [row.id, row.mediaType]));
  const wrong = wanted.find(({ url, type }) => types.get(uploadId(url)) !== type);
  if (wrong) return { [wrong.type === 'video' ? 'videoUrl' : 'imageUrls']: 'File not found: upload it again' };
  const attached = await db
    .update(uploads)
    .set({ attached: true })
    .where(and(inArray(uploads.id, ids), eq(uploads.attached, false)))
    .returning({ id: uploads.id });
  return attached.length === ids.length ? null : { imageUrls: 'File already used: upload it again' };
}

/** Deletes stored files (by media key) once the rows that used them are gone. */
export async function deleteMedia(deps: Pick<RouteDeps, 'media'>, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.media.delete(key)));
}
