import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { phonePhoto } from '../photo-fixture.ts';
import { videoFile } from '../video-fixture.ts';
import { usePhone } from './chromium.ts';

const { open, context: newContext } = usePhone();
// The four uploads run side by side, each from its own phone on its own network (so none uses up
// another's share of what the server takes in at once): most of their time is a throttled network
// or a reload waited out, which one after the other left a core idle for over a minute.
const MiB = 1024 * 1024;

/**
 * The test's video has no frames a browser can decode (the server reads only its boxes), so the
 * phone's own length check is told its length as a phone that can play it would read it.
 */
const playable = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(HTMLMediaElement.prototype, 'src', {
      set(this: HTMLMediaElement) {
        Object.defineProperty(this, 'duration', { value: 12 });
        setTimeout(() => this.onloadedmetadata?.(new Event('loadedmetadata')));
      },
    });
  });

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));
/** A file on disk for a file input: Playwright hands a large buffer over slowly, past its time-out on a busy machine. */
const onDisk = async (name: string, bytes: Uint8Array) => {
  const folder = await mkdtemp(join(tmpdir(), 'upload-'));
  folders.push(folder);
  await writeFile(join(folder, name), bytes);
  return join(folder, name);
};

/** The part number of a part address (/api/uploads/parts/{upload}.{part}.{expires}.{signature}). */
const partOf = (url: string) => /\/api\/uploads\/parts\/[0-9a-f-]{36}\.(\d+)\./.exec(url)?.[1];

it.concurrent(
  'a 28 MB video cut off the network mid-upload, until the parts on their way failed, resumes and completes, each part stored once',
  { timeout: 180_000 },
  async ({ expect }) => {
    const page = await open('/', { before: playable });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // A slow phone connection: 28 MB takes ~14 s.
    const network = (offline: boolean) => cdp.send('Network.emulateNetworkConditions', { offline, latency: 40, downloadThroughput: -1, uploadThroughput: 2 * MiB });
    await network(false);

    const attempts = new Map<string, number>();
    const stored = new Map<string, number>();
    let firstStored: () => void;
    const oneStored = new Promise<void>((resolve) => (firstStored = resolve));
    // Parts on their way (sent, not answered yet), and those that failed once the network was cut.
    const sending = new Set<Request>();
    let cut = false;
    let failedWhileCut = 0;
    page.on('request', (request) => {
      const part = partOf(request.url());
      if (!part || request.method() !== 'PUT') return;
      attempts.set(part, (attempts.get(part) ?? 0) + 1);
      sending.add(request);
    });
    page.on('requestfailed', (request) => {
      if (!sending.delete(request)) return;
      if (cut) failedWhileCut++;
    });
    // Answered: whatever happens to the rest of the answer, the part is no longer on its way.
    page.on('response', (response) => {
      const part = partOf(response.url());
      if (!part || response.request().method() !== 'PUT') return;
      sending.delete(response.request());
      if (response.status() !== 200) return;
      stored.set(part, (stored.get(part) ?? 0) + 1);
      firstStored();
    });

    // The help boxes wake when scrolled into view.
    await page.locator('.help-box.request').scrollIntoViewIfNeeded();
    await page.locator('#help-boxes astro-island:not([ssr])').waitFor();
    await page.locator('.help-box.request').getByRole('button', { name: 'Post New Request' }).click();
    const form = page.locator('dialog[open]');
    const { bytes } = videoFile({ payloadBytes: 28 * MiB, seconds: 12 });
    const started = Date.now();
    await form.locator('input[type="file"]').setInputFiles(await onDisk('street.mp4', bytes));
    const state = form.locator('.media-chosen .media-state');
    await expect.poll(() => state.textContent()).toMatch(/^Uploading \d+%$/);
    await expect.poll(() => form.locator('.media-chosen progress').count()).toBe(1);

    await oneStored;
    const before = new Map(stored);
    cut = true;
    await network(true);
    const cutAt = Date.now() - started;
    // Offline, the uploader waits for the connection to come back and sends nothing (a wait that
    // costs it no try): the cut has done all it can once every part on its way has failed. It was
    // held 10 s, which changed nothing past that point.
    await expect.poll(() => sending.size === 0 && failedWhileCut > 0, { timeout: 30_000 }).toBe(true);
    const whileOffline = new Map(stored);
    await network(false);
    await expect.poll(() => state.textContent(), { timeout: 120_000 }).toBe('Uploaded');
    const took = Date.now() - started;

    // Uploaded: the server joined every part (it checks each one's ETag). Each was sent until the
    // server held it, and never after: a part whose answer the cut lost was found in the server's
    // list rather than sent again, so no part was answered twice, and those stored before the cut
    // were never sent again.
    const parts = Math.ceil(bytes.length / (5 * MiB));
    expect([...attempts.keys()].sort()).toEqual(Array.from({ length: parts }, (_, i) => String(i + 1)).sort());
    expect([...stored.values()].every((times) => times === 1)).toBe(true);
    for (const part of before.keys()) expect(attempts.get(part)).toBe(1);
    expect(whileOffline.size).toBeLessThan(parts);
    console.log(
      `28 MB at 2 MiB/s, cut after ${cutAt} ms until ${failedWhileCut} parts on their way failed: done in ${took} ms; PUT attempts per part ${JSON.stringify(Object.fromEntries(attempts))}`,
    );
    await page.context().close();
  },
);

it.concurrent('a part the server stored whose answer was lost on the way back is not sent again', { timeout: 120_000 }, async ({ expect }) => {
  const page = await open('/', { before: playable });
  const attempts = new Map<string, number>();
  page.on('request', (request) => {
    const part = partOf(request.url());
    if (part && request.method() === 'PUT') attempts.set(part, (attempts.get(part) ?? 0) + 1);
  });
  // Part 2 reaches the server, which stores it; its answer never reaches the phone.
  let lost = false;
  await page.route(
    (url) => partOf(url.href) === '2',
    async (route) => {
      if (lost) return route.continue();
      lost = true;
      expect((await route.fetch()).status()).toBe(200);
      await route.abort('connectionreset');
    },
  );
  await page.locator('.help-box.request').scrollIntoViewIfNeeded();
  await page.locator('#help-boxes astro-island:not([ssr])').waitFor();
  await page.locator('.help-box.request').getByRole('button', { name: 'Post New Request' }).click();
  const form = page.locator('dialog[open]');
  const { bytes } = videoFile({ payloadBytes: 12 * MiB, seconds: 12 });
  await form.locator('input[type="file"]').setInputFiles(await onDisk('street.mp4', bytes));
  await expect.poll(() => form.locator('.media-chosen .media-state').textContent(), { timeout: 90_000 }).toBe('Uploaded');
  expect(lost).toBe(true);
  expect(Object.fromEntries(attempts)).toEqual({ '1': 1, '2': 1, '3': 1 });
  await page.context().close();
});

it.concurrent(
  'a 95 MB video goes in parts, 6 on their way at a time and each part number once, within what the server allows one client',
  { timeout: 180_000 },
  async ({ expect }) => {
    const page = await open('/', { before: playable });
    let sending = 0;
    let most = 0;
    const stored = new Map<string, number>();
    const refused: number[] = [];
    page.on('request', (request) => {
      if (partOf(request.url()) && request.method() === 'PUT') most = Math.max(most, ++sending);
    });
    const done = (request: Request) => {
      if (partOf(request.url()) && request.method() === 'PUT') sending--;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => {
      const part = partOf(response.url());
      if (!part) return;
      if (response.status() === 200) stored.set(part, (stored.get(part) ?? 0) + 1);
      else refused.push(response.status());
    });
    await page.locator('.help-box.request').scrollIntoViewIfNeeded();
    await page.locator('#help-boxes astro-island:not([ssr])').waitFor();
    await page.locator('.help-box.request').getByRole('button', { name: 'Post New Request' }).click();
    const form = page.locator('dialog[open]');
    const { bytes } = videoFile({ payloadBytes: 95 * MiB, seconds: 12 });
    const started = Date.now();
    await form.locator('input[type="file"]').setInputFiles(await onDisk('street.mp4', bytes));
    await expect.poll(() => form.locator('.media-chosen .media-state').textContent(), { timeout: 150_000 }).toBe('Uploaded');
    const parts = Math.ceil(bytes.length / (5 * MiB));
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(Array.from({ length: parts }, (_, i) => [String(i + 1), 1])));
    expect(refused).toEqual([]);
    expect(most).toBeLessThanOrEqual(6);
    console.log(`95 MB in ${parts} parts: done in ${Date.now() - started} ms, at most ${most} parts on their way at once`);
    await page.context().close();
  },
);

/** What the phone keeps of uploads in IndexedDB: each entry with its file's name, type and size. */
const keptOnPhone = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ entry: Record<string, unknown>; file: { name: string; type: string; size: number } }[]>((resolve, reject) => {
        const opened = indexedDB.open('uploads');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const transaction = opened.result.transaction(['uploads', 'files']);
          const entries = transaction.objectStore('uploads').getAll();
          const files = transaction.objectStore('files').getAll();
          transaction.oncomplete = () => {
            opened.result.close();
            resolve(
              (entries.result as Record<string, unknown>[]).map((entry, i) => ({
                entry,
                file: { name: files.result[i].name, type: files.result[i].type, size: files.result[i].size },
              })),
            );
          };
        };
      }),
  );

it.concurrent(
  'a 30 MB video whose page is reloaded mid-upload goes on when the form opens again, never resending a part received, and is posted',
  { timeout: 180_000 },
  async ({ expect }) => {
    const page = await open('/', { before: playable });
    // Counted on the page, which stays the same object across the reload.
    const attempts = new Map<string, number>();
    const stored = new Map<string, number>();
    const starts: string[] = [];
    let twoStored: () => void;
    const received = new Promise<void>((resolve) => (twoStored = resolve));
    page.on('request', (request) => {
      const part = partOf(request.url());
      if (part && request.method() === 'PUT') attempts.set(part, (attempts.get(part) ?? 0) + 1);
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads/s3/multipart') starts.push(request.url());
    });
    page.on('response', (response) => {
      const part = partOf(response.url());
      if (!part || response.status() !== 200) return;
      stored.set(part, (stored.get(part) ?? 0) + 1);
      if (stored.size === 2) twoStored();
    });
    // Parts 1 and 2 arrive; the others hang on a connection that the reload then cuts.
    await page.route(
      (url) => Number(partOf(url.href)) > 2,
      () => undefined,
    );

    const openForm = async () => {
      await page.locator('.help-box.request').scrollIntoViewIfNeeded();
      await page.locator('#help-boxes astro-island:not([ssr])').waitFor();
      await page.locator('.help-box.request').getByRole('button', { name: 'Post New Request' }).click();
      return page.locator('dialog[open]');
    };
    let form = await openForm();
    const title = `Blankets for the shelter ${Date.now()}`;
    await form.locator('[name="title"]').fill(title);
    const { bytes } = videoFile({ payloadBytes: 30 * MiB, seconds: 12 });
    await form.locator('input[type="file"]').setInputFiles(await onDisk('shelter.mp4', bytes));
    await received;

    // The phone keeps the file and what names the upload, nothing typed in the form.
    await expect.poll(() => keptOnPhone(page).then((kept) => kept.length)).toBe(1);
    const [kept] = await keptOnPhone(page);
    expect(Object.keys(kept!.entry).sort()).toEqual(['at', 'key', 'kind', 'uploadId']);
    expect(kept!.entry).toMatchObject({ kind: 'assistance-requests', key: `community-assistance/assistance-requests/${kept!.entry.uploadId}` });
    expect(kept!.file).toEqual({ name: 'shelter.mp4', type: 'video/mp4', size: bytes.length });
    expect(JSON.stringify(kept)).not.toContain('Blankets');

    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    form = await openForm();
    const state = form.locator('.media-chosen .media-state');
    await expect.poll(() => state.textContent(), { timeout: 120_000 }).toBe('Uploaded');

    // The same upload went on: parts 1 and 2 were sent once, every part was stored once.
    const parts = Math.ceil(bytes.length / (5 * MiB));
    expect(starts).toHaveLength(1);
    expect(attempts.get('1')).toBe(1);
    expect(attempts.get('2')).toBe(1);
    expect(Object.fromEntries(stored)).toEqual(Object.fromEntries(Array.from({ length: parts }, (_, i) => [String(i + 1), 1])));
    console.log(`reloaded with parts 1 and 2 of ${parts} received: PUT attempts per part ${JSON.stringify(Object.fromEntries(attempts))}`);
    // Done: nothing stays on the phone, nor the mark that sends a field looking.
    await expect.poll(() => keptOnPhone(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('uploads-kept'))).toBeNull();

    await form.locator('[name="title"]').fill(title);
    await form.locator('[name="category"]').selectOption('Other');
    await form.locator('[name="urgency"]').selectOption('High');
    await form.locator('[name="description"]').fill('A video of the shelter door, where to bring them.');
    await form.locator('[name="city"]').fill('Fresno');
    await form.locator('[name="contactName"]').fill('Rosa');
    await form.locator('[name="contactMethod"]').fill('(559) 555-0142');
    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/assistance-requests');
    await form.getByRole('button', { name: 'Post Request' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    const { videoUrl } = (await answer.json()) as { videoUrl: string };
    expect(videoUrl).toBe(`/images/${kept!.entry.key}`);
    const served = await page.evaluate(async (url) => {
      const video = await fetch(url);
      return { status: video.status, size: (await video.arrayBuffer()).byteLength };
    }, videoUrl);
    expect(served).toEqual({ status: 200, size: bytes.length });
    await page.context().close();
  },
);

it.concurrent('@uppy/core with @uppy/aws-s3, unchanged, uploads to the server in parts and in one form post', { timeout: 120_000 }, async ({ expect }) => {
  const bundle = await build({
    stdin: { contents: "import Uppy from '@uppy/core'; import AwsS3 from '@uppy/aws-s3'; Object.assign(window, { Uppy, AwsS3 });", resolveDir: process.cwd() },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  const context = await newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const { bytes } = videoFile({ payloadBytes: 12 * MiB, seconds: 12 });
  const photo = await phonePhoto(320, 240);
  const results = await page.evaluate(
    async ({ video, photo }) => {
      const { Uppy, AwsS3 } = window as unknown as { Uppy: new () => any; AwsS3: unknown };
      const blob = (base64: string, type: string) => new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
      const uppy = new Uppy().use(AwsS3, { companionEndpoint: '/api/uploads', shouldUseMultipart: (file: { size: number }) => file.size > 5 * 1024 * 1024 });
      uppy.addFile({ name: 'clip.mp4', type: 'video/mp4', data: blob(video, 'video/mp4'), meta: { kind: 'assistance-requests' } });
      uppy.addFile({ name: 'coat.jpg', type: 'image/jpeg', data: blob(photo, 'image/jpeg'), meta: { kind: 'alert-photos' } });
      const result = await uppy.upload();
      const served = await Promise.all(
        result.successful.map(async (file: { name: string; response: { body: { key: string } } }) => {
          const path = `/images/${file.response.body.key}`;
          const answer = await fetch(path);
          return { name: file.name, path, status: answer.status, type: answer.headers.get('content-type'), size: (await answer.arrayBuffer()).byteLength };
        }),
      );
      return { failed: result.failed.length, served };
    },
    { video: Buffer.from(bytes).toString('base64'), photo: photo.toString('base64') },
  );
  expect(results.failed).toBe(0);
  const byName = Object.fromEntries(results.served.map((file) => [file.name, file]));
  expect(byName['clip.mp4']).toMatchObject({ status: 200, type: 'video/mp4', size: bytes.length });
  expect(byName['clip.mp4']!.path).toMatch(/^\/images\/community-assistance\/assistance-requests\/[0-9a-f-]{36}$/);
  expect(byName['coat.jpg']).toMatchObject({ status: 200, type: 'image/jpeg' });
  expect(byName['coat.jpg']!.path).toMatch(/^\/images\/alert-photos\/[0-9a-f-]{36}$/);
  await context.close();
});
