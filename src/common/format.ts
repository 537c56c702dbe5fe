import { LOCALES, localizePath, type Lang } from './i18n/languages.ts';
import type { ContactKind } from './contract/pow.ts';

/** California's clocks: drops, opening hours and every date and time the site shows keep this time. */
export const CALIFORNIA_TIME_ZONE = 'America/Los_Angeles';

/**
 * A date as 'MMM d, yyyy' in English ("Nov 20, 2026") and the locale's equivalent elsewhere, on
 * California's clock: a page the server draws and the island that wakes on the phone then say
 * the same (the site is California's; a phone elsewhere still reads California's dates).
 * Plain dates (YYYY-MM-DD) are calendar days and are shown as such in every time zone.
 */
export function formatDate(value: string, lang: Lang, timeZone = CALIFORNIA_TIME_ZONE): string {
  const plainDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(plainDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALES[lang], {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: plainDay ? 'UTC' : timeZone,
  }).format(date);
}

/** A moment as 'MMM d, yyyy h:mm a' in English ("Nov 22, 2026 6:05 PM"), the locale's way elsewhere, on California's clock. */
export function formatDateTime(value: string, lang: Lang, timeZone = CALIFORNIA_TIME_ZONE): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
  return `${formatDate(value, lang, timeZone)} ${time}`;
}

export type { ContactKind };

/**
 * How to reach a poster: an email address (has an at-sign), a web address, a phone number
 * (tel: with only digits and plus), or plain text with no link.
 */
export function contactLink(contact: string): { kind: ContactKind; href: string | null } {
  const value = contact.trim();
  if (value.includes('@')) return { kind: 'email', href: `mailto:${value}` };
  if (/^https?:\/\//i.test(value)) return { kind: 'web', href: value };
  const dial = value.replace(/[^\d+]/g, '');
  if (dial.replace(/\D/g, '').length >= 3) return { kind: 'phone', href: `tel:${dial}` };
  return { kind: 'text', href: null };
}

/** How a contact reads, for the label of its button; null without one. */
export const contactKindOf = (contact: string | null | undefined): ContactKind | null => (contact ? contactLink(contact).kind : null);

/**
 * Whole US dollars in the language's way ("$25", "25 $"), with "$" rather than "US$" where the
 * language allows. The invisible left-to-right mark after "$" keeps Arabic's "US$" from being
 * drawn as "$US"; elsewhere it changes nothing.
 */
export function formatDollars(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 })
    .format(amount)
    .replace('$', () => '$\u200E');
}

/** The page of one missing-person record, in the reader's language. */
export const personPath = (id: string, lang: Lang) => localizePath(`/person/${encodeURIComponent(id)}`, lang);

/** A record's id (a UUID) as its short code: the first 10 hex digits, before and after the first dash. */
const SHORT_ID = /^([0-9a-f]{8})-([0-9a-f]{2})[0-9a-f]{2}-/;

/**
 * A record's short address, for a text message where every character counts (FIND answers 3
 * records in 2 SMS segments; the full address alone takes 74 characters): /api/p/ and the short
 * code, with the language after a dot (functions/routes/lost-found.ts, shortLinkRoutes, reads it).
 * null for an id that is no UUID (an imported record).
 */
export function shortPersonPath(id: string, lang: Lang): string | null {
  const code = SHORT_ID.exec(id);
  return code ? `/api/p/${code[1]}${code[2]}${lang === 'en' ? '' : `.${lang}`}` : null;
}

/** Text a person typed, isolated as <bdi> does, inside a sentence that may run the other way. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
