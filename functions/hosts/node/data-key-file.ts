/**
 * Where the Node host finds its data key: DATA_KEY when set, otherwise the key file in the data
 * folder, beside the database file and never inside it (`data/data.key` beside `data/app.db`),
 * made once with mode 0600. A database that already holds sealed personal data never gets a new
 * key made for it: the start stops and says what to restore.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database } from '../../../db/client.ts';
import type { Config } from '../../config.ts';
import { checkDataKey, dataKey, holdsSealedData, newDataKey, sealStored } from '../../domain/sealed.ts';

/** The key file's path: beside a local database file, or in ./data for a remote database. */
export function dataKeyFile(databaseUrl: string): string {
  const path = databaseUrl.startsWith('file:') ? databaseUrl.slice('file:'.length) : '';
  return join(path && path !== ':memory:' ? dirname(path) : 'data', 'data.key');
}

/** The data key in base64url, from DATA_KEY or the key file (made on a database with nothing sealed yet). */
export async function loadDataKeyText(config: Pick<Config, 'DATA_KEY' | 'DATABASE_URL'>, db: Database): Promise<{ text: string; where: string }> {
  if (config.DATA_KEY) return { text: config.DATA_KEY, where: 'DATA_KEY' };
  const file = dataKeyFile(config.DATABASE_URL);
  if (existsSync(file)) return { text: readFileSync(file, 'utf8').trim(), where: file };
  if (await holdsSealedData(db))
    throw new Error(
      `The database holds encrypted phone numbers and emails, but their key file ${file} is missing. ` +
        'Restore it from where you kept it apart from the backups (or set DATA_KEY to its contents); without it they cannot be read.',
    );
  const text = newDataKey();
  // 'wx': two processes starting at once cannot both write one; the loser reads the winner's.
  try {
    writeFileSync(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { text: readFileSync(file, 'utf8').trim(), where: file };
  }
  return { text, where: file };
}

/** The data key, checked against what the database was sealed with; a wrong or malformed one stops the start. */
export async function loadDataKey(config: Pick<Config, 'DATA_KEY' | 'DATABASE_URL'>, db: Database) {
  const { text, where } = await loadDataKeyText(config, db);
  let key;
  try {
    key = await dataKey(text);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  await checkDataKey(db, key, where);
  return key;
}

/**
 * Re-encrypts every sealed value with the key in `newKeyFile` (made there if the file does not
 * exist) and recomputes the lookup hashes, in one transaction: until it commits, the database and
 * the old key are untouched. Only then does the key file (when not DATA_KEY) get the new key, by
 * an atomic rename. The server must be stopped meanwhile: it holds the old key.
 */
export async function rotateDataKey(config: Pick<Config, 'DATA_KEY' | 'DATABASE_URL'>, db: Database, newKeyFile: string) {
  const old = await loadDataKey(config, db);
  if (!existsSync(newKeyFile)) writeFileSync(newKeyFile, `${newDataKey()}\n`, { mode: 0o600, flag: 'wx' });
  const text = readFileSync(newKeyFile, 'utf8').trim();
  const next = await dataKey(text).catch((error: Error) => {
    throw new Error(`${newKeyFile}: ${error.message}`);
  });
  if (next.id === old.id) throw new Error(`${newKeyFile} holds the key already in use (id ${old.id}): nothing to rotate.`);
  const rows = await sealStored(db, next, old);
  let keyFile: string | null = null;
  if (!config.DATA_KEY) {
    keyFile = dataKeyFile(config.DATABASE_URL);
    writeFileSync(`${keyFile}.next`, `${text}\n`, { mode: 0o600 });
    renameSync(`${keyFile}.next`, keyFile);
  }
  return { rows, from: old.id, to: next.id, keyFile };
}
