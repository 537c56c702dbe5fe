/** The SOS request: only the details are required; it goes to the admins and is never listed. */
import { LIMITS } from '../contract/limits.ts';
import { area, text, type FormSpec } from './kit.ts';

export const SOS_FORM = {
  id: 'sos',
  action: '/api/sos',
  fields: [
    text('city', 'sos.city', LIMITS.city),
    area('details', 'sos.details', LIMITS.description, { title: 'sos.detailsRequired', text: 'sos.detailsRequiredText' }),
    text('contact', 'sos.contact', LIMITS.contact),
  ],
  submit: 'sos.submit',
  pending: 'sos.submitting',
  success: { title: 'sos.sent', text: 'sos.sentToVolunteers' },
  failure: { title: 'sos.error', text: 'sos.errorText' },
  back: '/sos',
} as const satisfies FormSpec;
