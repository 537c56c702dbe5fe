/**
 * Uploads in parts, kept on this device while they go on, so that one cut by a page reload goes
 * on when its form opens again instead of starting from zero. Only in this browser's IndexedDB,
 * never sent anywhere: the chosen file itself, the upload's id and key, the field it is for (its
 * media kind) and when a part last arrived; nothing typed in the form. An entry goes when its
 * upload completes, fails, is removed, replaced by another file or its form closed, and, once no
 * part arrived for the hour after which the server drops the upload, the next time any upload
 * field opens. While any is kept, a mark in localStorage (KEPT, no data) tells an opening field to
 * load the uploader and look. Keeping is a best effort: where IndexedDB fails, uploads work as before.
 */
import { UNATTACHED_UPLOAD_HOURS } from '../../common/contract/limits.ts';
import type { MediaKind } from '../../common/contract/media.ts';
import { KEPT } from './kept-mark.ts';

/** An upload in parts as POST s3/multipart answered it, for one field. */
export interface Started {
  uploadId: string;
  key: string;
  kind: MediaKind;
}

export interface KeptUpload extends Started {
  file: File;
}

interface Entry extends Started {
  /** When it was started or a part last arrived (ms). */
  at: number;
}

/** Whether an entry is past the hour after which the server drops its upload. */
export const stale = (entry: { at: number }, now: number) => now - entry.at > UNATTACHED_UPLOAD_HOURS * 3600_000;

const UPLOADS = 'uploads';
// Apart from the entries, which change with each part: putting a file again would copy it again.
const FILES = 'files';
let database: Promise<IDBDatabase> | undefined;

/** Runs `work` in one transaction over both stores; resolves with what its last request answered. */
async function run<T>(mode: IDBTransactionMode, work: (uploads: IDBObjectStore, files: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open('uploads', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(UPLOADS, { keyPath: 'uploadId' });
      request.result.createObjectStore(FILES);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const transaction = (await database).transaction([UPLOADS, FILES], mode);
  const request = work(transaction.objectStore(UPLOADS), transaction.objectStore(FILES));
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });
}

const quietly = (done: Promise<unknown>) => void done.catch(() => undefined);

/** Keeps a started upload with its file. */
export function keep(upload: KeptUpload): void {
  const { file, ...started } = upload;
  quietly(
    run('readwrite', (uploads, files) => {
      uploads.put({ ...started, at: Date.now() } satisfies Entry);
      files.put(file, started.uploadId);
    }).then(() => localStorage.setItem(KEPT, '1')),
  );
}

/** Notes that a part of a kept upload arrived (the server's hour starts again). */
export function touch(uploadId: string): void {
  quietly(
    run('readwrite', (uploads) => {
      const request = uploads.get(uploadId);
      request.onsuccess = () => {
        const entry = request.result as Entry | undefined;
        if (entry) uploads.put({ ...entry, at: Date.now() });
      };
    }),
  );
}

/** Drops a kept upload and its file (and the mark, with the last). */
export function forget(uploadId: string): void {
  quietly(
    run('readwrite', (uploads, files) => {
      uploads.delete(uploadId);
      files.delete(uploadId);
      return uploads.count();
    }).then((left) => left || localStorage.removeItem(KEPT)),
  );
}

/** The uploads kept for a field of this media kind, newest first; drops every stale one on the way. */
export async function keptFor(kind: MediaKind): Promise<KeptUpload[]> {
  try {
    const entries = ((await run('readonly', (uploads) => uploads.getAll())) ?? []) as Entry[];
    const now = Date.now();
    const gone = entries.filter((entry) => stale(entry, now));
    const wanted = entries.filter((entry) => !stale(entry, now) && entry.kind === kind).sort((a, b) => b.at - a.at);
    gone.forEach((entry) => forget(entry.uploadId));
    const found: KeptUpload[] = [];
    await run('readonly', (_, files) => {
      for (const { uploadId, key } of wanted) {
        const request = files.get(uploadId);
        request.onsuccess = () => {
          if (request.result instanceof File) found.push({ uploadId, key, kind, file: request.result });
        };
      }
    });
    return found;
  } catch {
    return [];
  }
}
