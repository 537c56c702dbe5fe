/**
 * Reads and writes 10,000 PFIF 1.4 persons with two notes each (the median of a few rounds), then
 * imports them into a real libSQL file as `npm run pfif:import` does (the import figure),
 * imports the same file again (nothing to change) and exports them as GET /api/pfif does.
 * `npm run bench` takes the same figures as its `pfif` part.
 * Usage: npm run bench:pfif [-- 10000]
 */
import { fileURLToPath } from 'node:url';
import { importPfif, listedPersons } from '../functions/domain/pfif-import.ts';
import { parsePfif, writePfif } from '../functions/domain/pfif.ts';
import { generatedPfif } from '../tests/pfif-fixture.ts';
import { tempDatabase } from '../tests/temp-db.ts';

const site = { domain: 'findhelpreunite.example', baseUrl: 'https://findhelpreunite.example' };

export async function pfifFigures(count: number) {
  const file = generatedPfif(count);
  const median = (run: () => void) => {
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }).sort((a, b) => a - b);
    return Math.round(times[2]!);
  };
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, ms: Math.round(performance.now() - started) };
  };
  const { persons } = parsePfif(file, site);
  const store = await tempDatabase();
  try {
    const now = Date.now();
    const first = await timed(() => importPfif(store.db, file, site, now));
    const again = await timed(() => importPfif(store.db, file, site, now));
    const exported = await timed(async () => writePfif((await listedPersons(store.db, now, count)).persons, site));
    if (first.result.persons.added !== count || again.result.persons.unchanged !== count) {
      throw new Error(`The import stored ${JSON.stringify(first.result)}, then ${JSON.stringify(again.result)}`);
    }
    return {
      persons: persons.length,
      notes: persons.reduce((sum, person) => sum + person.notes.length, 0),
      megabytes: Number((file.byteLength / 1024 / 1024).toFixed(1)),
      parseMs: median(() => parsePfif(file, site)),
      writeMs: median(() => writePfif(persons, site)),
      importMs: first.ms,
      importAgainMs: again.ms,
      exportMs: exported.ms,
    };
  } finally {
    store.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table([await pfifFigures(Number(process.argv[2] ?? 10_000))]);
