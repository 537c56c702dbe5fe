/**
 * Small MP4/MOV files built box by box, carrying the metadata phones write: a place in
 * moov/udta/©xyz and trak/udta/©xyz, Apple's moov/meta location key, a make and model, an XMP
 * uuid box, and recording times in mvhd, tkhd and mdhd.
 */
import { concat } from '../functions/media/bytes.ts';

export { concat };

/** The place a phone writes in ©xyz (ISO 6709). */
export const XYZ_LOCATION = '+37.7749-122.4194/';
/** Apple's com.apple.quicktime.location.ISO6709 value. */
export const APPLE_LOCATION = '+37.7749-122.4194+012.000/';
export const XMP_LOCATION = '<exif:GPSLatitude>37,46.494N</exif:GPSLatitude>';
export const MAKE = 'PhoneMaker Cheap 5';
/** The recording time, in seconds since 1904 (2026-01-01): 0xE8E3_6C00. */
export const CREATED = 3_850_416_000;

export type VideoOptions = {
  /** 'first' is a "fast start" file (moov before mdat), as phones and web exports write. */
  moov?: 'first' | 'last';
  brand?: 'isom' | 'qt  ' | 'heic';
  seconds?: number;
  /** The version of mvhd, tkhd and mdhd: 1 has 64-bit times and durations. */
  version?: 0 | 1;
  /** The mdat size as a 64-bit largesize, or 0 (runs to the end of the file; moov must come first). */
  mdatSize?: '32' | '64' | 'to-end';
  /** Movie fragments of one second each after the moov, as a recorder streaming its output writes. */
  fragmented?: boolean;
  payloadBytes?: number;
};

/** A video file and where its mdat payload (the media samples, which must survive) sits in it. */
export function videoFile(options: VideoOptions = {}): { bytes: Uint8Array<ArrayBuffer>; payload: Uint8Array<ArrayBuffer>; payloadOffset: number } {
  const { moov: order = 'first', brand = 'isom', seconds = 12, version = 0, mdatSize = '32', fragmented = false } = options;
  const payload = pseudoRandom(options.payloadBytes ?? 20_000, 7);
  const movieScale = 1000;
  const mediaScale = 30_000;
  const ftyp = box('ftyp', ascii(brand), u32(0x200), ascii(brand), ascii('isom'));
  const moov = box(
    'moov',
    timesBox('mvhd', version, movieScale, fragmented ? 0 : seconds * movieScale, new Uint8Array(80)),
    box(
      'trak',
      timesBox('tkhd', version, null, fragmented ? 0 : seconds * movieScale, new Uint8Array(60), 1),
      box(
        'mdia',
        timesBox('mdhd', version, mediaScale, fragmented ? 0 : seconds * mediaScale, new Uint8Array(4)),
        fullBox('hdlr', 0, u32(0), ascii('vide'), new Uint8Array(12), ascii('VideoHandler\0')),
        box(
          'minf',
          fullBox('vmhd', 1, new Uint8Array(8)),
          box('dinf', fullBox('dref', 0, u32(1), fullBox('url ', 1))),
          box(
            'stbl',
            fullBox('stsd', 0, u32(0)),
            fullBox('stts', 0, u32(1), u32(seconds * 30), u32(1000)),
            fullBox('stsz', 0, u32(payload.length), u32(1)),
            fullBox('stco', 0, u32(1), u32(0)),
          ),
        ),
      ),
      box('udta', box('\xa9xyz', u16(XYZ_LOCATION.length), u16(0x15c7), ascii(XYZ_LOCATION))),
    ),
    ...(fragmented ? [box('mvex', fullBox('trex', 0, u32(1), u32(1), u32(mediaScale / 30), u32(0), u32(0)))] : []),
    box('udta', box('\xa9xyz', u16(XYZ_LOCATION.length), u16(0x15c7), ascii(XYZ_LOCATION)), box('\xa9mak', u16(MAKE.length), u16(0), ascii(MAKE))),
    appleMeta(),
  );
  const xmp = box('uuid', new Uint8Array([0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac]), ascii(XMP_LOCATION));
  const mdat = mdatBox(payload, mdatSize);
  const fragments = fragmented ? Array.from({ length: seconds }, (_, i) => fragment(i + 1, mediaScale)) : [];
  const parts = order === 'first' ? [ftyp, box('free', ascii(MAKE)), moov, ...fragments, xmp, mdat] : [ftyp, box('wide'), mdat, moov, xmp];
  if (mdatSize === 'to-end' && parts.at(-1) !== mdat) throw new Error('an mdat running to the end must come last');
  const bytes = concat(parts);
  const payloadOffset = bytes.length - (order === 'first' ? payload.length : payload.length + moov.length + xmp.length);
  return { bytes, payload, payloadOffset };
}

/** One box: 32-bit size, four-character type, payload. */
export function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = concat(payload);
  return concat([u32(8 + body.length), ascii(type), body]);
}

function fullBox(type: string, flags: number, ...payload: Uint8Array[]): Uint8Array {
  return box(type, u32(flags), ...payload);
}

function mdatBox(payload: Uint8Array, size: VideoOptions['mdatSize']): Uint8Array {
  if (size === '64') return concat([u32(1), ascii('mdat'), u32(0), u32(16 + payload.length), payload]);
  if (size === 'to-end') return concat([u32(0), ascii('mdat'), payload]);
  return box('mdat', payload);
}

/**
 * mvhd, tkhd or mdhd: version and flags, creation and modification times, then the timescale
 * (mvhd, mdhd) or the track id and a reserved word (tkhd), the duration, and the rest.
 */
function timesBox(type: string, version: 0 | 1, timescale: number | null, duration: number, rest: Uint8Array, trackId = 0): Uint8Array {
  const word = version === 1 ? u64 : u32;
  const middle = timescale === null ? [u32(trackId), u32(0)] : [u32(timescale)];
  return box(type, new Uint8Array([version, 0, 0, timescale === null ? 3 : 0]), word(CREATED), word(CREATED), ...middle, word(duration), rest);
}

/** moov/meta as an iPhone writes it: mdta keys and an ilst of values. */
function appleMeta(): Uint8Array {
  const keys = ['com.apple.quicktime.location.ISO6709', 'com.apple.quicktime.make'];
  const values = [APPLE_LOCATION, MAKE];
  return box(
    'meta',
    fullBox('hdlr', 0, u32(0), ascii('mdta'), new Uint8Array(13)),
    fullBox('keys', 0, u32(keys.length), ...keys.map((key) => box('mdta', ascii(key)))),
    box('ilst', ...values.map((value, i) => concat([u32(8 + 16 + value.length), u32(i + 1), box('data', u32(1), u32(0), ascii(value))]))),
  );
}

/**
 * A movie fragment of one second of track 1, and its mdat: odd ones give 15 samples each their
 * own duration, even ones 30 samples of the trex default duration (1/30 s).
 */
function fragment(sequence: number, mediaScale: number): Uint8Array {
  const perSample = sequence % 2 === 1;
  const samples = perSample ? 15 : 30;
  const trun = perSample
    ? fullBox('trun', 0x000301, u32(samples), u32(0), ...Array.from({ length: samples }, () => concat([u32(mediaScale / 15), u32(10)])))
    : fullBox('trun', 0x000201, u32(samples), u32(0), ...Array.from({ length: samples }, () => u32(10)));
  const moof = box('moof', fullBox('mfhd', 0, u32(sequence)), box('traf', fullBox('tfhd', 0x020000, u32(1)), fullBox('tfdt', 0, u32((sequence - 1) * mediaScale)), trun));
  return concat([moof, box('mdat', pseudoRandom(samples * 10, sequence))]);
}

/** Bytes that look like compressed media, the same on every run. */
export function pseudoRandom(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export function u32(value: number): Uint8Array {
  return new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}

export function u64(value: number): Uint8Array {
  return concat([u32(Math.floor(value / 2 ** 32)), u32(value % 2 ** 32)]);
}

function u16(value: number): Uint8Array {
  return new Uint8Array([value >> 8, value & 0xff]);
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}
