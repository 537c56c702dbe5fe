/** Uploaded files and the posts that use them: attaching once, and deleting with the post. */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { CommunityMediaType, UploadKind } from '../../src/contract/limits.ts';
import { uploads } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { RouteDeps } from '../deps.ts';
import { apiError } from '../http.ts';
import { IMAGE_MIME, imageSize, MAX_IMAGE_PIXELS, stripImageMetadata, type ImageType } from '../media/image.ts';
import { HOUR } from './time.ts';

/** The media key of one of our photo addresses ("/images/alert-photos/<id>" -> "alert-photos/<id>"). */
export const mediaKey = (photoUrl: string) => photoUrl.replace(/^\/images\//, '');

/** The upload's id: the last part of its address or media key. */
export const uploadId = (urlOrKey: string) => urlOrKey.split('/').at(-1)!;

/** Where a help-flow file of this post kind is kept and served. */
export const communityKind = (mediaType: CommunityMediaType) => `community-assistance/${mediaType}`;

/** The upload waiting for its file at this address: asked for within the hour, of this kind, not stored yet. */
export async function pendingUpload(db: Database, kind: string, id: string, now: number) {
  const [pending] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.kind, kind), eq(uploads.stored, false), gt(uploads.createdAt, new Date(now - HOUR).toISOString())));
  return pending;
}

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

/**
 * Stores an uploaded image under `key` with every metadata block (GPS among them) stripped.
 * Answers null once stored, or the refusal of one with too many pixels (413) or that cannot be
 * read (415), calling it a `noun` as the upload form does.
 */
export async function storeImage(c: Context, deps: Pick<RouteDeps, 'media'>, key: string, bytes: Uint8Array, type: ImageType, noun: 'photo' | 'image'): Promise<Response | null> {
  let clean: Uint8Array;
  try {
    const { width, height } = imageSize(bytes, type);
    if (width * height > MAX_IMAGE_PIXELS) return apiError(c, 413, 'image_too_large', `The ${noun} has too many pixels`);
    clean = stripImageMetadata(bytes, type);
  } catch {
    return apiError(c, 415, 'unsupported_media_type', `The ${noun} could not be read; it may be damaged`);
  }
  await deps.media.put(key, clean, IMAGE_MIME[type], clean.byteLength);
  return null;
}

/** Deletes stored files (by media key) once the rows that used them are gone. */
export async function deleteMedia(deps: Pick<RouteDeps, 'media'>, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.media.delete(key)));
}
