/**
 * Faults: the server killed with SIGKILL in the middle of a write load, and the live room under a
 * storm of sockets that connect and drop. Each test runs its own server over its own folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from './start-server.ts';

let folder: string;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(folder, { recursive: true, force: true });
});

const post = (base: string, name: string) =>
  fetch(`${base}/api/lost-found`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, lastSeenCity: 'Fresno' }) });

it('a kill -9 in the middle of a write load loses no write that was acknowledged', async () => {
  folder = mkdtempSync(join(tmpdir(), 'fhr-crash-'));
  server = await startServer(folder, { sample: false });
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
  await expect.poll(() => acknowledged.length, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(300);
  await server.crash();
  await Promise.all(writers);

  server = await startServer(folder, { sample: false, port: Number(new URL(base).port) });
  const database = createClient({ url: `file:${join(folder, 'app.db')}` });
  const stored = new Set((await database.execute('select id from lost_found_posts')).rows.map((row) => String(row.id)));
  const integrity = (await database.execute('pragma integrity_check')).rows[0]![0];
  database.close();
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  expect(stored.size).toBeLessThanOrEqual(sent);
  expect(integrity).toBe('ok');
  // And it takes writes again.
  expect((await post(server.url, 'After the crash')).status).toBe(201);
});

it('the live room keeps delivering after a storm of sockets that connect and drop', async () => {
  folder = mkdtempSync(join(tmpdir(), 'fhr-storm-'));
  server = await startServer(folder, { sample: false });
  const room = `${server.url.replace(/^http/, 'ws')}/parties/live-room/main`;
  for (let round = 0; round < 5; round++) {
    const sockets = Array.from({ length: 100 }, () => new WebSocket(room));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('open', resolve).once('error', resolve))));
    // Half vanish without a goodbye (a phone losing signal), half close politely.
    sockets.forEach((socket, index) => (index % 2 ? socket.terminate() : socket.close()));
  }
  const listener = new WebSocket(room);
  await new Promise((resolve) => listener.once('open', resolve));
  const heard = new Promise<string>((resolve) => listener.on('message', (data) => resolve(String(data))));
  expect((await post(server.url, 'Storm survivor')).status).toBe(201);
  expect(JSON.parse(await heard)).toEqual({ event: 'new-missing-person', data: { name: 'Storm survivor', lastSeenCity: 'Fresno' } });
  listener.close();
});
