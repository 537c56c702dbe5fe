/**
 * Checks uploaded photos and strips their metadata before anything is stored.
 *
 * The people who upload here may be targeted by immigration enforcement, so a photo must never
 * carry a GPS position, a camera serial, an author, a timestamp or an embedded thumbnail onward.
 * Rather than deleting the metadata we know about, each parser keeps an allowlist of the parts
 * a decoder needs and rebuilds the file from those alone: anything unknown is dropped by default.
 * The one piece of EXIF a viewer needs, the orientation of a JPEG or WebP, is read and written
 * into a fresh EXIF block of its own, so no other byte of the original EXIF is ever copied.
 *
 * Pure TypeScript over Uint8Array (no Buffer, zlib or fs) so it runs the same in Node and workerd.
 * Nothing here decompresses pixel data, so it is cheap even for files that declare huge sizes.
 */
import { concat } from './bytes.ts';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The content type to store and serve for each accepted image type. */
export const IMAGE_MIME: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The most pixels an upload may declare. {@link imageSize} reads the declared size without
 * decoding, so callers can refuse a decompression bomb before anything inflates it:
 * `const { width, height } = imageSize(bytes, type); if (width * height > MAX_IMAGE_PIXELS) reject();`
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Thrown for a file that is not a well-formed image of the given type (bad input, not a bug). */
export class InvalidImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidImageError';
  }
}

/**
 * Tells the image type from the file's first bytes. The name and declared content type of an
 * upload are chosen by the sender, so only the content is trusted.
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  // Every WebP starts with a VP8, VP8L or VP8X chunk; checking it refuses other RIFF files.
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8) && startsWith(bytes, VP8_PREFIX, 12)) return 'webp';
  return null;
}

/**
 * The pixel size the file declares (JPEG SOFn, PNG IHDR, WebP VP8X/VP8/VP8L). The whole container
 * is checked first, so a malformed or truncated file throws {@link InvalidImageError}.
 * Compare `width * height` with {@link MAX_IMAGE_PIXELS} before decoding anything.
 */
export function imageSize(bytes: Uint8Array, type: ImageType): { width: number; height: number } {
  const { width, height } = parseImage(bytes, type);
  return { width, height };
}

/**
 * Returns a new, still decodable copy of the image holding only what a decoder needs: EXIF, XMP,
 * IPTC, ICC profiles, comments, text chunks, thumbnails, unknown blocks and any bytes after the
 * image are all gone. The input is not changed. Throws {@link InvalidImageError} for a malformed or
 * truncated file, so a half-parsed result is never returned.
 *
 * ICC profiles are dropped too (they can name the device and its calibration date); a wide-gamut
 * photo then shows in sRGB, slightly less saturated.
 *
 * Phones store a portrait photo's pixels sideways and rely on the EXIF Orientation tag, so a JPEG or
 * WebP whose EXIF has an Orientation other than 1 gets a new EXIF block holding that one tag and
 * nothing else (no GPS, maker notes, dates or thumbnail). An unreadable EXIF block counts as no
 * orientation rather than an error. A PNG keeps no orientation: it would live in eXIf, which is dropped.
 */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  return concat(parseImage(bytes, type).parts);
}

/**
 * The EXIF Orientation (2 to 8) a viewer applies to the file's pixels, or null for none (1, absent,
 * unreadable, or a PNG): what a copy drawn from the decoded pixels must apply itself.
 */
export function imageOrientation(bytes: Uint8Array, type: ImageType): number | null {
  return parseImage(bytes, type).orientation ?? null;
}

/** What each parser hands back: the declared size, the pieces of the clean file, in order, and the orientation kept. */
type ParsedImage = { width: number; height: number; parts: Uint8Array[]; orientation?: number | null };

function parseImage(bytes: Uint8Array, type: ImageType): ParsedImage {
  switch (type) {
    case 'jpeg':
      return parseJpeg(bytes);
    case 'png':
      return parsePng(bytes);
    case 'webp':
      return parseWebp(bytes);
    default:
      throw new InvalidImageError(`Unsupported image type: ${String(type)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// JPEG

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;

/** Segments a decoder needs besides SOFn and SOS: DQT, DHT, DAC, DRI, DNL, DHP, EXP. */
const JPEG_DECODE_MARKERS = new Set([0xdb, 0xc4, 0xcc, 0xdd, 0xdc, 0xde, 0xdf]);

/** SOF0..SOF15, leaving out the three codes in that range that mean something else (DHT, JPG, DAC). */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function isRst(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

/**
 * Walks the marker segments from SOI to EOI, keeping the tables, frame header and scans
 * (entropy-coded data copied as is) and dropping APPn, COM, unknown segments and anything after EOI.
 */
function parseJpeg(bytes: Uint8Array): ParsedImage {
  const fail: Fail = failer('JPEG');
  if (!startsWith(bytes, JPEG_MAGIC)) fail('missing start-of-image marker');
  const parts: Uint8Array[] = [Uint8Array.of(0xff, SOI)];
  let size: { width: number; height: number } | null = null;
  let exif: Uint8Array | null = null;
  let scans = 0;
  let pos = 2;
  for (;;) {
    const markerPos = readMarker(bytes, pos, fail);
    const marker = bytes[markerPos];
    if (marker === EOI) {
      if (size === null || scans === 0) fail('no image data before end-of-image marker');
      parts.push(Uint8Array.of(0xff, EOI));
      // Whatever follows EOI (MPF second images, appended archives, padding) is dropped.
      const orientation = exif && readOrientation(exif);
      if (orientation) {
        // EXIF belongs right after SOI, or after the JFIF APP0 when there is one.
        const at = parts[1]?.[1] === APP0 ? 2 : 1;
        parts.splice(at, 0, exifApp1(orientationTiff(orientation)));
      }
      return { ...size, parts, orientation };
    }
    if (marker === SOI || marker === 0x01 || isRst(marker)) {
      fail(`unexpected marker 0x${hex(marker)} at offset ${markerPos}`);
    }
    if (markerPos + 3 > bytes.length) fail('truncated segment header');
    const length = u16be(bytes, markerPos + 1);
    const end = markerPos + 1 + length;
    if (length < 2) fail(`segment length ${length} at offset ${markerPos} is too small`);
    if (end > bytes.length) fail('truncated segment');
    const payload = bytes.subarray(markerPos + 3, end);
    // Written back as FF + marker + payload, which also drops any fill bytes before the marker.
    const segment = bytes.subarray(markerPos - 1, end);

    if (isSof(marker)) {
      if (size === null) size = readSof(payload, fail);
      parts.push(segment);
    } else if (marker === SOS) {
      if (size === null) fail('scan before frame header');
      parts.push(segment);
      const dataEnd = entropyDataEnd(bytes, end, fail);
      parts.push(bytes.subarray(end, dataEnd));
      scans++;
      pos = dataEnd;
      continue;
    } else if (JPEG_DECODE_MARKERS.has(marker)) {
      parts.push(segment);
    } else if (marker === APP0 && startsWith(payload, JFIF_ID)) {
      parts.push(cleanJfif(payload, fail));
    } else if (marker === APP14 && startsWith(payload, ADOBE_ID)) {
      parts.push(cleanAdobe(payload, fail));
    } else if (marker === APP1 && exif === null && startsWith(payload, EXIF_ID)) {
      // Only read for its orientation, never copied. Decoders use the first EXIF segment, so do we.
      exif = payload.subarray(EXIF_ID.length);
    }
    // Every other segment (APP1 EXIF/XMP, APP2 ICC/MPF, APP13 IPTC, COM, unknown) is dropped.
    pos = end;
  }
}

/** Finds the marker at `pos` (after optional 0xFF fill bytes) and returns the marker byte's offset. */
function readMarker(bytes: Uint8Array, pos: number, fail: Fail): number {
  if (pos >= bytes.length) fail('truncated before end-of-image marker');
  if (bytes[pos] !== 0xff) fail(`expected a marker at offset ${pos}`);
  let p = pos + 1;
  while (p < bytes.length && bytes[p] === 0xff) p++;
  if (p >= bytes.length) fail('truncated before end-of-image marker');
  if (bytes[p] === 0x00) fail(`invalid marker at offset ${p}`);
  return p;
}

/** The scan's data ends at the first 0xFF that is neither a stuffed 0xFF00 nor a restart marker. */
function entropyDataEnd(bytes: Uint8Array, start: number, fail: Fail): number {
  let i = bytes.indexOf(0xff, start);
  while (i !== -1) {
    if (i + 1 >= bytes.length) break;
    const next = bytes[i + 1];
    if (next !== 0x00 && !isRst(next)) return i;
    i = bytes.indexOf(0xff, i + 2);
  }
  return fail('truncated scan data');
}

function readSof(payload: Uint8Array, fail: Fail): { width: number; height: number } {
  // Precision (1), height (2), width (2), component count (1), then 3 bytes per component.
  if (payload.length < 6 || payload.length < 6 + 3 * payload[5]) fail('frame header too short');
  const height = u16be(payload, 1);
  const width = u16be(payload, 3);
  // A zero height would be set later by a DNL segment; real encoders do not do that.
  if (width === 0 || height === 0) fail('frame header declares a zero size');
  return { width, height };
}

const JFIF_ID = ascii('JFIF\0');
const ADOBE_ID = ascii('Adobe');

/**
 * Rebuilds JFIF APP0 without its optional thumbnail: the thumbnail is a picture of the original
 * and may show what an edit removed. Version, density unit and density are kept.
 */
function cleanJfif(payload: Uint8Array, fail: Fail): Uint8Array {
  if (payload.length < 14) fail('JFIF header too short');
  const out = new Uint8Array(18);
  out.set([0xff, APP0, 0x00, 16]);
  out.set(payload.subarray(0, 12), 4); // "JFIF\0", version, unit, X and Y density
  // The last two bytes (thumbnail width and height) stay 0: no thumbnail.
  return out;
}

/** An EXIF APP1 segment around the given TIFF data. */
function exifApp1(tiff: Uint8Array): Uint8Array {
  const length = 2 + EXIF_ID.length + tiff.length;
  return concat([Uint8Array.of(0xff, APP1, length >> 8, length & 0xff), EXIF_ID, tiff]);
}

/** Keeps only the 12-byte Adobe APP14 header: its colour transform flag is needed to decode CMYK/RGB. */
function cleanAdobe(payload: Uint8Array, fail: Fail): Uint8Array {
  if (payload.length < 12) fail('Adobe header too short');
  const out = new Uint8Array(16);
  out.set([0xff, APP14, 0x00, 14]);
  out.set(payload.subarray(0, 12), 4);
  return out;
}

// ---------------------------------------------------------------------------------------------
// EXIF orientation

/**
 * Starts an EXIF APP1 payload. The WebP container wants bare TIFF data in its EXIF chunk, but
 * libvips and cwebp put this prefix there too, so it is skipped when present and never written.
 */
const EXIF_ID = ascii('Exif\0\0');
const ORIENTATION_TAG = 0x0112;
const TIFF_SHORT = 3;

/**
 * The Orientation (IFD0 tag 0x0112) of a TIFF-structured EXIF block, or null when it is absent, 1
 * (already upright) or unreadable: a broken EXIF block must not make an otherwise fine photo fail.
 */
function readOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49; // "II"
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null; // "MM"
  const u16 = (o: number) => (little ? u16le(tiff, o) : u16be(tiff, o));
  const u32 = (o: number) => (little ? u32le(tiff, o) : u32be(tiff, o));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let entry = ifd + 2; entry < ifd + 2 + count * 12; entry += 12) {
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    // One SHORT, stored in the first two bytes of the entry's value field.
    if (u16(entry + 2) !== TIFF_SHORT || u32(entry + 4) !== 1) return null;
    const value = u16(entry + 8);
    return value >= 2 && value <= 8 ? value : null;
  }
  return null;
}

/** A minimal TIFF block: header, an IFD0 holding only the Orientation entry, and no next IFD (so no thumbnail). */
function orientationTiff(orientation: number): Uint8Array {
  return Uint8Array.of(
    0x4d,
    0x4d,
    0,
    42,
    0,
    0,
    0,
    8, // big-endian ("MM"), magic 42, IFD0 at offset 8
    0,
    1, // one entry
    0x01,
    0x12,
    0,
    TIFF_SHORT,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0, // Orientation, SHORT, count 1, value
    0,
    0,
    0,
    0, // no IFD1
  );
}

// ---------------------------------------------------------------------------------------------
// PNG

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Critical chunks and the ancillary ones that change how pixels display; none can hold text. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'bKGD', 'pHYs']);

/** Largest chunk length and image side the PNG spec allows (2^31 - 1). */
const PNG_MAX = 0x7fffffff;

/**
 * Walks the chunks from IHDR to IEND, checking each length and the CRC of every kept chunk.
 * Kept chunks are copied byte for byte (CRCs unchanged); text, EXIF, time, ICC and unknown
 * ancillary chunks and anything after IEND are dropped.
 */
function parsePng(bytes: Uint8Array): ParsedImage {
  const fail: Fail = failer('PNG');
  if (!startsWith(bytes, PNG_SIGNATURE)) fail('missing signature');
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let width = 0;
  let height = 0;
  let sawData = false;
  let pos = 8;
  for (;;) {
    if (pos + 12 > bytes.length) fail('truncated before IEND');
    const length = u32be(bytes, pos);
    if (length > PNG_MAX) fail(`chunk length ${length} at offset ${pos} is too large`);
    const type = readPngChunkType(bytes, pos + 4, fail);
    const end = pos + 12 + length;
    if (end > bytes.length) fail(`truncated ${type} chunk`);
    if ((pos === 8) !== (type === 'IHDR')) fail('IHDR must be the first chunk, and only once');
    if (isCriticalChunk(type) && !PNG_KEEP.has(type)) fail(`unknown critical chunk ${type}`);

    if (type === 'IHDR') ({ width, height } = readIhdr(bytes.subarray(pos + 8, end - 4), fail));
    if (type === 'IDAT') sawData = true;
    if (PNG_KEEP.has(type)) {
      if (crc32(bytes.subarray(pos + 4, end - 4)) !== u32be(bytes, end - 4)) fail(`bad CRC in ${type} chunk`);
      parts.push(bytes.subarray(pos, end));
    }
    pos = end;
    if (type === 'IEND') break;
  }
  if (!sawData) fail('no IDAT chunk');
  return { width, height, parts };
}

function readPngChunkType(bytes: Uint8Array, pos: number, fail: Fail): string {
  const type = String.fromCharCode(...bytes.subarray(pos, pos + 4));
  if (!/^[A-Za-z]{4}$/.test(type)) fail(`invalid chunk type at offset ${pos}`);
  return type;
}

/** Bit 5 of the first letter clear (upper case) marks a chunk decoders must understand. */
function isCriticalChunk(type: string): boolean {
  return (type.charCodeAt(0) & 0x20) === 0;
}

function readIhdr(data: Uint8Array, fail: Fail): { width: number; height: number } {
  if (data.length !== 13) fail('IHDR must be 13 bytes');
  const width = u32be(data, 0);
  const height = u32be(data, 4);
  if (width === 0 || height === 0 || width > PNG_MAX || height > PNG_MAX) fail('IHDR declares an invalid size');
  return { width, height };
}

let crcTable: Uint32Array | null = null;

/** CRC-32 as PNG uses it (zlib's polynomial); zlib itself is not available in workerd. */
function crc32(data: Uint8Array): number {
  crcTable ??= makeCrcTable();
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function makeCrcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

// ---------------------------------------------------------------------------------------------
// WebP

const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const VP8_PREFIX = ascii('VP8');

/** Top-level chunks a decoder needs; ICCP, EXIF, XMP and unknown chunks are dropped. */
const WEBP_KEEP = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);
/** Chunks allowed inside an animation frame (ANMF); unknown ones there are dropped too. */
const WEBP_FRAME_KEEP = new Set(['VP8 ', 'VP8L', 'ALPH']);
/** VP8X flag bits for ICC profile, EXIF and XMP, cleared since those chunks are gone. */
const VP8X_METADATA_FLAGS = 0x20 | 0x08 | 0x04;
const VP8X_EXIF_FLAG = 0x08;
const VP8X_ALPHA_FLAG = 0x10;
/** The ANMF header (position, size, duration, flags) before the frame's own chunks. */
const ANMF_HEADER = 16;

type RiffChunk = { id: string; data: Uint8Array };

/**
 * Reads the RIFF chunks, keeps the image chunks (rewriting VP8X flags and filtering inside
 * animation frames) and writes a new RIFF header with the corrected size. Bytes after the
 * RIFF size are dropped. An orientation is written as a new EXIF chunk at the end, where the
 * container spec puts it; that needs a VP8X header, so a simple file is given one.
 */
function parseWebp(bytes: Uint8Array): ParsedImage {
  const fail: Fail = failer('WebP');
  if (bytes.length < 12 || !startsWith(bytes, RIFF) || !startsWith(bytes, WEBP, 8)) fail('missing RIFF/WEBP header');
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd < 12) fail('RIFF size too small');
  if (riffEnd > bytes.length) fail('truncated (RIFF size larger than the file)');
  const chunks = readRiffChunks(bytes.subarray(12, riffEnd), fail);
  const size = webpSize(chunks, fail);
  const orientation = webpOrientation(chunks);

  const body: Uint8Array[] = [];
  if (orientation && chunks[0].id !== 'VP8X') body.push(riffChunk('VP8X', simpleVp8x(chunks[0], size)));
  for (const chunk of chunks) {
    if (!WEBP_KEEP.has(chunk.id)) continue;
    if (chunk.id === 'VP8X') body.push(riffChunk(chunk.id, vp8xFlags(chunk.data, orientation !== null)));
    else if (chunk.id === 'ANMF') body.push(riffChunk(chunk.id, cleanFrame(chunk.data, fail)));
    else body.push(riffChunk(chunk.id, chunk.data));
  }
  if (orientation) body.push(riffChunk('EXIF', orientationTiff(orientation)));
  const header = new Uint8Array(12);
  header.set(RIFF, 0);
  setU32le(header, 4, 4 + totalLength(body));
  header.set(WEBP, 8);
  return { ...size, parts: [header, ...body], orientation };
}

/** Splits a run of RIFF chunks (4-byte id, little-endian size, data, pad byte to an even length). */
function readRiffChunks(bytes: Uint8Array, fail: Fail): RiffChunk[] {
  const chunks: RiffChunk[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    if (pos + 8 > bytes.length) fail('truncated chunk header');
    const id = String.fromCharCode(...bytes.subarray(pos, pos + 4));
    const length = u32le(bytes, pos + 4);
    const dataEnd = pos + 8 + length;
    if (dataEnd > bytes.length) fail(`truncated ${JSON.stringify(id)} chunk`);
    chunks.push({ id, data: bytes.subarray(pos + 8, dataEnd) });
    // Tolerate a missing pad byte only after the very last chunk, as libwebp does.
    pos = Math.min(dataEnd + (length & 1), bytes.length);
  }
  return chunks;
}

/** Canvas size from VP8X when present, else the size in the single VP8/VP8L bitstream header. */
function webpSize(chunks: RiffChunk[], fail: Fail): { width: number; height: number } {
  const first = chunks[0];
  if (first === undefined) fail('no chunks');
  if (first.id === 'VP8 ' || first.id === 'VP8L') return bitstreamSize(first, fail);
  if (first.id !== 'VP8X') fail(`unexpected first chunk ${JSON.stringify(first.id)}`);
  if (first.data.length < 10) fail('VP8X chunk too short');
  const width = u24le(first.data, 4) + 1;
  const height = u24le(first.data, 7) + 1;
  const image = chunks.find((c) => c.id === 'VP8 ' || c.id === 'VP8L');
  if (image !== undefined) {
    // A still image's bitstream must match the canvas, as libwebp requires.
    const inner = bitstreamSize(image, fail);
    if (inner.width !== width || inner.height !== height) fail('image size does not match the VP8X canvas');
  } else if (!chunks.some((c) => c.id === 'ANMF')) {
    fail('no image data');
  }
  return { width, height };
}

/** The orientation in the first EXIF chunk, whose TIFF data may or may not start with "Exif\0\0". */
function webpOrientation(chunks: RiffChunk[]): number | null {
  const exif = chunks.find((c) => c.id === 'EXIF')?.data;
  if (exif === undefined) return null;
  return readOrientation(startsWith(exif, EXIF_ID) ? exif.subarray(EXIF_ID.length) : exif);
}

/**
 * A VP8X payload with the EXIF flag for a simple (VP8 or VP8L only) file: the canvas is the
 * bitstream's size, and the alpha flag follows the VP8L header's alpha hint (a simple VP8 file
 * cannot have alpha).
 */
function simpleVp8x(image: RiffChunk, size: { width: number; height: number }): Uint8Array {
  const out = new Uint8Array(10);
  out[0] = VP8X_EXIF_FLAG;
  // VP8L: 0x2F, then width-1 and height-1 in 14 bits each; the next bit (bit 4 of byte 4) is alpha.
  if (image.id === 'VP8L' && (image.data[4] & 0x10) !== 0) out[0] |= VP8X_ALPHA_FLAG;
  setU24le(out, 4, size.width - 1);
  setU24le(out, 7, size.height - 1);
  return out;
}

/** Reads the frame header of a lossy (VP8) or lossless (VP8L) bitstream. */
function bitstreamSize(chunk: RiffChunk, fail: Fail): { width: number; height: number } {
  const d = chunk.data;
  if (chunk.id === 'VP8L') {
    // Signature 0x2F, then 14 bits width-1, 14 bits height-1, 1 alpha bit, 3 version bits (0).
    if (d.length < 5 || d[0] !== 0x2f) fail('bad VP8L header');
    const bits = u32le(d, 1);
    if (bits >>> 29 !== 0) fail('unknown VP8L version');
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  // 3-byte frame tag (bit 0 clear on a key frame), start code 9D 01 2A, then 14-bit sizes.
  if (d.length < 10 || (d[0] & 1) !== 0 || d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) fail('bad VP8 header');
  const width = u16le(d, 6) & 0x3fff;
  const height = u16le(d, 8) & 0x3fff;
  if (width === 0 || height === 0) fail('VP8 header declares a zero size');
  return { width, height };
}

/**
 * A copy of the VP8X payload with the ICC, EXIF and XMP flags cleared, except EXIF when the new
 * orientation chunk follows (the input stays untouched).
 */
function vp8xFlags(data: Uint8Array, exif: boolean): Uint8Array {
  const copy = data.slice();
  copy[0] &= ~VP8X_METADATA_FLAGS;
  if (exif) copy[0] |= VP8X_EXIF_FLAG;
  return copy;
}

/** An ANMF payload with its header kept and only the image chunks inside it. */
function cleanFrame(data: Uint8Array, fail: Fail): Uint8Array {
  if (data.length < ANMF_HEADER) fail('ANMF chunk too short');
  const inner = readRiffChunks(data.subarray(ANMF_HEADER), fail);
  if (!inner.some((c) => c.id === 'VP8 ' || c.id === 'VP8L')) fail('animation frame without image data');
  for (const c of inner) if (c.id === 'VP8 ' || c.id === 'VP8L') bitstreamSize(c, fail);
  const kept = inner.filter((c) => WEBP_FRAME_KEEP.has(c.id)).map((c) => riffChunk(c.id, c.data));
  return concat([data.subarray(0, ANMF_HEADER), ...kept]);
}

/** Serialises one chunk, adding the pad byte RIFF requires after odd-sized data. */
function riffChunk(id: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1));
  out.set(ascii(id), 0);
  setU32le(out, 4, data.length);
  out.set(data, 8);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Byte helpers

type Fail = (reason: string) => never;

/** Builds the error thrower for one format, so every message names the format it was parsing. */
function failer(format: string): Fail {
  return (reason) => {
    throw new InvalidImageError(`Invalid ${format}: ${reason}`);
  };
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, prefix: ArrayLike<number>, offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[offset + i] !== prefix[i]) return false;
  return true;
}

function hex(n: number): string {
  return n.toString(16).padStart(2, '0');
}

function u16be(b: Uint8Array, o: number): number {
  return (b[o] << 8) | b[o + 1];
}

function u32be(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

function u16le(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}

function u24le(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8) | (b[o + 2] << 16);
}

function u32le(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}

function setU24le(b: Uint8Array, o: number, value: number): void {
  b[o] = value & 0xff;
  b[o + 1] = (value >>> 8) & 0xff;
  b[o + 2] = (value >>> 16) & 0xff;
}

function setU32le(b: Uint8Array, o: number, value: number): void {
  b[o] = value & 0xff;
  b[o + 1] = (value >>> 8) & 0xff;
  b[o + 2] = (value >>> 16) & 0xff;
  b[o + 3] = (value >>> 24) & 0xff;
}

function totalLength(parts: Uint8Array[]): number {
  return parts.reduce((sum, p) => sum + p.length, 0);
}
