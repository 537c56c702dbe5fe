import { build } from 'esbuild';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phonePhoto } from '../photo-fixture.ts';
import { videoFile } from '../video-fixture.ts';
import { usePhone } from './chromium.ts';

const { open, context: newContext } = usePhone();
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

/** The part number of a part address (/api/uploads/parts/{upload}.{part}.{expires}.{signature}). */
const partOf = (url: string) => /\/api\/uploads\/parts\/[0-9a-f-]{36}\.(\d+)\./.exec(url)?.[1];

it('a 28 MB video cut off the network for 10 s in the middle of its upload resumes and completes, each part stored once', { timeout: 180_000 }, async () => {
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
  page.on('request', (request) => {
    const part = partOf(request.url());
    if (part && request.method() === 'PUT') attempts.set(part, (attempts.get(part) ?? 0) + 1);
  });
  page.on('response', (response) => {
    const part = partOf(response.url());
    if (!part || response.status() !== 200) return;
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
  await form.locator('input[type="file"]').setInputFiles({ name: 'street.mp4', mimeType: 'video/mp4', buffer: Buffer.from(bytes) });
  const state = form.locator('.media-chosen .media-state');
  await expect.poll(() => state.textContent()).toMatch(/^Uploading \d+%$/);
  await expect.poll(() => form.locator('.media-chosen progress').count()).toBe(1);

  await oneStored;
  const before = new Map(stored);
  await network(true);
  const cutAt = Date.now() - started;
  await page.waitForTimeout(10_000);
  const whileOffline = new Map(stored);
  await network(false);
  await expect.poll(() => state.textContent(), { timeout: 120_000 }).toBe('Uploaded');
  const took = Date.now() - started;

  const parts = Math.ceil(bytes.length / (5 * MiB));
  expect([...stored.keys()].sort()).toEqual(Array.from({ length: parts }, (_, i) => String(i + 1)).sort());
  // Every part stored once; the parts stored before the cut were never sent again.
  expect([...stored.values()].every((times) => times === 1)).toBe(true);
  for (const part of before.keys()) expect(attempts.get(part)).toBe(1);
  expect(whileOffline.size).toBeLessThan(parts);
  console.log(`28 MB at 2 MiB/s, cut for 10 s after ${cutAt} ms: done in ${took} ms; PUT attempts per part ${JSON.stringify(Object.fromEntries(attempts))}`);
  await page.context().close();
});

it('@uppy/core with @uppy/aws-s3, unchanged, uploads to the server in parts and in one form post', { timeout: 120_000 }, async () => {
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
