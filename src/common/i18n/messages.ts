import type en from './en.json';
import { LOCALES, type Lang } from './languages.ts';

/** A message key: every dictionary has the keys of en.json (plural messages: the forms of its language). */
export type MessageKey = keyof typeof en;
/** Messages by key; a plural form another language needs (`#few` in Arabic) is a key English lacks. */
export type Messages = Partial<Record<string, string>>;
export type Vars = Record<string, string | number>;

/**
 * A message with one form per plural category: `${base}#other` and the forms its language
 * tells apart (`#one` in English; `#zero`, `#one`, `#two`, `#few`, `#many` in Arabic).
 */
export type PluralBase = MessageKey extends infer K ? (K extends `${infer B}#other` ? B : never) : never;

/** Fills `{name}` placeholders; unknown placeholders stay as they are. */
export function format(template: string, vars: Vars = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
const numbers = new Map<Lang, Intl.NumberFormat>();
const cached = <V>(cache: Map<Lang, V>, lang: Lang, make: () => V) => cache.get(lang) ?? cache.set(lang, make()).get(lang)!;

/**
 * The key of the form `count` takes in `lang` ("alerts.confirmations#one" for 1 in English,
 * "#few" for 3 in Arabic); `#other` when the dictionary lacks that form.
 */
function pluralKey(lang: Lang, base: PluralBase, count: number, has: (key: string) => boolean): string {
  const category = cached(pluralRules, lang, () => new Intl.PluralRules(LOCALES[lang])).select(count);
  const key = `${base}#${category}`;
  return has(key) ? key : `${base}#other`;
}

/** A translator: `t(key, vars)`, and `t.count(base, n, vars)` for a count, in the plural form and digits of its language. */
export type Translate = ((key: MessageKey, vars?: Vars) => string) & {
  count: (base: PluralBase, count: number, vars?: Vars) => string;
  /** The form `count` takes, placeholders left for a component that fills them itself. */
  form: (base: PluralBase, count: number) => string;
};

/** One translator over a lookup (the page's messages, or the dictionaries on the server). */
export function translatorOver(lang: Lang, lookup: (key: string) => string | undefined, has = (key: string) => lookup(key) !== undefined): Translate {
  const t = (key: MessageKey, vars?: Vars) => format(lookup(key) ?? key, vars);
  const form = (base: PluralBase, n: number) => {
    const key = pluralKey(lang, base, n, has);
    return lookup(key) ?? key;
  };
  const count = (base: PluralBase, n: number, vars: Vars = {}) =>
    format(form(base, n), { count: cached(numbers, lang, () => new Intl.NumberFormat(LOCALES[lang])).format(n), ...vars });
  return Object.assign(t, { count, form });
}

/**
 * `t(key, vars)` over the messages a page handed to an island; a missing one shows its key.
 * An island that shows counts passes its page's language, which picks their plural forms.
 */
export const messageFn = (messages: Messages, lang: Lang = 'en') => translatorOver(lang, (key) => messages[key]);
