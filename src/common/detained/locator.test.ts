import { describe, expect, it } from 'vitest';
import { locatorNames, splitName } from './locator.ts';

describe('the names to try in the detainee locator', () => {
  it('tries both family names, each alone, without accents and with a hyphen, and the given names in order', () => {
    const { lastNames, firstNames } = locatorNames(splitName('María José Ríos Hernández'));
    expect(lastNames).toEqual(expect.arrayContaining(['Ríos Hernández', 'Rios Hernandez', 'Rios-Hernandez', 'Rios', 'Hernandez']));
    expect(lastNames[0]).toBe('Ríos Hernández');
    expect(firstNames).toEqual(['María José', 'Maria Jose', 'María', 'Maria']);
    // Never a given name tried as a last name.
    expect(lastNames).not.toContain('Maria');
  });

  it('keeps a particle with its family name and reads a hyphenated one as two', () => {
    expect(splitName('Juan Carlos de la Cruz Peña')).toEqual([{ given: 'Juan Carlos', family: 'de la Cruz Peña' }]);
    expect(locatorNames(splitName('Juan Carlos de la Cruz Peña')).lastNames).toEqual(expect.arrayContaining(['de la Cruz', 'Pena', 'de la Cruz-Pena']));
    expect(locatorNames(splitName('Ana Ríos-Hernández')).lastNames).toEqual([
      'Ríos Hernández',
      'Rios Hernandez',
      'Ríos-Hernández',
      'Rios-Hernandez',
      'Ríos',
      'Rios',
      'Hernández',
      'Hernandez',
    ]);
  });

  it('answers both splits of a name of three parts, and a name of one part as a last name', () => {
    expect(splitName('José Luis Pérez')).toEqual([
      { given: 'José', family: 'Luis Pérez' },
      { given: 'José Luis', family: 'Pérez' },
    ]);
    expect(locatorNames(splitName('José Luis Pérez')).lastNames).toEqual(expect.arrayContaining(['Perez', 'Pérez']));
    expect(locatorNames(splitName('José Luis Pérez')).firstNames).toEqual(expect.arrayContaining(['Jose Luis', 'Jose']));
    expect(splitName('Nguyen')).toEqual([{ given: '', family: 'Nguyen' }]);
    expect(splitName('   ')).toEqual([]);
  });
});
