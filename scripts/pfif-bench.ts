/**
 * Reads and writes 10,000 PFIF 1.4 persons with two notes each (the import figure, here
 * without the database), and prints the median of a few rounds. The import into the database
 * adds its own writes on top.
 * Usage: npm run bench:pfif [-- 10000]
 */
import { parsePfif, writePfif } from '../functions/domain/pfif.ts';
import { generatedPfif } from '../tests/pfif-fixture.ts';

const count = Number(process.argv[2] ?? 10_000);
const site = { domain: 'findhelpreunite.example', baseUrl: 'https://findhelpreunite.example' };
const file = generatedPfif(count);
const median = (run: () => void) => {
  const times = Array.from({ length: 5 }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return Math.round(times[2]!);
};
const { persons } = parsePfif(file, site);
const notes = persons.reduce((sum, person) => sum + person.notes.length, 0);
console.table([
  {
    persons: persons.length,
    notes,
    megabytes: Number((file.byteLength / 1024 / 1024).toFixed(1)),
    parseMs: median(() => parsePfif(file, site)),
    writeMs: median(() => writePfif(persons, site)),
  },
]);
