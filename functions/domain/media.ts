/** Uploaded files and the posts that use them: attaching once, and deleting with the post. */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { UploadedMedia } from '../../src/common/contract/index.ts';
import { MAX_MEDIA_BYTES, MAX_PHOTO_BYTES, MAX_VIDEO_SECONDS, UNATTACHED_UPLOAD_HOURS, type CommunityMediaType, type UploadKind } from '../../src/common/contract/limits.ts';
import { uploads } from '../../db/schema.ts';
import { storageFailure } from '../../db/failures.ts';
import type { Database } from '../../db/client.ts';
import type { RouteDeps } from '../deps.ts';
import { apiError, exactly, peek, readCapped } from '../http/answers.ts';
import { IMAGE_MIME, imageSize, MAX_IMAGE_PIXELS, sniffImage, stripImageMetadata, type ImageType } from '../media/image.ts';
import { InvalidVideoError, sanitizeVideo, sniffVideo, VIDEO_MIME } from '../media/video.ts';
import { photoPreview } from '../media/preview.ts';
import { HOUR, toMinute } from './time.ts';

/** The media key of one of our photo addresses ("/images/alert-photos/<id>" -> "alert-photos/<id>"). */
export const mediaKey = (photoUrl: string) => photoUrl.replace(/^\/images\//, '');

/** The upload's id: the last part of its address or media key. */
export const uploadId = (urlOrKey: string) => urlOrKey.split('/').at(-1)!;

/** Where a help-flow file of this post kind is kept and served. */
export const communityKind = (mediaType: CommunityMediaType) => `community-assistance/${mediaType}`;

/** Reserves an address for one file of `kind`, asked for now (kept to the minute), and answers its id: the upload spendUpload spends. */
export async function reserveUpload(deps: Pick<RouteDeps, 'db' | 'now'>, kind: string): Promise<string> {
  const id = crypto.randomUUID();
  await deps.db.insert(uploads).values({ id, kind, createdAt: toMinute(deps.now()) });
  return id;
}

/**
 * Spends the one-request upload waiting for its file at this address (asked for within the hour,
 * of this kind when given, never used) and answers it; undefined when there is none or it was
 * spent, by a request still arriving among others. One statement, so two requests at once cannot
 * both have it; a request that then fails leaves it spent (its sender asks for a new address).
 */
export async function spendUpload(db: Database, id: string, now: number, kind?: string) {
  const [spent] = await db
    .update(uploads)
    .set({ spent: true })
    .where(
      and(
        eq(uploads.id, id),
        kind === undefined ? undefined : eq(uploads.kind, kind),
        isNull(uploads.multipartId),
        eq(uploads.spent, false),
        eq(uploads.stored, false),
        gt(uploads.createdAt, new Date(now - UNATTACHED_UPLOAD_HOURS * HOUR).toISOString()),
      ),
    )
    .returning();
  return spent;
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

/** Where a missing-person record's link-preview copy of its photo is kept: one per record, by its id. */
export const previewKey = (recordId: string) => `person-previews/${recordId}`;

/**
 * Makes and stores the link-preview copy of a record's photo (functions/media/preview.ts), and
 * answers its address; null when the photo gives none (gone, too many pixels, unreadable).
 */
export async function storePreview(deps: Pick<RouteDeps, 'media'>, recordId: string, photoUrl: string): Promise<string | null> {
  const stored = await deps.media.get(mediaKey(photoUrl));
  if (!stored) return null;
  const bytes = stored.body instanceof ReadableStream ? new Uint8Array(await new Response(stored.body).arrayBuffer()) : stored.body;
  let preview: Uint8Array | null;
  try {
    preview = photoPreview(bytes);
  } catch {
    return null;
  }
  if (!preview) return null;
  await deps.media.put(previewKey(recordId), preview, 'image/jpeg', preview.byteLength);
  return `/images/${previewKey(recordId)}`;
}

/** Deletes stored files (by media key) once the rows that used them are gone. */
export async function deleteMedia(deps: Pick<RouteDeps, 'media'>, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.media.delete(key)));
}

/** What an upload may be: a post photo (an image of at most 10 MB) or help-flow media (an image or a video, 100 MB). */
export type Accepted = 'photo' | 'media';
export const MAX_BYTES: Record<Accepted, number> = { photo: MAX_PHOTO_BYTES, media: MAX_MEDIA_BYTES };

/** The refusal of a file of a type `accepted` excludes, judged by its first bytes; null when it may go on. */
export function refuseType(c: Context, head: Uint8Array, accepted: Accepted): Response | null {
  if (sniffImage(head) || (accepted === 'media' && sniffVideo(head))) return null;
  return accepted === 'photo'
    ? apiError(c, 415, 'unsupported_media_type', 'Only JPEG, PNG and WebP photos are accepted')
    : apiError(c, 415, 'unsupported_media_type', 'Only images (JPEG, PNG, WebP) and videos (MP4, MOV) are accepted');
}

export const tooLarge = (c: Context, accepted: Accepted) =>
  accepted === 'photo'
    ? apiError(c, 413, 'payload_too_large', `A photo must be at most ${MAX_PHOTO_BYTES} bytes`)
    : apiError(c, 413, 'payload_too_large', `A file must be at most ${MAX_MEDIA_BYTES} bytes (100 MB)`);

/**
 * Checks an uploaded file of `size` bytes by its content and stores it under `key`: an image with
 * every metadata block stripped, or (help-flow media) an MP4/MOV video of at most 60 s with its
 * metadata boxes blanked while it streams, so a 100 MB file never sits in memory whole. Answers
 * the stored type, or the refusal (nothing is stored then).
 */
export async function storeChecked(
  c: Context,
  deps: Pick<RouteDeps, 'media'>,
  key: string,
  body: ReadableStream<Uint8Array>,
  size: number,
  accepted: Accepted,
): Promise<UploadedMedia['type'] | Response> {
  const { media } = deps;
  if (size > MAX_BYTES[accepted]) {
    await body.cancel();
    return tooLarge(c, accepted);
  }
  const broken = () => apiError(c, 400, 'upload_failed', 'The file did not arrive whole; please try again');
  const peeked = await peek(body, 64).catch(() => null);
  if (!peeked) return broken();
  const { head, whole } = peeked;
  const refused = refuseType(c, head, accepted);
  if (refused) {
    await whole.cancel();
    return refused;
  }
  const image = sniffImage(head);
  if (image) {
    const bytes = await readCapped({ body: whole }, size).catch(() => undefined);
    if (bytes === undefined) return broken();
    if (bytes === null) return tooLarge(c, accepted);
    return (await storeImage(c, deps, key, bytes, image, accepted === 'photo' ? 'photo' : 'image')) ?? 'image';
  }
  const video = sniffVideo(head)!;
  const { transform, done } = sanitizeVideo();
  const stored = media.put(key, whole.pipeThrough(exactly(size)).pipeThrough(transform), VIDEO_MIME[video], size);
  const [storing, checked] = await Promise.allSettled([stored, done]);
  const seconds = checked.status === 'fulfilled' ? checked.value.seconds : null;
  if (storing.status === 'fulfilled' && seconds !== null && seconds <= MAX_VIDEO_SECONDS) return 'video';
  await media.delete(key);
  // A full disk is ours, not the sender's: the API's error handler answers 507.
  if (storing.status === 'rejected' && storageFailure(storing.reason)) throw storing.reason;
  if (seconds !== null && seconds > MAX_VIDEO_SECONDS) {
    return apiError(c, 422, 'video_too_long', `The video is ${Math.round(seconds)}s long. Videos must be 1 minute or shorter.`);
  }
  if (checked.status === 'rejected' && checked.reason instanceof InvalidVideoError) {
    return apiError(c, 415, 'unsupported_media_type', 'The video could not be read; try a different file');
  }
  return broken();
}
