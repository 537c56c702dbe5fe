/**
 * `npm run rotate-key -- NEW_KEY_FILE`: re-encrypts every stored phone number and email with the
 * key in NEW_KEY_FILE (a new random key is written there first when the file does not exist) and
 * recomputes the lookup hashes, in one transaction. Stop the server first. On the embedded default
 * the key file beside the database then holds the new key; with DATA_KEY set, set it to the new
 * key before starting again. `npm run rotate-key -- --print` prints a new key (for DATA_KEY).
 */
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../functions/config.ts';
import { rotateDataKey } from '../functions/hosts/node/data-key-file.ts';
import { newDataKey } from '../functions/domain/sealed.ts';

const [target] = process.argv.slice(2);
if (target === '--print') {
  console.log(newDataKey());
  process.exit(0);
}
if (!target) {
  console.error('Usage: npm run rotate-key -- NEW_KEY_FILE   (stop the server first; the file is made with a new key if it does not exist)');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const { client, db } = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  const { rows, from, to, keyFile } = await rotateDataKey(config, db, target);
  if (config.DATABASE_URL.startsWith('file:')) await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  client.close();
  console.log(`Re-encrypted ${rows} rows: data key ${from} is replaced by ${to}.`);
  console.log(
    keyFile
      ? `${keyFile} now holds the new key. Delete every copy of the old one, keep the new one apart from the backups, and start the server.`
      : `Now set DATA_KEY to the contents of ${target} (on Cloudflare: npx wrangler secret put DATA_KEY) before the server starts again; the old key opens nothing any more.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
