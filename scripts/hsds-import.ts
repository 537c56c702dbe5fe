/**
 * `npm run hsds:import -- FOLDER_OR_FILE`: imports an Open Referral HSDS 3.0 dataset (JSON: a
 * service, a list of services or an API page per file) into the database DATABASE_URL names, as
 * pending resources a moderator verifies on /resources-admin; none is published. Each service is
 * checked against the standard's schema, which must be beside the project
 * (`shared/standards/hsds/schema/`: it is Open Referral's, never copied in). Idempotent: a service
 * imported before is left as it is. Prints what was added and what was skipped, and why.
 */
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../functions/config.ts';
import { importHsds, readDataset } from '../functions/domain/hsds-import.ts';
import { hsdsSchemas } from '../functions/domain/hsds-schema.ts';
import { standardFile } from '../tests/standards.ts';

const [path, ...rest] = process.argv.slice(2);
if (!path || rest.length) {
  console.error('Usage: npm run hsds:import -- FOLDER_OR_FILE');
  process.exit(2);
}

try {
  const folder = standardFile('hsds/schema');
  if (!folder) throw new Error("Open Referral's HSDS 3.0 schemas were not found in shared/standards/hsds/schema/ beside this project; nothing was imported.");
  const config = loadConfig(process.env);
  const { items, skipped: unread } = readDataset(path);
  const { client, db } = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    const { added, alreadyImported, skipped } = await importHsds(db, items, hsdsSchemas(folder).service, Date.now());
    console.log(`Services: ${added} added as pending resources, ${alreadyImported} imported before (left as they are), ${unread.length + skipped.length} skipped.`);
    for (const { where, name, reason } of [...unread, ...skipped]) console.log(`Skipped ${where}${name ? ` (${name})` : ''}: ${reason}`);
  } finally {
    client.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
