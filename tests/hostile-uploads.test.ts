/**
 * Hostile uploads through both upload routes (alert/missing-person photos, help media): files
 * that lie about what they are, polyglots, decompression bombs, truncated files and bodies that
 * never end. Each is refused with its status and leaves nothing stored: no file in the media
 * folder, no upload marked stored; and the server reads no further than its cap.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, MAX_PHOTO_BYTES } from '../src/common/contract/limits.ts';
import { phonePhoto } from './photo-fixture.ts';
import { testApp, type TestApp } from './test-app.ts';
import { expectErrorShape } from './hostile.ts';
import { serveMedia } from '../functions/media/store.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const MB = 1024 * 1024;
const HTML = Buffer.from('<html><script>alert(document.domain)</script></html>');

/** Both upload routes: asks for an address and answers how to PUT a file there. */
const ROUTES = {
  photo: async () => {
    const { uploadURL } = (await (await api.post('/api/upload', { type: 'missing-persons' })).json()) as { uploadURL: string };
    return uploadURL;
  },
  help: async () => ((await (await api.post('/api/community-assistance/upload', { mediaType: 'assistance-requests' })).json()) as { url: string }).url,
};

const put = (url: string, body: Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  api.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg', ...headers }, body: body as BodyInit, duplex: 'half' } as RequestInit);
const withLength = (bytes: Uint8Array) => ({ 'content-length': String(bytes.byteLength) });

const storedFiles = () => {
  const folder = join(api.store.folder, 'media');
  return existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0;
};
const expectNothingStored = async () => {
  expect(storedFiles()).toBe(0);
  expect(await api.count('uploads where stored = 1')).toBe(0);
};

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG that declares `width` x `height` pixels. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header now claims 65,000 x 65,000 pixels. */
async function jpegDeclaringHuge(): Promise<Buffer> {
  const photo = Buffer.from(await phonePhoto());
  const sof = photo.indexOf(Buffer.from([0xff, 0xc0]));
  photo.writeUInt16BE(65_000, sof + 5);
  photo.writeUInt16BE(65_000, sof + 7);
  return photo;
}

/** A body that never ends on its own: 1 MiB chunks until `total`, counting how many were read. */
function endless(total: number, head: Uint8Array = Buffer.from([0xff, 0xd8, 0xff, 0xe0])) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled * MB >= total) return controller.close();
      const piece = new Uint8Array(MB);
      if (counter.pulled === 0) piece.set(head);
      counter.pulled += 1;
      controller.enqueue(piece);
    },
  });
  return { stream, counter };
}

it.each(Object.keys(ROUTES) as Array<keyof typeof ROUTES>)('%s: refuses a file whose bytes are no image, whatever its name and type say (415)', async (route) => {
  for (const body of [HTML, Buffer.from('GIF89a<svg onload=alert(1)>'), Buffer.from('%PDF-1.7 fake'), Buffer.from('PK\x03\x04 a zip, not a jpeg')]) {
    const response = await put(await ROUTES[route](), body, withLength(body));
    expect(response.status).toBe(415);
    expectErrorShape(await response.json());
  }
  await expectNothingStored();
});

it.each(Object.keys(ROUTES) as Array<keyof typeof ROUTES>)('%s: stores a polyglot JPEG without what it hid (a script comment, an HTML or ZIP tail)', async (route) => {
  const photo = Buffer.from(await phonePhoto());
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, HTML.length + 2]), HTML]);
  const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00META-INF/MANIFEST.MF<script>alert(1)</script>', 'latin1');
  const polyglot = Buffer.concat([photo.subarray(0, 2), comment, photo.subarray(2), HTML, zip]);
  const response = await put(await ROUTES[route](), polyglot, withLength(polyglot));
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  const served = await serveMedia(api.media, url);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await served.arrayBuffer());
  expect(bytes.includes('<script')).toBe(false);
  expect(bytes.includes('PK\x03\x04')).toBe(false);
  expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
});

it.each(Object.keys(ROUTES) as Array<keyof typeof ROUTES>)(
  '%s: refuses decompression bombs by their declared size before decoding (413) and truncated images (415)',
  async (route) => {
    for (const bomb of [pngDeclaring(100_000, 100_000), await jpegDeclaringHuge()]) {
      const response = await put(await ROUTES[route](), bomb, withLength(bomb));
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('image_too_large');
    }
    const photo = await phonePhoto();
    for (const cut of [3, 40, 200, photo.byteLength - 2]) {
      const truncated = photo.subarray(0, cut);
      const response = await put(await ROUTES[route](), truncated, withLength(truncated));
      expect(response.status).toBe(415);
    }
    const png = pngDeclaring(10, 10);
    const brokenPng = png.subarray(0, png.byteLength - 6);
    expect((await put(await ROUTES[route](), brokenPng, withLength(brokenPng))).status).toBe(415);
    await expectNothingStored();
  },
);

it('photo: stops reading a body without a Content-Length at the 10 MB cap (413)', async () => {
  const { stream, counter } = endless(200 * MB);
  const response = await put(await ROUTES.photo(), stream);
  expect(response.status).toBe(413);
  expect(counter.pulled).toBeLessThanOrEqual(MAX_PHOTO_BYTES / MB + 3);
  await expectNothingStored();
});

it('help media: refuses a body without a Content-Length (411), and one longer than it declared, image or video, reading no further', async () => {
  const unannounced = endless(200 * MB);
  expect((await put(await ROUTES.help(), unannounced.stream)).status).toBe(411);
  expect(unannounced.counter.pulled).toBeLessThanOrEqual(2);

  const image = endless(200 * MB);
  const lyingImage = await put(await ROUTES.help(), image.stream, { 'content-length': String(2 * MB) });
  expect(lyingImage.status).toBe(413);
  expect(image.counter.pulled).toBeLessThanOrEqual(5);

  const videoHead = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]);
  const video = endless(200 * MB, videoHead);
  const lyingVideo = await put(await ROUTES.help(), video.stream, { 'content-length': String(3 * MB) });
  expect(lyingVideo.status).toBeGreaterThanOrEqual(400);
  expect(lyingVideo.status).toBeLessThan(500);
  expect(video.counter.pulled).toBeLessThanOrEqual(6);
  expect((await put(await ROUTES.help(), new Uint8Array(8), { 'content-length': String(MAX_MEDIA_BYTES + 1) })).status).toBe(413);
  await expectNothingStored();
});

it('help media: memory stays bounded while a 100 MB video streams through', async () => {
  // A video streams to storage; the process may hold a few chunks of it, never the file. What is
  // measured is what stays reachable: a full collection (the unit project runs with --expose-gc)
  // every 10 MB, so chunks already written and let go do not count, and a file kept whole would.
  const gc = globalThis.gc!;
  const retained = () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const videoHead = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]);
  const size = 100 * MB;
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - videoHead.byteLength);
  mdat.write('mdat', 4, 'latin1');
  const { stream, counter } = endless(size, Buffer.concat([videoHead, mdat]));
  const before = retained();
  let peak = before;
  const sampled = stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (counter.pulled % 10 === 0) peak = Math.max(peak, retained());
        controller.enqueue(chunk);
      },
    }),
  );
  const response = await put(await ROUTES.help(), sampled, { 'content-length': String(size) });
  // Not a real video (no moov box), so it is refused once read; what matters is the memory.
  expect(response.status).toBeLessThan(500);
  expect(counter.pulled).toBe(100);
  console.log(`Memory kept grew by at most ${Math.round((peak - before) / MB)} MB while 100 MB streamed through`);
  expect((peak - before) / MB).toBeLessThan(20);
  await expectNothingStored();
}, 60_000);
