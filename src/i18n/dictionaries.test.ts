import { describe, expect, it } from 'vitest';
import { dictionaries, pickMessages, translate } from './index.ts';
import { LANGUAGES } from './languages.ts';
import type { MessageKey } from './messages.ts';

const english = dictionaries.en as Record<string, string>;
const keys = Object.keys(english).sort();
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

/** Texts that may rightly read the same as English: names in the sample stories, and "Video", also the Spanish word. */
const SAME_AS_ENGLISH = new Set<string>(['stories.jobName', 'stories.alertName', 'stories.alertPlace', 'help.video']);

describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('the %s dictionary', (lang) => {
  const dictionary = dictionaries[lang] as Record<string, string>;

  it('has exactly the keys of English: none missing, none extra', () => {
    expect(Object.keys(dictionary).sort()).toEqual(keys);
  });

  it('translates every text, keeping its placeholders', () => {
    for (const key of keys) {
      expect(dictionary[key]?.trim(), key).toBeTruthy();
      expect(placeholders(dictionary[key]!), key).toEqual(placeholders(english[key]!));
      if (!SAME_AS_ENGLISH.has(key)) expect(dictionary[key], `${key} is still English`).not.toBe(english[key]);
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
