/**
 * What the admin desks' create/edit forms share (spec section 5, "In-memory admin pages"); each
 * desk's form is in its island (src/islands/admin/*Admin.tsx), so a desk loads only its own. Each
 * desk's required fields share the spec's one message. They are drawn only once an admin has
 * signed in with scripts on, so the server's form posts never read them.
 */
import type { MessageKey } from '../i18n/messages.ts';
import type { FieldSpec, FormSpec, Notice } from './kit.ts';

/** A desk's message when a required field is blank. */
export const required = (text: MessageKey): Notice => ({ title: 'admin.requiredTitle', text });
export const box = (name: string, label: MessageKey, initial: boolean): FieldSpec => ({ name, label, kind: 'checkbox', initial });

/** A desk's form: its collection under /api/admin (the page is that name with -admin), and what the desk's own words are. */
export const deskForm = (path: string, submit: MessageKey, success: Notice, fields: readonly FieldSpec[]): FormSpec => ({
  id: `desk${path}`,
  action: `/api/admin${path}`,
  fields,
  submit,
  pending: 'admin.saving',
  success,
  failure: { title: 'admin.actionFailed', text: 'admin.actionFailedText' },
  back: `${path}-admin`,
});
