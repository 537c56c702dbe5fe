/** Uploads: photos of posts and alerts, and the help posts' images and videos. */
import * as z from 'zod/mini';
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
