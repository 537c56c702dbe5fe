/**
 * `npm run db:migrate`: brings the database DATABASE_URL names (a Turso database, or a local file)
 * up to date, as the Node host does at every start: the committed migrations, then what a
 * migration cannot do in SQL (the sound keys of names stored before search had them).
 */
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../functions/config.ts';

const config = loadConfig(process.env);
const { client } = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
client.close();
console.log('The database is up to date.');
