import type { MessageKey, Vars } from '../i18n/messages.ts';

/** 'Just now' under an hour, then 'Nh ago', then 'Nd ago' (spec section 9). */
export function relativeTime(iso: string, t: (key: MessageKey, vars?: Vars) => string, now = Date.now()): string {
  const hours = Math.floor((now - Date.parse(iso)) / 3600_000);
  if (hours < 1) return t('time.justNow');
  if (hours < 24) return t('time.hoursAgo', { n: hours });
  return t('time.daysAgo', { n: Math.floor(hours / 24) });
}
