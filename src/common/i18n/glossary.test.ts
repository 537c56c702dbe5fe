import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './index.ts';
import { LANGUAGES, type Lang } from './languages.ts';
import { GLOSSARY_TERMS, type GlossaryTerm } from './glossary/terms.ts';

interface Rendering {
  /** How the language renders the term: a text that renders it contains one of these (any case). */
  use: string[];
  /** Renderings that must appear nowhere in the dictionary (they read as something else). */
  avoid?: string[];
  /** Keys whose English uses the word in another sense, each with the reason. */
  except?: Record<string, string>;
  note?: string;
}
interface Glossary {
  register: string;
  terms: Record<GlossaryTerm, Rendering>;
}

const folder = new URL('./glossary/', import.meta.url);
const glossaryOf = (lang: Lang): Glossary => JSON.parse(readFileSync(new URL(`${lang}.json`, folder), 'utf8'));
const english = dictionaries.en as Record<string, string>;
const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase();
const terms = Object.keys(GLOSSARY_TERMS) as GlossaryTerm[];

it('has a glossary for every language and for no other', () => {
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  expect(files.map((name) => name.slice(0, -'.json'.length)).sort()).toEqual([...LANGUAGES].sort());
});

describe.each(LANGUAGES)('the %s glossary', (lang) => {
  const glossary = () => glossaryOf(lang);
  const dictionary = dictionaries[lang] as Record<string, string>;

  it('names its register and renders every term', () => {
    expect(glossary().register.trim()).toBeTruthy();
    expect(Object.keys(glossary().terms).sort()).toEqual([...terms].sort());
  });

  it.each(terms)('is followed for "%s" by every text of the dictionary', (term) => {
    const { use, avoid = [], except = {} } = glossary().terms[term];
    expect(use.length).toBeGreaterThan(0);
    for (const key of Object.keys(except)) expect(english[key], `${term}: excepted key ${key} does not use the term in English`).toMatch(GLOSSARY_TERMS[term].en);
    const renderings = use.map(fold);
    const drifted = Object.keys(english)
      .filter((key) => GLOSSARY_TERMS[term].en.test(english[key]!) && !(key in except))
      .filter((key) => dictionary[key] !== undefined && !renderings.some((rendering) => fold(dictionary[key]!).includes(rendering)));
    expect(
      drifted.map((key) => `${key}: ${dictionary[key]}`),
      `${term} must be rendered as one of ${use.join(' / ')}`,
    ).toEqual([]);
    const avoided = Object.keys(dictionary).filter((key) => avoid.some((word) => fold(dictionary[key]!).includes(fold(word))));
    expect(
      avoided.map((key) => `${key}: ${dictionary[key]}`),
      `${term}: never ${avoid.join(' / ')}`,
    ).toEqual([]);
  });
});
