import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLACES_DATA_FILE, placesDataFile } from '../../../scripts/places-data.ts';
import { COUNTIES, countyOf, nearestPlace, placeOf, suggest } from './places.ts';

describe('placeOf', () => {
  it.each([
    ['Fresno', 'Fresno', 'Fresno'],
    ['  fresno ', 'Fresno', 'Fresno'],
    ['FRESNO', 'Fresno', 'Fresno'],
    ['Fresno, CA', 'Fresno', 'Fresno'],
    ['Fresno, California', 'Fresno', 'Fresno'],
    ['Fresno CA 93721', 'Fresno', 'Fresno'],
    ['los angeles', 'Los Angeles', 'Los Angeles'],
    ['LA', 'Los Angeles', 'Los Angeles'],
    ['San José', 'San Jose', 'Santa Clara'],
    ['san jose', 'San Jose', 'Santa Clara'],
    ['Oakland, CA', 'Oakland', 'Alameda'],
    ['La Canada Flintridge', 'La Cañada Flintridge', 'Los Angeles'],
    ['St. Helena', 'Saint Helena', 'Napa'],
    ['Mc Farland', 'McFarland', 'Kern'],
    // County seats, one in a county of a few thousand people.
    ['Alturas', 'Alturas', 'Modoc'],
    ['Markleeville', 'Markleeville', 'Alpine'],
    // Unincorporated census places.
    ['East Los Angeles', 'East Los Angeles', 'Los Angeles'],
    ['Ladera Ranch', 'Ladera Ranch', 'Orange'],
    // Two places share the name: the one whose post office carries it.
    ['Burbank', 'Burbank', 'Los Angeles'],
  ])('%j is %s in %s County', (typed, name, county) => {
    expect(placeOf(typed)).toEqual({ name, county });
  });

  it.each([
    ['93701', 'Fresno', 'Fresno'],
    ['90012', 'Los Angeles', 'Los Angeles'],
    ['94110', 'San Francisco', 'San Francisco'],
    ['95616-1234', 'Davis', 'Yolo'],
    // Truckee's post office is in Nevada County.
    ['96161', 'Truckee', 'Nevada'],
  ])('ZIP code %s is %s in %s County', (typed, name, county) => {
    expect(placeOf(typed)).toEqual({ name, county });
  });

  it.each(['Springfield', 'Reno, NV', '10001', '00000', '', '   ', 'Fresno Springfield', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    '%j is no California place',
    (typed) => {
      expect(placeOf(typed)).toBeNull();
      expect(countyOf(typed)).toBeNull();
    },
  );
});

describe('nearestPlace', () => {
  it('finds the place and county of a position', () => {
    expect(nearestPlace(36.7378, -119.7871)).toEqual({ name: 'Fresno', county: 'Fresno' });
    expect(nearestPlace(37.7793, -122.4193)).toEqual({ name: 'San Francisco', county: 'San Francisco' });
    expect(nearestPlace(32.7157, -117.1611)).toEqual({ name: 'San Diego', county: 'San Diego' });
  });

  it('finds nothing far from California', () => {
    expect(nearestPlace(40.7128, -74.006)).toBeNull();
    expect(nearestPlace(30, -125)).toBeNull();
  });
});

describe('suggest', () => {
  it('lists names that start with the text first, then names with a word that does', () => {
    expect(suggest('san fr').map((place) => place.name)).toEqual(['San Francisco', 'South San Francisco']);
    expect(suggest('Angeles', 2)).toEqual([
      { name: 'Los Angeles', county: 'Los Angeles' },
      { name: 'East Los Angeles', county: 'Los Angeles' },
    ]);
    expect(suggest('fre', 20).map((place) => place.name)).toContain('Fresno');
    expect(suggest('s', 5)).toHaveLength(5);
    expect(suggest(' ')).toEqual([]);
  });

  it('offers bigger places first (by the ZIP codes that carry their name), so a few letters reach a big city', () => {
    expect(suggest('san', 3).map((place) => place.name)).toEqual(['San Diego', 'San Jose', 'San Francisco']);
    expect(suggest('los', 1).map((place) => place.name)).toEqual(['Los Angeles']);
    expect(suggest('oak', 1).map((place) => place.name)).toEqual(['Oakland']);
  });
});

describe('the geography', () => {
  it('has the 58 counties, each named once and with its centre inside California', () => {
    expect(COUNTIES).toHaveLength(58);
    expect(new Set(COUNTIES.map((county) => county.name)).size).toBe(58);
    for (const county of COUNTIES) {
      expect(county.lat).toBeGreaterThan(32.5);
      expect(county.lat).toBeLessThan(42);
      expect(county.lon).toBeGreaterThan(-124.5);
      expect(county.lon).toBeLessThan(-114);
    }
    expect(countyOf('fresno county')).toMatchObject({ name: 'Fresno', fips: '019' });
    expect(countyOf('San Luis Obispo')).toMatchObject({ name: 'San Luis Obispo' });
    expect(countyOf('Springfield')).toBeNull();
  });

  it('is what the pinned packages give (npm run places rewrites it)', () => {
    expect(readFileSync(PLACES_DATA_FILE, 'utf8') === placesDataFile()).toBe(true);
  });
});
