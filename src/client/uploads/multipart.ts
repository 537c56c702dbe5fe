/**
 * The uploader, loaded when a file is chosen: it speaks the spec's upload helper protocol
 * (/api/uploads/s3/..., the one @uppy/aws-s3 speaks to a Companion server) with the spec's
 * defaults (UPLOADER). A file larger than one part goes in parts; the page sends 6 requests of
 * file bytes at a time, whatever the number of files (the server caps the bytes one client has
 * on their way, and takes one copy of a part number at a time); a request that
 * fails is tried again after 0, 1, 3, 5, 5... s, 10 times, and one that sends and hears nothing for
 * 5 minutes is dropped and tried again. When the phone goes offline the requests in flight stop and
 * the upload waits for the connection, which costs no try; it then goes on where it stopped: the
 * parts received are never sent again. An upload in parts is kept on the phone while it goes on
 * (./kept-uploads.ts), so that after a page reload its field takes it up again the same way.
 *
 * Our own rather than @uppy/aws-s3 (6.x) in the page: that one sends a file's parts one after
 * another and has no setting for the spec's retry delays, retry count or time-out, and with
 * @uppy/core it weighs ~23 KiB gzipped against ~2 KiB here. The server answers both alike
 * (tests/e2e/uploads.test.ts runs them against it).
 */
import { UPLOADER } from '../../common/contract/limits.ts';
import type { MediaKind, ReceivedPart, UploadedFile } from '../../common/contract/media.ts';
import { ApiError } from '../api.ts';
import { forget, keep, touch, type Started } from './kept.ts';

export { keptFor } from './kept.ts';

const BASE = '/api/uploads/s3';

/** Resolves when the phone has a connection (at once when it has one), or when `signal` stops the upload. */
const online = (signal?: AbortSignal) =>
  navigator.onLine
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        addEventListener('online', () => resolve(), { once: true });
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });

/**
 * One request. Resolves with it on 2xx; rejects with an ApiError (status 0 for a network failure,
 * a time-out, the phone going offline or `signal` stopping it). `onProgress` gets the bytes sent so far.
 */
function request(
  method: string,
  url: string,
  { body, onProgress, signal }: { body?: XMLHttpRequestBodyInit; onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<XMLHttpRequest> {
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
      signal?.removeEventListener('abort', stop);
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
    signal?.addEventListener('abort', stop);
    quiet();
    xhr.send(body);
  });
}

const json = async <T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> => {
  const xhr = await request(method, url, { body: body === undefined ? undefined : JSON.stringify(body), signal });
  return (xhr.responseText ? JSON.parse(xhr.responseText) : null) as T;
};

/** Requests carrying file bytes on their way from this page, and those waiting for their turn. */
let sending = 0;
const turns: (() => void)[] = [];

/** `work` (one request of file bytes) once fewer than UPLOADER.concurrent are on their way, unless `signal` stopped it meanwhile. */
async function inTurn<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (sending < UPLOADER.concurrent) sending++;
  else await new Promise<void>((resolve) => turns.push(resolve));
  try {
    signal?.throwIfAborted();
    return await work();
  } finally {
    // The turn goes to the next in line, or is given back.
    const next = turns.shift();
    if (next) next();
    else sending--;
  }
}

/** Worth another try: no answer, or the server's own trouble (5xx, 408, 429); a refusal (other 4xx) is final. */
const passing = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429);

/** `attempt`, tried again as UPLOADER says until `signal` stops it; waiting for the connection costs no try. */
async function retrying<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let tries = 0; ;) {
    await online(signal);
    signal?.throwIfAborted();
    try {
      return await attempt();
    } catch (error) {
      signal?.throwIfAborted();
      if (!passing(error)) throw error;
      if (!navigator.onLine) continue;
      if (tries === UPLOADER.retries) throw error;
      const delays = UPLOADER.retryDelaysMs;
      await new Promise((resolve) => setTimeout(resolve, delays[Math.min(tries, delays.length - 1)]));
      tries++;
    }
  }
}

/**
 * A file of `size` bytes in parts: the size of each, and the ETag of each the server already holds
 * whole (`received`, as GET s3/multipart/{uploadId} lists them), so that only the others are sent.
 */
export function plan(size: number, received: readonly ReceivedPart[] = []) {
  const partSize = Math.max(UPLOADER.minPartBytes, Math.ceil(size / UPLOADER.maxParts));
  const sizes = Array.from({ length: Math.ceil(size / partSize) }, (_, i) => Math.min(partSize, size - i * partSize));
  const held = new Map(received.map((part) => [part.PartNumber, part]));
  const etags = sizes.map((bytes, i) => {
    const part = held.get(i + 1);
    return part?.Size === bytes ? part.ETag : undefined;
  });
  return { partSize, sizes, etags };
}

export interface SendOptions {
  /** Stops the upload, which is then dropped on the server and on the phone. */
  signal?: AbortSignal;
  /** An upload in parts kept on the phone (the same file), to go on with. */
  kept?: Started;
}

/** Uploads one file as the post's `kind` and answers where it is served; `onProgress` gets 0 to 1. */
export async function send(file: File, kind: MediaKind, onProgress: (share: number) => void, { signal, kept }: SendOptions = {}): Promise<UploadedFile> {
  const retry = <T>(attempt: () => Promise<T>) => retrying(attempt, signal);
  if (file.size <= UPLOADER.multipartAboveBytes) {
    // An address takes one post, even one that failed: each try asks for its own.
    const xhr = await retry(() =>
      inTurn(signal, async () => {
        // The file's name stays on the phone: the server names it, and an address may be logged on the way.
        const params = await json<{ url: string; fields: Record<string, string> }>('GET', `${BASE}/params?${new URLSearchParams({ 'metadata[kind]': kind })}`, undefined, signal);
        const form = new FormData();
        for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
        form.set('file', file);
        return request('POST', params.url, { body: form, onProgress: (sent) => onProgress(Math.min(1, sent / file.size)), signal });
      }),
    );
    return JSON.parse(xhr.responseText) as UploadedFile;
  }

  let upload = kept;
  const at = (path = '') => `${BASE}/multipart/${encodeURIComponent(upload!.uploadId)}${path}?${new URLSearchParams({ key: upload!.key })}`;
  try {
    let received: ReceivedPart[] = [];
    if (upload) {
      received = await retry(() => json<ReceivedPart[]>('GET', at(), undefined, signal)).catch((error) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        // The server dropped it (no part for an hour): the kept file starts over.
        forget(upload!.uploadId);
        upload = undefined;
        return [];
      });
    }
    if (!upload) {
      upload = { ...(await retry(() => json<{ uploadId: string; key: string }>('POST', `${BASE}/multipart`, { metadata: { kind } }, signal))), kind };
      keep({ ...upload, file });
    }
    const { partSize, sizes, etags } = plan(file.size, received);
    const sent = sizes.map((bytes, i) => (etags[i] ? bytes : 0));
    const report = () => onProgress(sent.reduce((total, bytes) => total + bytes, 0) / file.size);
    const missing = sizes.flatMap((_, i) => (etags[i] ? [] : [i]));
    let failed = false;
    report();

    const sendParts = async () => {
      while (missing.length && !failed) {
        const index = missing.shift()!;
        const part = file.slice(index * partSize, index * partSize + sizes[index]!);
        let tried = false;
        // The address is asked for in turn: it works for PART_ADDRESS_MINUTES.
        etags[index] = await retry(() =>
          inTurn(signal, async () => {
            sent[index] = 0;
            if (tried) {
              // A try that got no answer may still have been stored whole (the answer lost on the
              // way back): the server's short list costs far less than sending the part again.
              const held = (await json<ReceivedPart[]>('GET', at(), undefined, signal)).find((part) => part.PartNumber === index + 1);
              if (held?.Size === sizes[index]) return held.ETag;
            }
            tried = true;
            const { url } = await json<{ url: string }>('GET', at(`/${index + 1}`), undefined, signal);
            const xhr = await request('PUT', url, {
              body: part,
              onProgress: (bytes) => {
                sent[index] = bytes;
                report();
              },
              signal,
            });
            return xhr.getResponseHeader('etag')!;
          }),
        );
        touch(upload!.uploadId);
        sent[index] = part.size;
        report();
      }
    };

    await Promise.all(
      Array.from({ length: Math.min(UPLOADER.concurrent, missing.length) }, () =>
        sendParts().catch((error) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const done = await retry(() => json<UploadedFile>('POST', at('/complete'), { parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })) }, signal));
    forget(upload.uploadId);
    return done;
  } catch (error) {
    if (upload) {
      // What was received is of no use now: free it (the sweep would, within the hour).
      request('DELETE', at()).catch(() => undefined);
      forget(upload.uploadId);
    }
    throw error;
  }
}
