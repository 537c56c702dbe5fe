/** The other posting forms: jobs, drop volunteers, and the admin sign-in (resources: ./resource.ts; a record's note and message: ./person.ts). */
import { LIMITS } from '../contract/limits.ts';
import { area, text, type FormSpec } from './kit.ts';

export const JOB_FORM = {
  id: 'job',
  action: '/api/jobs',
  fields: [
    text('title', 'submitJob.jobTitle', LIMITS.name, { title: 'submitJob.titleRequired', text: 'submitJob.titleRequiredText' }),
    text('employer', 'submitJob.employer', LIMITS.name),
    { ...text('city', 'submitJob.city', LIMITS.city), kind: 'place' },
    text('payRange', 'submitJob.payRange', LIMITS.payRange),
    area('notes', 'submitJob.notes', LIMITS.description),
    text('contact', 'submitJob.contact', LIMITS.contact, { title: 'submitJob.contactRequired', text: 'submitJob.contactRequiredText' }),
    { name: 'acceptsNoPapers', label: 'submitJob.noPapers', kind: 'checkbox', initial: true },
  ],
  submit: 'submitJob.submit',
  pending: 'submitJob.submitting',
  success: { title: 'submitJob.success', text: 'submitJob.successText' },
  failure: { title: 'submitJob.error', text: 'submitJob.errorText' },
  refusals: { 429: { title: 'submitJob.rateLimitedTitle', text: 'submitJob.rateLimitedText' } },
  back: '/jobs',
} as const satisfies FormSpec;

export const VOLUNTEER_FORM = {
  id: 'volunteer',
  action: '/api/drops/:id/volunteers',
  fields: [
    text('name', 'drops.volunteerName', LIMITS.name, { title: 'drops.volunteerRequired' }),
    text('contact', 'drops.volunteerContact', LIMITS.contact, { title: 'drops.volunteerRequired' }),
  ],
  submit: 'drops.volunteerSubmit',
  pending: 'drops.volunteerSubmitting',
  success: { title: 'drops.volunteerThanks', text: 'drops.volunteerThanksText' },
  failure: { title: 'drops.volunteerError' },
  back: '/drops',
} as const satisfies FormSpec;

export const ADMIN_SIGN_IN_FORM = {
  id: 'adminSignIn',
  action: '/api/admin/session',
  fields: [
    { ...text('username', 'admin.name', LIMITS.name, { title: 'toast.error', text: 'admin.signInRequired' }), key: 'name' },
    { ...text('password', 'admin.secret', LIMITS.secret, { title: 'toast.error', text: 'admin.signInRequired' }), key: 'secret', kind: 'secret' },
  ],
  submit: 'admin.signIn',
  pending: 'admin.signingIn',
  success: { title: 'admin.signedInAs' },
  failure: { title: 'toast.error', text: 'admin.signInFailed' },
  refusals: { 401: { text: 'admin.wrongSecret' }, 429: { text: 'admin.tooMany' } },
  back: '/admin',
} as const satisfies FormSpec;
