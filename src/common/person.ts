/**
 * What every view of a missing person says, whoever draws it: the board's card (LostFoundBoard),
 * the record on /person (components/lost-found/PersonRecord) and the server's pages read without
 * scripts (functions/pages/record.ts, search-results.ts). Each draws these facts its own way (React,
 * DOM, HTML text); the facts, their words and their dates are decided here once, and a note's in
 * person-notes.ts (which the board, showing no notes, does not load). Dates are on the
 * phone's own clock, or in `timeZone` (a page the server writes says California's time).
 */
import type { LostFoundPost, SearchMatch } from './contract/index.ts';
import { formatDate, isolate } from './format.ts';
import type { Lang } from './i18n/languages.ts';
import type { MessageKey } from './i18n/messages.ts';

/** Why a search found a record, as words and the names in them (isolated: a Latin name in an Arabic sentence, 王小明 in an English one). */
const matchWords = ({ kind, ...names }: SearchMatch) => ({
  key: `lostFound.match.${kind}` as MessageKey,
  vars: Object.fromEntries(Object.entries(names).map(([name, value]) => [name, isolate(value)])),
});

/** A record's facts: its badge, where and when last seen (what it has of them), when posted, and the letter shown without a photo. */
export function recordFacts(record: LostFoundPost, lang: Lang, timeZone?: string) {
  return {
    badge: record.status === 'found' ? ({ key: 'lostFound.found', tone: 'done' } as const) : ({ key: 'person.missing', tone: 'danger' } as const),
    /** The city (to be isolated as typed) and the calendar day, each null when the record lacks it. */
    lastSeen: { city: record.lastSeenCity || null, date: record.lastSeenDate ? formatDate(record.lastSeenDate, lang) : null },
    posted: formatDate(record.createdAt, lang, timeZone),
    initial: record.name.trim().charAt(0).toUpperCase(),
    /** Why a search found it, when not by its name as written ("Paco is a nickname of Francisco"), else null. */
    match: record.match ? matchWords(record.match) : null,
  };
}

/**
 * Whether people reach a record's family by a message through the site (its poster keeps the
 * contact hidden, or gave none) rather than by its contact, shown one at a time after a check.
 */
export const takesMessages = (post: Pick<LostFoundPost, 'showContact' | 'contactKind'>) => !post.showContact || !post.contactKind;
