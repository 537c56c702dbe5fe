/**
 * What a directory entry says beyond its name and place: the same fields on /submit-resource
 * (./resource.ts) and /resources-admin (./admin.ts).
 */
import { LIMITS, NOT_REQUIRED, RESOURCE_COSTS, RESOURCE_LANGUAGES, WEEKDAYS } from '../contract/limits.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { area, choice, type FieldSpec } from './kit.ts';

export const RESOURCE_DETAIL_FIELDS: readonly FieldSpec[] = [
  // One empty row, Monday with no times (as ./lists.ts writes a row), to start from: without a script no row can be added.
  { name: 'schedule', label: 'directory.schedule', kind: 'schedule', options: WEEKDAYS, initial: 'mo  ' },
  { name: 'languages', label: 'directory.languages', kind: 'choices', options: RESOURCE_LANGUAGES },
  { ...choice('cost', 'directory.cost', RESOURCE_COSTS, (value) => `directory.cost.${value}` as MessageKey), prompt: 'directory.costUnknown' },
  { name: 'notRequired', label: 'directory.notRequired', kind: 'choices', options: NOT_REQUIRED, optionLabel: (value) => `directory.no.${value}` as MessageKey },
  area('whatToBring', 'directory.whatToBring', LIMITS.description),
  area('eligibility', 'directory.eligibility', LIMITS.description),
];
