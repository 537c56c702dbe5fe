import { LOCALES, type Lang } from './i18n/languages.ts';
import type { MessageKey, Vars } from './i18n/messages.ts';

const HOUR = 3600_000;
const formats = new Map<Lang, Intl.RelativeTimeFormat>();

/**
 * 'Just now' under an hour, then hours ago, then days ago (spec section 9: 'Nh ago', 'Nd ago'),
 * in the plural of `lang` ("3h ago", "قبل 3 ساعات", "hace 2 días"). Only English takes the short
 * form: elsewhere it abbreviates into words a newcomer cannot read ("3 घं॰ पहले", "3 ம. முன்").
 */
export function relativeTime(iso: string, lang: Lang, t: (key: MessageKey, vars?: Vars) => string, now = Date.now()): string {
  return hoursAgo(Math.floor((now - Date.parse(iso)) / HOUR), lang, t);
}

/** The same for a whole number of hours ago. */
export function hoursAgo(hours: number, lang: Lang, t: (key: MessageKey, vars?: Vars) => string): string {
  if (hours < 1) return t('time.justNow');
  let format = formats.get(lang);
  if (!format) formats.set(lang, (format = new Intl.RelativeTimeFormat(LOCALES[lang], { style: lang === 'en' ? 'narrow' : 'long' })));
  return hours < 24 ? format.format(-hours, 'hour') : format.format(-Math.floor(hours / 24), 'day');
}
