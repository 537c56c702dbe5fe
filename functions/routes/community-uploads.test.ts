import exifr from 'exifr';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssistanceRequest, CommunityUploadParams, UploadedMedia } from '../../src/common/contract/index.ts';
import { MAX_MEDIA_BYTES } from '../../src/common/contract/limits.ts';
import { phonePhoto } from '../../tests/photo-fixture.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { APPLE_LOCATION, MAKE, videoFile, XMP_LOCATION, XYZ_LOCATION } from '../../tests/video-fixture.ts';
import { serveMedia } from '../media/store.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const REQUEST = { title: 'Ride', description: 'To court', category: 'Transportation', urgency: 'High', contactName: 'Marisol', contactMethod: '(831) 555-0119' };

const askUpload = async (mediaType = 'assistance-requests') => {
  const response = await api.post('/api/community-assistance/upload', { mediaType });
  expect(response.status).toBe(201);
  return (await response.json()) as CommunityUploadParams;
};
const put = (url: string, body: Uint8Array | string, length: number | null = typeof body === 'string' ? body.length : body.byteLength) =>
  api.app.request(url, { method: 'PUT', headers: length === null ? {} : { 'content-length': String(length) }, body: typeof body === 'string' ? body : new Uint8Array(body) });
/** Every file in the media folder, as "kind/.../id". */
const storedFiles = () => {
  const folder = join(api.store.folder, 'media');
  return existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
};
const upload = async (body: Uint8Array, mediaType?: string) => {
  const params = await askUpload(mediaType);
  const response = await put(params.url, body);
  expect(response.status).toBe(201);
  return (await response.json()) as UploadedMedia;
};

describe('POST /api/community-assistance/upload', () => {
  it('answers the upload parameters of the spec for a help-flow media type only', async () => {
    const params = await askUpload('surplus-offers');
    expect(params).toEqual({
      url: `/api/community-assistance/upload/surplus-offers/${params.objectId}`,
      objectId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mediaType: 'surplus-offers',
    });
    expect((await api.post('/api/community-assistance/upload', { mediaType: 'missing-persons' })).status).toBe(400);
  });
});

describe('PUT a help-flow file', () => {
  it('stores an image with its GPS and camera data gone, served where the spec says', async () => {
    const uploaded = await upload(await phonePhoto());
    expect(uploaded).toEqual({ url: expect.stringMatching(/^\/images\/community-assistance\/assistance-requests\/[0-9a-f-]{36}$/), type: 'image' });
    const served = await serveMedia(api.media, uploaded.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(await exifr.parse(bytes, true)).toBeUndefined();
    expect(Buffer.from(bytes).includes('PhoneMaker')).toBe(false);
  });

  it('stores an MP4 with its location, device and recording time gone, and the media kept', async () => {
    const { bytes, payload } = videoFile({ seconds: 20 });
    const text = Buffer.from(bytes);
    for (const secret of [XYZ_LOCATION, APPLE_LOCATION, XMP_LOCATION, MAKE]) expect(text.includes(secret), secret).toBe(true);
    const uploaded = await upload(bytes);
    expect(uploaded.type).toBe('video');
    const served = await serveMedia(api.media, uploaded.url);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    const stored = Buffer.from(await served.arrayBuffer());
    expect(stored.byteLength).toBe(bytes.byteLength);
    for (const secret of [XYZ_LOCATION, APPLE_LOCATION, XMP_LOCATION, MAKE]) expect(stored.includes(secret), secret).toBe(false);
    expect(stored.includes(Buffer.from(payload))).toBe(true);
  });

  it('refuses a video over 60 seconds and keeps nothing', async () => {
    const params = await askUpload();
    const response = await put(params.url, videoFile({ seconds: 61 }).bytes);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('61s');
    expect(storedFiles()).toEqual([]);
    expect(await api.count('uploads where stored = 1')).toBe(0);
  });

  it('refuses a file over 100 MB by its length before reading it, and one without a length', async () => {
    expect((await put((await askUpload()).url, 'x', MAX_MEDIA_BYTES + 1)).status).toBe(413);
    const streamed = new ReadableStream({ start: (controller) => (controller.enqueue(videoFile().bytes), controller.close()) });
    expect((await api.app.request((await askUpload()).url, { method: 'PUT', body: streamed, duplex: 'half' } as RequestInit)).status).toBe(411);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses what is not an image or a video, whatever it is called, and broken videos', async () => {
    const text = new TextEncoder().encode('<html><script>alert(1)</script></html> renamed to photo.jpg');
    for (const body of [text, videoFile().bytes.slice(0, 5000), videoFile({ brand: 'heic' }).bytes]) {
      const params = await askUpload();
      expect((await put(params.url, body)).status).toBe(415);
    }
    expect(storedFiles()).toEqual([]);
  });

  it('lets a post use its own uploads once, images as images and the video as the video', async () => {
    const image = await upload(await phonePhoto());
    const video = await upload(videoFile().bytes);
    const mediaOfOffers = await upload(await phonePhoto(), 'surplus-offers');
    expect((await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: [video.url] })).status).toBe(400);
    expect((await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: [mediaOfOffers.url] })).status).toBe(400);
    const response = await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: [image.url], videoUrl: video.url });
    expect(response.status).toBe(201);
    expect((await response.json()) as AssistanceRequest).toMatchObject({ imageUrls: [image.url], videoUrl: video.url });
    expect((await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: [image.url] })).status).toBe(400);
  });

  it("deletes a post's files with the post", async () => {
    const image = await upload(await phonePhoto());
    const created = (await (await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: [image.url] })).json()) as { id: string; manageToken: string };
    expect(storedFiles()).toHaveLength(1);
    const gone = await api.app.request(`/api/assistance-requests/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${created.manageToken}` } });
    expect(gone.status).toBe(204);
    expect(storedFiles()).toEqual([]);
  });
});
