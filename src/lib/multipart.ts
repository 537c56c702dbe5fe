/**
 * The uploader, loaded when a file is chosen: it speaks the spec's upload helper protocol
 * (/api/uploads/s3/..., the one @uppy/aws-s3 speaks to a Companion server) with the spec's
 * defaults (UPLOADER). A file larger than one part goes in parts, 6 at a time; a request that
 * fails is tried again after 0, 1, 3, 5, 5... s, 10 times, and one that sends and hears nothing for
 * 5 minutes is dropped and tried again. When the phone goes offline the requests in flight stop and
 * the upload waits for the connection, which costs no try; it then goes on where it stopped: the
 * parts received are never sent again.
 *
 * Our own rather than @uppy/aws-s3 (6.x) in the page: that one sends a file's parts one after
 * another and has no setting for the spec's retry delays, retry count or time-out, and with
 * @uppy/core it weighs ~23 KiB gzipped against ~2 KiB here. The server answers both alike
 * (tests/e2e/uploads.test.ts runs them against it).
 */
import { UPLOADER } from '../contract/limits.ts';
import type { MediaKind, UploadedFile } from '../contract/media.ts';
import { ApiError } from './api.ts';

const BASE = '/api/uploads/s3';

/** Resolves when the phone has a connection (at once when it has one). */
const online = () => (navigator.onLine ? Promise.resolve() : new Promise<void>((resolve) => addEventListener('online', () => resolve(), { once: true })));

/**
 * One request. Resolves with it on 2xx; rejects with an ApiError (status 0 for a network failure,
 * a time-out or the phone going offline). `onProgress` gets the bytes sent so far.
 */
function request(method: string, url: string, body?: XMLHttpRequestBodyInit, onProgress?: (sent: number) => void): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout>;
    const stop = () => xhr.abort();
    const quiet = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, UPLOADER.inactivityMs);
    };
    const end = () => {
      clearTimeout(idle);
      removeEventListener('offline', stop);
    };
    xhr.open(method, url);
    if (typeof body === 'string') xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.onprogress = (event) => {
      quiet();
      onProgress?.(event.loaded);
    };
    xhr.onprogress = quiet;
    xhr.onload = () => {
      end();
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr);
      let error;
      try {
        error = JSON.parse(xhr.responseText).error;
      } catch {
        error = {};
      }
      reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, error));
    };
    xhr.onerror = xhr.onabort = () => {
      end();
      reject(new ApiError(0, 'network error'));
    };
    addEventListener('offline', stop);
    quiet();
    xhr.send(body);
  });
}

const json = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const xhr = await request(method, url, body === undefined ? undefined : JSON.stringify(body));
  return (xhr.responseText ? JSON.parse(xhr.responseText) : null) as T;
};

/** Worth another try: no answer, or the server's own trouble (5xx, 408, 429); a refusal (other 4xx) is final. */
const passing = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429);

/** `attempt`, tried again as UPLOADER says; waiting for the connection costs no try. */
async function retrying<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ;) {
    await online();
    try {
      return await attempt();
    } catch (error) {
      if (!passing(error)) throw error;
      if (!navigator.onLine) continue;
      if (tries === UPLOADER.retries) throw error;
      const delays = UPLOADER.retryDelaysMs;
      await new Promise((resolve) => setTimeout(resolve, delays[Math.min(tries, delays.length - 1)]));
      tries++;
    }
  }
}

/** Uploads one file as the post's `kind` and answers where it is served; `onProgress` gets 0 to 1. */
export async function send(file: File, kind: MediaKind, onProgress: (share: number) => void): Promise<UploadedFile> {
  if (file.size <= UPLOADER.multipartAboveBytes) {
    // The file's name stays on the phone: the server names it, and an address may be logged on the way.
    const params = await retrying(() => json<{ url: string; fields: Record<string, string> }>('GET', `${BASE}/params?${new URLSearchParams({ 'metadata[kind]': kind })}`));
    const form = new FormData();
    for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
    form.set('file', file);
    const xhr = await retrying(() => request('POST', params.url, form, (sent) => onProgress(Math.min(1, sent / file.size))));
    return JSON.parse(xhr.responseText) as UploadedFile;
  }

  const { uploadId, key } = await retrying(() => json<{ uploadId: string; key: string }>('POST', `${BASE}/multipart`, { metadata: { kind } }));
  const upload = `${BASE}/multipart/${encodeURIComponent(uploadId)}`;
  const query = `?${new URLSearchParams({ key })}`;
  const partSize = Math.max(UPLOADER.minPartBytes, Math.ceil(file.size / UPLOADER.maxParts));
  const count = Math.ceil(file.size / partSize);
  const sent = new Array<number>(count).fill(0);
  const etags = new Array<string>(count);
  const report = () => onProgress(sent.reduce((total, bytes) => total + bytes, 0) / file.size);
  let next = 0;
  let failed = false;

  async function sendParts() {
    while (next < count && !failed) {
      const index = next++;
      const part = file.slice(index * partSize, (index + 1) * partSize);
      etags[index] = await retrying(async () => {
        sent[index] = 0;
        const { url } = await json<{ url: string }>('GET', `${upload}/${index + 1}${query}`);
        const xhr = await request('PUT', url, part, (bytes) => {
          sent[index] = bytes;
          report();
        });
        return xhr.getResponseHeader('etag')!;
      });
      sent[index] = part.size;
      report();
    }
  }

  try {
    await Promise.all(
      Array.from({ length: Math.min(UPLOADER.concurrent, count) }, () =>
        sendParts().catch((error) => {
          failed = true;
          throw error;
        }),
      ),
    );
    return await retrying(() => json<UploadedFile>('POST', `${upload}/complete${query}`, { parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) }));
  } catch (error) {
    // What was received is of no use now: free it (the sweep would, within the hour).
    request('DELETE', `${upload}${query}`).catch(() => undefined);
    throw error;
  }
}
