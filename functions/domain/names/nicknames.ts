/**
 * Other forms of a name. Given names and their short forms (nicknames.json, by language: Spanish
 * first, then Tagalog, then English; Vietnamese given names are used as they are, and the English
 * name a family uses instead is in the English list): "Paco" finds Francisco, and Francisco finds
 * Paco and Pancho. A short form shared by several names leads to each ("Beto": Alberto, Roberto,
 * Humberto). Short forms of one name do not lead to each other through it: "Paco" does not find
 * "Kiko", which is another name's short form too.
 *
 * And the spellings one name is written in Latin letters with (spellings.json): Korean family
 * names as families wrote them before and since Revised Romanization (Park, Pak, Bak), Chinese
 * ones in Mandarin and Cantonese (Chen, Chan) and as Chinese-American families wrote them a
 * century ago (Lum, Jew, Eng, Moy, Louie), Arabic names as English and French spell them
 * (Muhammad, Mohammed, Mohamed). Each of a group leads to all the others.
 */
import { foldForSearch } from '../../../db/search-fields.ts';
import nicknames from './nicknames.json' with { type: 'json' };
import spellings from './spellings.json' with { type: 'json' };

/** Each folded word and the folded words it stands for. */
type Links = Map<string, Set<string>>;
const link = (links: Links, from: string, to: string) => {
  if (from === to) return;
  const set = links.get(from) ?? new Set<string>();
  set.add(to);
  links.set(from, set);
};

const NICKNAMES: Links = new Map();
const FULL_NAMES = new Set<string>();
for (const names of Object.values(nicknames as Record<string, Record<string, string[]>>)) {
  for (const [name, shorts] of Object.entries(names)) {
    const full = foldForSearch(name);
    FULL_NAMES.add(full);
    for (const short of shorts.map(foldForSearch)) {
      link(NICKNAMES, full, short);
      link(NICKNAMES, short, full);
    }
  }
}

const SPELLINGS: Links = new Map();
for (const groups of Object.values(spellings as Record<string, string[][]>)) {
  for (const group of groups) {
    const words = group.map(foldForSearch);
    for (const from of words) for (const to of words) link(SPELLINGS, from, to);
  }
}

/** The other forms of a folded word that is a given name or a short form of one, none for any other word. */
export const nameVariants = (word: string): string[] => [...(NICKNAMES.get(word) ?? [])];

/** Whether a folded word is a short form and no given name of the lists ("paco" is; "francisco" and "hernandez" are not). */
export const isShortForm = (word: string): boolean => NICKNAMES.has(word) && !FULL_NAMES.has(word);

/** The other Latin spellings of a folded word that is a name listed in spellings.json, none for any other word. */
export const otherSpellings = (word: string): string[] => [...(SPELLINGS.get(word) ?? [])];
