/**
 * Given names and their short forms (nicknames.json, by language: Spanish first, then Tagalog,
 * then English; Vietnamese given names are used as they are, and the English name a family uses
 * instead is in the English list): "Paco" finds Francisco, and Francisco finds Paco and Pancho.
 * A short form shared by several names leads to each ("Beto": Alberto, Roberto, Humberto). Short forms of one name do not lead to each other through it: "Paco" does not find
 * "Kiko", which is another name's short form too.
 */
import { foldForSearch } from '../../../db/search-fields.ts';
import data from './nicknames.json' with { type: 'json' };

/** Each folded name or short form, and the folded names it stands for or is short for. */
const VARIANTS = new Map<string, Set<string>>();
const link = (from: string, to: string) => {
  if (from === to) return;
  const set = VARIANTS.get(from) ?? new Set<string>();
  set.add(to);
  VARIANTS.set(from, set);
};
for (const names of Object.values(data as Record<string, Record<string, string[]>>)) {
  for (const [name, shorts] of Object.entries(names)) {
    const full = foldForSearch(name);
    for (const short of shorts.map(foldForSearch)) {
      link(full, short);
      link(short, full);
    }
  }
}

/** The other forms of a folded word that is a given name or a short form of one, none for any other word. */
export const nameVariants = (word: string): string[] => [...(VARIANTS.get(word) ?? [])];
