import type { CommunityMediaType, UploadKind } from '../contract/limits.ts';
import type { UploadedMedia } from '../contract/index.ts';

/** The uploader's code comes only when a file is chosen (its own chunk). */
const uploader = () => import('./multipart.ts');

/**
 * Uploads one photo and answers where it is served (the server strips its metadata first).
 * Reports progress from 0 to 1.
 */
export async function uploadPhoto(kind: UploadKind, file: File, onProgress: (share: number) => void): Promise<string> {
  return (await (await uploader()).send(file, kind, onProgress)).url;
}

/** Uploads one help-flow image or video (spec section 7, the multipart upload helper). */
export async function uploadMedia(mediaType: CommunityMediaType, file: File, onProgress: (share: number) => void): Promise<UploadedMedia> {
  const { url, type } = await (await uploader()).send(file, mediaType, onProgress);
  return { url, type };
}
