/**
 * Running it for real on the Node host: GET /api/health as a monitor sees it while parts fail,
 * and a backup taken from the running server that another server then starts on.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'libsql';
import { expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { ownFolder, ownServer } from './chromium.ts';

const health = async (base: string) => {
  const response = await fetch(`${base}/api/health`);
  const { failing } = (await response.json()) as { failing: string[] };
  return { code: response.status, failing };
};

const post = (base: string, name: string) =>
  fetch(`${base}/api/lost-found`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, lastSeenCity: 'Fresno' }) });

/** `npm run NAME -- FILE` on the data folder `folder`. */
const run = (name: 'backup' | 'restore', file: string, folder: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '-s', name, '--', file], { env: { ...process.env, DATABASE_URL: `file:${join(folder, 'app.db')}`, MEDIA_DIR: join(folder, 'media') } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });

it('answers health 200, and 503 naming the database while it is locked and the media folder while it cannot be written, and 200 again after each', async () => {
  const server = await ownServer();
  const first = await fetch(`${server.url}/api/health`);
  expect(first.headers.get('cache-control')).toBe('no-store');
  expect(await first.json()).toEqual({ status: 'ok', failing: [], outboxAgeSeconds: null, version: packageJson.version });

  // Another process holds the write lock longer than a post would wait.
  const other = new Sqlite(join(server.folder, 'app.db'), { timeout: 5000 });
  try {
    other.exec('BEGIN IMMEDIATE');
    expect(await health(server.url)).toEqual({ code: 503, failing: ['database'] });
    other.exec('ROLLBACK');
  } finally {
    other.close();
  }
  expect(await health(server.url)).toEqual({ code: 200, failing: [] });
  expect((await post(server.url, 'After the lock')).status).toBe(201);

  // Root ignores a read-only mode, so a plain file takes the folder's place: every write fails as on a read-only disk.
  const media = join(server.folder, 'media');
  mkdirSync(media, { recursive: true });
  renameSync(media, `${media}.aside`);
  writeFileSync(media, 'not a folder');
  expect(await health(server.url)).toEqual({ code: 503, failing: ['media'] });
  rmSync(media);
  renameSync(`${media}.aside`, media);
  expect(await health(server.url)).toEqual({ code: 200, failing: [] });
}, 60_000);

it('answers 503 naming the live room when the PartyKit room it publishes to cannot be reached', async () => {
  const server = await ownServer({ env: { LIVE_ROOM_URL: 'http://127.0.0.1:9', LIVE_ROOM_SECRET: 'a-secret-of-sixteen-or-more' } });
  expect(await health(server.url)).toEqual({ code: 503, failing: ['liveRoom'] });
}, 60_000);

it('a backup of the running server starts another server, with its posts', async () => {
  const server = await ownServer();
  const names = ['Ana', 'Rosa', 'Luis'];
  for (const name of names) expect((await post(server.url, name)).status).toBe(201);
  const file = join(ownFolder(), 'backup.tar');
  expect((await run('backup', file, server.folder)).code).toBe(0);
  expect((await run('restore', file, server.folder)).output).toMatch(/is already there/);

  const restored = ownFolder();
  // The key that opens its phone numbers and emails (and checks the backup's signature) is never in
  // the backup: it comes back from where it was kept apart, before the restore.
  expect((await run('restore', file, restored)).output).toMatch(/Restoring needs the data key the backup was made with/);
  expect(existsSync(join(restored, 'app.db'))).toBe(false);
  copyFileSync(join(server.folder, 'data.key'), join(restored, 'data.key'));
  expect((await run('restore', file, restored)).code).toBe(0);
  const again = await ownServer({ folder: restored });
  expect(await health(again.url)).toEqual({ code: 200, failing: [] });
  const listed = (await (await fetch(`${again.url}/api/lost-found`)).json()) as { name: string }[];
  expect(listed.map(({ name }) => name)).toEqual(expect.arrayContaining(names));
}, 90_000);
