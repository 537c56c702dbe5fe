import { expect, it } from 'vitest';
import { UNATTACHED_UPLOAD_HOURS, UPLOADER } from '../../common/contract/limits.ts';
import { stale } from './kept.ts';
import { plan } from './multipart.ts';

const MiB = 1024 * 1024;

it('cuts a file in parts of the minimum size, the last one shorter, and no more parts than the spec allows', () => {
  expect(plan(28 * MiB).sizes).toEqual([5, 5, 5, 5, 5, 3].map((n) => n * MiB));
  expect(plan(10 * MiB).sizes).toEqual([5 * MiB, 5 * MiB]);
  const huge = plan(UPLOADER.maxParts * 6 * MiB + 1);
  expect(huge.sizes.length).toBeLessThanOrEqual(UPLOADER.maxParts);
  expect(huge.sizes.reduce((total, bytes) => total + bytes, 0)).toBe(UPLOADER.maxParts * 6 * MiB + 1);
});

it('after a reload sends again only the parts the server does not hold whole', () => {
  const { etags } = plan(28 * MiB, [
    { PartNumber: 2, Size: 5 * MiB, ETag: 'b' },
    { PartNumber: 6, Size: 3 * MiB, ETag: 'f' },
    // A part of another size is not this file's part 4 (a different file, or a part size since changed).
    { PartNumber: 4, Size: 1 * MiB, ETag: 'd' },
    { PartNumber: 9, Size: 5 * MiB, ETag: 'x' },
  ]);
  expect(etags).toEqual([undefined, 'b', undefined, undefined, undefined, 'f']);
  expect(plan(28 * MiB).etags.every((etag) => etag === undefined)).toBe(true);
});

it('keeps an upload on the phone as long as the server does: an hour after its last part', () => {
  const at = Date.parse('2026-11-24T05:00:00Z');
  expect(stale({ at }, at + UNATTACHED_UPLOAD_HOURS * 3600_000)).toBe(false);
  expect(stale({ at }, at + UNATTACHED_UPLOAD_HOURS * 3600_000 + 1)).toBe(true);
});
