/**
 * `npm run pfif:import -- FILE`: imports a PFIF 1.1-1.4 file (persons and their notes) into the
 * database DATABASE_URL names, as POST /api/admin/pfif does: idempotent by record id, photos not
 * fetched, contacts not read, a bad file refused whole with its line and reason. This site's own
 * records are known by PFIF_DOMAIN (set it as the server has it; `localhost:4321` without it).
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../functions/config.ts';
import { PfifError } from '../functions/domain/pfif.ts';
import { importPfif } from '../functions/domain/pfif-import.ts';

const [path, ...rest] = process.argv.slice(2);
if (!path || rest.length) {
  console.error('Usage: npm run pfif:import -- FILE');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const domain = config.PFIF_DOMAIN ?? `localhost:${config.PORT}`;
  const file = readFileSync(path);
  const { client, db } = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    const summary = await importPfif(db, file, { domain, baseUrl: `https://${domain}` }, Date.now());
    const { persons, notes, dropped } = summary;
    console.log(`Persons: ${persons.added} added, ${persons.updated} updated, ${persons.unchanged} unchanged, ${persons.expired} expired (not added).`);
    console.log(`Notes: ${notes.added} added, ${notes.skipped} already stored.`);
    const fields = Object.entries(dropped).map(([field, n]) => `${field} (${n})`);
    if (fields.length) console.log(`Not kept (this product does not hold them): ${fields.join(', ')}.`);
    for (const { name, like } of summary.maybeSame) console.log(`Maybe already here (compare them; nothing was merged): ${name} ~ ${like.map((one) => one.name).join(', ')}`);
  } finally {
    client.close();
  }
} catch (error) {
  console.error(error instanceof PfifError ? `${path} was not imported. ${error.message}` : (error as Error).message);
  process.exit(1);
}
