/** The names a directory shows in the page's language: Intl's, so no dictionary repeats them. */
import { WEEKDAYS, type Weekday } from '../contract/values.ts';
import type { MessageKey } from './messages.ts';

export function directoryNames(locale: string, t: (key: MessageKey) => string) {
  const languages = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  const weekday = (style: 'long' | 'short') => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  const long = weekday('long');
  const short = weekday('short');
  // 2026-11-23 was a Monday: the week in WEEKDAYS' order.
  const dayAt = (day: string) => Date.UTC(2026, 10, 23 + WEEKDAYS.indexOf(day as Weekday));
  return {
    /** Mixtec and American Sign Language have no name in many languages' Intl data: the dictionary's. */
    language: (code: string) => (code === 'mix' ? t('directory.langMix') : code === 'ase' ? t('directory.langAse') : languages.of(code)!),
    day: (day: string) => long.format(dayAt(day)),
    shortDay: (day: string) => short.format(dayAt(day)),
  };
}
