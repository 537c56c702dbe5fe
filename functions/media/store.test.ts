import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phonePhoto } from '../../tests/photo-fixture.ts';
import { videoFile } from '../../tests/video-fixture.ts';
import { fileMediaStore } from '../hosts/node/file-store.ts';
import { MEDIA_KEY, serveMedia, type MediaStore } from './store.ts';

const id = '0b7e5d2c-3f7a-4c55-9a0e-2d6f1c8b9e41';
const videoKey = `community-assistance/assistance-requests/${id}`;

let folder: string;
let media: MediaStore;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'fhr-media-'));
  media = fileMediaStore(folder);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A stream of `bytes` in 1000-byte chunks, breaking off with an error after `failAfter` bytes. */
function streamOf(bytes: Uint8Array, failAfter = Infinity): ReadableStream<Uint8Array> {
  let pos = 0;
  return new ReadableStream({
    pull(controller) {
      if (pos >= failAfter) return controller.error(new Error('connection reset'));
      if (pos >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(pos, pos + 1000));
      pos += 1000;
    },
  });
}

/** Every file under the media folder, temporary ones included. */
const files = () =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

const read = async (found: Awaited<ReturnType<MediaStore['get']>>) => new Uint8Array(await new Response(found!.body as BodyInit).arrayBuffer());

describe('MEDIA_KEY', () => {
  it('takes the server-made keys and nothing else', () => {
    for (const key of [`alert-photos/${id}`, `missing-persons/${id}`, videoKey, `community-assistance/surplus-offers/${id}`]) expect(key).toMatch(MEDIA_KEY);
    for (const key of [
      `community-assistance/other/${id}`,
      `community-assistance/assistance-requests/x/${id}`,
      `alert-photos/../${id}`,
      `../alert-photos/${id}`,
      `a/b/${id}`,
      'alert-photos/x',
      `alert-photos/${id}.part`,
    ]) {
      expect(key).not.toMatch(MEDIA_KEY);
    }
  });
});

describe('fileMediaStore', () => {
  it('stores a stream under its key and reads it back whole or in part, with its type and size', async () => {
    const { bytes } = videoFile();
    await media.put(videoKey, streamOf(bytes), 'video/mp4', bytes.length);
    expect(files()).toEqual([id]);
    const whole = await media.get(videoKey);
    expect(whole).toMatchObject({ contentType: 'video/mp4', size: bytes.length });
    expect(await read(whole)).toEqual(bytes);
    const part = await media.get(videoKey, { start: 1000, end: 4999 });
    expect(part?.size).toBe(bytes.length);
    expect(await read(part)).toEqual(bytes.subarray(1000, 5000));

    const photo = new Uint8Array(await phonePhoto());
    await media.put(`alert-photos/${id}`, photo, 'image/jpeg', photo.length);
    expect(await media.get(`alert-photos/${id}`)).toMatchObject({ contentType: 'image/jpeg', size: photo.length });
    await media.delete(videoKey);
    expect(await media.get(videoKey)).toBeNull();
  });

  it('stores nothing from a stream that breaks off, falls short or runs long', async () => {
    const { bytes } = videoFile();
    await expect(media.put(videoKey, streamOf(bytes, 5000), 'video/mp4', bytes.length)).rejects.toThrow('connection reset');
    await expect(media.put(videoKey, streamOf(bytes), 'video/mp4', bytes.length + 1)).rejects.toThrow();
    await expect(media.put(videoKey, streamOf(bytes), 'video/mp4', bytes.length - 1)).rejects.toThrow();
    expect(files()).toEqual([]);
    expect(await media.get(videoKey)).toBeNull();
  });

  it('refuses a key it did not make', async () => {
    await expect(media.put(`../${id}`, new Uint8Array(1), 'image/jpeg', 1)).rejects.toThrow('not a media key');
    expect(await media.get(`community-assistance/../../${id}`)).toBeNull();
  });
});

describe('serveMedia', () => {
  const url = `/images/${videoKey}`;
  const ask = (headers: Record<string, string> = {}, method = 'GET') => serveMedia(media, url, new Request(`http://localhost${url}`, { method, headers }));
  let bytes: Uint8Array;
  beforeEach(async () => {
    bytes = videoFile().bytes;
    await media.put(videoKey, bytes, 'video/mp4', bytes.length);
  });

  it('serves the whole file with its length, and says ranges are welcome', async () => {
    const response = await ask();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    // Several ranges, another unit or nonsense: the whole file, as a server may answer.
    for (const range of ['bytes=0-1,5-9', 'items=0-1', 'bytes=9-5', 'bytes=x']) expect((await ask({ range })).status).toBe(200);
  });

  it('serves one byte range (206) the ways browsers ask for it', async () => {
    const size = bytes.length;
    const cases: [string, number, number][] = [
      ['bytes=0-1', 0, 1], // Safari's first probe
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      ['bytes=10-99999999', 10, size - 1],
      ['bytes=-99999999', 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await ask({ range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.subarray(start, end + 1));
    }
  });

  it('answers 416 for a range past the end, and 404 for an unknown file', async () => {
    for (const range of [`bytes=${bytes.length}-`, 'bytes=-0']) {
      const response = await ask({ range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    }
    expect((await serveMedia(media, `/images/community-assistance/surplus-offers/${id}`)).status).toBe(404);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await ask({}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.body).toBeNull();
    expect((await ask({ range: 'bytes=0-1' }, 'HEAD')).status).toBe(206);
  });
});
