/**
 * What every view of a note on a missing person says (the record on /person, the note form, and
 * the server's record page), as person.ts is for the record itself.
 */
import type { LostFoundNote } from './contract/index.ts';
import { formatDateTime } from './format.ts';
import type { Lang } from './i18n/languages.ts';
import type { MessageKey } from './i18n/messages.ts';

/** The words of a note's status ("Someone believes this person is alive"), or null for an imported note without one. */
export const noteStatusKey = (note: LostFoundNote): MessageKey | null => (note.status ? (`person.status.${note.status}` as MessageKey) : null);

/** The newest note whose author says they were in contact with the person (notes come newest first). */
export const contactNote = (notes: readonly LostFoundNote[]): LostFoundNote | undefined => notes.find((note) => note.status === 'believed_alive' && note.authorMadeContact);

/** A note's facts: its status's words, and its byline's parts (author and last known place, to be isolated as typed; when). */
export function noteFacts(note: LostFoundNote, lang: Lang, timeZone?: string) {
  return { status: noteStatusKey(note), author: note.authorName || null, lastKnown: note.lastKnownLocation || null, when: formatDateTime(note.createdAt, lang, timeZone) };
}
