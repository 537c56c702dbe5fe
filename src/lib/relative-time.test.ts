import { expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { relativeTime } from './relative-time.ts';

const now = Date.parse('2026-11-22T18:00:00Z');
const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000).toISOString();

it("says 'Just now' under an hour, then hours, then days", () => {
  const t = translator('en');
  expect(relativeTime(at(0.9), t, now)).toBe('Just now');
  expect(relativeTime(at(1), t, now)).toBe('1h ago');
  expect(relativeTime(at(23.5), t, now)).toBe('23h ago');
  expect(relativeTime(at(49), t, now)).toBe('2d ago');
});
