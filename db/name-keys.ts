/**
 * How a name sounds, for the missing-person search to find it however it was written: each word's
 * sound key (Spanish and English spellings of one sound made one: "Hernandes" and "Hernández",
 * "Fransisco" and "Francisco", "Gurprit" and "Gurpreet"), and names written in Chinese, Korean,
 * Gurmukhi or Devanagari read out in Latin letters as families write them ("王小明": wang xiaoming;
 * "김민준": gim minjun; "ਗੁਰਪ੍ਰੀਤ": gurprit). A record's keys are kept beside its name in the search
 * index (db/migrations/0025_search_keys.sql); a query's are made the same way.
 *
 * Readings come from well-kept libraries: pinyin-pro (Chinese characters to pinyin, with the
 * readings characters take in family names), to-jyutping (the same characters in Cantonese, then
 * written as Hong Kong and most Cantonese families in California write names: 張嘉欣 Cheung Ka
 * Yan), es-hangul (Hangul to Revised Romanization), and
 * @indic-transliteration/sanscript (Gurmukhi and Devanagari to ITRANS, whose short "a" is then
 * dropped where Hindi and Punjabi do not say it: ਗੁਰਪ੍ਰੀਤ is "guraprIta" letter by letter, said
 * and written "Gurpreet").
 */
import Sanscript from '@indic-transliteration/sanscript';
import { romanize } from 'es-hangul';
import { pinyin } from 'pinyin-pro';
import ToJyutping from 'to-jyutping';

/**
 * The sound key of a folded Latin word (lowercase, no accents): ph and f, ck, k, q and hard c,
 * soft c, s and z, b and v, ll and y, j and soft g, ee and i, oo and u are each one sound; so are
 * Korean eo and the o or ou it is also written with (Jeong, Jong; Yeong, Young), shr and sr
 * (Shrivastava, Srivastava), Cantonese ts and ch (Tsang, Chang; Tsui, Chui), and the Arabic
 * article joined to a name (Elsayed, Alsayed); an h
 * that is not part of ch or sh is silent; a doubled letter is one.
 */
export function soundKey(word: string): string {
  return word
    .replace(/ph/g, 'f')
    .replace(/^el(?=[^aeiou])/, 'al')
    .replace(/shr/g, 'sr')
    .replace(/^ts/, 'ch')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/eo|ou/g, 'o')
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
/** Any letter of the scripts read above. */
const READ = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Gurmukhi}\p{Script=Devanagari}]/u;

/**
 * A family name and a given name read from characters, each syllable in its spellings: the given
 * name joined as it is usually written ("xiaoming"; in Cantonese "siuming"), and with syllables,
 * also each syllable ("Ka Yan", "Min-jun").
 */
const nameReading = (syllables: string[][], withSyllables: boolean): string[][] => {
  const [family, ...given] = syllables;
  if (!family) return [];
  // Every way of writing the given name joined: each of its syllables in each of its spellings.
  const joined = given.reduce<string[]>((ways, spellings) => ways.flatMap((way) => spellings.map((spelling) => way + spelling)), ['']);
  return [family, ...(given.length ? [joined] : []), ...(withSyllables && given.length > 1 ? given : [])].map((spellings) => [...new Set(spellings)]);
};

/** Jyutping initials as Hong Kong writes names (張 zoeng: Cheung, 郭 gwok: Kwok, 楊 joeng: Yeung). */
const HK_INITIALS: Record<string, string> = { b: 'p', d: 't', g: 'k', gw: 'kw', z: 'ch', c: 'ch', j: 'y' };
/** Jyutping finals as Hong Kong writes names (梁 loeng: Leung, 徐 ceoi: Chui, 阮 jyun: Yuen, 高 gou: Ko). */
const HK_FINALS: Record<string, string> = {
  aa: 'a',
  aai: 'ai',
  aau: 'au',
  aam: 'am',
  aan: 'an',
  aang: 'ang',
  aap: 'ap',
  aat: 'at',
  aak: 'ak',
  ou: 'o',
  oe: 'eu',
  oeng: 'eung',
  oek: 'euk',
  eoi: 'ui',
  eon: 'un',
  eot: 'ut',
  yu: 'u',
  yun: 'uen',
  yut: 'uet',
};

/**
 * Whole syllables Hong Kong also writes another way: an older split that Jyutping merged (志 Chi
 * but 子 Tsz; 詩 Sze), and a few spellings of their own (羅 Law, 觀 Kwun, 珍 Chun, 心 Sum, 月 Yuet
 * or Yut). A Cantonese reader checked these against 400 common characters of names.
 */
const HK_ALSO: Record<string, string[]> = { jyut: ['yut'], si: ['sze'], zi: ['tsz'], ci: ['tsz'], sam: ['sum'], zan: ['chun'], lo: ['law'], lei: ['lee'], gun: ['kwun'] };

/** The reading a character takes as a family name where it differs from its everyday one (區 Au, not Kui). */
const SURNAME_JYUTPING: Record<string, string> = { 區: 'au1', 区: 'au1', 單: 'sin6', 单: 'sin6', 翟: 'zaak6', 易: 'jik6', 繆: 'miu6', 缪: 'miu6', 解: 'haai6' };

/**
 * A Jyutping syllable ("zoeng1") as Cantonese families write it in Latin letters ("cheung"), the
 * usual spelling first; an s is also written sh (石 Shek, 誠 Shing, 沈 Shum).
 */
function hongKong(jyutping: string): string[] {
  const syllable = jyutping.replace(/\d$/, '');
  const [, initial = '', final = ''] = /^(gw|kw|ng(?=[aeiou])|[bpmfdtnlgkhwzcsj])?([a-z]*)/.exec(syllable)!;
  const spellings = [(HK_INITIALS[initial] ?? initial) + (HK_FINALS[final] ?? final), ...(HK_ALSO[syllable] ?? [])];
  if (initial === 's') spellings.push(...spellings.filter((spelling) => /^s[^hz]/.test(spelling)).map((spelling) => `sh${spelling.slice(1)}`));
  return [...new Set(spellings)];
}

/** Chinese characters read in Mandarin (pinyin-pro, family names as family names are read) and in Cantonese (to-jyutping). */
function chineseSyllables(han: string): string[][] {
  const mandarin = pinyin(han, { toneType: 'none', type: 'array', surname: 'head' });
  const cantonese = ToJyutping.getJyutpingList(han).map(([character, jyutping], index) => {
    const read = (index === 0 && SURNAME_JYUTPING[character]) || jyutping?.split(' ')[0];
    return read ? hongKong(read) : [];
  });
  return mandarin.map((syllable, index) => [syllable, ...(cantonese[index] ?? [])]);
}

const ITRANS_VOWEL = /^(?:ai|au|RRi|[aAiIuUeo])$/;

/**
 * An ITRANS word as Hindi and Punjabi names are said and written: its short "a" left out at the
 * end, and between syllables where a vowel, a consonant, the "a", a consonant and a vowel follow
 * each other, from the end, never two in a row (Ohala's rule: "sarabajIta" is Sarabjeet,
 * "guraprIta" Gurpreet, "yAdava" Yadav); and, since many family names keep it in Latin letters
 * (Srivastava, Verma), also with its last "a". Long vowels plain, nasals n.
 */
function spoken(itrans: string): string[] {
  const units = itrans.match(/ai|au|RRi|[aAiIuUeo]|[^aAiIuUeo]+/g) ?? [];
  const vowel = (unit: string | undefined) => unit !== undefined && ITRANS_VOWEL.test(unit);
  const kept = units.map(() => true);
  const last = units.length - 1;
  const endsInA = units[last] === 'a' && last > 0;
  if (endsInA) kept[last] = false;
  let deletedAfter = false;
  for (let index = last - 1; index >= 2; index--) {
    if (units[index] !== 'a') {
      if (vowel(units[index])) deletedAfter = false;
      continue;
    }
    // The vowel after the next consonant must be said: not the last "a", left out.
    const sayNext = vowel(units[index + 2]) && !(index + 2 === last && endsInA);
    deletedAfter = !deletedAfter && !vowel(units[index - 1]) && vowel(units[index - 2]) && !vowel(units[index + 1]) && sayNext;
    if (deletedAfter) kept[index] = false;
  }
  const plain = (list: string[]) =>
    list
      .join('')
      .replace(/[MN]/g, 'n')
      .replace(/\.n|\.h|\^|~/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  const said = plain(units.filter((_, index) => kept[index]));
  return [...new Set([said, endsInA ? said + 'a' : said])];
}

/**
 * The Latin words a name written in Chinese, Korean, Gurmukhi or Devanagari is read as, each with
 * the spellings it is written with (the first the usual one), none for a name in Latin letters (or
 * in a script read as it is written). Chinese and Korean characters make one name, a family name
 * and a given name, however they are spaced (王小明, 김민준 or 김 민준).
 */
export function latinReadings(text: string, withSyllables = false): string[][] {
  // Most names and queries: nothing to read, nothing to build.
  if (!READ.test(text)) return [];
  const characters = [...text.normalize('NFC')];
  const han = characters.filter((character) => HAN.test(character)).join('');
  const hangul = characters.filter((character) => HANGUL.test(character));
  const readings = [
    ...(han ? nameReading(chineseSyllables(han), withSyllables) : []),
    ...nameReading(
      hangul.map((syllable) => [romanize(syllable)]),
      withSyllables,
    ),
  ];
  for (const word of text.split(/[^\p{L}\p{M}]+/u)) {
    const indic = INDIC.find(([script]) => script.test(word));
    if (indic) readings.push(spoken(Sanscript.t(word, indic[1], 'itrans')));
  }
  return readings.map((spellings) => spellings.map((spelling) => spelling.toLowerCase())).filter((spellings) => spellings[0]);
}

/**
 * The little words between Spanish, Portuguese and Filipino surnames ("de la Cruz", "López y
 * Ramírez", "dos Santos", "Dela Cruz") and the Arabic article ("Al-Sayed", "El Sayed"): a family
 * may write them or not, or join them to the name ("Delacruz"). Not "do": it is Đỗ, a common
 * Vietnamese family name, once folded.
 */
export const PARTICLES = new Set(['de', 'del', 'dela', 'delos', 'delas', 'la', 'las', 'los', 'y', 'e', 'da', 'das', 'dos', 'al', 'el']);

/**
 * The sound keys of a name's words (folded, as the index holds them), of its Latin readings, of
 * each two short words together ("Ji-hoon" is also "Jihoon", "Xiao Ming" "Xiaoming"), and of a
 * name with the particles before it ("de la Rosa" is also "Delarosa").
 */
export function nameKeys(folded: string, written: string): string[] {
  const latin = folded.split(' ').filter((word) => /^[a-z0-9]+$/.test(word));
  const joined = latin.slice(1).flatMap((word, index) => {
    const before = latin.slice(0, index + 1);
    const particles = before.slice(before.findLastIndex((one) => !PARTICLES.has(one)) + 1);
    const short = word.length <= 5 && latin[index]!.length <= 5 ? [latin[index]! + word] : [];
    return particles.length && !PARTICLES.has(word) ? [...short, particles.join('') + word] : short;
  });
  return [...new Set([...latin, ...joined, ...latinReadings(written, true).flat()].map(soundKey))];
}
