import type { UploadKind } from '../contract/limits.ts';
import { api } from './api.ts';

/**
 * Uploads one photo: asks for an upload address, PUTs the file there, and answers where the
 * photo is served (the server strips its metadata first). Reports progress from 0 to 1.
 */
export async function uploadPhoto(kind: UploadKind, file: File, onProgress?: (share: number) => void): Promise<string> {
  const { uploadURL } = await api<{ uploadURL: string }>('/api/upload', { method: 'POST', body: JSON.stringify({ type: kind }) });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const request = new XMLHttpRequest();
    request.open('PUT', uploadURL);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    request.onload = () => (request.status === 201 ? resolve(JSON.parse(request.responseText)) : reject(new Error(`${request.status}: ${request.responseText}`)));
    request.onerror = () => reject(new Error('network error'));
    request.send(file);
  });
  return url;
}
