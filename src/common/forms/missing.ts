/**
 * The missing-person forms, in a file of their own so the board loads only these (the other
 * posting forms are in ./posts.ts).
 */
import { LIMITS } from '../contract/limits.ts';
import { area, text, type FormSpec } from './kit.ts';

/** A missing person: the inline form on /lost-found, or /submit-missing where the contact is required too. */
function lostFoundSpec(id: 'lostFound' | 'submitMissing') {
  const submitPage = id === 'submitMissing';
  return {
    id,
    action: '/api/lost-found',
    fields: [
      text('name', 'lostFound.name', LIMITS.name, { title: 'lostFound.nameRequired', text: submitPage ? 'submitMissing.nameRequiredText' : 'lostFound.nameRequiredText' }),
      { ...text('lastSeenCity', 'lostFound.lastSeenCity', LIMITS.city), kind: 'place' },
      { name: 'lastSeenDate', label: 'lostFound.lastSeenDate', kind: 'date' },
      area('description', 'lostFound.description', LIMITS.description),
      text('contact', 'lostFound.contact', LIMITS.contact, submitPage ? { title: 'submitMissing.contactRequired', text: 'submitMissing.contactRequiredText' } : undefined),
      { name: 'showContact', label: 'post.showContact', kind: 'checkbox', hint: 'post.showContactHint' },
      // Drawn under the photo field; the form sends the photo itself on its own (src/islands/shared/PhotoField.tsx).
      { name: 'sharePhoto', label: 'lostFound.sharePhoto', kind: 'checkbox', hint: 'lostFound.sharePhotoHint' },
    ],
    sendsLang: true,
    submit: submitPage ? 'submitMissing.submit' : 'lostFound.submit',
    pending: submitPage ? 'submitMissing.submitting' : 'lostFound.submitting',
    success: { title: submitPage ? 'submitMissing.success' : 'lostFound.success' },
    failure: { title: submitPage ? 'submitMissing.error' : 'lostFound.errorTitle', text: 'lostFound.errorText' },
    back: '/lost-found',
    manage: 'missing',
    live: 'new-missing-person',
  } satisfies FormSpec;
}

export const LOST_FOUND_FORM = lostFoundSpec('lostFound');

export const SUBMIT_MISSING_FORM = lostFoundSpec('submitMissing');
