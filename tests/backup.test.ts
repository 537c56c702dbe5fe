/**
 * `npm run backup` and `npm run restore` as an operator runs them: separate processes, the
 * backup taken while the API (this process) keeps saving posts and photos.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { dataKey, newDataKey } from '../functions/domain/sealed.ts';
import { FORM_POST_HEADER, formPostMark } from '../functions/domain/pow.ts';
import { apiOn } from './api-on.ts';
import { phonePhoto } from './photo-fixture.ts';
import { testApp, type TestApp } from './test-app.ts';

const POSTS = 200;
const PHOTOS = 20;

/** Runs `npm run NAME -- FILE` on the data folder `folder`; answers its exit code and output. */
function run(name: 'backup' | 'restore', file: string, folder: string) {
  const child = spawn('npm', ['run', '-s', name, '--', file], {
    // The data key the posts are sealed with, which signs the backup and checks it on restore.
    env: { ...process.env, DATABASE_URL: `file:${join(folder, 'app.db')}`, MEDIA_DIR: join(folder, 'media'), DATA_KEY: KEY },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('close', (code) => resolve({ code, output })));
  return { child, done };
}

/** The data key the posts are sealed with, which a restore keeps apart from the backup and gives back. */
const KEY = newDataKey();
let api: TestApp;
let work: string;
beforeAll(async () => {
  api = await testApp({}, KEY);
  work = mkdtempSync(join(tmpdir(), 'fhr-backup-'));
});
afterAll(() => {
  api.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Each post from an address of its own, marked as the form door of a page without scripts marks
 * its posts: so the rush is held by the ordinary rate limits only, never asked for a proof of work.
 */
const from = (index: number) => ({ 'x-test-client-address': `10.9.${index >> 8}.${index & 255}`, [FORM_POST_HEADER]: formPostMark() });

/** A missing-person post; every tenth carries a photo uploaded just before it. */
async function post(index: number) {
  let photoUrl: string | undefined;
  if (index % (POSTS / PHOTOS) === 0) {
    const { uploadURL } = (await (await api.post('/api/upload', { type: 'missing-persons' }, from(index))).json()) as { uploadURL: string };
    const stored = await api.app.request(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', ...from(index) },
      body: new Uint8Array(await phonePhoto(32 + index, 24)),
    });
    ({ url: photoUrl } = (await stored.json()) as { url: string });
  }
  const response = await api.post('/api/lost-found', { name: `Backup ${index}`, lastSeenCity: 'Fresno', photoUrl }, from(index));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

it(`a backup taken while ${POSTS} posters keep posting restores every post answered before it began, and every photo`, async () => {
  const file = join(work, 'during.tar');
  const answered: string[] = [];
  let backingUp = true;
  let during = 0;
  // Each poster posts again and again until the backup is done, so writes go on all through it.
  const poster = async (index: number) => {
    for (let round = 0; round === 0 || backingUp; round++) {
      answered.push(await post(index + round * POSTS));
      if (backingUp && before) during++;
    }
  };
  let before: Set<string> | undefined;
  // Photos take longer to store: some are in before the rush, more come during it.
  for (let index = 0; index < POSTS; index += POSTS / PHOTOS) answered.push(await post(index));
  const posting = Array.from({ length: POSTS }, (_, index) => poster(index));
  while (answered.length < PHOTOS + POSTS / 2) await new Promise((resolve) => setTimeout(resolve, 5));
  before = new Set(answered);
  const backedUp = await run('backup', file, api.store.folder).done;
  backingUp = false;
  await Promise.all(posting);
  expect(backedUp.output).toMatch(/Backed up the database and \d+ media files/);
  expect(backedUp.code).toBe(0);
  expect(during).toBeGreaterThan(0);

  const target = join(work, 'restored');
  const restored = await run('restore', file, target).done;
  expect(restored.output).toMatch(/Restored the backup/);
  expect(restored.code).toBe(0);

  const client = createClient({ url: `file:${join(target, 'app.db')}` });
  try {
    expect((await client.execute('PRAGMA integrity_check')).rows.map((row) => row[0])).toEqual(['ok']);
    const ids = new Set((await client.execute('select id from lost_found_posts')).rows.map((row) => String(row.id)));
    for (const id of before!) expect(ids.has(id), id).toBe(true);
    expect(ids.size).toBeGreaterThanOrEqual(before!.size);
    expect(ids.size).toBeLessThanOrEqual(answered.length);
    // Every photo a restored post names is there, byte for byte.
    const photos = (await client.execute('select photo_url from lost_found_posts where photo_url is not null')).rows.map((row) => String(row.photo_url));
    expect(photos.length).toBeGreaterThan(0);
    for (const url of photos) {
      const key = url.replace('/images/', '');
      expect(readFileSync(join(target, 'media', key)).equals(readFileSync(join(api.store.folder, 'media', key)))).toBe(true);
    }
  } finally {
    client.close();
  }

  // The server starts on it: migrations on start, and every part healthy.
  const started = await openDatabase(`file:${join(target, 'app.db')}`);
  try {
    const app = apiOn(started.db, join(target, 'media'), { dataKey: dataKey(KEY) });
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request(`/api/lost-found/${[...before!][0]}`)).status).toBe(200);
  } finally {
    started.client.close();
  }
}, 120_000);

it('restore refuses a data folder that is not empty, and a damaged file', async () => {
  const file = join(work, 'whole.tar');
  expect((await run('backup', file, api.store.folder).done).code).toBe(0);

  const live = await run('restore', file, api.store.folder).done;
  expect(live.code).toBe(1);
  expect(live.output).toMatch(/is already there .*Restore only into an empty data folder/);

  // One byte changed inside the database: its checksum no longer matches.
  const bytes = readFileSync(file);
  const at = bytes.indexOf('SQLite format 3') + 4096;
  bytes[at] = bytes[at]! ^ 0xff;
  const damaged = join(work, 'damaged.tar');
  writeFileSync(damaged, bytes);
  const target = join(work, 'from-damaged');
  const refused = await run('restore', damaged, target).done;
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/damaged: app.db does not match its checksum/);
  expect(() => readFileSync(join(target, 'app.db'))).toThrow(/ENOENT/);

  writeFileSync(damaged, bytes.subarray(0, 2000));
  expect((await run('restore', damaged, target).done).output).toMatch(/not a readable backup|not a backup/);
}, 60_000);
