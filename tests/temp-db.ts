import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.ts';

/** A real, migrated libSQL file in a fresh temp folder, removed by `close()`. */
export async function tempDatabase() {
  const folder = mkdtempSync(join(tmpdir(), 'fhr-db-'));
  const file = join(folder, 'app.db');
  const { client, db } = await openDatabase(`file:${file}`);
  return {
    client,
    db,
    folder,
    file,
    close() {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
