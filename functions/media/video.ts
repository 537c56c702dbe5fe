/**
 * Checks uploaded videos (MP4 and QuickTime MOV, both ISO-BMFF box trees) and strips their
 * metadata while they stream to storage.
 *
 * Phones write the place a video was shot (moov/udta ©xyz, Apple's moov/meta
 * com.apple.quicktime.location.ISO6709), the phone's make, model and software, and the time of
 * recording into the file. People who upload here may be targeted by immigration enforcement, so
 * all of that goes before the file is stored. As for photos (image.ts), the boxes we open keep an
 * allowlist of what a player needs; every other box (udta, meta, uuid/XMP, free space that may
 * hold an older copy of the metadata, anything unknown) becomes a 'free' box of the same size
 * filled with zeros, and the recording times in mvhd, tkhd and mdhd are zeroed.
 *
 * Nothing moves: the output has the input's length and every box sits at its old offset, so the
 * chunk offsets inside moov stay right and a 100 MB file streams through without being held
 * (only moov, and each movie fragment's moof, are buffered, up to 32 MB).
 *
 * Not covered: a timed metadata track's samples live in mdat (a GoPro's or a dashcam's GPS
 * track); they are played, not parsed, and pass through as they are.
 */
import { concat } from './bytes.ts';

export type VideoType = 'mp4' | 'mov';

/** The content type to store and serve for each accepted video type. */
export const VIDEO_MIME: Record<VideoType, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** The largest box held in memory to be cleaned (moov, moof); a phone's moov is well under 1 MB. */
export const MAX_MOOV_BYTES = 32 * 1024 * 1024;
const MAX_FTYP_BYTES = 4096;

/** Thrown (and the stream errored) for bytes that are not a readable MP4/MOV: bad input, not a bug. */
export class InvalidVideoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidVideoError';
  }
}

/**
 * The container type from the first bytes (at most 64): an ISO-BMFF 'ftyp' box, whose major brand
 * 'qt  ' means QuickTime. HEIF and AVIF photos start with 'ftyp' too and are not videos.
 */
export function sniffVideo(head: Uint8Array): VideoType | null {
  if (head.length < 12 || fourcc(head, 4) !== 'ftyp' || u32(head, 0) < 16) return null;
  return brandType(fourcc(head, 8));
}

/**
 * A streaming sanitizer: pipe the upload through `transform`; `done` then resolves with the
 * container type and the duration in seconds, or rejects with {@link InvalidVideoError} (and the
 * stream errors) when the bytes are not a readable MP4/MOV: no ftyp first, a broken or overlong
 * box size, a truncated file, no moov or mvhd, a zero timescale, a moov over {@link MAX_MOOV_BYTES}.
 * A stream aborted from either side rejects `done` with the abort's reason.
 */
export function sanitizeVideo(): { transform: TransformStream<Uint8Array, Uint8Array>; done: Promise<{ type: VideoType; seconds: number }> } {
  const parser = createParser();
  let resolve!: (result: { type: VideoType; seconds: number }) => void;
  let reject!: (reason: unknown) => void;
  const done = new Promise<{ type: VideoType; seconds: number }>((res, rej) => ((resolve = res), (reject = rej)));
  // A caller may watch only the stream; the rejection then must not surface as unhandled.
  done.catch(() => {});
  const guarded = (work: () => void) => {
    try {
      work();
    } catch (error) {
      reject(error);
      throw error;
    }
  };
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel(reason: unknown): void } = {
    transform: (chunk, controller) => guarded(() => parser.write(chunk, (bytes) => controller.enqueue(bytes))),
    flush: () => guarded(() => resolve(parser.end())),
    cancel: (reason) => reject(reason),
  };
  return { transform: new TransformStream(transformer), done };
}

// ---------------------------------------------------------------------------------------------
// The top level, streamed

/** Top-level boxes a player needs that stream through untouched. */
const STREAMED = new Set(['mdat', 'mfra', 'sidx']);

type Mode =
  | { kind: 'header' }
  /** A kept box streaming through; `left` is Infinity for a box that runs to the end of the file. */
  | { kind: 'copy'; left: number }
  /** A dropped box: zeros go out in its place. */
  | { kind: 'blank'; left: number }
  /** A box read whole and cleaned before it goes out (ftyp, moov, moof). */
  | { kind: 'hold'; left: number; header: Uint8Array; parts: Uint8Array[] };

function createParser() {
  const head = new Uint8Array(16);
  let headLength = 0;
  let mode: Mode = { kind: 'header' };
  let type: VideoType | null = null;
  const movie: Movie = { timescale: 0, duration: 0, mvhd: false, moov: false, tracks: new Map(), trex: new Map() };

  function write(chunk: Uint8Array, emit: (bytes: Uint8Array) => void): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (mode.kind === 'header') {
        const want = headLength >= 8 ? 16 : 8;
        const take = Math.min(want - headLength, chunk.length - pos);
        head.set(chunk.subarray(pos, pos + take), headLength);
        headLength += take;
        pos += take;
        if (headLength === 8 && u32(head, 0) === 1) continue; // a 64-bit size follows
        if (headLength === want) startBox(emit);
        continue;
      }
      const take = Math.min(mode.left, chunk.length - pos);
      const piece = chunk.subarray(pos, pos + take);
      pos += take;
      mode.left -= take;
      if (mode.kind === 'copy') emit(piece);
      else if (mode.kind === 'blank') emit(new Uint8Array(take));
      else mode.parts.push(piece);
      if (mode.left === 0) finishBox(emit);
    }
  }

  function startBox(emit: (bytes: Uint8Array) => void): void {
    const header = head.slice(0, headLength);
    headLength = 0;
    const name = fourcc(header, 4);
    const declared = u32(header, 0);
    const size = declared === 1 ? u64(header, 8) : declared;
    const toEnd = declared === 0;
    if (!toEnd && (size < header.length || size > Number.MAX_SAFE_INTEGER)) fail(`box '${name}' declares an impossible size ${size}`);
    const left = toEnd ? Infinity : size - header.length;
    if (type === null && name !== 'ftyp') fail('the file does not start with an ftyp box');
    if (name === 'ftyp' || name === 'moov' || name === 'moof') {
      if (name === 'ftyp' && (type !== null || size > MAX_FTYP_BYTES)) fail('unexpected ftyp box');
      if (name === 'moov' && movie.moov) fail('a second moov box');
      if (name === 'moof' && !movie.moov) fail('a movie fragment before the moov box');
      if (toEnd || size > MAX_MOOV_BYTES) fail(`the ${name} box is larger than the ${MAX_MOOV_BYTES} bytes we read into memory`);
      mode = { kind: 'hold', left, header, parts: [] };
    } else if (STREAMED.has(name)) {
      emit(header);
      mode = { kind: 'copy', left };
    } else {
      header.set(FREE, 4);
      emit(header);
      mode = { kind: 'blank', left };
    }
    if (left === 0) finishBox(emit);
  }

  function finishBox(emit: (bytes: Uint8Array) => void): void {
    if (mode.kind === 'hold') {
      const box = concat([mode.header, ...mode.parts]);
      const name = fourcc(box, 4);
      const start = mode.header.length;
      if (name === 'ftyp') {
        if (box.length < start + 8) fail('ftyp box too short');
        type = brandType(fourcc(box, start)) ?? fail('an image, not a video');
      } else {
        if (name === 'moov') movie.moov = true;
        cleanChildren(box, start, box.length, name, movie, {});
      }
      emit(box);
    }
    mode = { kind: 'header' };
  }

  function end(): { type: VideoType; seconds: number } {
    if (mode.kind === 'header' ? headLength > 0 : mode.left !== Infinity) fail('the file is truncated');
    if (type === null) fail('the file is empty');
    if (!movie.mvhd) fail('no moov box with a movie header');
    if (movie.timescale === 0) fail('the movie timescale is 0');
    let seconds = movie.duration / movie.timescale;
    // A fragmented file's mvhd often says 0: its length is the sum of its fragments' samples.
    for (const track of movie.tracks.values()) {
      if (track.fragments > 0) seconds = Math.max(seconds, (track.duration + track.fragments) / (track.timescale || movie.timescale));
    }
    return { type, seconds };
  }

  return { write, end };
}

// ---------------------------------------------------------------------------------------------
// Inside moov and moof, in memory

/**
 * What a player needs inside each box we open (these are also the only boxes we open). Every
 * other child is blanked: udta, meta, uuid, free space, and anything unknown.
 */
const KEEP: Record<string, ReadonlySet<string>> = {
  moov: names('mvhd trak mvex iods'),
  trak: names('tkhd tref trgr edts mdia tapt'),
  edts: names('elst'),
  mdia: names('mdhd hdlr minf elng'),
  minf: names('vmhd smhd hmhd nmhd sthd gmhd hdlr dinf stbl'),
  dinf: names('dref'),
  stbl: names('stsd stts ctts cslg stss stps sdtp stsc stsz stz2 stco co64 sgpd sbgp subs saiz saio padb stsh'),
  mvex: names('mehd trex leva trep'),
  moof: names('mfhd traf pssh'),
  traf: names('tfhd tfdt trun sdtp sgpd sbgp subs saiz saio senc'),
};

type Track = { timescale: number; duration: number; fragments: number };
type Movie = {
  timescale: number;
  duration: number;
  mvhd: boolean;
  moov: boolean;
  tracks: Map<number, Track>;
  /** Each track's default sample duration for fragments (mvex/trex). */
  trex: Map<number, number>;
};
/** The track or track fragment being walked. */
type Walk = { track?: Track & { id: number }; traf?: { track: Track; defaultDuration: number | null } };

function cleanChildren(box: Uint8Array, start: number, end: number, parent: string, movie: Movie, walk: Walk): void {
  const keep = KEEP[parent]!;
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) fail(`a broken box header inside '${parent}'`);
    const name = fourcc(box, pos + 4);
    let size = u32(box, pos);
    let header = 8;
    if (size === 1) {
      if (end - pos < 16) fail(`a broken box header inside '${parent}'`);
      size = u64(box, pos + 8);
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header || size > end - pos) fail(`box '${name}' overruns its parent '${parent}'`);
    const next = pos + size;
    if (!keep.has(name)) {
      box.set(FREE, pos + 4);
      box.fill(0, pos + header, next);
    } else if (name in KEEP) {
      // A track, and a track fragment, starts a walk of its own.
      const inner: Walk = name === 'trak' ? { track: { id: 0, timescale: 0, duration: 0, fragments: 0 } } : name === 'traf' ? {} : walk;
      cleanChildren(box, pos + header, next, name, movie, inner);
      if (name === 'trak') {
        if (movie.tracks.has(inner.track!.id)) fail(`two tracks with the id ${inner.track!.id}`);
        movie.tracks.set(inner.track!.id, inner.track!);
      }
    } else {
      readLeaf(name, box.subarray(pos + header, next), movie, walk);
    }
    pos = next;
  }
}

/** Zeroes the recording times and reads what the duration needs. Full boxes start with a version byte. */
function readLeaf(name: string, body: Uint8Array, movie: Movie, walk: Walk): void {
  const v1 = body[0] === 1;
  const need = (bytes: number) => body.length >= bytes || fail(`'${name}' box too short`);
  switch (name) {
    case 'mvhd':
    case 'mdhd': {
      // version+flags, creation and modification times, timescale, duration: 32- or 64-bit each.
      need(v1 ? 32 : 20);
      body.fill(0, 4, v1 ? 20 : 12);
      const timescale = u32(body, v1 ? 20 : 12);
      const duration = v1 ? u64(body, 24) : u32(body, 16);
      if (name === 'mdhd') {
        Object.assign(walk.track!, { timescale, duration });
      } else {
        if (movie.mvhd) fail('a second movie header');
        Object.assign(movie, { timescale, duration, mvhd: true });
      }
      return;
    }
    case 'tkhd':
      need(v1 ? 24 : 16);
      body.fill(0, 4, v1 ? 20 : 12);
      walk.track!.id = u32(body, v1 ? 20 : 12);
      return;
    case 'trex':
      need(24);
      movie.trex.set(u32(body, 4), u32(body, 12));
      return;
    case 'tfhd': {
      need(8);
      const id = u32(body, 4);
      const track = movie.tracks.get(id) ?? fail(`a fragment of the unknown track ${id}`);
      const flags = u24(body, 1);
      // Optional fields, in order: base data offset (8 bytes), sample description index (4), default duration (4).
      const at = 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
      if (flags & 0x08) need(at + 4);
      walk.traf = { track, defaultDuration: flags & 0x08 ? u32(body, at) : (movie.trex.get(id) ?? null) };
      return;
    }
    case 'trun': {
      need(8);
      const traf = walk.traf ?? fail('a track run before its fragment header');
      const flags = u24(body, 1);
      const count = u32(body, 4);
      // Per sample: duration, size, flags, composition offset, each present when its flag is set.
      const stride = 4 * [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
      const first = 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
      need(first + count * stride);
      if (flags & 0x100) {
        for (let i = 0; i < count; i++) traf.track.fragments += u32(body, first + i * stride);
      } else {
        traf.track.fragments += count * (traf.defaultDuration ?? fail('a track run without sample durations'));
      }
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** Major brands of still-image files (HEIF, AVIF), which share the container with video. */
const IMAGE_BRANDS = names('heic heix heim heis hevc hevx mif1 msf1 avif avis');
const FREE = ascii('free');

function brandType(brand: string): VideoType | null {
  if (IMAGE_BRANDS.has(brand)) return null;
  return brand === 'qt  ' ? 'mov' : 'mp4';
}

function fail(reason: string): never {
  throw new InvalidVideoError(`Invalid video: ${reason}`);
}

function names(list: string): ReadonlySet<string> {
  return new Set(list.split(' '));
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

function fourcc(b: Uint8Array, o: number): string {
  return String.fromCharCode(b[o], b[o + 1], b[o + 2], b[o + 3]);
}

function u24(b: Uint8Array, o: number): number {
  return (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
}

function u32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

/** A 64-bit field as a number (exact up to 2^53, which is far beyond any real size or duration). */
function u64(b: Uint8Array, o: number): number {
  return u32(b, o) * 2 ** 32 + u32(b, o + 4);
}
