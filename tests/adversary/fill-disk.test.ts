/**
 * Attack 6: fill the disk or the memory through the upload routes, as a script would, against the
 * real app over a real libSQL file and media folder. Parts sent all at once to pass a size check
 * that counts only the parts already received; one part number sent twice at once; a one-file
 * address used again while its first form is still arriving; a 100 MB form that the server would
 * read whole; and more bytes on their way at once than one client (or all) may have.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, UPLOAD_BYTES_IN_FLIGHT, UPLOAD_RECEIVE_MINUTES } from '../../src/common/contract/limits.ts';
import type { CommunityUploadParams, ReceivedPart } from '../../src/common/contract/index.ts';
import { expectErrorShape } from '../hostile.ts';
import { testApp, type TestApp } from '../test-app.ts';
import { videoFile } from '../video-fixture.ts';

const MiB = 1024 * 1024;
let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const from = (address: string) => ({ 'x-test-client-address': address });
/** The first bytes of an MP4 (ftyp, then an mdat box running to the end), as an upload's content check wants them. */
const videoHead = (size: number) => {
  const ftyp = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - ftyp.byteLength);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
};
const withHead = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(videoHead(size));
  return bytes;
};

/**
 * A body of `size` bytes that sends its first MiB, then waits: `reading` resolves once the server
 * asked for more (it took the request in), `finish()` sends the rest, `cut()` breaks it off.
 */
function held(size: number, head: Uint8Array = withHead(Math.min(size, MiB))) {
  let asked: () => void;
  const reading = new Promise<void>((resolve) => (asked = resolve));
  let go: (send: boolean) => void;
  const gate = new Promise<boolean>((resolve) => (go = resolve));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sent === 0) {
          const first = new Uint8Array(Math.min(size, MiB));
          first.set(head.subarray(0, first.byteLength));
          sent = first.byteLength;
          return controller.enqueue(first);
        }
        asked();
        if (!(await gate)) return controller.error(new Error('cut by the sender'));
        if (sent >= size) return controller.close();
        const next = new Uint8Array(Math.min(MiB, size - sent));
        sent += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, reading, finish: () => go(true), cut: () => go(false) };
}

const request = (method: string, url: string, body: Uint8Array | ReadableStream<Uint8Array>, length: number, headers: Record<string, string> = {}) =>
  api.app.request(url, { method, headers: { 'content-length': String(length), ...headers }, body: body as BodyInit, duplex: 'half' } as RequestInit);

const base = '/api/uploads/s3/multipart';
const startMultipart = async () => {
  const response = await api.post(base, { metadata: { kind: 'assistance-requests' } });
  expect(response.status).toBe(200);
  return (await response.json()) as { uploadId: string; key: string };
};
const partAddress = async (upload: { uploadId: string; key: string }, n: number) =>
  ((await (await api.app.request(`${base}/${upload.uploadId}/${n}?${new URLSearchParams({ key: upload.key })}`)).json()) as { url: string }).url;
const listParts = async (upload: { uploadId: string; key: string }) =>
  (await (await api.app.request(`${base}/${upload.uploadId}?${new URLSearchParams({ key: upload.key })}`)).json()) as ReceivedPart[];

/** Every file under the media folder (parts and half-written files among them), with its size. */
const files = () => {
  const folder = join(api.store.folder, 'media');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ path: join(entry.parentPath, entry.name), size: statSync(join(entry.parentPath, entry.name)).size }));
};

it('20 parts of 6 MB sent at once to one upload: what is accepted, listed and on disk never passes the 100 MB cap', async () => {
  const upload = await startMultipart();
  const addresses = await Promise.all(Array.from({ length: 20 }, (_, i) => partAddress(upload, i + 1)));
  const part = withHead(6 * MiB);
  // From 20 addresses, so that no limit per client is what stops them.
  const answers = await Promise.all(addresses.map((url, i) => request('PUT', url, part, part.byteLength, from(`198.51.100.${i + 1}`))));
  const accepted = answers.filter((answer) => answer.status === 200).length;
  for (const refused of answers.filter((answer) => answer.status !== 200)) {
    expect(refused.status).toBe(413);
    expectErrorShape(await refused.json());
  }
  expect(accepted * 6 * MiB).toBeLessThanOrEqual(MAX_MEDIA_BYTES);
  // The cap is no excuse to refuse what fits.
  expect(accepted).toBe(Math.floor(MAX_MEDIA_BYTES / (6 * MiB)));
  const listed = await listParts(upload);
  expect(listed.reduce((total, { Size }) => total + Size, 0)).toBeLessThanOrEqual(MAX_MEDIA_BYTES);
  expect(files().reduce((total, { size }) => total + size, 0)).toBeLessThanOrEqual(MAX_MEDIA_BYTES);
  expect(files().filter(({ path }) => path.endsWith('.part'))).toEqual([]);
}, 60_000);

it('one part number sent twice at once: the second is refused (429) while the first arrives, which is then the part kept', async () => {
  const upload = await startMultipart();
  const url = await partAddress(upload, 1);
  const first = held(6 * MiB);
  const firstAnswer = request('PUT', url, first.stream, 6 * MiB);
  await first.reading;
  const second = await request('PUT', url, withHead(6 * MiB), 6 * MiB);
  expect(second.status).toBe(429);
  expectErrorShape(await second.json());
  first.finish();
  const answer = await firstAnswer;
  expect(answer.status).toBe(200);
  expect(await listParts(upload)).toEqual([{ PartNumber: 1, Size: 6 * MiB, ETag: answer.headers.get('etag')!.replaceAll('"', '') }]);
  // A part that failed frees its number at once: sent again, it is taken.
  const cut = held(6 * MiB);
  const cutAnswer = request('PUT', url, cut.stream, 6 * MiB);
  await cut.reading;
  cut.cut();
  expect((await cutAnswer).status).toBeGreaterThanOrEqual(400);
  expect((await request('PUT', url, withHead(6 * MiB), 6 * MiB)).status).toBe(200);
  expect(files().filter(({ path }) => path.endsWith('.part'))).toEqual([]);
});

it('a part still on its way when its reservation runs out frees its number for another copy, and is not kept', async () => {
  const upload = await startMultipart();
  const url = await partAddress(upload, 1);
  const stalled = held(6 * MiB);
  const stalledAnswer = request('PUT', url, stalled.stream, 6 * MiB);
  await stalled.reading;
  api.clock.now += (UPLOAD_RECEIVE_MINUTES + 2) * 60_000;
  const fresh = await request('PUT', await partAddress(upload, 1), withHead(6 * MiB), 6 * MiB);
  expect(fresh.status).toBe(200);
  stalled.finish();
  expect((await stalledAnswer).status).toBe(400);
  expect(await listParts(upload)).toEqual([{ PartNumber: 1, Size: 6 * MiB, ETag: fresh.headers.get('etag')!.replaceAll('"', '') }]);
});

/** A form as @uppy/aws-s3 posts it to s3/params' address: its fields, then the file, last. */
function form(key: string, file: { size: number; type: string }) {
  const boundary = '----fill-disk-boundary-7d0a';
  const before = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${key}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { before, after, length: before.byteLength + file.size + after.byteLength, type: `multipart/form-data; boundary=${boundary}` };
}
const params = async () => {
  const response = await api.app.request(`/api/uploads/s3/params?${new URLSearchParams({ 'metadata[kind]': 'assistance-requests' })}`);
  const { url, fields } = (await response.json()) as { url: string; fields: { key: string } };
  return { path: new URL(url).pathname, key: fields.key };
};

it('a one-file address is spent by its first use: used again while its first form arrives, or after, it is refused and stores nothing', async () => {
  const { path, key } = await params();
  const { bytes } = videoFile({ payloadBytes: 2 * MiB });
  const framing = form(key, { size: bytes.byteLength, type: 'video/mp4' });
  const whole = Buffer.concat([framing.before, bytes, framing.after]);
  const first = held(whole.byteLength, whole);
  const firstAnswer = request('POST', path, first.stream, whole.byteLength, { 'content-type': framing.type });
  await first.reading;
  // held() sends the form's first MiB, then the rest of `whole` would be zeros: send it as it is instead.
  const again = await request('POST', path, whole, whole.byteLength, { 'content-type': framing.type });
  expect(again.status).toBe(404);
  expectErrorShape(await again.json());
  first.cut();
  expect((await firstAnswer).status).toBeGreaterThanOrEqual(400);
  expect(await api.count('uploads where stored = 1')).toBe(0);
  expect(files()).toEqual([]);
  // Spent, even though its first form never arrived whole: a new address is asked for.
  expect((await request('POST', path, whole, whole.byteLength, { 'content-type': framing.type })).status).toBe(404);
  const fresh = await params();
  const retry = form(fresh.key, { size: bytes.byteLength, type: 'video/mp4' });
  const answer = await request('POST', fresh.path, Buffer.concat([retry.before, bytes, retry.after]), retry.length, { 'content-type': retry.type });
  expect(answer.status).toBe(201);
});

it('a 100 MB form posted to a one-file address streams to the store: memory stays bounded', async () => {
  // What is measured is what stays reachable, as in tests/hostile-uploads.test.ts: a full
  // collection (the unit project runs with --expose-gc) every 10 MB.
  const gc = globalThis.gc!;
  const retained = () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const { path, key } = await params();
  const size = MAX_MEDIA_BYTES - MiB;
  const framing = form(key, { size, type: 'video/mp4' });
  const head = videoHead(size);
  let remaining = size - head.byteLength;
  let pulls = 0;
  const before = retained();
  let peak = before;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulls++ % 10 === 0) peak = Math.max(peak, retained());
        if (pulls === 1) return controller.enqueue(Buffer.concat([framing.before, head]));
        if (remaining > 0) {
          const next = Math.min(MiB, remaining);
          remaining -= next;
          return controller.enqueue(new Uint8Array(next));
        }
        controller.enqueue(framing.after);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const answer = await request('POST', path, body, framing.length, { 'content-type': framing.type });
  // Not a real video (no moov box): refused once read. What matters is the memory.
  expect(answer.status).toBeLessThan(500);
  expectErrorShape(await answer.json());
  console.log(`Memory kept grew by at most ${Math.round((peak - before) / MiB)} MB while a 100 MB form streamed in`);
  expect((peak - before) / MiB).toBeLessThan(20);
  expect(files()).toEqual([]);
}, 60_000);

it('bytes on their way from one client past its cap, and from all clients past theirs, are refused (429) and store nothing', async () => {
  const ask = async (address: string) => {
    const response = await api.post('/api/community-assistance/upload', { mediaType: 'assistance-requests' }, from(address));
    return ((await response.json()) as CommunityUploadParams).url;
  };
  const hold = async (address: string, size: number) => {
    const body = held(size);
    const answer = request('PUT', await ask(address), body.stream, size, from(address));
    await body.reading;
    return { ...body, answer };
  };
  const big = 100 * MiB;
  const one = await hold('192.0.2.1', big);
  const past = await request('PUT', await ask('192.0.2.1'), withHead(UPLOAD_BYTES_IN_FLIGHT.client - big + MiB), UPLOAD_BYTES_IN_FLIGHT.client - big + MiB, from('192.0.2.1'));
  expect(past.status).toBe(429);
  expectErrorShape(await past.json());

  // Others are not held back by it, until all together pass the cap of all.
  const others: Awaited<ReturnType<typeof hold>>[] = [];
  for (let i = 2; (i - 1) * big <= UPLOAD_BYTES_IN_FLIGHT.all - big; i++) others.push(await hold(`192.0.2.${i}`, big));
  const last = await request('PUT', await ask('192.0.2.99'), withHead(big), big, from('192.0.2.99'));
  expect(last.status).toBe(429);
  expectErrorShape(await last.json());

  // Bytes that stop being on their way (here: cut off) free their room at once.
  one.cut();
  expect((await one.answer).status).toBeGreaterThanOrEqual(400);
  const { bytes } = videoFile({ payloadBytes: 3 * MiB });
  expect((await request('PUT', await ask('192.0.2.1'), bytes, bytes.byteLength, from('192.0.2.1'))).status).toBe(201);
  for (const other of others) other.cut();
  for (const other of others) expect((await other.answer).status).toBeGreaterThanOrEqual(400);
  expect(await api.count('uploads where stored = 1')).toBe(1);
  expect(files()).toHaveLength(1);
}, 60_000);
