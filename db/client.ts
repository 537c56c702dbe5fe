import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the libSQL database: a local file (`file:./data/app.db`, the embedded default) or a
 * Turso/libSQL server (`libsql://`, `https://` with an auth token), and brings its tables up to
 * date with the committed migrations.
 */
export async function openDatabase(url: string, authToken?: string) {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  const client = createClient({ url, authToken });
  // WAL lets readers go on while a post is written; wait briefly instead of failing when busy.
  if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { client, db };
}
