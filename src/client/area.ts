import { atom } from 'nanostores';

/**
 * The area a board is narrowed to: a county's name, or null for all of California. Set by the
 * area choice (src/components/boards/AreaChoice.astro), read by every board's list, so one choice on a
 * page narrows each list on it. Only the county is kept: a position found for "near me" never
 * gets here.
 */
export const $county = atom<string | null>(null);

/** A list's API path narrowed to `county` (none: the path as it is). */
export function countyPath(path: string, county: string | null): string {
  if (!county) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ county })}`;
}

/**
 * The county an address fragment names (`#county=Fresno`, as the map's links write it), when it
 * is one of `counties`; null otherwise.
 */
export function countyInHash(hash: string, counties: readonly string[]): string | null {
  const named = new URLSearchParams(hash.replace(/^#/, '')).get('county');
  return named && counties.includes(named) ? named : null;
}
