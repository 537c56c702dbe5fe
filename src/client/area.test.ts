import { describe, expect, it } from 'vitest';
import { countyInHash, countyPath } from './area.ts';

describe('countyPath', () => {
  it('leaves a path as it is for all of California', () => {
    expect(countyPath('/api/alerts', null)).toBe('/api/alerts');
  });
  it('adds the county to a path with or without a query', () => {
    expect(countyPath('/api/alerts', 'San Luis Obispo')).toBe('/api/alerts?county=San+Luis+Obispo');
    expect(countyPath('/api/alerts?type=ICE', 'Fresno')).toBe('/api/alerts?type=ICE&county=Fresno');
  });
});

describe('countyInHash', () => {
  const counties = ['Fresno', 'San Luis Obispo'];
  it('reads the county the map links name, encoded or not', () => {
    expect(countyInHash('#county=Fresno', counties)).toBe('Fresno');
    expect(countyInHash('#county=San%20Luis%20Obispo', counties)).toBe('San Luis Obispo');
  });
  it('ignores a fragment that names no county', () => {
    expect(countyInHash('', counties)).toBeNull();
    expect(countyInHash('#county=Atlantis', counties)).toBeNull();
    expect(countyInHash('#top', counties)).toBeNull();
  });
});
