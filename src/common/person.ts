/**
 * What every view of a missing person says, whoever draws it: the board's card (LostFoundBoard),
 * the record on /person (components/lost-found/PersonRecord) and the server's pages read without
 * scripts (functions/pages/record.ts, search-results.ts). Each draws these facts its own way (React,
 * DOM, HTML text); the facts, their words and their dates are decided here once. Dates are on the
 * phone's own clock, or in `timeZone` (a page the server writes says California's time).
 */
import type { LostFoundNote, LostFoundPost, SearchMatch } from './contract/index.ts';
import { formatDate, formatDateTime, isolate } from './format.ts';
import type { Lang } from './i18n/languages.ts';
import type { MessageKey } from './i18n/messages.ts';

/** The words of a note's status ("Someone believes this person is alive"), or null for an imported note without one. */
export const noteStatusKey = (note: LostFoundNote): MessageKey | null => (note.status ? (`person.status.${note.status}` as MessageKey) : null);

/** The newest note whose author says they were in contact with the person (notes come newest first). */
export const contactNote = (notes: readonly LostFoundNote[]): LostFoundNote | undefined => notes.find((note) => note.status === 'believed_alive' && note.authorMadeContact);

/** Why a search found a record, as words and their names (isolated: a Latin name in an Arabic sentence, 王小明 in an English one). */
const matchWords = (match: SearchMatch): { key: MessageKey; vars?: Record<string, string> } =>
  match.kind === 'similar'
    ? { key: 'lostFound.matchSimilar' }
    : match.kind === 'nickname'
      ? { key: 'lostFound.matchNickname', vars: { short: isolate(match.short), full: isolate(match.full) } }
      : { key: 'lostFound.matchWritten', vars: { as: isolate(match.as) } };

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

/** A note's facts: its status's words, and its byline's parts (author and last known place, to be isolated as typed; when). */
export function noteFacts(note: LostFoundNote, lang: Lang, timeZone?: string) {
  return { status: noteStatusKey(note), author: note.authorName || null, lastKnown: note.lastKnownLocation || null, when: formatDateTime(note.createdAt, lang, timeZone) };
}
