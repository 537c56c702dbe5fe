/**
 * The directory's forms: what an entry says beyond its name and place (the same fields on
 * /submit-resource and /resources-admin), and /submit-resource's own form. Apart from ./posts.ts
 * so the many pages that load those forms do not load these.
 */
import { LIMITS, NOT_REQUIRED, RESOURCE_CATEGORIES, RESOURCE_COSTS, RESOURCE_LANGUAGES, WEEKDAYS } from '../../contract/limits.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { area, choice, text, type FieldSpec, type FormSpec } from '../forms.ts';

export const RESOURCE_DETAIL_FIELDS: readonly FieldSpec[] = [
  // One empty row, Monday with no times (as ./lists.ts writes a row), to start from: without a script no row can be added.
  { name: 'schedule', label: 'directory.schedule', kind: 'schedule', options: WEEKDAYS, initial: 'mo  ' },
  { name: 'languages', label: 'directory.languages', kind: 'choices', options: RESOURCE_LANGUAGES },
  { ...choice('cost', 'directory.cost', RESOURCE_COSTS, (value) => `directory.cost.${value}` as MessageKey), prompt: 'directory.costUnknown' },
  { name: 'notRequired', label: 'directory.notRequired', kind: 'choices', options: NOT_REQUIRED, optionLabel: (value) => `directory.no.${value}` as MessageKey },
  area('whatToBring', 'directory.whatToBring', LIMITS.description),
  area('eligibility', 'directory.eligibility', LIMITS.description),
];

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
