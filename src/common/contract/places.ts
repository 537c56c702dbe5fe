/**
 * California's places, one geography for the phone and the server: pure lookups over
 * places-data.json (built by scripts/places-data.ts). On the phone they run on the device, so
 * neither what is typed nor a position is sent anywhere.
 */
import data from './places-data.json' with { type: 'json' };

export interface County {
  /** As the Census Bureau writes it, without "County": "Fresno", "San Luis Obispo". */
  name: string;
  /** The county's FIPS code within California, e.g. "019". */
  fips: string;
  lat: number;
  lon: number;
}

export interface Place {
  /** The canonical name: what a form stores and a card shows. */
  name: string;
  county: string;
}

/** The 58 counties, by name. */
export const COUNTIES: readonly County[] = (data.counties as [string, string, number, number][]).map(([name, fips, lat, lon]) => ({ name, fips, lat, lon }));

interface Row {
  name: string;
  key: string;
  county: string;
  lat: number;
  lon: number;
  /** How many ZIP codes carry its name: the data has no population, and this is how big a place is to its post office. */
  zips: number;
}

/**
 * A name as compared: accents, case, punctuation and extra spaces dropped, and the usual
 * abbreviations spelled out ("St. Helena" is "Saint Helena", "Mt Shasta" is "Mount Shasta").
 */
export function foldPlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\b(st|mt|ft)\b/g, (word) => ({ st: 'saint', mt: 'mount', ft: 'fort' })[word]!);
}

/** The key a place is found by: its folded name without spaces, so "Mc Farland" is McFarland. */
export const placeKey = (text: string) => foldPlace(text).replaceAll(' ', '');

const PLACES: Row[] = (data.places as [string, number, number, number][]).map(([name, county, lat, lon]) => ({
  name,
  key: foldPlace(name),
  county: COUNTIES[county]!.name,
  lat,
  lon,
  zips: 0,
}));
const BY_KEY = new Map(PLACES.map((place) => [placeKey(place.name), place]));

const ZIPS = new Map<string, Place>();
let zip = 0;
for (const [gap, place, county] of data.zips as [number, number, number][]) {
  zip += gap;
  ZIPS.set(String(zip).padStart(5, '0'), { name: PLACES[place]!.name, county: COUNTIES[county]!.name });
  PLACES[place]!.zips++;
}

/** Names everyone uses that no gazetteer lists. */
// A Map, not an object: "constructor" or "__proto__" typed as a city must find nothing.
const NICKNAMES = new Map([
  ['la', 'los angeles'],
  ['sf', 'san francisco'],
]);
const STATE = /\s(ca|calif|california)(\s(us|usa))?$/;
const ZIP = /(?:^|\s)(\d{5})(?:\s\d{4})?$/;

/**
 * The California place a person typed, with its county, or null when none matches: "fresno",
 * " Fresno, CA", "San José", "93701" and "Fresno, CA 93721" all give Fresno in Fresno County.
 * A ZIP code counts for its own county, which the post office's name may not share.
 */
export function placeOf(typed: string): Place | null {
  const folded = foldPlace(typed);
  const zipCode = ZIP.exec(folded)?.[1];
  if (zipCode) return ZIPS.get(zipCode) ?? null;
  for (const name of [folded, folded.replace(STATE, '')]) {
    const place = BY_KEY.get(placeKey(NICKNAMES.get(name) ?? name));
    if (place) return { name: place.name, county: place.county };
  }
  return null;
}

/** The county a typed county name means ("fresno county", "San Luis Obispo"), or null. */
export function countyOf(typed: string): County | null {
  const key = foldPlace(typed).replace(/ county$/, '');
  return COUNTIES.find((county) => foldPlace(county.name) === key) ?? null;
}

/** How far beyond its nearest place a position still counts as in California, in km. */
const NEAR_KM = 40;

/**
 * The place nearest a position and its county, or null outside California. Meant for the phone:
 * the position is compared here and is never sent.
 */
export function nearestPlace(lat: number, lon: number): Place | null {
  const cos = Math.cos((lat * Math.PI) / 180);
  let best: Row | undefined;
  let bestDistance = Infinity;
  for (const place of PLACES) {
    const distance = (place.lat - lat) ** 2 + ((place.lon - lon) * cos) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [place, distance];
  }
  // Degrees of latitude to km: 111 km each.
  if (!best || Math.sqrt(bestDistance) * 111 > NEAR_KM) return null;
  return { name: best.name, county: best.county };
}

/**
 * Up to `limit` places for what has been typed so far: names that start with it first, then
 * names with a word that does ("angeles" finds Los Angeles); bigger places first ("san" offers
 * San Diego, San Jose and San Francisco before Sanger), then shorter names.
 */
export function suggest(prefix: string, limit = 8): Place[] {
  const key = foldPlace(prefix);
  if (!key) return [];
  const rank = (place: Row) => (place.key.startsWith(key) ? 0 : place.key.includes(` ${key}`) ? 1 : 2);
  return PLACES.map((place) => ({ place, rank: rank(place) }))
    .filter((entry) => entry.rank < 2)
    .sort((a, b) => a.rank - b.rank || b.place.zips - a.place.zips || a.place.name.length - b.place.name.length || a.place.name.localeCompare(b.place.name, 'en'))
    .slice(0, limit)
    .map(({ place }) => ({ name: place.name, county: place.county }));
}

/** The layers of the map: what is counted per county. */
export type PlaceLayer = 'alerts' | 'resources' | 'drops';

/**
 * GET /api/places/counts: per layer, how many listed posts each county has (counties with none
 * left out). Posts whose city is no California place are counted in none.
 */
export type PlaceCounts = Record<PlaceLayer, Record<string, number>>;

/**
 * A typed city as stored: a California place ("fresno", "Fresno, CA", "93701") as its canonical
 * name with its county; anything else as typed, with no county (unplaced).
 */
export function placed(typed: string): { city: string; county: string | null };
export function placed(typed: string | null | undefined): { city: string | null; county: string | null };
export function placed(typed: string | null | undefined) {
  const place = typed ? placeOf(typed) : null;
  return place ? { city: place.name, county: place.county } : { city: typed ?? null, county: null };
}

/** A missing person's last-seen city as stored, placed as any city is. */
export function placedLastSeen(typed: string | null | undefined): { lastSeenCity: string | null; county: string | null } {
  const { city, county } = placed(typed);
  return { lastSeenCity: city, county };
}
