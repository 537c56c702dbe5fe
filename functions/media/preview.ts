/**
 * The copy of a missing person's photo that a shared link shows (`og:image`), made only when the
 * poster chose it: at most PREVIEW_EDGE pixels on its longer side, upright, a JPEG encoded from
 * the decoded pixels alone, so no byte of the stored file (and no metadata) is carried into it.
 *
 * Photon (Rust compiled to WebAssembly, `@cf-wasm/photon`) decodes, turns and resizes the same way
 * on Node and in workerd, where no native image library runs.
 */
import { fliph, flipv, PhotonImage, resize, rotate, SamplingFilter } from '@cf-wasm/photon';
import { imageOrientation, imageSize, sniffImage } from './image.ts';

/** Link previews are drawn at most about 1200 px wide (Open Graph's own advice, WhatsApp and Signal alike). */
export const PREVIEW_EDGE = 1200;

/**
 * Decoding takes 4 bytes a pixel and a worker has 128 MB: a photo of more pixels (a 16 MP phone
 * photo is under) gets no preview, and the shared link shows the name and the city only.
 */
export const PREVIEW_MAX_PIXELS = 16_000_000;

const JPEG_QUALITY = 80;

/** What turns a photo's stored pixels upright, by EXIF Orientation: rotations clockwise, then a mirror. */
const UPRIGHT: Record<number, { turn: number; mirror: boolean; flip?: boolean }> = {
  2: { turn: 0, mirror: true },
  3: { turn: 180, mirror: false },
  4: { turn: 0, mirror: false, flip: true },
  5: { turn: 90, mirror: true },
  6: { turn: 90, mirror: false },
  7: { turn: 270, mirror: true },
  8: { turn: 270, mirror: false },
};

/** The preview of a stored photo (a JPEG), or null for a file that is no photo or has too many pixels. */
export function photoPreview(bytes: Uint8Array): Uint8Array | null {
  const type = sniffImage(bytes);
  if (!type) return null;
  const { width, height } = imageSize(bytes, type);
  if (width * height > PREVIEW_MAX_PIXELS) return null;
  const images: PhotonImage[] = [];
  const keep = (image: PhotonImage) => (images.push(image), image);
  try {
    let image = keep(PhotonImage.new_from_byteslice(bytes));
    const scale = Math.min(1, PREVIEW_EDGE / Math.max(width, height));
    if (scale < 1) image = keep(resize(image, Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), SamplingFilter.Triangle));
    const upright = UPRIGHT[imageOrientation(bytes, type) ?? 1];
    if (upright?.turn) image = keep(rotate(image, upright.turn));
    if (upright?.mirror) fliph(image);
    if (upright?.flip) flipv(image);
    return image.get_bytes_jpeg(JPEG_QUALITY);
  } finally {
    for (const image of images) image.free();
  }
}
