import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../common/contract/limits.ts';
import { SCREEN } from '../client/lists.ts';
import { boardAddress, renderedLanguage } from './page-data.ts';

const address = (query: string) => boardAddress(new URL(`https://example.org/lost-found?${query}`));

describe("what a board's address may ask of the server", () => {
  it('a county from the list only; anything else, typed or made up, is all of California', () => {
    expect(address('county=Fresno').county).toBe('Fresno');
    for (const county of ['fresno', 'Atlantis', '<script>', '', 'Fresno&county=Kern']) expect(address(`county=${encodeURIComponent(county)}`).county, county).toBeNull();
  });

  it('whole screens of cards, never more than the API answers in one request, whatever a script asks', () => {
    expect(address('').shown).toBe(SCREEN);
    expect(address('shown=13').shown).toBe(2 * SCREEN);
    for (const shown of ['0', '-5', 'abc', 'NaN', 'Infinity', '1e9', '99999999999999999999']) {
      const { shown: asked } = address(`shown=${shown}`);
      expect(asked % SCREEN, shown).toBe(0);
      expect(asked, shown).toBeGreaterThanOrEqual(SCREEN);
      // One more than shown is asked for, and that stays within the API's page.
      expect(asked + 1, shown).toBeLessThanOrEqual(PAGE_SIZE.max);
    }
  });

  it('a language prefix that is no language is no page', () => {
    expect(renderedLanguage(undefined)).toBe('en');
    expect(renderedLanguage('ar')).toBe('ar');
    for (const prefix of ['en', 'xx', 'es/es', '..', '']) expect(renderedLanguage(prefix), prefix).toBeUndefined();
  });
});
