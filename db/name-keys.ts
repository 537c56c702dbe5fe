/**
 * How a name sounds, for the missing-person search to find it however it was written: each word's
 * sound key (Spanish and English spellings of one sound made one: "Hernandes" and "Hernández",
 * "Fransisco" and "Francisco", "Gurprit" and "Gurpreet"), and names written in Chinese, Korean,
 * Gurmukhi or Devanagari read out in Latin letters as families write them ("王小明": wang xiaoming;
 * "김민준": gim minjun; "ਗੁਰਪ੍ਰੀਤ": gurprit). A record's keys are kept beside its name in the search
 * index (db/migrations/0025_search_keys.sql); a query's are made the same way.
 *
 * Readings come from well-kept libraries: pinyin-pro (Chinese characters to pinyin, with the
 * readings characters take in family names), es-hangul (Hangul to Revised Romanization), and
 * @indic-transliteration/sanscript (Gurmukhi and Devanagari to ITRANS, whose short "a" is then
 * dropped where Hindi and Punjabi do not say it: ਗੁਰਪ੍ਰੀਤ is "guraprIta" letter by letter, said
 * and written "Gurpreet").
 */
import Sanscript from '@indic-transliteration/sanscript';
import { romanize } from 'es-hangul';
import { pinyin } from 'pinyin-pro';

/**
 * The sound key of a folded Latin word (lowercase, no accents): ph and f, ck, k, q and hard c,
 * soft c, s and z, b and v, ll and y, j and soft g, ee and i, oo and u are each one sound; an h
 * that is not part of ch or sh is silent; a doubled letter is one.
 */
export function soundKey(word: string): string {
  return word
    .replace(/ph/g, 'f')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ll/g, 'y')
    .replace(/gu(?=[ei])/g, 'G')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/qu?|ck|c(?![eihs])/g, 'k')
    .replace(/c(?=[ei])|z/g, 's')
    .replace(/v/g, 'b')
    .replace(/y(?![aeiou])/g, 'i')
    .replace(/(?<![cs])h/g, '')
    .toLowerCase()
    .replace(/(.)\1+/g, '$1');
}

const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const INDIC: [RegExp, string][] = [
  [/\p{Script=Gurmukhi}/u, 'gurmukhi'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
];

/** A family name and a given name read from characters, the given name joined as it is usually written ("xiaoming"); with syllables, also each of its syllables. */
const nameReading = (syllables: string[], withSyllables: boolean): string[] => {
  const [family, ...given] = syllables;
  if (!family) return [];
  return [family, ...(given.length ? [given.join('')] : []), ...(withSyllables && given.length > 1 ? given : [])];
};

/** ITRANS to Latin as Hindi and Punjabi names are written: no short "a" at the end, nor between a vowel and consonant and another consonant; long vowels plain. */
const spoken = (itrans: string): string =>
  itrans
    .replace(/(?<=[aeiouAEIOU][^aeiouAEIOU\s])a(?=[^aeiouAEIOU\s])/g, '')
    .replace(/(?<=[^aeiouAEIOU\s])a\b/g, '')
    .replace(/[MN]/g, 'n')
    .replace(/\.n|\.h|\^|~/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The Latin words a name written in Chinese, Korean, Gurmukhi or Devanagari is read as, none for a
 * name in Latin letters (or in a script read as it is written). Chinese and Korean characters make
 * one name, a family name and a given name, however they are spaced (王小明, 김민준 or 김 민준).
 */
export function latinReadings(text: string, withSyllables = false): string[] {
  const characters = [...text.normalize('NFC')];
  const han = characters.filter((character) => HAN.test(character)).join('');
  const hangul = characters.filter((character) => HANGUL.test(character));
  const readings = [
    ...(han ? nameReading(pinyin(han, { toneType: 'none', type: 'array', surname: 'head' }), withSyllables) : []),
    ...nameReading(
      hangul.map((syllable) => romanize(syllable)),
      withSyllables,
    ),
  ];
  for (const word of text.split(/[^\p{L}\p{M}]+/u)) {
    const indic = INDIC.find(([script]) => script.test(word));
    if (indic) readings.push(spoken(Sanscript.t(word, indic[1], 'itrans')));
  }
  return [...new Set(readings.map((reading) => reading.toLowerCase()).filter(Boolean))];
}

/**
 * The sound keys of a name's words (folded, as the index holds them), of its Latin readings, and of
 * each two short words together ("Ji-hoon" is also "Jihoon", "Xiao Ming" "Xiaoming").
 */
export function nameKeys(folded: string, written: string): string[] {
  const latin = folded.split(' ').filter((word) => /^[a-z0-9]+$/.test(word));
  const joined = latin.slice(1).flatMap((word, index) => (word.length <= 4 && latin[index]!.length <= 4 ? [latin[index]! + word] : []));
  return [...new Set([...latin, ...joined, ...latinReadings(written, true)].map(soundKey))];
}
