import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phonePhoto } from '../../tests/photo-fixture.ts';
import { stripImageMetadata } from './image.ts';
import { PREVIEW_EDGE, PREVIEW_MAX_PIXELS, photoPreview } from './preview.ts';

/** A photo of four colored quarters (red, green / blue, white), its pixels stored as a phone with `orientation` stores them. */
const quarters = (orientation: number) => {
  const [width, height] = [64, 32];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const color = y < height / 2 ? (x < width / 2 ? [255, 0, 0] : [0, 255, 0]) : x < width / 2 ? [0, 0, 255] : [255, 255, 255];
      pixels.set(color, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();
};

/** The color at the middle of each quarter of an image as a viewer shows it (turned by its EXIF), each channel high or low. */
const quarterColors = async (image: Buffer | Uint8Array) => {
  const { data, info } = await sharp(image).rotate().raw().toBuffer({ resolveWithObject: true });
  return [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ].map(([fx, fy]) => {
    const at = (Math.floor(fy! * info.height) * info.width + Math.floor(fx! * info.width)) * info.channels;
    return [...data.subarray(at, at + 3)].map((channel) => (channel > 127 ? 1 : 0)).join('');
  });
};

describe('a link preview of a photo', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('stands the way the photo is shown, whatever its orientation (%i)', async (orientation) => {
    const stored = stripImageMetadata(new Uint8Array(await quarters(orientation)), 'jpeg');
    const preview = photoPreview(stored)!;
    expect((await sharp(preview).metadata()).exif).toBeUndefined();
    expect(await quarterColors(preview)).toEqual(await quarterColors(stored));
  });

  it('is a JPEG at most 1200 px on its longer side, holding nothing of the phone’s metadata', async () => {
    const preview = photoPreview(stripImageMetadata(new Uint8Array(await phonePhoto(3000, 2000)), 'jpeg'))!;
    expect(await sharp(preview).metadata()).toMatchObject({ format: 'jpeg', width: PREVIEW_EDGE, height: 800 });
    expect(Buffer.from(preview).includes('PhoneMaker')).toBe(false);
    expect(await exifr.parse(preview, { gps: true })).toBeUndefined();
    // A small photo keeps its size.
    expect(await sharp(photoPreview(new Uint8Array(await phonePhoto(64, 48)))!).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it('is not made of a photo with more pixels than a worker can decode, nor of what is no photo', async () => {
    const side = Math.ceil(Math.sqrt(PREVIEW_MAX_PIXELS)) + 1;
    expect(
      photoPreview(
        new Uint8Array(
          await sharp({ create: { width: side, height: side, channels: 3, background: '#777' } })
            .jpeg()
            .toBuffer(),
        ),
      ),
    ).toBeNull();
    expect(photoPreview(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
