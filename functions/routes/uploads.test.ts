import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Alert, LostFoundPost } from '../../src/common/contract/index.ts';
import { LOST_FOUND_DAYS, MAX_PHOTO_BYTES } from '../../src/common/contract/limits.ts';
import { phonePhoto } from '../../tests/photo-fixture.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { serveMedia } from '../media/store.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const askUpload = async (type = 'alert-photos') => {
  const response = await api.post('/api/upload', { type });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uploadURL: string }).uploadURL;
};
const put = (url: string, body: Uint8Array | string, type = 'image/jpeg') =>
  api.app.request(url, { method: 'PUT', headers: { 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) });
const stored = () => api.count('uploads where stored = 1');

it('stores a real photo with every metadata block removed, GPS first of all', async () => {
  const photo = await phonePhoto();
  expect((await exifr.parse(photo, { gps: true }))?.latitude).toBeCloseTo(36.781, 2);
  const url = await askUpload();
  expect(url).toMatch(/^\/api\/upload\/alert-photos\/[0-9a-f-]{36}$/);
  const response = await put(url, photo);
  expect(response.status).toBe(201);
  const { url: photoUrl } = (await response.json()) as { url: string };
  expect(photoUrl).toBe(url.replace('/api/upload/', '/images/'));

  const served = await serveMedia(api.media, photoUrl);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  const bytes = new Uint8Array(await served.arrayBuffer());
  expect(await exifr.parse(bytes, true)).toBeUndefined();
  expect(Buffer.from(bytes).includes('PhoneMaker')).toBe(false);
});

it('attaches an uploaded photo to a report once; the photo goes when the report expires', async () => {
  const url = await askUpload();
  const { url: photoUrl } = (await (await put(url, await phonePhoto())).json()) as { url: string };
  const report = { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Agents at the market', photoUrl };
  const created = (await (await api.post('/api/alerts', report)).json()) as Alert;
  expect(created.photoUrl).toBe(photoUrl);
  expect((await api.post('/api/alerts', { ...report, city: 'Madera' })).status).toBe(400);

  api.clock.now += 5 * 3600_000;
  await api.app.maintain();
  expect((await serveMedia(api.media, photoUrl)).status).toBe(404);
  expect(await api.count('uploads')).toBe(0);
});

it('makes the copy a shared link shows only when the poster chose it, and deletes it with the record', async () => {
  const photoOf = async () => ((await (await put(await askUpload('missing-persons'), await phonePhoto(2400, 1600))).json()) as { url: string }).url;
  const posted = async (body: object) => (await (await api.post('/api/lost-found', body)).json()) as LostFoundPost & { manageToken: string };
  const record = (id: string) => api.get<LostFoundPost>(`/api/lost-found/${id}`);

  const kept = await posted({ name: 'Rosa', photoUrl: await photoOf() });
  const shared = await posted({ name: 'Lupe', photoUrl: await photoOf(), sharePhoto: true });
  await api.settle();
  expect((await record(kept.id)).previewUrl).toBeNull();
  expect(await api.media.get(`person-previews/${kept.id}`)).toBeNull();
  const { previewUrl } = await record(shared.id);
  expect(previewUrl).toBe(`/images/person-previews/${shared.id}`);
  const served = await serveMedia(api.media, previewUrl!);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });

  const removed = await api.app.request(`/api/lost-found/${shared.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${shared.manageToken}` } });
  expect(removed.status).toBe(204);
  expect((await serveMedia(api.media, previewUrl!)).status).toBe(404);
});

it('deletes a missing person’s photo with the record when it expires', async () => {
  const url = await askUpload('missing-persons');
  const { url: photoUrl } = (await (await put(url, await phonePhoto())).json()) as { url: string };
  expect((await api.post('/api/lost-found', { name: 'Rosa', photoUrl })).status).toBe(201);
  api.clock.now += LOST_FOUND_DAYS * 86_400_000 - 1000;
  await api.app.maintain();
  expect((await serveMedia(api.media, photoUrl)).status).toBe(200);
  api.clock.now += 1000;
  await api.app.maintain();
  expect((await serveMedia(api.media, photoUrl)).status).toBe(404);
  expect(await api.count('uploads')).toBe(0);
  expect(await api.count('lost_found_posts')).toBe(0);
});

it('deletes a photo nobody attached within the hour', async () => {
  const url = await askUpload();
  const { url: photoUrl } = (await (await put(url, await phonePhoto())).json()) as { url: string };
  api.clock.now += 3600_000 + 1000;
  await api.app.maintain();
  expect((await serveMedia(api.media, photoUrl)).status).toBe(404);
});

it('refuses what is not a photo (415), an oversize body (413), and a used or unknown address (404)', async () => {
  expect((await put(await askUpload(), 'GIF89a this is not a photo at all', 'image/gif')).status).toBe(415);
  expect((await put(await askUpload(), Buffer.from('hello, I am text pretending to be a JPEG'))).status).toBe(415);
  const truncated = (await phonePhoto()).subarray(0, 200);
  expect((await put(await askUpload(), truncated)).status).toBe(415);
  const refused = await askUpload();
  expect((await put(refused, new Uint8Array(MAX_PHOTO_BYTES + 1))).status).toBe(413);
  expect(await stored()).toBe(0);

  // An address takes one PUT, refused or stored.
  expect((await put(refused, await phonePhoto())).status).toBe(404);
  const url = await askUpload();
  expect((await put(url, await phonePhoto())).status).toBe(201);
  expect((await put(url, await phonePhoto())).status).toBe(404);
  expect((await put('/api/upload/alert-photos/00000000-0000-4000-8000-000000000000', await phonePhoto())).status).toBe(404);
  expect((await put(url.replace('alert-photos', 'missing-persons'), await phonePhoto())).status).toBe(404);
  expect((await api.post('/api/upload', { type: 'avatars' })).status).toBe(400);
  expect(await stored()).toBe(1);
});
