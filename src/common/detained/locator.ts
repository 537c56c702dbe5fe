/**
 * The names to try in ICE's Online Detainee Locator, made on the phone from a name as a family
 * writes it. The locator finds only the exact last and first name of the official record, so a
 * name is tried as written and without its accents, both family names together (with a space and
 * with a hyphen) and each alone, and the given names in order, together and the first alone.
 */

/** The official locator: it opens in a tab of its own; nothing typed here is sent to it or to us. */
export const LOCATOR_URL = 'https://locator.ice.gov/odls/';

/** Little words that belong to the family name after them ("de la Cruz", "dos Santos"). */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'da', 'das', 'do', 'dos', 'van', 'von']);

/** Without accents: "Ríos" -> "Rios" (ñ becomes n, as on many papers). */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/** The words of a name, each particle joined to the word after it ("de la Cruz" is one). */
function parts(name: string): string[] {
  const words = name
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  const joined: string[] = [];
  let pending: string[] = [];
  for (const word of words) {
    if (PARTICLES.has(word.toLowerCase())) pending.push(word);
    else {
      joined.push([...pending, word].join(' '));
      pending = [];
    }
  }
  if (pending.length) joined.push(pending.join(' '));
  return joined;
}

export interface NameParts {
  given: string;
  family: string;
}

/**
 * A whole name split into given and family names as Spanish and Portuguese names are written: of
 * four parts or more, the last two are the family names; of three, either the last two or the last
 * one (both splits are answered); of two, the last one.
 */
export function splitName(full: string): NameParts[] {
  const all = parts(full);
  const split = (family: number): NameParts => ({ given: all.slice(0, all.length - family).join(' '), family: all.slice(all.length - family).join(' ') });
  if (all.length >= 4) return [split(2)];
  if (all.length === 3) return [split(2), split(1)];
  if (all.length === 2) return [split(1)];
  return all.length ? [{ given: '', family: all[0]! }] : [];
}

/** The last names and the first names to try, each once, the most likely first. */
export function locatorNames(names: NameParts[]): { lastNames: string[]; firstNames: string[] } {
  const lastNames: string[] = [];
  const firstNames: string[] = [];
  const add = (list: string[], ...values: string[]) => {
    for (const value of values) if (value && !list.includes(value)) list.push(value);
  };
  for (const { family } of names) {
    const each = parts(family);
    add(lastNames, family, plain(family));
    if (each.length > 1) add(lastNames, each.join('-'), plain(each.join('-')));
    if (each.length > 1) for (const part of each) add(lastNames, part, plain(part));
  }
  for (const { given } of names) {
    const each = parts(given);
    add(firstNames, given, plain(given));
    if (each.length > 1) add(firstNames, each[0]!, plain(each[0]!));
  }
  return { lastNames, firstNames };
}
