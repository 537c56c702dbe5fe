/**
 * The forms of one missing person's record (/person/ID): a note anyone reads, and a message only
 * the family reads. In a file of their own so the boards and the desk
 * load neither.
 */
import { LIMITS, NOTE_STATUSES } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { area, text, type FormSpec } from './kit.ts';

/**
 * A note on a missing person's record (/person/ID). "I made contact"
 * goes only with "believed alive": the page shows the box for that choice only; without scripts
 * the box is always there and the API refuses it with another choice.
 */
export const NOTE_FORM = {
  id: 'note',
  action: '/api/lost-found/:id/notes',
  fields: [
    text('authorName', 'person.authorName', LIMITS.name, { title: 'person.nameRequired' }),
    area('text', 'person.text', LIMITS.description, { title: 'person.textRequired' }),
    {
      name: 'status',
      label: 'person.statusLabel',
      kind: 'radio',
      options: NOTE_STATUSES,
      optionLabel: (value) => `person.choice.${value}` as MessageKey,
      required: { title: 'person.statusRequired' },
    },
    { name: 'authorMadeContact', label: 'person.madeContact', kind: 'checkbox' },
    { ...text('lastKnownLocation', 'person.lastKnownLocation', LIMITS.city), hint: 'person.lastKnownLocationHint' },
    { ...text('contact', 'person.contact', LIMITS.contact), hint: 'person.contactHint' },
  ],
  submit: 'person.submit',
  pending: 'person.submitting',
  success: { title: 'person.success' },
  failure: { title: 'person.error', text: 'person.errorText' },
  refusals: { 429: { text: 'person.rateLimited' } },
  back: '/person/:id',
} as const satisfies FormSpec;

/**
 * A message to the family of a record whose contact is not shown. Without scripts no proof of
 * work can be done: the record's page, rendered on the server, puts a one-time token in the
 * hidden field instead.
 */
export const MESSAGE_FORM = {
  id: 'message',
  action: '/api/lost-found/:id/messages',
  fields: [
    text('name', 'relay.name', LIMITS.name, { title: 'relay.nameRequired' }),
    area('message', 'relay.message', LIMITS.message, { title: 'relay.messageRequired' }),
    { ...text('reach', 'relay.reach', LIMITS.contact), hint: 'relay.reachHint' },
    { name: 'token', label: 'relay.title', kind: 'hidden' },
  ],
  submit: 'relay.submit',
  pending: 'relay.sending',
  success: { title: 'relay.sent' },
  failure: { title: 'relay.error' },
  refusals: {
    403: { text: 'relay.expired' },
    404: { text: 'relay.gone' },
    409: { text: 'relay.showsContact' },
    429: { text: 'relay.tooMany' },
    post_limit: { text: 'relay.postBusy' },
  },
  back: '/person/:id',
} as const satisfies FormSpec;
