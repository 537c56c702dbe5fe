import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import pa from './pa.json' with { type: 'json' };
import ta from './ta.json' with { type: 'json' };
import ar from './ar.json' with { type: 'json' };
import ko from './ko.json' with { type: 'json' };
import { LANGUAGES, type Lang } from './languages.ts';
import { format, type MessageKey, type Messages, type Vars } from './messages.ts';

/** One dictionary per language, all with the keys of `en` (checked by dictionaries.test.ts). */
export const dictionaries: Record<Lang, Partial<Record<string, string>>> = { en, es, zh, hi, pa, ta, ar, ko };

/** A message in `lang`, falling back to English, then to the key itself. */
export function translate(lang: Lang, key: MessageKey, vars?: Vars): string {
  return format(dictionaries[lang]?.[key] ?? dictionaries.en[key] ?? key, vars);
}

export const translator = (lang: Lang) => (key: MessageKey, vars?: Vars) => translate(lang, key, vars);

/** The messages whose keys start with one of `prefixes`, for handing to an island as a prop. */
export function pickMessages(lang: Lang, prefixes: string[]): Messages {
  const picked: Messages = {};
  for (const key of Object.keys(en) as MessageKey[]) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = translate(lang, key);
  }
  return picked;
}

/** What an island that shows alerts needs. */
export const ALERT_MESSAGES = ['alerts.', 'alertType.', 'activity.', 'precision.', 'common.', 'time.'];

/** What every admin page's island needs: the sign-in form and the desk's shared texts. */
export const ADMIN_MESSAGES = ['admin.', 'common.'];

/** getStaticPaths for a `[...lang]` page: English at the bare path, the others under /{lang}/. */
export const languagePaths = () =>
  LANGUAGES.map((lang) => ({ params: { lang: lang === 'en' ? undefined : lang }, props: { lang } }));
