/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded host's data (the libSQL
 * file and the media folder) in one tar file, taken while the server runs and keeps saving posts.
 *
 * The tar holds `backup.json` (the format, the app's version, the time, which data key signed it,
 * and a SHA-256 for every other file), `backup.sig` (an HMAC-SHA-256 of `backup.json` under a key
 * HKDF-derived from the data key), `app.db` (a snapshot made by SQLite's `VACUUM INTO`, which
 * reads one consistent state of the database inside a read transaction: in WAL mode writers go on
 * meanwhile) and `media/` (the photos and videos, taken after the snapshot, so every file its rows
 * name is there). Only those: the encryption key file beside them in the data folder is never
 * packed, so a stolen backup alone opens nothing, and no one without the key can make or change a
 * backup that restore accepts. It is a plain tar: `tar -tf FILE` lists it.
 *
 * Restore fills an empty data folder only (a live one has its database file) and needs the data
 * key the backup was made with (DATA_KEY, or the key file put back in the data folder first). It
 * refuses an archive holding anything but regular files at the paths a backup has (a link, a
 * device, a folder, a path twice), then checks the signature, every checksum and
 * `PRAGMA integrity_check` before anything is put in place, and leaves the data folder as it was
 * when a check fails.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, cp, link, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createClient } from '@libsql/client';
import * as tar from 'tar';
import { loadConfig } from '../functions/config.ts';
import { dataKeyFile } from '../functions/hosts/node/data-key-file.ts';
import { dataKey, type DataKey } from '../functions/domain/sealed.ts';
import { MEDIA_KEY } from '../functions/media/store.ts';

const MANIFEST = 'backup.json';
const SIGNATURE = 'backup.sig';
const FORMAT = 'find-help-reunite-backup/2';

interface Manifest {
  format: typeof FORMAT;
  version: string;
  createdAt: string;
  /** The id of the data key whose derived key signed it (never the key). */
  dataKey: string;
  /** Path inside the tar to the SHA-256 (hex) of its bytes. */
  files: Record<string, string>;
}

/** Where the embedded host keeps its data, from the same settings the server reads. */
export function dataPaths(env: Record<string, string | undefined>) {
  const config = loadConfig(env);
  if (!config.DATABASE_URL.startsWith('file:'))
    throw new Error('DATABASE_URL names a database server: back it up with its own tools (Turso keeps point-in-time copies). This backs up the embedded file database.');
  return { database: resolve(config.DATABASE_URL.slice('file:'.length)), media: resolve(config.MEDIA_DIR) };
}

/**
 * The data key of the data folder named by `env`: DATA_KEY, or the key file beside the database.
 * Never made here: a backup is signed, and a restore checked, with the key the data was sealed with.
 */
async function folderKey(env: Record<string, string | undefined>, doing: 'back up' | 'restore'): Promise<DataKey> {
  const config = loadConfig(env);
  const file = dataKeyFile(config.DATABASE_URL);
  const where = config.DATA_KEY ? 'DATA_KEY' : file;
  const text = config.DATA_KEY ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : null);
  if (!text)
    throw new Error(
      doing === 'back up'
        ? `There is no data key at ${file} (nor DATA_KEY): a backup is signed with it. Start the server once on this data folder, or set DATA_KEY.`
        : `Restoring needs the data key the backup was made with, which is never inside it: put its key file at ${file} first (or set DATA_KEY to it).`,
    );
  return dataKey(text).catch((error: Error) => {
    throw new Error(`${where}: ${error.message}`);
  });
}

const signatureOf = async (key: DataKey, manifest: Uint8Array) => Buffer.from(await crypto.subtle.sign('HMAC', key.backup, manifest as BufferSource)).toString('hex');

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `folder`, as paths relative to it with `/` between parts; none when it is missing. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** A hard link where the file system allows one (no bytes copied), a copy otherwise. */
async function linkOrCopy(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true });
  await link(from, to).catch(() => copyFile(from, to));
}

async function appVersion(): Promise<string> {
  return (JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Writes the backup to `file`; answers what it holds. */
export async function backup(env: Record<string, string | undefined>, file: string) {
  const paths = dataPaths(env);
  if (!existsSync(paths.database)) throw new Error(`There is no database at ${paths.database} to back up.`);
  const key = await folderKey(env, 'back up');
  const staging = await mkdtemp(join(dirname(paths.database), '.backup-'));
  try {
    const client = createClient({ url: `file:${paths.database}` });
    try {
      await client.execute({ sql: 'VACUUM INTO ?', args: [join(staging, 'app.db')] });
      const [sealedWith] = (await client.execute("select value from meta where key = 'sealed_with'")).rows;
      if (sealedWith && sealedWith.value !== key.id)
        throw new Error(
          `The data key here (id ${key.id}) is not the one ${paths.database} is sealed with (id ${String(sealedWith.value)}): a backup signed with it could not be restored.`,
        );
    } finally {
      client.close();
    }
    // Stored files are never changed in place (written aside, then renamed), so a link is a
    // still copy. Half-written uploads (*.part) and anything that is not a media key stay out.
    const media = (await filesUnder(paths.media)).filter((path) => MEDIA_KEY.test(path));
    let photos = 0;
    for (const path of media) {
      try {
        await linkOrCopy(join(paths.media, path), join(staging, 'media', path));
        photos++;
      } catch (error) {
        // Deleted with its expired post since the listing: its row goes at the next sweep too.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const packed = ['app.db', ...(await filesUnder(join(staging, 'media'))).map((path) => `media/${path}`)];
    const manifest: Manifest = { format: FORMAT, version: await appVersion(), createdAt: new Date().toISOString(), dataKey: key.id, files: {} };
    for (const path of packed) manifest.files[path] = await sha256(join(staging, path));
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(staging, MANIFEST), manifestBytes);
    await writeFile(join(staging, SIGNATURE), `${await signatureOf(key, manifestBytes)}\n`);
    const target = resolve(file);
    const part = `${target}.part`;
    await tar.create({ file: part, cwd: staging, portable: true }, [MANIFEST, SIGNATURE, ...packed]);
    await rename(part, target);
    return { file: target, bytes: (await stat(target)).size, mediaFiles: photos };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** What makes a data folder not empty: its database (and its WAL) or any file in the media folder. */
async function inTheWay(paths: { database: string; media: string }): Promise<string | null> {
  for (const file of [paths.database, `${paths.database}-wal`, `${paths.database}-shm`]) if (existsSync(file)) return file;
  const media = await readdir(paths.media).catch(() => []);
  return media.length > 0 ? paths.media : null;
}

/** Whether `path` is one a backup holds: its manifest and signature, the database, a media file. */
const packable = (path: string) => path === MANIFEST || path === SIGNATURE || path === 'app.db' || (path.startsWith('media/') && MEDIA_KEY.test(path.slice('media/'.length)));

/**
 * Reads the archive's entries, unpacking nothing, and refuses one that is not a regular file at a
 * path a backup has, or a path twice (a later entry would replace what was checked).
 */
async function refuseStrangeEntries(file: string) {
  const problems: string[] = [];
  const seen = new Set<string>();
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const { path, type } = entry;
        if (type === 'Link' || type === 'SymbolicLink') problems.push(`${path} is a link (to ${entry.linkpath ?? '?'})`);
        else if (type !== 'File') problems.push(`${path} is a ${type}, not a regular file`);
        else if (!packable(path)) problems.push(`${path} is no file a backup holds`);
        else if (seen.has(path)) problems.push(`${path} is in it twice`);
        seen.add(path);
        entry.resume();
      },
    });
  } catch (error) {
    throw new Error(`${file} is not a readable backup: ${(error as Error).message}`);
  }
  if (problems.length) throw new Error(`${file} is refused: ${problems.slice(0, 5).join('; ')}. A backup holds only regular files; nothing was restored.`);
}

/** Checks the manifest's signature with the data key here: a backup signed with another key, or changed since, is refused by name. */
async function checkSignature(file: string, staging: string, key: DataKey): Promise<Manifest> {
  const bytes = await readFile(join(staging, MANIFEST)).catch(() => null);
  const manifest =
    bytes &&
    ((): Manifest | null => {
      try {
        return JSON.parse(bytes.toString('utf8')) as Manifest;
      } catch {
        return null;
      }
    })();
  if (!bytes || manifest?.format !== FORMAT) throw new Error(`${file} is not a backup made by npm run backup (or one from before backups were signed).`);
  const signature = (await readFile(join(staging, SIGNATURE), 'utf8').catch(() => '')).trim();
  if (!signature) throw new Error(`${file} has no signature (${SIGNATURE}): refused.`);
  if (manifest.dataKey !== key.id)
    throw new Error(`${file} is signed with data key ${manifest.dataKey}, not with the key here (${key.id}): restore with the key file the backup was made with.`);
  if (!/^[0-9a-f]{64}$/.test(signature) || !(await crypto.subtle.verify('HMAC', key.backup, Buffer.from(signature, 'hex'), bytes)))
    throw new Error(`${file} is refused: its signature does not match ${MANIFEST} (changed since it was made, or signed by someone without this data key).`);
  return manifest;
}

/** Checks the backup in `file` and puts it in place; throws, changing nothing, when it cannot. */
export async function restore(env: Record<string, string | undefined>, file: string) {
  const paths = dataPaths(env);
  const taken = await inTheWay(paths);
  if (taken)
    throw new Error(`${taken} is already there (is the server running on it?). Restore only into an empty data folder: stop the server and move the old folder aside first.`);
  if (!existsSync(file)) throw new Error(`There is no backup file at ${file}.`);
  const key = await folderKey(env, 'restore');
  await refuseStrangeEntries(file);
  await mkdir(dirname(paths.database), { recursive: true });
  const staging = await mkdtemp(join(dirname(paths.database), '.restore-'));
  try {
    try {
      // Regular files only, again, in case the file changed since it was read.
      await tar.extract({ file, cwd: staging, strict: true, filter: (path, entry) => 'type' in entry && entry.type === 'File' && packable(path) });
    } catch (error) {
      throw new Error(`${file} is not a readable backup: ${(error as Error).message}`);
    }
    const manifest = await checkSignature(file, staging, key);
    const found = (await filesUnder(staging)).filter((path) => path !== MANIFEST && path !== SIGNATURE);
    const listed = Object.keys(manifest.files);
    const unlisted = found.filter((path) => !Object.hasOwn(manifest.files, path));
    const missing = listed.filter((path) => !found.includes(path));
    if (unlisted.length || missing.length)
      throw new Error(`${file} is damaged: ${[...missing.map((path) => `${path} is missing`), ...unlisted.map((path) => `${path} is not in its list`)].join(', ')}.`);
    for (const path of listed) {
      if (path !== 'app.db' && !(path.startsWith('media/') && MEDIA_KEY.test(path.slice('media/'.length)))) throw new Error(`${file} holds ${path}, which no backup holds.`);
      if ((await sha256(join(staging, path))) !== manifest.files[path]) throw new Error(`${file} is damaged: ${path} does not match its checksum.`);
    }
    const client = createClient({ url: `file:${join(staging, 'app.db')}` });
    try {
      const { rows } = await client.execute('PRAGMA integrity_check');
      const problems = rows.map((row) => String(row[0]));
      if (problems.join() !== 'ok') throw new Error(`The database in ${file} fails its integrity check: ${problems.slice(0, 5).join('; ')}`);
    } finally {
      client.close();
    }
    await rename(join(staging, 'app.db'), paths.database);
    if (existsSync(join(staging, 'media'))) {
      await rmdir(paths.media).catch(() => {});
      await mkdir(dirname(paths.media), { recursive: true });
      await rename(join(staging, 'media'), paths.media).catch(async (error: NodeJS.ErrnoException) => {
        // The media folder is on another disk than the database.
        if (error.code !== 'EXDEV') throw error;
        await cp(join(staging, 'media'), paths.media, { recursive: true });
      });
    }
    return { version: manifest.version, createdAt: manifest.createdAt, mediaFiles: listed.length - 1 };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run backup -- FILE   or   npm run restore -- FILE');
    process.exit(2);
  }
  try {
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    if (command === 'backup') {
      const made = await backup(process.env, file);
      console.log(`Backed up the database and ${made.mediaFiles} media files to ${made.file} (${(made.bytes / 1e6).toFixed(1)} MB) in ${seconds()} s.`);
      console.log('The encryption key file is not in it: keep a copy of the key somewhere else than the backups.');
    } else {
      const restored = await restore(process.env, file);
      console.log(
        `Restored the backup of ${restored.createdAt} (version ${restored.version}, ${restored.mediaFiles} media files) in ${seconds()} s. Start the server: npm run serve`,
      );
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
