/**
 * Faults: the server killed with SIGKILL in the middle of a write load, the live room under a
 * storm of sockets that connect and drop, a database locked by another process and a full disk.
 * Each test runs its own server over its own folder.
 */
import { closeSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import Sqlite from 'libsql';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import ar from '../../src/common/i18n/ar.json';
import { phonePhoto } from '../photo-fixture.ts';
import { loopback, postFrom } from '../post-from.ts';
import { ownFolder, ownServer, post as postJson, smallDisk, toast, usePhone } from './chromium.ts';

const phone = usePhone();

/** The ids and names of every post stored, and SQLite's own integrity verdict, read beside the server or after it stopped. */
async function readBack(folder: string) {
  const database = createClient({ url: `file:${join(folder, 'app.db')}` });
  try {
    const rows = (await database.execute('select id, name from lost_found_posts')).rows;
    const integrity = String((await database.execute('pragma integrity_check')).rows[0]![0]);
    return { ids: rows.map((row) => String(row.id)), names: rows.map((row) => String(row.name)), integrity };
  } finally {
    database.close();
  }
}

let poster = 0;
// Each post comes from an address of its own, so the rate limit never refuses one of these loads.
const post = (base: string, name: string) => postFrom(loopback(poster++), `${base}/api/lost-found`, { name, lastSeenCity: 'Fresno' });

it('a kill -9 in the middle of a write load loses no write that was acknowledged', async () => {
  const server = await ownServer();
  const base = server.url;
  const acknowledged: string[] = [];
  let sent = 0;
  // Eight writers post as fast as the server answers until the connection dies under them.
  const writers = Array.from({ length: 8 }, async (_, writer) => {
    for (;;) {
      try {
        const response = await post(base, `Crash test ${writer}-${sent++}`);
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      } catch {
        return;
      }
    }
  });
  // Posts pouring in from many addresses are what proof of work is for: past the first few dozen the
  // writers solve a challenge before each post (tests/post-from.ts), so fewer are acknowledged a second.
  await expect.poll(() => acknowledged.length, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(100);
  await server.crash();
  await Promise.all(writers);

  await server.restart();
  const { ids, integrity } = await readBack(server.folder);
  const stored = new Set(ids);
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  expect(stored.size).toBeLessThanOrEqual(sent);
  expect(integrity).toBe('ok');
  // And it takes writes again.
  expect((await post(server.url, 'After the crash')).status).toBe(201);
});

it('the live room keeps delivering after a storm of sockets that connect and drop', async () => {
  const server = await ownServer();
  const room = `${server.url.replace(/^http/, 'ws')}/parties/live-room/main`;
  for (let round = 0; round < 5; round++) {
    // A hundred phones at once, five to a network (under the room's cap per client), so every one gets in.
    const sockets = Array.from({ length: 100 }, (_, n) => new WebSocket(room, { localAddress: loopback(1000 + round * 20 + (n % 20)) }));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('open', resolve).once('error', resolve))));
    // Half vanish without a goodbye (a phone losing signal), half close politely.
    sockets.forEach((socket, index) => (index % 2 ? socket.terminate() : socket.close()));
  }
  const listener = new WebSocket(room, { localAddress: loopback(2000) });
  await new Promise((resolve) => listener.once('open', resolve));
  const heard = new Promise<string>((resolve) => listener.on('message', (data) => resolve(String(data))));
  const survivor = await post(server.url, 'Storm survivor');
  expect(survivor.status).toBe(201);
  const { id } = (await survivor.json()) as { id: string };
  expect(JSON.parse(await heard)).toEqual({ event: 'new-missing-person', data: { id, name: 'Storm survivor', lastSeenCity: 'Fresno' } });
  listener.close();
});

it('a database locked by another process: a write waits for it, then answers 503 busy; reads go on; nothing is corrupted', async () => {
  const server = await ownServer();
  const base = server.url;
  expect((await post(base, 'Before the lock')).status).toBe(201);
  // Another process (a backup, a migration, admin:create) takes the write lock.
  const other = new Sqlite(join(server.folder, 'app.db'), { timeout: 5000 });
  other.exec('BEGIN IMMEDIATE');
  const waited = post(base, 'Waited for the lock');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  other.exec('COMMIT');
  expect((await waited).status).toBe(201);

  // A lock held longer than the server waits: the post is refused clearly, and meanwhile the
  // server is not frozen: a list read asked after the post answers before it.
  other.exec('BEGIN IMMEDIATE');
  const answered: string[] = [];
  const refused = post(base, 'Refused while locked').then((response) => (answered.push('post'), response));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const read = fetch(`${base}/api/lost-found`).then((response) => (answered.push('read'), response));
  const page = fetch(`${base}/lost-found`).then((response) => (answered.push('page'), response));
  expect((await read).status).toBe(200);
  expect((await page).status).toBe(200);
  const response = await refused;
  expect(answered).toHaveLength(3);
  expect(answered[2]).toBe('post');
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({ error: { code: 'busy', message: 'The server is busy. Nothing was saved; please try again in a moment.' } });
  other.exec('ROLLBACK');
  other.close();

  expect((await post(base, 'After the lock')).status).toBe(201);
  const { names, integrity } = await readBack(server.folder);
  expect(names.sort()).toEqual(['After the lock', 'Before the lock', 'Waited for the lock']);
  expect(integrity).toBe('ok');
  expect(server.log()).toContain('Database busy on POST /api/lost-found');
});

it('a person posting while the database stays locked is told the server could not save it, and keeps what they typed', async () => {
  const server = await ownServer();
  const other = new Sqlite(join(server.folder, 'app.db'), { timeout: 5000 });
  try {
    const page = await phone.open('/ar/lost-found', { baseURL: server.url });
    await page.fill('.board-form [name="name"]', 'روزا هيرنانديز');
    other.exec('BEGIN IMMEDIATE');
    await page.click('.board-form button[type="submit"]');
    await expect.poll(() => toast(page).textContent(), { timeout: 10_000 }).toContain(ar['toast.serverBusy']);
    expect(await page.inputValue('.board-form [name="name"]')).toBe('روزا هيرنانديز');
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
});

it('a full disk: writes answer 507 storage_full and leave nothing half-saved; writing resumes once there is room', async (context) => {
  const folder = ownFolder();
  // A real small disk: a 24 MB tmpfs over the server's folder (database and media).
  const refused = smallDisk(folder, '24m');
  if (refused !== undefined) return context.skip(`cannot mount a small disk here (needs root): ${refused}`);
  const server = await ownServer({ folder });
  const base = server.url;
  expect((await post(base, 'Before the disk filled')).status).toBe(201);
  // An upload address asked for while there was room; its photo arrives after the disk filled.
  const { uploadURL } = (await (await postJson('/api/upload', { type: 'alert-photos' }, base)).json()) as { uploadURL: string };
  const photo = new Uint8Array(await phonePhoto(400, 300));

  const ballast = join(folder, 'ballast');
  const file = openSync(ballast, 'w');
  try {
    for (let chunk = 1 << 20; chunk >= 1;) {
      try {
        writeSync(file, new Uint8Array(chunk));
      } catch {
        chunk >>= 1;
      }
    }
  } finally {
    closeSync(file);
  }

  // SQLite may still reuse room inside its files for a while: post until the disk says no.
  const acknowledged = ['Before the disk filled'];
  let refusal: Response | undefined;
  for (let attempt = 0; attempt < 3000 && !refusal; attempt++) {
    const response = await post(base, `While full ${attempt}`);
    if (response.status === 201) acknowledged.push(`While full ${attempt}`);
    else refusal = response;
  }
  expect(refusal?.status).toBe(507);
  expect(await refusal!.json()).toEqual({
    error: { code: 'storage_full', message: 'The server has no room to save this right now. Nothing was saved; please try again later.' },
  });
  const upload = await fetch(`${base}${uploadURL}`, { method: 'PUT', body: photo });
  expect(upload.status).toBe(507);
  expect(readdirSync(folder, { recursive: true }).filter((name) => String(name).endsWith('.part'))).toEqual([]);
  // Reading goes on while the disk is full.
  expect((await fetch(`${base}/api/lost-found?limit=1`)).status).toBe(200);
  expect((await fetch(`${base}/lost-found`)).status).toBe(200);

  rmSync(ballast);
  expect((await post(base, 'After the disk was freed')).status).toBe(201);
  expect((await fetch(`${base}${uploadURL}`, { method: 'PUT', body: photo })).status).toBe(201);
  const log = server.log();
  await server.stop();
  const { names, integrity } = await readBack(folder);
  expect(integrity).toBe('ok');
  expect(acknowledged.filter((name) => !names.includes(name))).toEqual([]);
  expect(names).toContain('After the disk was freed');
  expect(names).toHaveLength(acknowledged.length + 1);
  expect(log).toContain('Storage full on POST /api/lost-found');
});
