import { describe, expect, it } from 'vitest';
import { contactLink, formatDollars, formatDate, formatDateTime } from './format.ts';

describe('formatDate', () => {
  it("uses 'MMM d, yyyy' in English", () => {
    expect(formatDate('2026-11-20', 'en')).toBe('Nov 20, 2026');
    expect(formatDate('2026-01-05T23:30:00.000Z', 'en')).toMatch(/^Jan [56], 2026$/);
  });

  it('keeps a calendar day the same day whatever the time zone', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });

  it("uses each locale's own short date", () => {
    expect(formatDate('2026-11-20', 'es')).toMatch(/20.*nov.*2026/i);
    expect(formatDate('2026-11-20', 'zh')).toBe('2026年11月20日');
    expect(formatDate('2026-11-20', 'zh-hant')).toBe('2026年11月20日');
    expect(formatDate('2026-11-20', 'ko')).toBe('2026년 11월 20일');
    expect(formatDate('2026-11-20', 'ar')).not.toMatch(/Nov/);
  });

  it('leaves an unreadable value as it is', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it("uses 'MMM d, yyyy h:mm a' in English, on California's clock whatever the machine's", () => {
    // 02:05 UTC on Nov 23 is the evening of Nov 22 in California.
    expect(formatDateTime('2026-11-23T02:05:00.000Z', 'en')).toBe('Nov 22, 2026 6:05 PM');
    expect(formatDateTime('2026-11-23T02:05:00.000Z', 'en', 'UTC')).toBe('Nov 23, 2026 2:05 AM');
  });
});

describe('contactLink', () => {
  it('mails an address with an at-sign', () => {
    expect(contactLink(' maria@example.org ')).toEqual({ kind: 'email', href: 'mailto:maria@example.org' });
  });

  it('dials a phone number reduced to digits and plus', () => {
    expect(contactLink('+1 (559) 555-0142')).toEqual({ kind: 'phone', href: 'tel:+15595550142' });
  });

  it('links a web address as it is', () => {
    expect(contactLink('https://example.org/help')).toEqual({ kind: 'web', href: 'https://example.org/help' });
  });

  it('gives no link for text that is neither', () => {
    expect(contactLink('ask at the church office')).toEqual({ kind: 'text', href: null });
  });
});

describe('formatDollars', () => {
  const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

  it('shows whole dollars with a plain "$"', () => {
    expect(plain(formatDollars(2847, 'en'))).toBe('$2,847');
    expect(plain(formatDollars(25, 'es'))).toContain('$');
    expect(plain(formatDollars(25, 'es'))).not.toContain('US$');
  });

  it('keeps "$" ahead of its direction mark in Arabic, so it is not drawn as "$US"', () => {
    expect(formatDollars(10, 'ar')).toContain('$\u200E');
  });
});
