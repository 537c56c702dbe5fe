import type { LostFoundNote } from '../../common/contract/index.ts';
import type { Lang } from '../../common/i18n/languages.ts';
import type { messageFn } from '../../common/i18n/messages.ts';
import { contactLink, formatDateTime } from '../../common/format.ts';
import { noteStatusKey } from '../../common/person-notes.ts';

type T = ReturnType<typeof messageFn>;

/**
 * One note on a missing-person record: its status in gentle words, "made contact" first and
 * marked, who wrote it, where the person was last known to be, when; and, only where the record's
 * owner reads it, the contact its author left.
 */
export function PersonNote({ note, lang, t }: { note: LostFoundNote & { contact?: string | null }; lang: Lang; t: T }) {
  const contact = note.contact ? contactLink(note.contact) : null;
  // The words around the author's name, which keeps its own direction.
  const fromWords = t('person.noteFrom', { name: '\u0000' }).split('\u0000');
  return (
    <li className={`person-note${note.authorMadeContact ? ' made-contact' : ''}`} data-note-id={note.id}>
      <p className="person-note-status">
        {note.authorMadeContact && <strong className="badge ok">{t('person.contactMade')}</strong>}
        {note.status && <span className={`badge ${note.status === 'believed_alive' ? 'ok' : 'plain'}`}>{t(noteStatusKey(note)!)}</span>}
        <span className="note">{formatDateTime(note.createdAt, lang)}</span>
      </p>
      <p dir="auto">{note.text}</p>
      {note.lastKnownLocation && (
        <p>
          <span className="label">{t('person.noteLastKnown')}:</span> <bdi>{note.lastKnownLocation}</bdi>
        </p>
      )}
      {note.authorName && (
        <p>
          {fromWords[0]}
          <bdi>{note.authorName}</bdi>
          {fromWords[1]}
        </p>
      )}
      {contact && (
        <p className="person-note-contact">
          <span className="label">{t('manage.noteContact')}:</span>{' '}
          {contact.href ? (
            <a href={contact.href} {...(contact.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <bdi>{note.contact}</bdi>
            </a>
          ) : (
            <bdi>{note.contact}</bdi>
          )}
        </p>
      )}
    </li>
  );
}
