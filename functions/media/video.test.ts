import { describe, expect, it } from 'vitest';
import { APPLE_LOCATION, ascii, box, concat, CREATED, MAKE, pseudoRandom, u32, u64, videoFile, XMP_LOCATION, XYZ_LOCATION } from '../../tests/video-fixture.ts';
import { InvalidVideoError, MAX_MOOV_BYTES, sanitizeVideo, sniffVideo } from './video.ts';

/** Streams `bytes` through the sanitizer in chunks of the given sizes (cycled), as an upload arrives. */
async function sanitize(bytes: Uint8Array, chunkSizes: number[] = [bytes.length || 1]) {
  const { transform, done } = sanitizeVideo();
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let pos = 0, i = 0; pos < bytes.length; i++) {
        const size = chunkSizes[i % chunkSizes.length]!;
        controller.enqueue(bytes.slice(pos, pos + size));
        pos += size;
      }
      controller.close();
    },
  });
  const chunks: Uint8Array[] = [];
  for await (const chunk of input.pipeThrough(transform)) chunks.push(chunk);
  return { output: concat(chunks), ...(await done) };
}

/** Random chunk sizes from 1 to 7000 bytes, the same on every run. */
const randomChunks = (seed: number) => Array.from(pseudoRandom(64, seed), (b, i) => (i % 4 === 0 ? 1 + (b % 7) : 1 + ((b * 29) % 7000)));

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const has = (bytes: Uint8Array, needle: Uint8Array) => Buffer.from(bytes).includes(Buffer.from(needle));

describe('sanitizeVideo', () => {
  const cases = [
    { name: 'a fast-start MP4', options: { moov: 'first' as const }, type: 'mp4' },
    { name: 'an MP4 with moov last', options: { moov: 'last' as const }, type: 'mp4' },
    { name: 'a QuickTime MOV', options: { brand: 'qt  ' as const }, type: 'mov' },
    { name: 'version 1 headers and a 64-bit mdat size', options: { version: 1 as const, mdatSize: '64' as const, seconds: 59 }, type: 'mp4' },
    { name: 'an mdat running to the end of the file', options: { mdatSize: 'to-end' as const }, type: 'mp4' },
  ];

  for (const { name, options, type } of cases) {
    it(`reads the duration of ${name} and strips its place, make and recording times`, async () => {
      const { bytes, payload, payloadOffset } = videoFile(options);
      for (const marker of [XYZ_LOCATION, APPLE_LOCATION, XMP_LOCATION, MAKE, 'ISO6709']) expect(text(bytes)).toContain(marker);
      const created = options.version === 1 ? u64(CREATED) : u32(CREATED);
      expect(has(bytes, created)).toBe(true);

      for (const chunks of [undefined, randomChunks(1), randomChunks(2)]) {
        const { output, ...result } = await sanitize(bytes, chunks);
        expect(result).toEqual({ type, seconds: options.seconds ?? 12 });
        expect(output.length).toBe(bytes.length);
        for (const marker of [XYZ_LOCATION, APPLE_LOCATION, XMP_LOCATION, MAKE, 'ISO6709', '+37.77']) expect(text(output)).not.toContain(marker);
        expect(has(output, created)).toBe(false);
        expect(output.subarray(payloadOffset, payloadOffset + payload.length)).toEqual(payload);
      }

      const { output } = await sanitize(bytes);
      const again = await sanitize(output, randomChunks(3));
      expect(again).toEqual({ output, type, seconds: options.seconds ?? 12 });
    });
  }

  it('keeps what a player needs byte for byte: ftyp, the sample tables, the handler', async () => {
    const { bytes } = videoFile();
    const { output } = await sanitize(bytes);
    for (const name of ['ftyp', 'stbl', 'hdlr', 'dinf']) {
      const at = text(bytes).indexOf(name) - 4;
      const size = Buffer.from(bytes).readUInt32BE(at);
      expect(text(output.subarray(at, at + size)), name).toBe(text(bytes.subarray(at, at + size)));
    }
    // Dropped boxes become 'free' boxes of the same size, zeros inside.
    const udta = text(bytes).indexOf('udta') - 4;
    const size = Buffer.from(bytes).readUInt32BE(udta);
    expect(text(output.subarray(udta + 4, udta + 8))).toBe('free');
    expect(output.subarray(udta + 8, udta + size).every((b) => b === 0)).toBe(true);
  });

  it('reads the length of a fragmented file from its fragments', async () => {
    const { bytes } = videoFile({ fragmented: true, seconds: 75 });
    const { output, ...result } = await sanitize(bytes, randomChunks(4));
    expect(result).toEqual({ type: 'mp4', seconds: 75 });
    expect(text(output)).not.toContain(APPLE_LOCATION);
    expect(text(output)).toContain('moof');
  });

  /** The fixture with its mdat header claiming a terabyte. */
  const hugeMdat = () => {
    const { bytes, payload, payloadOffset } = videoFile();
    return concat([bytes.subarray(0, payloadOffset - 8), u32(1), ascii('mdat'), u64(2 ** 40), payload]);
  };
  const ftyp = box('ftyp', ascii('isom'), u32(0), ascii('isom'));
  const refused: [string, Uint8Array<ArrayBuffer>][] = [
    ['a truncated file', videoFile().bytes.subarray(0, 5000)],
    ['a file cut inside a box header', concat([videoFile().bytes, u32(16), ascii('fr')])],
    ['a file cut inside a 64-bit box header', concat([videoFile().bytes, u32(1), ascii('free'), u32(0)])],
    ['garbage', pseudoRandom(30_000, 9)],
    ['a JPEG', concat([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), pseudoRandom(2000, 3)])],
    ['an empty body', new Uint8Array()],
    ['an mdat that claims more bytes than there are', hugeMdat()],
    ['a 64-bit size beyond what a number holds', concat([ftyp, u32(1), ascii('mdat'), u32(0xffffffff), u32(0xffffffff)])],
    ['a box smaller than its header', concat([ftyp, u32(4), ascii('free')])],
    ['a child box that overruns its parent', concat([ftyp, box('moov', u32(500), ascii('mvhd'), new Uint8Array(100))])],
    ['no moov', concat([ftyp, box('mdat', pseudoRandom(100, 1))])],
    ['a zero timescale', concat([ftyp, box('moov', box('mvhd', u32(0), u32(0), u32(0), u32(0), u32(100), new Uint8Array(80)))])],
    ['a moov over the cap', concat([ftyp, u32(MAX_MOOV_BYTES + 1), ascii('moov'), pseudoRandom(10_000, 2)])],
    ['a HEIC photo', concat([box('ftyp', ascii('heic'), u32(0), ascii('mif1')), box('meta', u32(0))])],
  ];
  for (const [name, bytes] of refused) {
    it(`refuses ${name}, erroring the stream too`, async () => {
      await expect(sanitize(bytes, randomChunks(5))).rejects.toBeInstanceOf(InvalidVideoError);
      const { transform, done } = sanitizeVideo();
      const drained = new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer();
      await expect(drained).rejects.toBeInstanceOf(InvalidVideoError);
      await expect(done).rejects.toBeInstanceOf(InvalidVideoError);
    });
  }

  it('settles when the upload breaks off', async () => {
    const { transform, done } = sanitizeVideo();
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(videoFile().bytes.subarray(0, 1000));
        controller.error(new Error('connection reset'));
      },
    });
    await expect(new Response(broken.pipeThrough(transform)).arrayBuffer()).rejects.toThrow('connection reset');
    await expect(done).rejects.toThrow('connection reset');
  });
});

describe('sniffVideo', () => {
  it('tells MP4 from MOV by the ftyp box, and nothing else', () => {
    expect(sniffVideo(videoFile().bytes.subarray(0, 64))).toBe('mp4');
    expect(sniffVideo(videoFile({ brand: 'qt  ' }).bytes.subarray(0, 64))).toBe('mov');
    expect(sniffVideo(videoFile({ brand: 'heic' }).bytes.subarray(0, 64))).toBeNull();
    expect(sniffVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]))).toBeNull();
    expect(sniffVideo(videoFile().bytes.subarray(0, 10))).toBeNull();
    expect(sniffVideo(new Uint8Array())).toBeNull();
  });
});
