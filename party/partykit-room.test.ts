/**
 * The room as PartyKit runs it: `npx partykit dev` (workerd, offline) on a spare port, the real
 * API publishing to it over HTTP with the shared secret, and a page's socket hearing the event.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { apiOn } from '../tests/api-on.ts';
import { tempDatabase } from '../tests/temp-db.ts';
import { remoteRoom } from './remote-room.ts';
import { pagePolicy } from '../functions/security-headers.ts';
import { hostedRoomOrigin, PARTYKIT_ROOM_PATH, roomSocketUrl } from './rules.ts';

const SECRET = 'test-secret-for-the-room-0123';
let dev: ChildProcess;
let base: string;

const sparePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await sparePort();
  base = `http://127.0.0.1:${port}`;
  // Its own process group, so the whole of it (npx, partykit, workerd) can be stopped.
  dev = spawn('npx', ['partykit', 'dev', '--port', String(port), '--var', `LIVE_ROOM_SECRET=${SECRET}`], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready on')) resolve();
    };
    dev.stdout!.on('data', seen);
    dev.stderr!.on('data', seen);
    dev.once('exit', (code) => reject(new Error(`partykit dev stopped (${code}):\n${output}`)));
  });
}, 90_000);
afterAll(() => {
  if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
});

/** A page's socket to the room, and what it has heard. */
async function listen() {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${PARTYKIT_ROOM_PATH}`);
  const heard: unknown[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, heard };
}

const until = async (check: () => boolean) => {
  for (let waited = 0; !check() && waited < 5000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
};

it('a page connected to the PartyKit room hears what the API publishes there', async () => {
  const store = await tempDatabase();
  const room = remoteRoom(base, SECRET);
  const api = apiOn(store.db, join(store.folder, 'media'), room);
  try {
    const page = await listen();
    const response = await api.request('/api/lost-found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rosa', lastSeenCity: 'Fresno' }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await until(() => page.heard.length > 0);
    expect(page.heard).toEqual([{ event: 'new-missing-person', data: { id, name: 'Rosa', lastSeenCity: 'Fresno' } }]);
    expect(((await (await api.request('/api/live/stats')).json()) as { watching: number }).watching).toBe(1);
    page.socket.close();
  } finally {
    store.close();
  }
}, 30_000);

it('refuses a publish without the secret, or with another, and relays nothing a page sends', async () => {
  const [sender, listener] = [await listen(), await listen()];
  const event = JSON.stringify({ event: 'emergency-alert', data: { id: 'fake', type: 'Fake', city: 'Fresno', details: 'spoof' } });
  const room = `${base}${PARTYKIT_ROOM_PATH}`;
  expect((await fetch(room, { method: 'POST', body: event })).status).toBe(401);
  expect((await fetch(room, { method: 'POST', headers: { authorization: 'Bearer not-the-secret-at-all' }, body: event })).status).toBe(401);
  expect((await fetch(room, { method: 'GET' })).status).toBe(401);
  await expect(remoteRoom(base, 'not-the-secret-at-all').publish(JSON.parse(event))).rejects.toThrow(/answered 401/);
  sender.socket.send(event);
  // An event that breaks the contract is refused even with the secret.
  expect((await fetch(room, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` }, body: '{"event":"made-up","data":{}}' })).status).toBe(400);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(listener.heard).toEqual([]);
  expect(sender.heard).toEqual([]);
  sender.socket.close();
  listener.socket.close();
}, 30_000);

it('opens no other room', async () => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/parties/main/another`);
  const closed = await new Promise<number>((resolve) => socket.once('close', resolve));
  expect(closed).toBe(1008);
});

it('pages built with PUBLIC_LIVE_URL open their socket there, and their policy lets them', async () => {
  const page = { protocol: 'https:', host: 'findhelpreunite.org' };
  expect(roomSocketUrl(page)).toBe('wss://findhelpreunite.org/parties/live-room/main');
  expect(roomSocketUrl(page, 'https://find-help-reunite-live.group.partykit.dev')).toBe('wss://find-help-reunite-live.group.partykit.dev/parties/main/main');
  expect(roomSocketUrl({ protocol: 'http:', host: 'localhost:4321' }, base)).toBe(`${base.replace('http', 'ws')}${PARTYKIT_ROOM_PATH}`);
  const hosted = pagePolicy([], hostedRoomOrigin('https://find-help-reunite-live.group.partykit.dev'));
  expect(hosted).toContain("connect-src 'self' wss://find-help-reunite-live.group.partykit.dev;");
  expect(pagePolicy([], hostedRoomOrigin(undefined))).toContain("connect-src 'self';");
});
