/**
 * Attack: someone who can put a file where the operator keeps backups hands `npm run restore` an
 * archive of their own: a link that makes the restore write or read outside the data folder, a
 * database changed with its checksum updated to match, or a backup signed with another key.
 * Each is refused by name before anything is put in place.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataKey, newDataKey } from '../../functions/domain/sealed.ts';
import { backup, restore } from '../../scripts/backup.ts';
import { testApp, type TestApp } from '../test-app.ts';

const KEY = newDataKey();
let api: TestApp;
let work: string;
let good: string;
const env = (folder: string, key = KEY) => ({ DATABASE_URL: `file:${join(folder, 'app.db')}`, MEDIA_DIR: join(folder, 'media'), DATA_KEY: key });

beforeAll(async () => {
  api = await testApp({}, KEY);
  work = mkdtempSync(join(tmpdir(), 'fhr-tampered-'));
  const posted = await api.post('/api/lost-found', { name: 'Rosa', lastSeenCity: 'Fresno', contact: 'rosa@example.org' }, { origin: 'http://localhost' });
  expect(posted.status).toBe(201);
  good = join(work, 'good.tar');
  await backup(env(api.store.folder), good);
});
afterAll(() => {
  api.close();
  rmSync(work, { recursive: true, force: true });
});

/** The good backup unpacked into a folder of its own, changed by `change`, and packed again with `entries`. */
async function repacked(name: string, change: (folder: string) => void | Promise<void>, entries?: string[]) {
  const folder = join(work, `${name}-files`);
  mkdirSync(folder);
  await tar.extract({ file: good, cwd: folder });
  await change(folder);
  const file = join(work, `${name}.tar`);
  await tar.create({ file, cwd: folder, portable: true }, entries ?? readdirSync(folder).filter((entry) => entry !== 'media'));
  return file;
}

/** Restores `file` into a fresh data folder; answers the refusal, and checks that nothing was put there. */
async function refused(file: string, key = KEY) {
  const target = mkdtempSync(join(work, 'target-'));
  const error = await restore(env(target, key), file).then(
    () => null,
    (thrown: Error) => thrown,
  );
  expect(readdirSync(target)).toEqual([]);
  return error?.message;
}

const manifestOf = (folder: string) => JSON.parse(readFileSync(join(folder, 'backup.json'), 'utf8')) as { dataKey: string; files: Record<string, string> };
const sign = async (key: string, bytes: Buffer) => Buffer.from(await crypto.subtle.sign('HMAC', (await dataKey(key)).backup, bytes as BufferSource)).toString('hex');

it('restores the untouched backup (the control)', async () => {
  const target = mkdtempSync(join(work, 'target-'));
  await expect(restore(env(target), good)).resolves.toMatchObject({ mediaFiles: 0 });
  expect(existsSync(join(target, 'app.db'))).toBe(true);
});

it('refuses an archive with a link in it, naming the link, and unpacks nothing', async () => {
  const file = await repacked(
    'link',
    (folder) => {
      mkdirSync(join(folder, 'media', 'missing-persons'), { recursive: true });
      symlinkSync('/etc/passwd', join(folder, 'media', 'missing-persons', '0f8fad5b-d9cb-469f-a165-70867728950e'));
    },
    ['backup.json', 'backup.sig', 'app.db', 'media/missing-persons/0f8fad5b-d9cb-469f-a165-70867728950e'],
  );
  expect(await refused(file)).toMatch(/media\/missing-persons\/0f8fad5b-d9cb-469f-a165-70867728950e is a link \(to \/etc\/passwd\)/);
});

it('refuses anything but a regular file at a path a backup has: a folder entry, a file of another name', async () => {
  const folder = await repacked(
    'dir',
    (files) => {
      mkdirSync(join(files, 'media', 'missing-persons'), { recursive: true });
    },
    ['backup.json', 'backup.sig', 'app.db', 'media'],
  );
  expect(await refused(folder)).toMatch(/media\/ is a Directory, not a regular file/);
  const other = await repacked('other', (files) => writeFileSync(join(files, 'run-me.sh'), 'x'), ['backup.json', 'backup.sig', 'app.db', 'run-me.sh']);
  expect(await refused(other)).toMatch(/run-me\.sh is no file a backup holds/);
});

it('refuses a changed byte, even with its checksum changed to match: the signature no longer does', async () => {
  const file = await repacked('changed', (folder) => {
    const database = readFileSync(join(folder, 'app.db'));
    const at = database.indexOf('SQLite format 3') + 4096;
    database[at] = database[at]! ^ 0xff;
    writeFileSync(join(folder, 'app.db'), database);
    const manifest = manifestOf(folder);
    manifest.files['app.db'] = createHash('sha256').update(database).digest('hex');
    writeFileSync(join(folder, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  });
  expect(await refused(file)).toMatch(/its signature does not match backup\.json/);
});

it('refuses a backup signed with another data key, naming the key, and one whose signature was forged', async () => {
  const other = newDataKey();
  const foreign = await repacked('foreign', async (folder) => {
    const manifest = manifestOf(folder);
    manifest.dataKey = (await dataKey(other)).id;
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(folder, 'backup.json'), bytes);
    writeFileSync(join(folder, 'backup.sig'), `${await sign(other, bytes)}\n`);
  });
  expect(await refused(foreign)).toMatch(new RegExp(`is signed with data key ${(await dataKey(other)).id}, not with the key here \\(${(await dataKey(KEY)).id}\\)`));
  // Signed with another key but claiming ours.
  const forged = await repacked('forged', async (folder) => writeFileSync(join(folder, 'backup.sig'), `${await sign(other, readFileSync(join(folder, 'backup.json')))}\n`));
  expect(await refused(forged)).toMatch(/its signature does not match backup\.json/);
  // No signature at all (the format before signing, or one taken out).
  const unsigned = await repacked('unsigned', (folder) => rmSync(join(folder, 'backup.sig')), ['backup.json', 'app.db']);
  expect(await refused(unsigned)).toMatch(/has no signature/);
});

it('refuses to restore without the data key, which is never in the backup', async () => {
  const target = mkdtempSync(join(work, 'target-'));
  await expect(restore({ DATABASE_URL: `file:${join(target, 'app.db')}`, MEDIA_DIR: join(target, 'media') }, good)).rejects.toThrow(
    /Restoring needs the data key the backup was made with, which is never inside it: put its key file at .*data\.key first/,
  );
  expect(readdirSync(target)).toEqual([]);
});
