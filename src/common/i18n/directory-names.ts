/** The names a directory shows in the page's language: Intl's, so no dictionary repeats them. */
import { RESOURCE_LANGUAGES, WEEKDAYS } from '../contract/values.ts';
import type { MessageKey } from './messages.ts';

/** The names of a directory's languages and days in one language, by code: plain data a page carries. */
export interface DirectoryWords {
  language: Record<string, string>;
  day: Record<string, string>;
  shortDay: Record<string, string>;
}

/**
 * The directory's words in `locale`, made by the server, whose Intl data is whole. A phone's
 * browser may lack some (Chrome names Zapotec "zap", a headless one says "Mon" in Punjabi): an
 * island naming them itself draws other words than the page it wakes up in, and React then draws
 * the form anew, losing what was typed before it woke. So the server's words travel with the page.
 */
export function directoryWords(locale: string, t: (key: MessageKey) => string): DirectoryWords {
  const languages = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  // Mixtec and American Sign Language have no name in many languages' Intl data: the dictionary's.
  const named = (code: string) => (code === 'mix' ? t('directory.langMix') : code === 'ase' ? t('directory.langAse') : languages.of(code)!);
  const week = (style: 'long' | 'short') => {
    const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
    // 2026-11-23 was a Monday: the week in WEEKDAYS' order.
    return Object.fromEntries(WEEKDAYS.map((day, index) => [day, format.format(Date.UTC(2026, 10, 23 + index))]));
  };
  return { language: Object.fromEntries(RESOURCE_LANGUAGES.map((code) => [code, named(code)])), day: week('long'), shortDay: week('short') };
}

/** Naming functions over a directory's words; a code they have no word for stays as it is. */
export function directoryNames(words: DirectoryWords) {
  const naming = (names: Record<string, string>) => (code: string) => names[code] ?? code;
  return { language: naming(words.language), day: naming(words.day), shortDay: naming(words.shortDay) };
}
