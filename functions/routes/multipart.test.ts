import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import exifr from 'exifr';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ReceivedPart, UploadedFile } from '../../src/common/contract/index.ts';
import { MAX_PHOTO_BYTES } from '../../src/common/contract/limits.ts';
import { phonePhoto } from '../../tests/photo-fixture.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { MAKE, videoFile, XYZ_LOCATION } from '../../tests/video-fixture.ts';
import { expectErrorShape } from '../../tests/hostile.ts';
import { uploadId } from '../domain/media.ts';
import { serveMedia } from '../media/store.ts';

const MiB = 1024 * 1024;
let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const base = '/api/uploads/s3/multipart';
const start = async (kind = 'assistance-requests') => {
  const response = await api.post(base, { filename: 'clip.mp4', type: 'video/mp4', metadata: { kind, name: 'clip.mp4' } });
  expect(response.status).toBe(200);
  return (await response.json()) as { uploadId: string; key: string };
};
type Upload = Awaited<ReturnType<typeof start>>;
const query = (upload: Upload) => `?${new URLSearchParams({ key: upload.key })}`;
const partAddress = async (upload: Upload, n: number) => {
  const response = await api.app.request(`${base}/${upload.uploadId}/${n}${query(upload)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
};
const putPart = (url: string, bytes: Uint8Array<ArrayBuffer>) => api.app.request(url, { method: 'PUT', headers: { 'content-length': String(bytes.length) }, body: bytes });
const sendPart = async (upload: Upload, n: number, bytes: Uint8Array<ArrayBuffer>) => {
  const response = await putPart(await partAddress(upload, n), bytes);
  expect(response.status).toBe(200);
  return response.headers.get('etag')!;
};
const listParts = async (upload: Upload) => (await (await api.app.request(`${base}/${upload.uploadId}${query(upload)}`)).json()) as ReceivedPart[];
const complete = (upload: Upload, parts: { PartNumber: number; ETag: string }[]) => api.post(`${base}/${upload.uploadId}/complete${query(upload)}`, { parts });
/** The files of unfinished multipart uploads in the media folder. */
const partFiles = () =>
  readdirSync(join(api.store.folder, 'media'), { recursive: true }).filter((name) => String(name).startsWith('.multipart/') && String(name).split('/').length === 3);
const slice = (bytes: Uint8Array<ArrayBuffer>, n: number, size = 5 * MiB) => bytes.subarray((n - 1) * size, n * size);

it('joins a video sent in parts out of order, lists what it received, checks it and serves it stripped of its location', async () => {
  const { bytes, payload, payloadOffset } = videoFile({ payloadBytes: 12 * MiB });
  const upload = await start();
  expect(upload.key).toMatch(/^community-assistance\/assistance-requests\/[0-9a-f-]{36}$/);
  expect(upload.key.endsWith(upload.uploadId)).toBe(true);

  const etags: Record<number, string> = {};
  for (const n of [3, 1]) etags[n] = await sendPart(upload, n, slice(bytes, n));
  expect(await listParts(upload)).toEqual([
    { PartNumber: 1, Size: 5 * MiB, ETag: etags[1]!.replaceAll('"', '') },
    { PartNumber: 3, Size: bytes.length - 10 * MiB, ETag: etags[3]!.replaceAll('"', '') },
  ]);
  // Nothing is served before the whole file is checked.
  expect((await serveMedia(api.media, `/images/${upload.key}`)).status).toBe(404);
  etags[2] = await sendPart(upload, 2, slice(bytes, 2));
  expect(partFiles()).toHaveLength(3);

  const response = await complete(
    upload,
    [1, 2, 3].map((n) => ({ PartNumber: n, ETag: etags[n]! })),
  );
  expect(response.status).toBe(200);
  const done = (await response.json()) as UploadedFile;
  expect(done).toEqual({ location: `/images/${upload.key}`, url: `/images/${upload.key}`, key: upload.key, type: 'video' });
  const served = await serveMedia(api.media, done.location);
  expect(served.headers.get('content-type')).toBe('video/mp4');
  const stored = Buffer.from(await served.arrayBuffer());
  expect(stored.length).toBe(bytes.length);
  expect(stored.includes(XYZ_LOCATION)).toBe(false);
  expect(stored.includes(MAKE)).toBe(false);
  expect(stored.subarray(payloadOffset).equals(Buffer.from(payload))).toBe(true);
  expect(partFiles()).toHaveLength(0);
  expect(await api.count('upload_parts')).toBe(0);

  // The post takes it as any upload.
  const post = {
    title: 'Stroller',
    description: 'A stroller',
    category: 'Other',
    urgency: 'Low',
    city: 'Fresno',
    contactName: 'Ana',
    contactMethod: '559-555-0100',
    imageUrls: [],
    videoUrl: done.url,
  };
  expect((await api.post('/api/assistance-requests', post)).status).toBe(201);
});

it('refuses a part past the cap as it arrives (counting the parts received) and a first part that is no image, storing nothing of it', async () => {
  const photo = await phonePhoto();
  const upload = await start('missing-persons');
  expect(upload.key).toMatch(/^missing-persons\//);
  const first = new Uint8Array(6 * MiB);
  first.set(photo);
  await sendPart(upload, 1, first);
  const tooMuch = await putPart(await partAddress(upload, 2), new Uint8Array(MAX_PHOTO_BYTES - 6 * MiB + 1));
  expect(tooMuch.status).toBe(413);
  expect((await tooMuch.json()) as object).toMatchObject({ error: { code: 'payload_too_large' } });
  expect((await listParts(upload)).map((part) => part.PartNumber)).toEqual([1]);

  const text = await start();
  const refused = await putPart(await partAddress(text, 1), new TextEncoder().encode('<html>not a picture</html>'.padEnd(6 * MiB)));
  expect(refused.status).toBe(415);
  expect(await listParts(text)).toEqual([]);
  expect(partFiles()).toHaveLength(1);
});

it('refuses a completed file that is no readable image or video, and serves nothing', async () => {
  const { bytes } = videoFile({ payloadBytes: 6 * MiB });
  // A video head whose first box claims more than the file holds.
  const broken = bytes.slice();
  new DataView(broken.buffer).setUint32(0, 0x7fff_fff0);
  const upload = await start('surplus-offers');
  const etags = [await sendPart(upload, 1, slice(broken, 1)), await sendPart(upload, 2, slice(broken, 2))];
  const response = await complete(
    upload,
    etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
  );
  expect(response.status).toBe(415);
  expect((await serveMedia(api.media, `/images/${upload.key}`)).status).toBe(404);
  expect(partFiles()).toHaveLength(0);
  expect(await api.count('uploads where stored = 1')).toBe(0);
});

it('answers 404 for a wrong key, 400 for parts not received as listed, and aborts, freeing the parts', async () => {
  const { bytes } = videoFile({ payloadBytes: 6 * MiB });
  const upload = await start();
  const other = await start();
  const etag = await sendPart(upload, 1, slice(bytes, 1));
  const wrong = { ...upload, key: other.key };
  for (const response of [
    await api.app.request(`${base}/${upload.uploadId}${query(wrong)}`),
    await api.app.request(`${base}/${upload.uploadId}/2${query(wrong)}`),
    await api.app.request(`${base}/${upload.uploadId}`),
    await complete(wrong, [{ PartNumber: 1, ETag: etag }]),
    await api.app.request(`${base}/${upload.uploadId}${query(wrong)}`, { method: 'DELETE' }),
  ]) {
    expect(response.status).toBe(404);
  }
  expect((await complete(upload, [{ PartNumber: 1, ETag: '"not-it"' }])).status).toBe(400);
  expect((await complete(upload, [{ PartNumber: 2, ETag: etag }])).status).toBe(400);
  expect((await api.app.request(`${base}/${upload.uploadId}/0${query(upload)}`)).status).toBe(400);
  expect((await api.app.request(`${base}/${upload.uploadId}/10001${query(upload)}`)).status).toBe(400);

  expect((await api.app.request(`${base}/${upload.uploadId}${query(upload)}`, { method: 'DELETE' })).status).toBe(204);
  expect(partFiles()).toHaveLength(0);
  expect(await api.count('upload_parts')).toBe(0);
  expect((await api.app.request(`${base}/${upload.uploadId}${query(upload)}`)).status).toBe(404);
});

it('refuses to join parts of uneven size, or under 5 MiB before the last, as R2 and S3 would, with a 400 and nothing stored', async () => {
  const { bytes } = videoFile({ payloadBytes: 14 * MiB });
  const uneven = await start();
  const etags = [
    await sendPart(uneven, 1, bytes.subarray(0, 5 * MiB)),
    await sendPart(uneven, 2, bytes.subarray(5 * MiB, 11 * MiB)),
    await sendPart(uneven, 3, bytes.subarray(11 * MiB)),
  ];
  const refused = await complete(
    uneven,
    etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
  );
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ error: { code: 'invalid_part_size' } });
  const small = await start();
  const tiny = [await sendPart(small, 1, bytes.subarray(0, MiB)), await sendPart(small, 2, bytes.subarray(MiB, 2 * MiB))];
  expect(
    (
      await complete(
        small,
        tiny.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
      )
    ).status,
  ).toBe(400);
  expect(await api.count('uploads where stored = 1')).toBe(0);
  expect((await serveMedia(api.media, `/images/${uneven.key}`)).status).toBe(404);
});

it('gives part addresses that are bound to one upload and part, cannot be forged, and expire', async () => {
  const { bytes } = videoFile({ payloadBytes: 6 * MiB });
  const upload = await start();
  const url = await partAddress(upload, 1);
  expect(url).toMatch(/^\/api\/uploads\/parts\/[0-9a-f-]{36}\.1\.\d+\.[0-9a-f]{64}$/);
  const [id, , expires, signature] = url.split('/').at(-1)!.split('.');
  const forged = [
    `${id}.2.${expires}.${signature}`,
    `${id}.1.${Number(expires) + 60_000}.${signature}`,
    `${(await start()).uploadId}.1.${expires}.${signature}`,
    `${id}.1.${expires}.${'0'.repeat(64)}`,
  ];
  for (const token of forged) expect((await putPart(`/api/uploads/parts/${token}`, slice(bytes, 1))).status).toBe(403);

  api.clock.now += 16 * 60_000;
  expect((await putPart(url, slice(bytes, 1))).status).toBe(403);
  expect(await listParts(upload)).toEqual([]);
});

it('takes a small photo in one form post (as @uppy/aws-s3 sends it) and strips its metadata', async () => {
  const photo = await phonePhoto();
  const params = (await (await api.app.request('/api/uploads/s3/params?filename=a.jpg&type=image%2Fjpeg&metadata%5Bkind%5D=alert-photos')).json()) as {
    method: string;
    url: string;
    fields: Record<string, string>;
  };
  expect(params.method).toBe('POST');
  expect(params.url).toMatch(/^http:\/\/localhost\/api\/uploads\/objects\//);
  const form = new FormData();
  for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
  form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
  const encoded = new Response(form);
  const type = encoded.headers.get('content-type')!;
  const body = new Uint8Array(await encoded.arrayBuffer());
  const path = new URL(params.url).pathname;
  const response = await api.app.request(path, { method: 'POST', headers: { 'content-type': type, 'content-length': String(body.length) }, body });
  expect(response.status).toBe(201);
  const done = (await response.json()) as UploadedFile;
  expect(done.location).toBe(`/images/${params.fields.key}`);
  const served = new Uint8Array(await (await serveMedia(api.media, done.location)).arrayBuffer());
  expect(await exifr.parse(served, true)).toBeUndefined();
  // The address was for one file.
  expect((await api.app.request(path, { method: 'POST', headers: { 'content-type': type, 'content-length': String(body.length) }, body })).status).toBe(404);

  expect((await api.app.request('/api/uploads/s3/params?metadata%5Bkind%5D=secrets')).status).toBe(400);
  const sts = await api.app.request('/api/uploads/s3/sts');
  expect(sts.status).toBe(501);
  expect((await sts.json()) as object).toMatchObject({ error: { code: 'not_offered' } });
});

it('reads the form as it streams, in chunks of any size, and refuses a form of another shape (400), storing nothing', async () => {
  const photo = await phonePhoto();
  const boundary = 'form-boundary-3f9c';
  const ask = async () => {
    const params = (await (await api.app.request('/api/uploads/s3/params?metadata%5Bkind%5D=alert-photos')).json()) as { url: string; fields: { key: string } };
    return { path: new URL(params.url).pathname, key: params.fields.key };
  };
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const form = (key: string, file: Uint8Array, { before = '', after = '', ending = '\r\n' } = {}) =>
    Buffer.concat([
      Buffer.from(`${before}${field('key', key)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file,
      Buffer.from(`${after}\r\n--${boundary}--${ending}`),
    ]);
  /** The body in chunks of `size` bytes, so that the boundary may fall across two. */
  const chunked = (bytes: Uint8Array, size: number) => {
    let at = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, (at += size)));
      },
    });
  };
  const post = (path: string, body: Uint8Array, chunks = body.length, type = `multipart/form-data; boundary=${boundary}`) =>
    api.app.request(path, { method: 'POST', headers: { 'content-type': type, 'content-length': String(body.length) }, body: chunked(body, chunks), duplex: 'half' } as RequestInit);

  const whole = await ask();
  expect((await post(whole.path, form(whole.key, photo), 7)).status).toBe(201);
  expect((await serveMedia(api.media, `/images/${whole.key}`)).headers.get('content-type')).toBe('image/jpeg');

  const hiding = new Uint8Array(photo);
  hiding.set(Buffer.from(`\r\n--${boundary}\r\n`), photo.length >> 1);
  const shapes: [string, (key: string) => Uint8Array, string?][] = [
    ['a field after the file', (key) => form(key, photo, { after: `\r\n${field('x', 'y').slice(0, -2)}` })],
    ['a file that holds the boundary', (key) => form(key, hiding)],
    ['no line break after the closing boundary', (key) => form(key, photo, { ending: '' })],
    ['no file', (key) => Buffer.from(`${field('key', key)}--${boundary}--\r\n`)],
    ['fields past 64 KiB', (key) => form(key, photo, { before: field('note', 'x'.repeat(70_000)) })],
    ['the key of another upload', () => form('alert-photos/00000000-0000-4000-8000-000000000000', photo)],
    ['another type of body', (key) => form(key, photo), 'application/octet-stream'],
  ];
  for (const [shape, body, type] of shapes) {
    const { path, key } = await ask();
    const refused = await post(path, body(key), 5, type);
    expect(refused.status, shape).toBe(400);
    expectErrorShape(await refused.json());
  }
  expect(await api.count('uploads where stored = 1')).toBe(1);
  expect(readdirSync(join(api.store.folder, 'media', 'alert-photos'))).toEqual([uploadId(whole.key)]);
});

it('deletes an upload abandoned for an hour with the parts it received, by the maintenance sweep', async () => {
  const { bytes } = videoFile({ payloadBytes: 6 * MiB });
  const upload = await start();
  await sendPart(upload, 1, slice(bytes, 1));
  api.clock.now += 50 * 60_000;
  await api.app.maintain();
  // A part is news: the hour starts again.
  await sendPart(upload, 2, slice(bytes, 2));
  api.clock.now += 50 * 60_000;
  await api.app.maintain();
  expect(partFiles()).toHaveLength(2);
  api.clock.now += 11 * 60_000;
  await api.app.maintain();
  expect(partFiles()).toHaveLength(0);
  expect(await api.count('uploads')).toBe(0);
  expect(await api.count('upload_parts')).toBe(0);
  expect((await api.app.request(`${base}/${upload.uploadId}${query(upload)}`)).status).toBe(404);
});
