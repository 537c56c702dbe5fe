import type { MediaKind, UploadedFile } from '../../common/contract/media.ts';
import type { KeptUpload } from './kept.ts';
import type { SendOptions } from './multipart.ts';
import { KEPT } from './kept-mark.ts';

export type { KeptUpload };

/** The uploader's code comes only when a file is chosen (its own chunk). */
const uploader = () => import('./multipart.ts');

/** The uploads in parts kept on this phone for a field of this kind (./kept-uploads.ts). */
export const keptFor = async (kind: MediaKind): Promise<KeptUpload[]> => (localStorage.getItem(KEPT) ? (await uploader()).keptFor(kind) : []);

/**
 * Uploads one photo, or a help post's image or video (spec section 7, the multipart upload
 * helper), and answers where it is served (the server checks it and strips its metadata first).
 * Reports progress from 0 to 1; `options` stop it or go on with one kept on the phone (`keptFor`).
 */
export const upload = async (kind: MediaKind, file: File, onProgress: (share: number) => void, options?: SendOptions): Promise<UploadedFile> =>
  (await uploader()).send(file, kind, onProgress, options);
