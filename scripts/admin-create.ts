/**
 * `npm run admin:create -- --name NAME`: makes an admin account with a generated secret, printed
 * once (only a slow salted hash is kept). Run it again for the same name to give a new secret;
 * that also signs the name out everywhere. Works on the database DATABASE_URL names: the local
 * file by default, or the Turso database of the Cloudflare deployment.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { createAdmin } from '../functions/middleware/admin-auth/index.ts';
import { loadConfig } from '../functions/config.ts';

let name: string | undefined;
try {
  ({
    values: { name },
  } = parseArgs({ options: { name: { type: 'string' } } }));
} catch (error) {
  console.error((error as Error).message);
}
if (!name?.trim()) {
  console.error('Usage: npm run admin:create -- --name "Your Name"');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const { client, db } = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  const { secret, created } = await createAdmin(db, name);
  client.close();
  console.log(created ? `Created the admin "${name.trim()}".` : `Gave "${name.trim()}" a new secret and signed them out everywhere.`);
  console.log('Their secret, shown only this once (keep it in a password manager):');
  console.log(`secret: ${secret}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
