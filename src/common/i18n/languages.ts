/**
 * The interface languages, each id also its path segment (`/zh-hant/jobs`) and its dictionary's
 * file name. English is the source and lives at the unprefixed paths.
 */
export const LANGUAGES = ['en', 'es', 'zh', 'zh-hant', 'hi', 'pa', 'ta', 'ar', 'ko', 'vi', 'tl'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Each language named in its own script, so a person can find theirs whatever page they are on. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  es: 'Español',
  zh: '简体中文',
  'zh-hant': '繁體中文',
  hi: 'हिन्दी',
  pa: 'ਪੰਜਾਬੀ',
  ta: 'தமிழ்',
  ar: 'العربية',
  ko: '한국어',
  vi: 'Tiếng Việt',
  tl: 'Tagalog',
};

/**
 * BCP 47 tags for `<html lang>` and Intl formatting: zh is Simplified Chinese, zh-hant Traditional
 * (Taiwan's usage, which Hong Kong and Cantonese readers also read).
 */
export const LOCALES: Record<Lang, string> = {
  en: 'en-US',
  es: 'es-US',
  zh: 'zh-Hans-CN',
  'zh-hant': 'zh-Hant-TW',
  hi: 'hi-IN',
  pa: 'pa-Guru-IN',
  ta: 'ta-IN',
  ar: 'ar',
  ko: 'ko-KR',
  vi: 'vi-VN',
  tl: 'fil-PH',
};

export const isLang = (value: unknown): value is Lang => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const textDirection = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

/** The language a path belongs to: its first segment when that is a language code, else English. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/')[1];
  return isLang(first) && first !== DEFAULT_LANG ? first : DEFAULT_LANG;
}

/** A path with its language prefix removed ("/es/jobs" -> "/jobs", "/es" -> "/"). */
export function stripLang(pathname: string): string {
  const lang = langFromPath(pathname);
  if (lang === DEFAULT_LANG) return pathname || '/';
  return pathname.slice(lang.length + 1) || '/';
}

/**
 * The same route in another language ("/jobs", "es" -> "/es/jobs"; "/", "es" -> "/es"). No
 * trailing slash, the form both hosts serve without a redirect. Leading slashes (or backslashes)
 * collapse to one: "/ar//other.example/x" must never become "//other.example/x", an address on
 * another site.
 */
export function localizePath(path: string, lang: Lang): string {
  const bare = stripLang(path)
    .replace(/^[/\\]+/, '/')
    .replace(/(.)\/$/, '$1');
  if (lang === DEFAULT_LANG) return bare;
  return bare === '/' ? `/${lang}` : `/${lang}${bare}`;
}
