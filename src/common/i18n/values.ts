/** The message key of each contract value a person reads (values are stored in English). */
import type { AdminResourceCategory, AlertType, Precision } from '../contract/limits.ts';
import type { MessageKey } from './messages.ts';

export const ALERT_TYPE_KEYS: Record<AlertType, MessageKey> = {
  'Community Notice': 'alertType.communityNotice',
  'Safety Checkpoint': 'alertType.safetyCheckpoint',
  'General Advisory': 'alertType.generalAdvisory',
  'Resource Available': 'alertType.resourceAvailable',
  'Weather Alert': 'alertType.weatherAlert',
  'Transit Disruption': 'alertType.transitDisruption',
  'Public Event': 'alertType.publicEvent',
  'Enforcement Activity': 'alertType.enforcementActivity',
};

export const ACTIVITY_KEYS: Record<string, MessageKey> = {
  'Arrests or detentions': 'activity.arrests',
  'Checkpoint or traffic stop': 'activity.checkpoint',
  'Agents at a home': 'activity.home',
  'Agents at a workplace': 'activity.workplace',
  'Agents patrolling or waiting': 'activity.patrolling',
  Other: 'activity.other',
};

export const PRECISION_KEYS: Record<Precision, MessageKey> = { BROAD: 'precision.BROAD', PRECISE: 'precision.PRECISE' };

/** The message key of a contract value with spaces or dashes: `jobType.FullTime`, `sector.RestaurantWork`. */
export const valueKey = (prefix: string, value: string) => `${prefix}.${value.replace(/[\s-]/g, '')}` as MessageKey;
export const adminCategoryKey = (category: AdminResourceCategory) => valueKey('adminCategory', category);
