/** The message key of each contract value a person reads (values are stored in English). */
import { WEEKDAYS, type AdminResourceCategory, type AlertType, type Precision, type Weekday } from '../contract/limits.ts';
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

/** The names a directory shows in the page's language: Intl's, so no dictionary repeats them. */
export function directoryNames(locale: string, t: (key: MessageKey) => string) {
  const languages = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  // 2026-11-23 was a Monday: the week in WEEKDAYS' order.
  const weekday = (style: 'long' | 'short') => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  const long = weekday('long');
  const short = weekday('short');
  const dayAt = (day: Weekday) => Date.UTC(2026, 10, 23 + WEEKDAYS.indexOf(day));
  return {
    /** Mixtec and American Sign Language have no name in many languages' Intl data: the dictionary's. */
    language: (code: string) => (code === 'mix' ? t('directory.langMix') : code === 'ase' ? t('directory.langAse') : languages.of(code)!),
    day: (day: string) => long.format(dayAt(day as Weekday)),
    shortDay: (day: string) => short.format(dayAt(day as Weekday)),
  };
}
