/** /submit-resource's form: apart from ./posts.ts, so the many pages that load those forms do not load the directory's fields. */
import { LIMITS, RESOURCE_CATEGORIES } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { area, choice, text, type FormSpec } from './kit.ts';
import { RESOURCE_DETAIL_FIELDS } from './directory.ts';

export const RESOURCE_FORM = {
  id: 'resource',
  action: '/api/resources',
  fields: [
    text('name', 'submitResource.name', LIMITS.name, { title: 'submitResource.nameRequired', text: 'submitResource.nameRequiredText' }),
    { ...choice('category', 'submitResource.category', RESOURCE_CATEGORIES, (value) => `category.${value}` as MessageKey), initial: RESOURCE_CATEGORIES[0] },
    { ...text('city', 'submitResource.city', LIMITS.city), kind: 'place' },
    text('address', 'submitResource.address', LIMITS.address),
    { ...text('phone', 'submitResource.phone', LIMITS.phone), kind: 'tel' },
    text('link', 'submitResource.link', LIMITS.url),
    area('notes', 'submitResource.notes', LIMITS.description),
    ...RESOURCE_DETAIL_FIELDS,
  ],
  submit: 'submitResource.submit',
  pending: 'submitResource.submitting',
  success: { title: 'submitResource.success', text: 'submitResource.successText' },
  failure: { title: 'submitResource.error', text: 'submitResource.errorText' },
  refusals: { 429: { title: 'submitResource.rateLimitedTitle', text: 'submitResource.rateLimitedText' } },
  back: '/resources',
} as const satisfies FormSpec;
