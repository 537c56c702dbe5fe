import type { LostFoundNote } from '../contract/index.ts';
import type { Lang } from '../i18n/languages.ts';
import type { messageFn, MessageKey } from '../i18n/messages.ts';
import { contactLink, formatDate } from '../lib/format.ts';
import { relativeTime } from '../lib/relative-time.ts';

type T = ReturnType<typeof messageFn>;

/** Past a week, a note says its date: "9,806d ago" tells nothing of a note imported from years back. */
const RELATIVE_DAYS = 7;

/**
 * One note on a missing-person record: its status in gentle words, "made contact" first and
 * marked, who wrote it, where the person was last known to be, when; and, only where the record's
 * owner reads it, the contact its author left.
 */
export function PersonNote({ note, lang, t }: { note: LostFoundNote & { contact?: string | null }; lang: Lang; t: T }) {
  const contact = note.contact ? contactLink(note.contact) : null;
  return (
    <li className={`person-note${note.authorMadeContact ? ' made-contact' : ''}`} data-note-id={note.id}>
      <p className="person-note-status">
        {note.authorMadeContact && <strong className="badge ok">{t('notes.madeContact')}</strong>}
        {note.status && <span className={`badge ${note.status === 'believed_alive' ? 'ok' : 'plain'}`}>{t(`notes.status.${note.status}` as MessageKey)}</span>}
        <span className="note">
          {Date.now() - Date.parse(note.createdAt) < RELATIVE_DAYS * 86_400_000 ? relativeTime(note.createdAt, lang, t) : formatDate(note.createdAt, lang)}
        </span>
      </p>
      <p dir="auto">{note.text}</p>
      {note.lastKnownLocation && (
        <p>
          <span className="label">{t('notes.lastKnownLocation')}:</span> <bdi>{note.lastKnownLocation}</bdi>
        </p>
      )}
      {note.authorName && (
        <p>
          <span className="label">{t('notes.from')}:</span> <bdi>{note.authorName}</bdi>
        </p>
      )}
      {contact && (
        <p className="person-note-contact">
          <span className="label">{t('notes.contact')}:</span>{' '}
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
