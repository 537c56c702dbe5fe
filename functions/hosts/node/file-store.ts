import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { IMAGE_MIME, sniffImage } from '../../media/image.ts';
import { MEDIA_KEY, type MediaStore } from '../../media/store.ts';
import { sniffVideo, VIDEO_MIME } from '../../media/video.ts';

/**
 * The Node host's media store: one file per photo or video under `folder`. A file is written
 * under a temporary name beside its place and renamed there only once every byte arrived, so a
 * broken upload leaves nothing that could be served. A multipart upload's parts are files in
 * `.multipart/{upload id}`, which no media key reaches. The content type is read back from the
 * file's first bytes, which the upload checks already vouched for.
 */
export function fileMediaStore(folder: string): MediaStore {
  const root = resolve(folder);
  const path = (key: string) => {
    if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
    return join(root, key);
  };
  const partsOf = (id: string) => {
    if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
    return join(root, '.multipart', id);
  };
  return {
    async put(key, body, _contentType, size) {
      await writeWhole(path(key), body, size);
    },
    async get(key, range) {
      if (!MEDIA_KEY.test(key)) return null;
      const file = path(key);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      const contentType = await sniffType(file);
      if (contentType === null) return null;
      // Node 24's toWeb reads only as fast as the response is sent.
      const body = Readable.toWeb(createReadStream(file, range ?? {})) as ReadableStream<Uint8Array>;
      return { body, contentType, size: found.size };
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
    multipart: {
      async start(id) {
        await mkdir(partsOf(id), { recursive: true });
        return id;
      },
      async putPart(id, _storeId, partNumber, body, size) {
        const part = join(partsOf(id), String(partNumber));
        // The size reserved for this number replaced the earlier copy's: so does the file, at once.
        await rm(part, { force: true });
        return writeWhole(part, body, size);
      },
      async join(id, _storeId, parts) {
        const files = parts.map(({ partNumber }) => join(partsOf(id), String(partNumber)));
        let reading: ReadableStreamDefaultReader<Uint8Array> | null = null;
        return new ReadableStream<Uint8Array>({
          async pull(controller) {
            for (;;) {
              if (!reading) {
                const next = files.shift();
                if (next === undefined) return controller.close();
                reading = (Readable.toWeb(createReadStream(next)) as ReadableStream<Uint8Array>).getReader();
              }
              const { done, value } = await reading.read();
              if (!done) return controller.enqueue(value);
              reading = null;
            }
          },
          cancel: (reason) => reading?.cancel(reason),
        });
      },
      async drop(id) {
        await rm(partsOf(id), { recursive: true, force: true });
      },
    },
  };
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/**
 * Writes exactly `size` bytes to `target` under a temporary name, renamed there only once every
 * byte arrived; answers their SHA-256 (hex). A short, long or failed body leaves nothing.
 */
async function writeWhole(target: string, body: Uint8Array | ReadableStream<Uint8Array>, size: number): Promise<string> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${crypto.randomUUID()}.part`;
  const file = await open(temp, 'wx');
  const reader = body instanceof Uint8Array ? null : body.getReader();
  const hash = createHash('sha256');
  try {
    let written = 0;
    const write = async (chunk: Uint8Array) => {
      written += chunk.byteLength;
      if (written > size) throw new Error(`more than the ${size} bytes announced for ${target}`);
      hash.update(chunk);
      for (let done = 0; done < chunk.byteLength;) done += (await file.write(chunk, done)).bytesWritten;
    };
    if (body instanceof Uint8Array) await write(body);
    else if (reader) for (let next = await reader.read(); !next.done; next = await reader.read()) await write(next.value);
    if (written !== size) throw new Error(`${written} of the ${size} bytes announced for ${target} arrived`);
    await file.close();
    await rename(temp, target);
    return hash.digest('hex');
  } catch (error) {
    await reader?.cancel(error).catch(() => {});
    await file.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
}

/** The stored file's content type from its first bytes; null when it is gone. */
async function sniffType(file: string): Promise<string | null> {
  const handle = await open(file).catch(() => null);
  if (!handle) return null;
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(64), 0, 64, 0);
    const head = buffer.subarray(0, bytesRead);
    const image = sniffImage(head);
    const video = sniffVideo(head);
    return image ? IMAGE_MIME[image] : video ? VIDEO_MIME[video] : 'application/octet-stream';
  } finally {
    await handle.close();
  }
}
