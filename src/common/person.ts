/**
 * What the page of one missing person says of its notes, the same with scripts (/person) and
 * without (functions/pages/record.ts): each status in gentle words, and the note that says someone
 * reached the person, which both show first.
 */
import type { LostFoundNote } from './contract/index.ts';
import type { MessageKey } from './i18n/messages.ts';

/** The words of a note's status ("Someone believes this person is alive"), or null for an imported note without one. */
export const noteStatusKey = (note: LostFoundNote): MessageKey | null => (note.status ? (`person.status.${note.status}` as MessageKey) : null);

/** The newest note whose author says they were in contact with the person (notes come newest first). */
export const contactNote = (notes: readonly LostFoundNote[]): LostFoundNote | undefined => notes.find((note) => note.status === 'believed_alive' && note.authorMadeContact);
