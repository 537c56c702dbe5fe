import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };
import zhHant from './zh-hant.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import pa from './pa.json' with { type: 'json' };
import ta from './ta.json' with { type: 'json' };
import ar from './ar.json' with { type: 'json' };
import ko from './ko.json' with { type: 'json' };
import vi from './vi.json' with { type: 'json' };
import tl from './tl.json' with { type: 'json' };
import { LANGUAGES, type Lang } from './languages.ts';
import { format, translatorOver, type MessageKey, type Messages, type Vars } from './messages.ts';

/** One dictionary per language, all with the keys of `en` (checked by dictionaries.test.ts). */
export const dictionaries: Record<Lang, Partial<Record<string, string>>> = { en, es, zh, 'zh-hant': zhHant, hi, pa, ta, ar, ko, vi, tl };

const pluralBaseOf = (key: string) => {
  const base = key.replace(/#(zero|one|two|few|many|other)$/, '');
  return base !== key ? base : null;
};

const languageKeys = new Map<Lang, Set<string>>();
/**
 * The keys `lang` speaks: English's, except that each plural message has the forms of `lang`
 * (English's when `lang` lacks that message).
 */
function keysOf(lang: Lang): Set<string> {
  let keys = languageKeys.get(lang);
  if (keys) return keys;
  const own = dictionaries[lang];
  const formsOf = (key: string) => {
    const base = pluralBaseOf(key);
    return base !== null && `${base}#other` in own ? own : en;
  };
  keys = new Set([...Object.keys(en), ...Object.keys(own)].filter((key) => key in formsOf(key)));
  languageKeys.set(lang, keys);
  return keys;
}

/** A message in `lang`, falling back to English, then to the key itself. */
export function translate(lang: Lang, key: MessageKey, vars?: Vars): string {
  return format(dictionaries[lang]?.[key] ?? dictionaries.en[key] ?? key, vars);
}

/** `t(key, vars)` and `t.count(base, n, vars)` in `lang`, falling back to English, then to the key. */
export const translator = (lang: Lang) =>
  translatorOver(
    lang,
    (key) => dictionaries[lang][key] ?? dictionaries.en[key],
    (key) => keysOf(lang).has(key),
  );

/** The messages whose keys start with one of `prefixes`, for handing to an island as a prop. */
export function pickMessages(lang: Lang, prefixes: string[]): Messages {
  const picked: Messages = {};
  for (const key of keysOf(lang)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = translate(lang, key as MessageKey);
  }
  return picked;
}
/** What an island that shows or posts alerts needs, the "share my location" of PRECISE among it. */
export const ALERT_MESSAGES = [
  'alerts.',
  'alertType.',
  'activity.',
  'precision.',
  'common.',
  'time.',
  'ice.shareLocation',
  'ice.locating',
  'ice.locationShared',
  'ice.locationFailed',
  'ice.removeLocation',
  'place.',
];

/** What every admin page's island needs: the sign-in form and the desk's shared texts. */
export const ADMIN_MESSAGES = ['admin.', 'common.'];

/** getStaticPaths for a `[...lang]` page: English at the bare path, the others under /{lang}/. */
export const languagePaths = () => LANGUAGES.map((lang) => ({ params: { lang: lang === 'en' ? undefined : lang }, props: { lang } }));

/** A `[...lang]` page's language, from the props `languagePaths` gave it, and its translator. */
export function pageLanguage(props: Record<string, unknown>) {
  const lang = props.lang as Lang;
  return { lang, t: translator(lang) };
}

/** A component's props and the translator for their `lang`: `const { lang, note, t } = withTranslator(Astro.props);`. */
export const withTranslator = <P extends { lang: Lang }>(props: P) => ({ ...props, t: translator(props.lang) });
