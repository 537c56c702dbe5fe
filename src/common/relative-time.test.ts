import { expect, it } from 'vitest';
import { translator } from './i18n/index.ts';
import { relativeTime } from './relative-time.ts';

const now = Date.parse('2026-11-22T18:00:00Z');
const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000).toISOString();

it("says 'Just now' under an hour, then hours, then days", () => {
  const t = translator('en');
  expect(relativeTime(at(0.9), 'en', t, now)).toBe('Just now');
  expect(relativeTime(at(1), 'en', t, now)).toBe('1h ago');
  expect(relativeTime(at(23.5), 'en', t, now)).toBe('23h ago');
  expect(relativeTime(at(49), 'en', t, now)).toBe('2d ago');
});

it("speaks the page's language, with its plurals", () => {
  expect(relativeTime(at(0.5), 'es', translator('es'), now)).toBe(translator('es')('time.justNow'));
  expect(relativeTime(at(49), 'es', translator('es'), now)).toBe('hace 2 días');
  expect(relativeTime(at(1), 'ar', translator('ar'), now)).toBe('قبل ساعة واحدة');
  expect(relativeTime(at(3), 'ar', translator('ar'), now)).toBe('قبل 3 ساعات');
  expect(relativeTime(at(49), 'ar', translator('ar'), now)).toBe('قبل يومين');
  expect(relativeTime(at(26), 'ko', translator('ko'), now)).toBe('1일 전');
});

it('writes whole words, never abbreviations, outside English', () => {
  expect(relativeTime(at(3), 'hi', translator('hi'), now)).toBe('3 घंटे पहले');
  expect(relativeTime(at(3), 'ta', translator('ta'), now)).toBe('3 மணிநேரம் முன்');
  expect(relativeTime(at(3), 'pa', translator('pa'), now)).toBe('3 ਘੰਟੇ ਪਹਿਲਾਂ');
  expect(relativeTime(at(49), 'ta', translator('ta'), now)).toBe('2 நாட்களுக்கு முன்');
  expect(relativeTime(at(2), 'ar', translator('ar'), now)).toBe('قبل ساعتين');
  expect(relativeTime(at(24 * 11), 'ar', translator('ar'), now)).toBe('قبل 11 يومًا');
});
