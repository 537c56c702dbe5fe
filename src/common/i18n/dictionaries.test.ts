import { describe, expect, it } from 'vitest';
import { dictionaries, pickMessages, translate } from './index.ts';
import { LANGUAGES, LOCALES, type Lang } from './languages.ts';
import type { MessageKey } from './messages.ts';

const english = dictionaries.en as Record<string, string>;
const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

/** Messages with plural forms: English has `${base}#other`. */
const pluralBases = Object.keys(english)
  .filter((key) => key.endsWith('#other'))
  .map((key) => key.slice(0, -'#other'.length));
const baseOf = (key: string) => pluralBases.find((base) => key.startsWith(`${base}#`));

/** English's keys, with each plural message in exactly the forms Intl.PluralRules tells apart in `lang`. */
const expectedKeys = (lang: Lang) =>
  [
    ...Object.keys(english).filter((key) => !baseOf(key)),
    ...pluralBases.flatMap((base) => new Intl.PluralRules(LOCALES[lang]).resolvedOptions().pluralCategories.map((category) => `${base}#${category}`)),
  ].sort();

it('English has each plural message in the forms English tells apart', () => {
  expect(Object.keys(english).sort()).toEqual(expectedKeys('en'));
});

/** Texts that may rightly read the same as English: names in the sample stories, and "Video", also the Spanish word. */
// A word some languages write as English does (Spanish "Hospital").
const SAME_AS_ENGLISH = new Set<string>(['stories.jobName', 'stories.alertName', 'stories.alertPlace', 'help.video', 'adminCategory.Hospital']);

describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('the %s dictionary', (lang) => {
  const dictionary = dictionaries[lang] as Record<string, string>;

  it('has exactly the keys of English, each plural message in the forms of its language: none missing, none extra', () => {
    expect(Object.keys(dictionary).sort()).toEqual(expectedKeys(lang));
  });

  it('translates every text, keeping its placeholders (a plural form may spell its number out)', () => {
    for (const key of expectedKeys(lang)) {
      expect(dictionary[key]?.trim(), key).toBeTruthy();
      const base = baseOf(key);
      const source = english[base ? `${base}#other` : key]!;
      if (!base || key.endsWith('#other')) expect(placeholders(dictionary[key]!), key).toEqual(placeholders(source));
      else expect(placeholders(source), key).toEqual(expect.arrayContaining(placeholders(dictionary[key]!)));
      if (!SAME_AS_ENGLISH.has(key)) expect(dictionary[key], `${key} is still English`).not.toBe(english[key] ?? source);
    }
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('en', 'lostFound.photoOf', { name: 'Rosa' })).toBe('Photo of Rosa');
  });

  it('falls back to English, then to the key', () => {
    const spanish = dictionaries.es;
    const saved = spanish['lostFound.title'];
    delete spanish['lostFound.title'];
    try {
      expect(translate('es', 'lostFound.title')).toBe('Lost and Found');
      expect(translate('es', 'no.such.key' as MessageKey)).toBe('no.such.key');
    } finally {
      spanish['lostFound.title'] = saved;
    }
  });

  it('hands an island only the messages it asks for', () => {
    const picked = pickMessages('ko', ['lostFound.']);
    expect(Object.keys(picked).every((key) => key.startsWith('lostFound.'))).toBe(true);
    expect(picked['lostFound.title']).toBe(dictionaries.ko['lostFound.title']);
  });
});
