import { describe, expect, it } from 'vitest';
import { LOST_FOUND_DAYS } from '../common/contract/limits.ts';
import { EXPIRY_WARNING_DAYS, expiresSoon, parseManageFragment } from './my-posts.ts';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T12:00:00Z');
const inDays = (days: number) => new Date(now + days * DAY).toISOString();

describe('expiresSoon', () => {
  it('is quiet for a record just posted or extended', () => {
    expect(expiresSoon(inDays(LOST_FOUND_DAYS), now)).toBe(false);
  });

  it(`warns once fewer than ${EXPIRY_WARNING_DAYS} days are left, not at exactly ${EXPIRY_WARNING_DAYS}`, () => {
    expect(expiresSoon(inDays(EXPIRY_WARNING_DAYS), now)).toBe(false);
    expect(expiresSoon(new Date(now + EXPIRY_WARNING_DAYS * DAY - 1000).toISOString(), now)).toBe(true);
    expect(expiresSoon(inDays(1), now)).toBe(true);
  });

  it('warns for a date already past', () => {
    expect(expiresSoon(inDays(-1), now)).toBe(true);
  });
});

describe('parseManageFragment', () => {
  const id = '0b6f2f0e-3c1a-4f1e-9a52-6a3c2b1d4e5f';
  it('reads a missing-person manage link', () => {
    expect(parseManageFragment(`#missing.${id}.${'a'.repeat(43)}`)).toEqual({ kind: 'missing', id, token: 'a'.repeat(43) });
  });
  it('refuses anything else', () => {
    expect(parseManageFragment(`#person.${id}.${'a'.repeat(43)}`)).toBeNull();
    expect(parseManageFragment(`#missing.${id}.short`)).toBeNull();
  });
});
