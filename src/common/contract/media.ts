/** Uploads: photos of posts and alerts, and the help posts' images and videos. */
import * as z from 'zod/mini';
import { UPLOADER } from './limits.ts';
import { COMMUNITY_MEDIA_TYPES, UPLOAD_KINDS, type CommunityMediaType } from './values.ts';

export const uploadRequest = z.object({ type: z.enum(UPLOAD_KINDS, { error: `type must be one of ${UPLOAD_KINDS.join(', ')}` }) });

export const communityUploadRequest = z.object({
  mediaType: z.enum(COMMUNITY_MEDIA_TYPES, { error: `mediaType must be one of ${COMMUNITY_MEDIA_TYPES.join(', ')}` }),
});

/** Upload parameters (spec section 3): PUT the file to `url`; it is then served at /images/community-assistance/{mediaType}/{objectId}. */
export interface CommunityUploadParams {
  url: string;
  objectId: string;
  mediaType: CommunityMediaType;
}

/** An uploaded help-flow file (spec section 3). */
export interface UploadedMedia {
  url: string;
  type: 'image' | 'video';
}

/** What a multipart or single-part upload is for: a post photo's kind, or a help post's media type. */
export const MEDIA_KINDS = [...UPLOAD_KINDS, ...COMMUNITY_MEDIA_TYPES] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
const mediaKind = z.enum(MEDIA_KINDS, { error: `metadata.kind must be one of ${MEDIA_KINDS.join(', ')}` });

/** POST /api/uploads/s3/multipart, as @uppy/aws-s3 sends it: the file's name and type are not used (the server names and sniffs). */
export const multipartStart = z.object({
  filename: z.optional(z.string()),
  type: z.optional(z.string()),
  metadata: z.object({ kind: mediaKind }),
});

export const multipartComplete = z.object({
  parts: z
    .array(z.object({ PartNumber: z.number().check(z.int(), z.gte(1), z.lte(UPLOADER.maxParts)), ETag: z.string().check(z.maxLength(200)) }))
    .check(z.minLength(1), z.maxLength(UPLOADER.maxParts)),
});

/** Where an upload went: `location` (and `url`) is the served address to put in the post. */
export interface UploadedFile extends UploadedMedia {
  location: string;
  key: string;
}

/** A received part, as S3's ListParts names it. */
export interface ReceivedPart {
  PartNumber: number;
  Size: number;
  ETag: string;
}
