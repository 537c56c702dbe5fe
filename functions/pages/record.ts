/**
 * A missing person's record as a page read without scripts (GET /api/lost-found/:id/page, where
 * the board's search without JavaScript leads): the record, its notes newest first, and the note
 * form posting to the API, whose result page leads back here.
 */
import type { LostFoundNote, LostFoundRecord } from '../../src/common/contract/index.ts';
import { translate } from '../../src/common/i18n/index.ts';
import type { Lang } from '../../src/common/i18n/languages.ts';
import type { MessageKey } from '../../src/common/i18n/messages.ts';
import { CALIFORNIA_TIME_ZONE } from '../../src/common/contract/hours.ts';
import { actionOf } from '../../src/common/forms/kit.ts';
import { MESSAGE_FORM, NOTE_FORM } from '../../src/common/forms/person.ts';
import { contactNote, noteFacts } from '../../src/common/person-notes.ts';
import { recordFacts, takesMessages } from '../../src/common/person.ts';
import { formHtml } from './form-result.ts';
import { document, escape, pathIn, words } from './html.ts';
import { revealForm } from '../http/reveal.ts';

const bdi = (text: string) => `<bdi>${escape(text)}</bdi>`;

/**
 * The record's page; `token` (functions/http/reveal.ts pageToken) lets its one form that needs it
 * work once: the contact shown, or, when the family takes messages, a message sent.
 */
export function recordPage(lang: Lang, record: LostFoundRecord, exit: string, token: string): string {
  const t = (key: MessageKey, vars?: Record<string, string>) => words(lang, key, vars);
  const facts = recordFacts(record, lang, CALIFORNIA_TIME_ZONE);
  const lastSeen = [facts.lastSeen.city && bdi(facts.lastSeen.city), facts.lastSeen.date && escape(facts.lastSeen.date)].filter(Boolean).join(' · ');
  const reached = contactNote(record.notes);
  const main =
    `<article class="record">` +
    (record.photoUrl ? `<img class="photo" src="${escape(record.photoUrl)}" alt="${t('lostFound.photoOf', { name: record.name })}" width="160" height="160">` : '') +
    `<h1>${bdi(record.name)}</h1>` +
    `<p><span class="badge ${record.status}">${t(facts.badge.key)}</span></p>` +
    (lastSeen ? `<p><b>${t('lostFound.lastSeen')}:</b> ${lastSeen}</p>` : '') +
    (record.description ? `<p dir="auto">${escape(record.description)}</p>` : '') +
    (takesMessages(record) ? '' : revealForm(lang, 'lost-found', record.id, record.contactKind!, token)) +
    `<p class="muted">${t('lostFound.posted')} ${escape(facts.posted)}</p>` +
    `</article>` +
    (takesMessages(record)
      ? `<section id="message"><h2>${t('relay.title')}</h2><p>${t('relay.lead')}</p>${formHtml(MESSAGE_FORM, lang, actionOf(MESSAGE_FORM, record.id), { token })}</section>`
      : '') +
    (reached ? `<section class="notice"><h2>${t('person.contactMade')}</h2>${noteHtml(lang, reached)}</section>` : '') +
    `<section><h2>${t('person.notesTitle')}</h2>` +
    (record.notes.length ? `<ul class="notes">${record.notes.map((note) => `<li>${noteHtml(lang, note)}</li>`).join('')}</ul>` : `<p>${t('person.notesNone')}</p>`) +
    `</section>` +
    `<section><h2>${t('person.formTitle')}</h2><p>${t('person.formLead')}</p>${formHtml(NOTE_FORM, lang, actionOf(NOTE_FORM, record.id))}</section>` +
    `<p class="links"><a href="${escape(pathIn(lang, '/lost-found'))}">${t('person.toBoard')}</a></p>`;
  return document(lang, record.name, main, exit);
}

function noteHtml(lang: Lang, note: LostFoundNote): string {
  const facts = noteFacts(note, lang, CALIFORNIA_TIME_ZONE);
  const about = [
    facts.author && words(lang, 'person.noteFrom', { name: facts.author }).replace(escape(facts.author), bdi(facts.author)),
    facts.lastKnown && `${words(lang, 'person.noteLastKnown')}: ${bdi(facts.lastKnown)}`,
    escape(facts.when),
  ].filter(Boolean);
  return (facts.status ? `<p><b>${words(lang, facts.status)}</b></p>` : '') + `<p dir="auto">${escape(note.text)}</p><p class="muted">${about.join(' · ')}</p>`;
}

/** The answer for a record that is not there (never was, hidden, or expired). */
export function goneRecordPage(lang: Lang, exit: string): string {
  const main = `<section class="notice failed" role="alert"><h1>${words(lang, 'person.notFound')}</h1><p>${words(lang, 'person.notFoundText')}</p></section><p class="links"><a href="${escape(pathIn(lang, '/lost-found'))}">${words(lang, 'person.toBoard')}</a></p>`;
  return document(lang, translate(lang, 'person.notFound'), main, exit);
}
