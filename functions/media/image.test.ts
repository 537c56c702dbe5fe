import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp, { type JpegOptions, type Sharp, type WebpOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MIME, InvalidImageError, MAX_IMAGE_PIXELS, imageSize, sniffImage, stripImageMetadata, type ImageType } from './image.ts';

// Every fixture is made here in code: real encoders (sharp/libvips) write the images and their
// metadata, and independent readers (exifr, sharp) check what survives.

// Odd, non-square size, so swapped or off-by-one dimensions show.
const W = 37;
const H = 23;

/** Strings planted in the metadata; none may appear anywhere in a stripped file. */
const SECRETS = [
  'Jane Doe',
  'Canon',
  'EOS R6',
  'SN-4471-XK',
  '2024:05:06',
  'SECRET-XMP',
  'SECRET-COMMENT',
  'SECRET-IPTC',
  'SECRET-TEXT',
  'SECRET-ITXT',
  'SECRET-CHUNK',
  'SECRET-TRAILER',
];

const EXIF = {
  IFD0: { Artist: 'Jane Doe', Copyright: 'Jane Doe 2024', Make: 'Canon', Model: 'EOS R6', DateTime: '2024:05:06 07:08:09' },
  IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', BodySerialNumber: 'SN-4471-XK' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 44/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '119/1 47/1 0/1' },
};

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>SECRET-XMP Jane Doe</rdf:li>' +
  '</rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

/** A gradient rather than a flat colour, so a decode that loses or shifts pixels shows. */
function pixels(channels: 3 | 4, width = W, height = H): Sharp {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = ((x + y) * 97) % 256;
      if (channels === 4) data[i + 3] = 64 + ((x * 7 + y * 3) % 192);
    }
  }
  return sharp(data, { raw: { width, height, channels } });
}

/** An image as a phone or camera app would write it: EXIF with GPS, serial and dates, XMP, an ICC profile. */
function withMetadata(image: Sharp): Sharp {
  return image.withExif(EXIF).withXmp(XMP).withIccProfile('p3');
}

/** The same, as a phone would write a portrait photo: pixels stored sideways, EXIF Orientation 6. */
function withOrientation(image: Sharp, orientation = 6): Sharp {
  return withMetadata(image).withMetadata({ orientation });
}

async function bytesOf(image: Sharp): Promise<Uint8Array> {
  return new Uint8Array(await image.toBuffer());
}

/**
 * Decodes strictly (any decoder warning fails) and ignores ICC profiles so pixels are compared
 * as stored: the stripped file has no profile, the original's would otherwise recolour it.
 */
async function decode(bytes: Uint8Array, animated = false) {
  const { data, info } = await sharp(bytes, { failOn: 'warning', ignoreIcc: true, animated }).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: info.channels };
}

function contains(haystack: Uint8Array, needle: string): boolean {
  return Buffer.from(haystack).includes(needle, 0, 'latin1');
}

function expectNoSecrets(bytes: Uint8Array) {
  for (const secret of SECRETS) expect(contains(bytes, secret), `"${secret}" survived`).toBe(false);
}

/** The metadata exifr and sharp can find, summarised so before/after can be compared. */
async function metadataOf(bytes: Uint8Array) {
  const tags = (await exifr.parse(bytes, true)) ?? {};
  const gps = await exifr.gps(bytes);
  const meta = await sharp(bytes).metadata();
  return {
    latitude: gps?.latitude,
    make: tags.Make,
    artist: tags.Artist,
    serial: tags.SerialNumber,
    taken: tags.DateTimeOriginal,
    exif: meta.exif !== undefined,
    xmp: meta.xmp !== undefined,
    icc: meta.icc !== undefined,
    iptc: meta.iptc !== undefined,
    comments: meta.comments ?? [],
  };
}

const PRESENT = {
  latitude: expect.closeTo(36.7333, 3),
  make: 'Canon',
  artist: 'Jane Doe',
  serial: 'SN-4471-XK',
  taken: expect.any(Date),
  exif: true,
  xmp: true,
  icc: true,
};
const ABSENT = {
  latitude: undefined,
  make: undefined,
  artist: undefined,
  serial: undefined,
  taken: undefined,
  exif: false,
  xmp: false,
  icc: false,
  iptc: false,
  comments: [],
};

function concatBytes(...parts: ArrayLike<number>[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts.map((p) => Uint8Array.from(p))));
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function expectInvalid(bytes: Uint8Array, type: ImageType) {
  expect(() => stripImageMetadata(bytes, type)).toThrow(InvalidImageError);
  expect(() => imageSize(bytes, type)).toThrow(InvalidImageError);
}

// --- JPEG builders -----------------------------------------------------------------------------

function jpegSegment(marker: number, payload: ArrayLike<number>): Uint8Array {
  const length = payload.length + 2;
  return concatBytes([0xff, marker, length >> 8, length & 0xff], payload);
}

/** Lists marker codes up to the first SOS (the metadata all lives before it). */
function jpegMarkers(bytes: Uint8Array): number[] {
  const markers: number[] = [];
  let pos = 2;
  while (pos + 4 <= bytes.length && bytes[pos] === 0xff) {
    if (bytes[pos + 1] === 0xff) {
      pos++; // fill byte
      continue;
    }
    const marker = bytes[pos + 1];
    markers.push(marker);
    if (marker === 0xda) break;
    pos += 2 + ((bytes[pos + 2] << 8) | bytes[pos + 3]);
  }
  return markers;
}

/** An IPTC byline wrapped in a Photoshop APP13 resource block, as Photoshop and newsroom tools write it. */
function iptcApp13(byline: string): Uint8Array {
  const iptc = concatBytes([0x1c, 0x02, 80, 0, byline.length], latin1(byline));
  const padded = iptc.length % 2 ? concatBytes(iptc, [0]) : iptc;
  const size = [(iptc.length >>> 24) & 0xff, (iptc.length >>> 16) & 0xff, (iptc.length >>> 8) & 0xff, iptc.length & 0xff];
  return jpegSegment(0xed, concatBytes(latin1('Photoshop 3.0\0'), latin1('8BIM'), [0x04, 0x04, 0, 0], size, padded));
}

/** A JFIF APP0 carrying a 2x1 RGB thumbnail (6 bytes) that must not survive. */
const JFIF_WITH_THUMBNAIL = jpegSegment(0xe0, concatBytes(latin1('JFIF\0'), [1, 2, 1, 0, 72, 0, 72, 2, 1], latin1('SECRET')));

/** A sharp JPEG with EXIF/XMP/ICC, plus JFIF thumbnail, COM, APP13 IPTC, fill bytes and trailing data. */
async function dirtyJpeg(options: JpegOptions = {}, image: Sharp = withMetadata(pixels(3))): Promise<Uint8Array> {
  const base = await bytesOf(image.jpeg(options));
  return concatBytes(
    base.subarray(0, 2),
    JFIF_WITH_THUMBNAIL,
    jpegSegment(0xfe, latin1('SECRET-COMMENT taken at 12 Main St')),
    iptcApp13('SECRET-IPTC Jane Doe'),
    [0xff, 0xff], // fill bytes before the next marker are legal
    base.subarray(2),
    latin1('SECRET-TRAILER'),
  );
}

// --- PNG builders ------------------------------------------------------------------------------

function pngChunk(type: string, data: ArrayLike<number>): Uint8Array {
  const body = concatBytes(latin1(type), data);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  out.set(body, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return new Uint8Array(out);
}

function pngChunks(bytes: Uint8Array): { type: string; start: number; end: number }[] {
  const view = Buffer.from(bytes);
  const chunks = [];
  for (let pos = 8; pos + 12 <= bytes.length;) {
    const end = pos + 12 + view.readUInt32BE(pos);
    chunks.push({ type: view.toString('latin1', pos + 4, pos + 8), start: pos, end });
    pos = end;
  }
  return chunks;
}

/** Inserts chunks right after IHDR (IHDR is always 25 bytes after the 8-byte signature). */
function insertAfterIhdr(png: Uint8Array, ...chunks: Uint8Array[]): Uint8Array {
  return concatBytes(png.subarray(0, 33), ...chunks, png.subarray(33));
}

async function dirtyPng(image: Sharp = withMetadata(pixels(3)).png()): Promise<Uint8Array> {
  const base = await bytesOf(image);
  const iend = base.length - 12;
  return concatBytes(
    insertAfterIhdr(
      base.subarray(0, iend),
      pngChunk('tEXt', latin1('Author\0SECRET-TEXT Jane Doe')),
      pngChunk('iTXt', latin1('Description\0\0\0en\0\0SECRET-ITXT home address')),
      pngChunk('tIME', [0x07, 0xe8, 5, 6, 7, 8, 9]),
    ),
    // Text after the image data is legal too, and easy for a header-only reader to miss.
    pngChunk('tEXt', latin1('Comment\0SECRET-TEXT late')),
    pngChunk('prVt', latin1('SECRET-CHUNK')),
    base.subarray(iend),
    latin1('SECRET-TRAILER'),
  );
}

// --- WebP builders -----------------------------------------------------------------------------

function webpChunks(bytes: Uint8Array): { id: string; data: Uint8Array }[] {
  const view = Buffer.from(bytes);
  const chunks = [];
  for (let pos = 12; pos + 8 <= bytes.length;) {
    const length = view.readUInt32LE(pos + 4);
    chunks.push({ id: view.toString('latin1', pos, pos + 4), data: bytes.subarray(pos + 8, pos + 8 + length) });
    pos += 8 + length + (length & 1);
  }
  return chunks;
}

function riffChunk(id: string, data: ArrayLike<number>): Uint8Array {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return concatBytes(header, data, data.length % 2 ? [0] : []);
}

function riff(chunks: Uint8Array[]): Uint8Array {
  const body = concatBytes(...chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return concatBytes(header, body);
}

/** A sharp WebP with EXIF/XMP/ICC, an unknown chunk and bytes after the RIFF data. */
async function dirtyWebp(options: WebpOptions = {}, channels: 3 | 4 = 3, image = withMetadata(pixels(channels))): Promise<Uint8Array> {
  const base = await bytesOf(image.webp(options));
  const chunks = webpChunks(base).map((c) => riffChunk(c.id, c.data));
  return concatBytes(riff([...chunks, riffChunk('SCRT', latin1('SECRET-CHUNK'))]), latin1('SECRET-TRAILER'));
}

// --- EXIF builders -----------------------------------------------------------------------------

/**
 * A hand-built TIFF block in either byte order: Make (a string stored after the IFD), then
 * Orientation with the given value, type and count. Both entries sit in IFD0 as cameras write them.
 */
function exifTiff(order: 'II' | 'MM', orientation: number, type = 3, count = 1): Uint8Array {
  const b = Buffer.alloc(44);
  const u16 = (v: number, o: number) => (order === 'II' ? b.writeUInt16LE(v, o) : b.writeUInt16BE(v, o));
  const u32 = (v: number, o: number) => (order === 'II' ? b.writeUInt32LE(v, o) : b.writeUInt32BE(v, o));
  b.write(order, 0, 'latin1');
  u16(42, 2);
  u32(8, 4); // IFD0 offset
  u16(2, 8); // entry count
  // Make: ASCII, 6 bytes, stored at offset 38.
  u16(0x010f, 10);
  u16(2, 12);
  u32(6, 14);
  u32(38, 18);
  // Orientation: a SHORT value sits in the first two bytes of the value field.
  u16(0x0112, 22);
  u16(type, 24);
  u32(count, 26);
  u16(orientation, 30);
  u32(0, 34); // no IFD1
  b.write('Canon\0', 38, 'latin1');
  return new Uint8Array(b);
}

/** A JPEG with the given payload in an APP1 segment right after SOI. */
async function jpegWithApp1(payload: ArrayLike<number>): Promise<Uint8Array> {
  const base = await bytesOf(pixels(3).jpeg());
  return concatBytes(base.subarray(0, 2), jpegSegment(0xe1, payload), base.subarray(2));
}

/** The only EXIF a stripped photo with orientation 6 may carry: Orientation alone, nothing after it. */
const ORIENTATION_6_TIFF = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];

// -----------------------------------------------------------------------------------------------

describe('sniffImage', () => {
  it('recognises real JPEG, PNG and WebP files by content', async () => {
    expect(sniffImage(await bytesOf(pixels(3).jpeg()))).toBe('jpeg');
    expect(sniffImage(await bytesOf(pixels(4).png()))).toBe('png');
    expect(sniffImage(await bytesOf(pixels(3).webp()))).toBe('webp');
    expect(sniffImage(await bytesOf(pixels(3).webp({ lossless: true })))).toBe('webp');
    expect(IMAGE_MIME).toEqual({ jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' });
  });

  it('refuses a text file named .jpg, a GIF, other RIFF files and stubs', async () => {
    const textNamedJpg = new File(['just some text, not a photo'], 'photo.jpg', { type: 'image/jpeg' });
    expect(sniffImage(new Uint8Array(await textNamedJpg.arrayBuffer()))).toBeNull();
    expect(sniffImage(await bytesOf(pixels(3).gif()))).toBeNull();
    expect(sniffImage(concatBytes(latin1('RIFF'), [4, 0, 0, 0], latin1('WAVEfmt ')))).toBeNull();
    expect(sniffImage(concatBytes(latin1('RIFF'), [4, 0, 0, 0], latin1('WEBPJUNK')))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(Uint8Array.of(0xff, 0xd8))).toBeNull();
    expect(sniffImage(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))).toBeNull();
  });

  it('is only the first gate: a truncated file still sniffs but cannot be parsed', async () => {
    const jpeg = await bytesOf(pixels(3).jpeg());
    const png = await bytesOf(pixels(3).png());
    expect(sniffImage(jpeg.subarray(0, 200))).toBe('jpeg');
    expect(sniffImage(png.subarray(0, 40))).toBe('png');
    expectInvalid(jpeg.subarray(0, 200), 'jpeg');
    expectInvalid(png.subarray(0, 40), 'png');
  });
});

describe('imageSize', () => {
  it('reads the dimensions of all three types', async () => {
    const cases: [ImageType, Sharp][] = [
      ['jpeg', pixels(3).jpeg()],
      ['jpeg', pixels(3).jpeg({ progressive: true })],
      ['jpeg', pixels(3).toColourspace('cmyk').jpeg()],
      ['png', pixels(3).png()],
      ['png', pixels(4).png({ palette: true })],
      ['webp', pixels(3).webp()], // simple lossy: VP8
      ['webp', pixels(3).webp({ lossless: true })], // simple lossless: VP8L
      ['webp', pixels(4).webp()], // extended: VP8X + ALPH + VP8
      ['webp', withMetadata(pixels(3)).webp()], // extended: VP8X + metadata
    ];
    for (const [type, image] of cases) {
      const bytes = await bytesOf(image);
      expect(sniffImage(bytes)).toBe(type);
      expect(imageSize(bytes, type)).toEqual({ width: W, height: H });
    }
  });

  it('reads a huge declared size from a crafted PNG header without decoding, so callers can refuse it', () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const bomb = concatBytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
      pngChunk('IEND', []),
    );
    const { width, height } = imageSize(bomb, 'png');
    expect({ width, height }).toEqual({ width: 100_000, height: 100_000 });
    expect(width * height).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it('reads huge declared sizes from crafted JPEG and WebP headers too', async () => {
    const jpeg = await bytesOf(pixels(3).jpeg());
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    const bomb = jpeg.slice();
    bomb.set([60_000 >> 8, 60_000 & 0xff, 50_000 >> 8, 50_000 & 0xff], sof + 5); // height, width
    expect(imageSize(bomb, 'jpeg')).toEqual({ width: 50_000, height: 60_000 });

    // VP8X canvas and VP8L header both declaring 16384 x 16384.
    const side = 16_384 - 1;
    const vp8x = [0, 0, 0, 0, side & 0xff, side >> 8, 0, side & 0xff, side >> 8, 0];
    const bits = side | (side << 14);
    const vp8l = [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, 0];
    const webp = riff([riffChunk('VP8X', vp8x), riffChunk('VP8L', vp8l)]);
    const size = imageSize(webp, 'webp');
    expect(size).toEqual({ width: 16_384, height: 16_384 });
    expect(size.width * size.height).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });
});

describe('stripImageMetadata: JPEG', () => {
  it('removes EXIF (GPS, serial, dates), XMP, ICC, IPTC, COM, the JFIF thumbnail and trailing data', async () => {
    const dirty = await dirtyJpeg();
    expect(await metadataOf(dirty)).toMatchObject({ ...PRESENT, iptc: true });
    expect(contains(dirty, 'SECRET-COMMENT')).toBe(true);

    const clean = stripImageMetadata(dirty, 'jpeg');

    expect(await metadataOf(clean)).toEqual(ABSENT);
    expectNoSecrets(clean);
    expect(jpegMarkers(dirty)).toEqual(expect.arrayContaining([0xe1, 0xe2, 0xed, 0xfe]));
    const kept = jpegMarkers(clean);
    expect(kept.filter((m) => m >= 0xe1 || m === 0xfe)).toEqual([]); // no APP1..APP15 or COM
    // JFIF stays, rebuilt with a zero-size thumbnail.
    expect(Array.from(clean.subarray(2, 20))).toEqual([0xff, 0xe0, 0, 16, ...latin1('JFIF\0'), 1, 2, 1, 0, 72, 0, 72, 0, 0]);
    expect(Array.from(clean.subarray(-2))).toEqual([0xff, 0xd9]);
  });

  it('still decodes to the same pixels and dimensions', async () => {
    for (const options of [{}, { progressive: true }, { chromaSubsampling: '4:4:4' }] as JpegOptions[]) {
      const dirty = await dirtyJpeg(options);
      const clean = stripImageMetadata(dirty, 'jpeg');
      expect(imageSize(clean, 'jpeg')).toEqual({ width: W, height: H });
      const [before, after] = await Promise.all([decode(dirty), decode(clean)]);
      expect(after.width).toBe(W);
      expect(after.height).toBe(H);
      expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    }
  });

  it('keeps the Adobe APP14 segment a CMYK JPEG needs to decode correctly', async () => {
    const dirty = await bytesOf(pixels(3).withExif(EXIF).withXmp(XMP).withIccProfile('cmyk').jpeg());
    const clean = stripImageMetadata(dirty, 'jpeg');
    expect(jpegMarkers(clean)).toContain(0xee);
    expect((await sharp(clean).metadata()).space).toBe('cmyk');
    const [before, after] = await Promise.all([decode(dirty), decode(clean)]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    expect(await metadataOf(clean)).toEqual(ABSENT);
  });

  it('copies scan data with stuffed bytes and restart markers untouched', () => {
    // A minimal 8x8 greyscale frame; the scan holds FF00 (a stuffed FF) and FFD0 (RST0).
    const sof = jpegSegment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
    const sos = jpegSegment(0xda, [1, 1, 0, 0, 63, 0]);
    const jpeg = concatBytes([0xff, 0xd8], sof, sos, [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56], [0xff, 0xd9]);
    expect(stripImageMetadata(jpeg, 'jpeg')).toEqual(jpeg);
    expect(imageSize(jpeg, 'jpeg')).toEqual({ width: 8, height: 8 });
  });

  it('rejects malformed JPEGs', async () => {
    const jpeg = await bytesOf(pixels(3).jpeg());
    const sofAt = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    const sofEnd = sofAt + 2 + ((jpeg[sofAt + 2] << 8) | jpeg[sofAt + 3]);
    expectInvalid(jpeg.subarray(0, -2), 'jpeg'); // no EOI
    expectInvalid(concatBytes(jpeg.subarray(0, 2), [0x00, 0x11], jpeg.subarray(2)), 'jpeg'); // garbage between segments
    expectInvalid(concatBytes(jpeg.subarray(0, sofAt), jpeg.subarray(sofEnd)), 'jpeg'); // scan without frame header
    expectInvalid(concatBytes(jpeg.subarray(0, 2), [0xff, 0xe1, 0xff, 0xf0, 1, 2, 3]), 'jpeg'); // segment past the end
    expectInvalid(Uint8Array.of(0xff, 0xd8, 0xff, 0xd9), 'jpeg'); // no image at all
    expect(() => stripImageMetadata(jpeg.subarray(0, 300), 'jpeg')).toThrow(/^Invalid JPEG: truncated/);
  });
});

describe('stripImageMetadata: JPEG orientation', () => {
  it('keeps orientation 6 in a new EXIF block and drops GPS and every other tag', async () => {
    const dirty = await dirtyJpeg({}, withOrientation(pixels(3)));
    expect(await metadataOf(dirty)).toMatchObject(PRESENT);
    expect((await sharp(dirty).metadata()).orientation).toBe(6);

    const clean = stripImageMetadata(dirty, 'jpeg');

    expect(await exifr.parse(clean, { tiff: true, xmp: true, icc: true, iptc: true, ifd1: true, jfif: false })).toEqual({
      Orientation: 'Rotate 90 CW',
    });
    expect(await exifr.orientation(clean)).toBe(6);
    expect(await metadataOf(clean)).toEqual({ ...ABSENT, exif: true });
    expectNoSecrets(clean);
    // JFIF, then the new APP1 right after it, then no other APPn or COM.
    expect(jpegMarkers(clean).filter((m) => m >= 0xe0 || m === 0xfe)).toEqual([0xe0, 0xe1]);
    expect(Array.from(clean.subarray(20, 20 + 36))).toEqual([0xff, 0xe1, 0, 34, ...latin1('Exif\0\0'), ...ORIENTATION_6_TIFF]);

    const meta = await sharp(clean).metadata();
    expect([meta.orientation, meta.width, meta.height, meta.autoOrient]).toEqual([6, W, H, { width: H, height: W }]);
    const [before, after] = await Promise.all([decode(dirty), decode(clean)]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    expect(stripImageMetadata(clean, 'jpeg')).toEqual(clean);
  });

  it('reads the orientation in both byte orders, past other tags', async () => {
    for (const order of ['II', 'MM'] as const) {
      const dirty = await jpegWithApp1(concatBytes(latin1('Exif\0\0'), exifTiff(order, 8)));
      expect(await exifr.parse(dirty, { translateValues: false })).toMatchObject({ Make: 'Canon', Orientation: 8 });
      const clean = stripImageMetadata(dirty, 'jpeg');
      expect(await exifr.parse(clean, { translateValues: false })).toEqual({ Orientation: 8 });
      expect((await sharp(clean).metadata()).orientation).toBe(8);
      expectNoSecrets(clean);
    }
  });

  it('writes no EXIF at all for orientation 1, no orientation, or an EXIF block it cannot read', async () => {
    const plain = stripImageMetadata(await bytesOf(pixels(3).jpeg()), 'jpeg');
    const tiff = exifTiff('MM', 6);
    const noOrientation = exifTiff('MM', 6);
    noOrientation[23] = 0x13; // tag 0x0113 is not Orientation
    const inputs = [
      await dirtyJpeg({}, withOrientation(pixels(3), 1)),
      await dirtyJpeg(), // sharp writes Orientation 1
      await jpegWithApp1(concatBytes(latin1('Exif\0\0'), exifTiff('II', 1))),
      await jpegWithApp1(concatBytes(latin1('Exif\0\0'), noOrientation)),
      ...[
        [], // empty
        concatBytes(latin1('XX'), tiff.subarray(2)), // unknown byte order
        concatBytes(tiff.subarray(0, 3), [43], tiff.subarray(4)), // wrong magic number
        concatBytes(tiff.subarray(0, 4), [0, 0, 0xff, 0xff], tiff.subarray(8)), // IFD0 past the end
        tiff.subarray(0, 30), // cut inside the Orientation entry
        exifTiff('MM', 6, 4), // LONG instead of SHORT
        exifTiff('MM', 6, 3, 2), // two values
        exifTiff('MM', 9), // out of range
        exifTiff('II', 0),
      ].map((bad) => jpegWithApp1(concatBytes(latin1('Exif\0\0'), bad))),
    ];
    for (const dirty of await Promise.all(inputs)) {
      const clean = stripImageMetadata(dirty, 'jpeg');
      expect(jpegMarkers(clean)).not.toContain(0xe1);
      expect((await sharp(clean).metadata()).orientation).toBeUndefined();
      expect(await exifr.parse(clean, { tiff: true, jfif: false })).toBeUndefined();
    }
    // A broken EXIF block is dropped like any other: the rest of the file comes out unchanged.
    expect(stripImageMetadata(await jpegWithApp1(concatBytes(latin1('Exif\0\0'), tiff.subarray(0, 30))), 'jpeg')).toEqual(plain);
  });
});

describe('stripImageMetadata: PNG', () => {
  it('removes eXIf, iCCP, tEXt, zTXt, iTXt, tIME, unknown chunks and trailing data', async () => {
    const dirty = await dirtyPng();
    expect(await metadataOf(dirty)).toMatchObject(PRESENT);
    expect((await sharp(dirty).metadata()).comments).toEqual(
      expect.arrayContaining([
        { keyword: 'Author', text: 'SECRET-TEXT Jane Doe' },
        { keyword: 'Description', text: 'SECRET-ITXT home address' },
      ]),
    );
    expect(pngChunks(dirty).map((c) => c.type)).toEqual(expect.arrayContaining(['eXIf', 'iCCP', 'zTXt', 'tEXt', 'iTXt', 'tIME', 'prVt']));

    const clean = stripImageMetadata(dirty, 'png');

    expect(await metadataOf(clean)).toEqual(ABSENT);
    expectNoSecrets(clean);
    expect(pngChunks(clean).map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
  });

  it('copies kept chunks byte for byte (CRCs unchanged) and decodes to the same pixels', async () => {
    for (const image of [withMetadata(pixels(3)).png(), withMetadata(pixels(4)).png({ palette: true })]) {
      const dirty = await dirtyPng(image);
      const clean = stripImageMetadata(dirty, 'png');
      for (const chunk of pngChunks(clean)) {
        expect(contains(dirty, Buffer.from(clean.subarray(chunk.start, chunk.end)).toString('latin1'))).toBe(true);
      }
      expect(imageSize(clean, 'png')).toEqual({ width: W, height: H });
      const [before, after] = await Promise.all([decode(dirty), decode(clean)]);
      expect([after.width, after.height, after.channels]).toEqual([W, H, before.channels]);
      expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    }
  });

  it('keeps PLTE and tRNS for a palette image with transparency', async () => {
    const clean = stripImageMetadata(await dirtyPng(withMetadata(pixels(4)).png({ palette: true })), 'png');
    expect(pngChunks(clean).map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']);
    expect((await decode(clean)).channels).toBe(4);
  });

  it('rejects malformed PNGs', async () => {
    const png = await bytesOf(pixels(3).png());
    const chunks = pngChunks(png);
    const idat = chunks.find((c) => c.type === 'IDAT')!;
    const badCrc = png.slice();
    badCrc[idat.end - 1] ^= 0xff;
    expectInvalid(badCrc, 'png');
    const hugeLength = png.slice();
    hugeLength.set([0x7f, 0xff, 0xff, 0xf0], idat.start);
    expectInvalid(hugeLength, 'png');
    expectInvalid(png.subarray(0, -12), 'png'); // no IEND
    expectInvalid(concatBytes(png.subarray(0, 8), png.subarray(33)), 'png'); // no IHDR
    expectInvalid(concatBytes(png.subarray(0, idat.start), png.subarray(idat.end)), 'png'); // no IDAT
    expectInvalid(insertAfterIhdr(png, pngChunk('ZZZZ', [1])), 'png'); // unknown critical chunk
    expect(() => imageSize(png, 'jpeg')).toThrow(/^Invalid JPEG/);
  });
});

describe('stripImageMetadata: WebP', () => {
  it('removes EXIF, XMP, ICCP and unknown chunks, clears the VP8X flags and fixes the RIFF size', async () => {
    const dirty = await dirtyWebp();
    // exifr cannot read WebP, so sharp extracts the EXIF block and exifr reads that.
    const meta = await sharp(dirty).metadata();
    expect(await exifr.gps(meta.exif!.subarray(6))).toMatchObject({ latitude: expect.closeTo(36.7333, 3) });
    expect(await exifr.parse(meta.exif!.subarray(6), true)).toMatchObject({ Make: 'Canon', SerialNumber: 'SN-4471-XK' });
    expect([meta.exif, meta.xmp, meta.icc].every(Boolean)).toBe(true);
    expect(webpChunks(dirty)[0].data[0] & 0x2c).toBe(0x2c);

    const clean = stripImageMetadata(dirty, 'webp');

    const after = await sharp(clean).metadata();
    expect([after.exif, after.xmp, after.icc]).toEqual([undefined, undefined, undefined]);
    expectNoSecrets(clean);
    const chunks = webpChunks(clean);
    expect(chunks.map((c) => c.id)).toEqual(['VP8X', 'VP8 ']);
    expect(chunks[0].data[0] & 0x2c).toBe(0);
    expect(Buffer.from(clean).readUInt32LE(4)).toBe(clean.length - 8);
  });

  it('still decodes to the same pixels: lossy, lossless and with alpha', async () => {
    const variants: [WebpOptions, 3 | 4][] = [
      [{}, 3],
      [{ lossless: true }, 3],
      [{}, 4],
      [{ lossless: true }, 4],
    ];
    for (const [options, channels] of variants) {
      const dirty = await dirtyWebp(options, channels);
      const clean = stripImageMetadata(dirty, 'webp');
      expect(imageSize(clean, 'webp')).toEqual({ width: W, height: H });
      const [before, after] = await Promise.all([decode(dirty), decode(clean)]);
      expect([after.width, after.height, after.channels]).toEqual([W, H, channels]);
      expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    }
  });

  it('keeps every frame of an animated WebP and drops chunks hidden inside a frame', async () => {
    const frames = await Promise.all(
      ['#c00', '#0c0', '#00c'].map((c) =>
        sharp({ create: { width: W, height: H, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const base = await bytesOf(
      sharp(frames, { join: { animated: true } })
        .withExif(EXIF)
        .webp(),
    );
    // Append an unknown chunk inside the first ANMF frame.
    const chunks = webpChunks(base);
    const firstFrame = chunks.findIndex((c) => c.id === 'ANMF');
    const dirty = riff(chunks.map((c, i) => riffChunk(c.id, i === firstFrame ? concatBytes(c.data, riffChunk('SCRT', latin1('SECRET-CHUNK'))) : c.data)));
    expect((await sharp(dirty).metadata()).exif).toBeDefined();

    const clean = stripImageMetadata(dirty, 'webp');

    expectNoSecrets(clean);
    expect(webpChunks(clean).map((c) => c.id)).toEqual(['VP8X', 'ANIM', 'ANMF', 'ANMF', 'ANMF']);
    const after = await sharp(clean, { animated: true }).metadata();
    expect([after.pages, after.exif]).toEqual([3, undefined]);
    const [a, b] = await Promise.all([decode(dirty, true), decode(clean, true)]);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });

  it('rejects malformed WebPs', async () => {
    const webp = await bytesOf(withMetadata(pixels(3)).webp());
    const longer = webp.slice();
    longer.set([0xff, 0xff, 0, 0], 4); // RIFF size past the end of the file
    expectInvalid(longer, 'webp');
    const vp8 = webpChunks(webp).find((c) => c.id === 'VP8 ')!;
    const chunkPastEnd = riff([riffChunk('VP8X', webpChunks(webp)[0].data), concatBytes(latin1('VP8 '), [0xff, 0xff, 0, 0], vp8.data)]);
    expectInvalid(chunkPastEnd, 'webp');
    expectInvalid(riff([riffChunk('VP8X', webpChunks(webp)[0].data)]), 'webp'); // no image data
    expectInvalid(riff([riffChunk('VP8 ', Uint8Array.from(vp8.data).fill(0, 3, 6))]), 'webp'); // bad start code
  });
});

describe('stripImageMetadata: WebP orientation', () => {
  it('keeps orientation 6 in a new EXIF chunk, sets only the EXIF flag and drops everything else', async () => {
    for (const options of [{}, { lossless: true }] as WebpOptions[]) {
      const dirty = await dirtyWebp(options, 4, withOrientation(pixels(4)));
      const before = await sharp(dirty).metadata();
      expect(before.orientation).toBe(6);
      expect(await exifr.gps(before.exif!.subarray(6))).toMatchObject({ latitude: expect.closeTo(36.7333, 3) });

      const clean = stripImageMetadata(dirty, 'webp');

      const chunks = webpChunks(clean);
      expect(chunks.map((c) => c.id)).toEqual(options.lossless ? ['VP8X', 'VP8L', 'EXIF'] : ['VP8X', 'ALPH', 'VP8 ', 'EXIF']);
      expect(chunks[0].data[0] & 0x2c).toBe(0x08); // EXIF set, ICC and XMP clear
      expect(Array.from(chunks.at(-1)!.data)).toEqual(ORIENTATION_6_TIFF);
      expect(Buffer.from(clean).readUInt32LE(4)).toBe(clean.length - 8);
      expectNoSecrets(clean);

      const after = await sharp(clean).metadata();
      expect([after.orientation, after.xmp, after.icc, after.autoOrient]).toEqual([6, undefined, undefined, { width: H, height: W }]);
      // The chunk holds bare TIFF data as the container spec says; sharp hands it back unchanged.
      expect(await exifr.parse(after.exif!, true)).toEqual({ Orientation: 'Rotate 90 CW' });
      expect(await exifr.gps(after.exif!)).toBeUndefined();
      const [a, b] = await Promise.all([decode(dirty), decode(clean)]);
      expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
      expect(stripImageMetadata(clean, 'webp')).toEqual(clean);
    }
  });

  it('gives a simple VP8 or VP8L file a VP8X header when it has an orientation to keep', async () => {
    const cases: [Sharp, string, number][] = [
      [pixels(3).webp(), 'VP8 ', 0x08],
      [pixels(4).webp({ lossless: true }), 'VP8L', 0x18], // alpha flag from the VP8L header
    ];
    for (const [image, id, flags] of cases) {
      const simple = await bytesOf(image);
      expect(webpChunks(simple).map((c) => c.id)).toEqual([id]);
      // EXIF chunks in the wild may or may not start with "Exif\0\0"; try both, in both byte orders.
      for (const exif of [exifTiff('II', 6), concatBytes(latin1('Exif\0\0'), exifTiff('MM', 6))]) {
        const dirty = riff([...webpChunks(simple).map((c) => riffChunk(c.id, c.data)), riffChunk('EXIF', exif)]);
        const clean = stripImageMetadata(dirty, 'webp');
        const chunks = webpChunks(clean);
        expect(chunks.map((c) => c.id)).toEqual(['VP8X', id, 'EXIF']);
        expect(Array.from(chunks[0].data)).toEqual([flags, 0, 0, 0, W - 1, 0, 0, H - 1, 0, 0]);
        expect(Array.from(chunks[2].data)).toEqual(ORIENTATION_6_TIFF);
        expect(Buffer.from(clean).readUInt32LE(4)).toBe(clean.length - 8);
        expectNoSecrets(clean);
        expect((await sharp(clean).metadata()).orientation).toBe(6);
        const [a, b] = await Promise.all([decode(simple), decode(clean)]);
        expect([b.width, b.height, b.channels]).toEqual([W, H, a.channels]);
        expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
      }
    }
  });

  it('writes no EXIF chunk for orientation 1, no orientation, or an EXIF chunk it cannot read', async () => {
    const simple = webpChunks(await bytesOf(pixels(3).webp())).map((c) => riffChunk(c.id, c.data));
    const inputs = [
      await dirtyWebp({}, 3, withOrientation(pixels(3), 1)),
      await dirtyWebp(), // sharp writes Orientation 1
      riff([...simple, riffChunk('EXIF', exifTiff('II', 1))]),
      riff([...simple, riffChunk('EXIF', exifTiff('MM', 6).subarray(0, 30))]),
      riff([...simple, riffChunk('EXIF', latin1('Exif\0\0garbage'))]),
    ];
    for (const dirty of inputs) {
      const clean = stripImageMetadata(dirty, 'webp');
      const chunks = webpChunks(clean);
      expect(chunks.map((c) => c.id)).not.toContain('EXIF');
      if (chunks[0].id === 'VP8X') expect(chunks[0].data[0] & 0x2c).toBe(0);
      const meta = await sharp(clean).metadata();
      expect([meta.exif, meta.orientation]).toEqual([undefined, undefined]);
    }
  });
});

describe('stripImageMetadata: all types', () => {
  const makers: Record<ImageType, () => Promise<Uint8Array>> = {
    jpeg: () => dirtyJpeg(),
    png: () => dirtyPng(),
    webp: () => dirtyWebp(),
  };

  // The same files with orientation 6, whose stripped copies carry a newly written EXIF block.
  const cases: [ImageType, () => Promise<Uint8Array>][] = [
    ...(['jpeg', 'png', 'webp'] as const).map((type): [ImageType, () => Promise<Uint8Array>] => [type, makers[type]]),
    ['jpeg', () => dirtyJpeg({}, withOrientation(pixels(3)))],
    ['webp', () => dirtyWebp({}, 3, withOrientation(pixels(3)))],
  ];

  it('returns a new array, leaves the input untouched and is idempotent', async () => {
    for (const [type, make] of cases) {
      const dirty = await make();
      const copy = dirty.slice();
      const clean = stripImageMetadata(dirty, type);
      expect(dirty).toEqual(copy);
      expect(clean.buffer).not.toBe(dirty.buffer);
      expect(stripImageMetadata(clean, type)).toEqual(clean);
    }
  });

  it('throws for every truncation of a clean file, never returning a half-parsed result', async () => {
    for (const [type, make] of cases) {
      const clean = stripImageMetadata(await make(), type);
      for (let length = 0; length < clean.length; length++) {
        const cut = clean.subarray(0, length);
        expect(() => stripImageMetadata(cut, type), `${type} cut at ${length}`).toThrow(InvalidImageError);
        expect(() => imageSize(cut, type), `${type} cut at ${length}`).toThrow(InvalidImageError);
      }
    }
  });
});
