import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../../db/search-fields.ts';
import data from './nicknames.json' with { type: 'json' };
import { nameVariants } from './nicknames.ts';

const lists = data as Record<string, Record<string, string[]>>;

describe('nicknames.json', () => {
  it('has lists for Spanish, Tagalog and English, each name a single word of Latin letters with short forms of its own', () => {
    expect(Object.keys(lists)).toEqual(['es', 'tl', 'en']);
    for (const [language, names] of Object.entries(lists)) {
      for (const [name, shorts] of Object.entries(names)) {
        // A letter of another script that looks Latin (a Cyrillic о) would never match what a family types.
        for (const word of [name, ...shorts]) expect(word, `${language}: ${word}`).toMatch(/^\p{Script=Latin}+$/u);
        expect(shorts.length, `${language}: ${name}`).toBeGreaterThan(0);
        expect(new Set(shorts.map(foldForSearch)).size, `${language}: ${name} lists a short form twice`).toBe(shorts.length);
        expect(shorts.map(foldForSearch), `${language}: ${name} lists itself`).not.toContain(foldForSearch(name));
      }
    }
  });

  it("holds the issue's Spanish short forms", () => {
    const spanish = lists.es!;
    for (const [name, short] of [
      ['José', 'Pepe'],
      ['Francisco', 'Paco'],
      ['Francisco', 'Pancho'],
      ['Guadalupe', 'Lupe'],
      ['Jesús', 'Chuy'],
      ['Guillermo', 'Memo'],
      ['Ignacio', 'Nacho'],
      ['Antonio', 'Toño'],
      ['Eduardo', 'Lalo'],
      ['Alberto', 'Beto'],
      ['Roberto', 'Beto'],
      ['Concepción', 'Concha'],
      ['Rosario', 'Chayo'],
    ])
      expect(spanish[name], name).toContain(short);
  });
});

describe('nameVariants', () => {
  it('leads from a short form to its names and from a name to its short forms, folded, both ways', () => {
    expect(nameVariants('paco')).toEqual(['francisco']);
    expect(nameVariants('francisco')).toEqual(expect.arrayContaining(['paco', 'pancho', 'kiko']));
    expect(nameVariants('beto').sort()).toEqual(['alberto', 'humberto', 'roberto']);
    expect(nameVariants('tono')).toEqual(['antonio']);
    expect(nameVariants('jesus')).toEqual(expect.arrayContaining(['chuy', 'chucho']));
  });

  it('does not lead from one short form to another, nor from any other word', () => {
    expect(nameVariants('paco')).not.toContain('pancho');
    expect(nameVariants('hernandez')).toEqual([]);
    expect(nameVariants('')).toEqual([]);
    expect(nameVariants('Paco')).toEqual([]);
  });
});
