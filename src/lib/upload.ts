import type { CommunityMediaType, UploadKind } from '../contract/limits.ts';
import type { CommunityUploadParams, UploadedMedia } from '../contract/index.ts';
import { api, ApiError } from './api.ts';

/** PUTs a file and answers the JSON reply; XMLHttpRequest, not fetch: only it reports upload progress. */
function put<T>(url: string, file: File, onProgress?: (share: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    request.onload = () =>
      request.status === 201 ? resolve(JSON.parse(request.responseText) as T) : reject(new ApiError(request.status, `${request.status}: ${request.responseText}`));
    request.onerror = () => reject(new Error('network error'));
    request.send(file);
  });
}

/**
 * Uploads one photo: asks for an upload address, PUTs the file there, and answers where the
 * photo is served (the server strips its metadata first). Reports progress from 0 to 1.
 */
export async function uploadPhoto(kind: UploadKind, file: File, onProgress?: (share: number) => void): Promise<string> {
  const { uploadURL } = await api<{ uploadURL: string }>('/api/upload', { method: 'POST', body: JSON.stringify({ type: kind }) });
  return (await put<{ url: string }>(uploadURL, file, onProgress)).url;
}

/** Uploads one help-flow image or video (spec section 7: upload parameters, then the file). */
export async function uploadMedia(mediaType: CommunityMediaType, file: File, onProgress?: (share: number) => void): Promise<UploadedMedia> {
  const { url } = await api<CommunityUploadParams>('/api/community-assistance/upload', { method: 'POST', body: JSON.stringify({ mediaType }) });
  return put<UploadedMedia>(url, file, onProgress);
}
