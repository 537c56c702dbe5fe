import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { IMAGE_MIME, sniffImage } from './image.ts';
import { MEDIA_KEY, type MediaStore } from './store.ts';

/** The Node host's media store: one file per photo under `folder`. */
export function fileMediaStore(folder: string): MediaStore {
  const root = resolve(folder);
  const path = (key: string) => {
    if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(dirname(path(key)), { recursive: true });
      await writeFile(path(key), bytes);
    },
    async get(key) {
      if (!MEDIA_KEY.test(key)) return null;
      const bytes = await readFile(path(key)).catch(() => null);
      if (!bytes) return null;
      const type = sniffImage(bytes);
      return { body: new Uint8Array(bytes), contentType: type ? IMAGE_MIME[type] : 'application/octet-stream' };
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
