/**
 * The room as PartyKit runs it: `npx partykit dev` (workerd, offline) on a spare port, the real
 * API publishing to it over HTTP with the shared secret, and a page's socket hearing the event;
 * the cap on sockets per client and the heartbeat (a beat of 1 s here, 30 s in use).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { apiOn } from '../tests/api-on.ts';
import { tempDatabase } from '../tests/temp-db.ts';
import { remoteRoom } from './remote-room.ts';
import { pagePolicy } from '../src/common/security-headers.ts';
import { hostedRoomOrigin, MAX_SOCKETS_PER_CLIENT, PARTYKIT_ROOM_PATH, PING, roomSocketUrl, TOO_MANY_SOCKETS } from '../src/common/room.ts';

const SECRET = 'test-secret-for-the-room-0123';
const BEAT_MS = 1000;
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
  dev = spawn('npx', ['partykit', 'dev', '--port', String(port), '--var', `LIVE_ROOM_SECRET=${SECRET}`, '--var', `HEARTBEAT_MS=${BEAT_MS}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/**
 * A page's socket to the room (from `network`, as Cloudflare's edge names it in CF-Connecting-IP),
 * pinging each quarter beat as src/client/live/room.ts does each beat unless `silent`, and what it has heard.
 */
async function listen({ network = '198.51.100.1', silent = false } = {}) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${PARTYKIT_ROOM_PATH}`, { headers: { 'cf-connecting-ip': network } });
  const heard: unknown[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  if (!silent) {
    const pinging = setInterval(() => socket.send(PING), BEAT_MS / 4);
    socket.once('close', () => clearInterval(pinging));
  }
  return { socket, heard, closed };
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

it('takes at most the cap of sockets from one client network, telling the next why; another network still gets in', async () => {
  const held = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_CLIENT }, () => listen({ network: '203.0.113.7' })));
  const refused = await listen({ network: '203.0.113.7' });
  expect(await refused.closed).toEqual(TOO_MANY_SOCKETS);
  const other = await listen({ network: '203.0.113.8' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect([...held, other].every(({ socket }) => socket.readyState === WebSocket.OPEN)).toBe(true);
  // One of the held goes (a phone losing signal): its place is free again.
  held[0]!.socket.terminate();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const again = await listen({ network: '203.0.113.7' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(again.socket.readyState).toBe(WebSocket.OPEN);
  for (const { socket } of [...held, other, again]) socket.close();
}, 30_000);

it('drops a socket that stops pinging within a few beats, and keeps one that pings', async () => {
  const [silent, pinging] = [await listen({ network: '203.0.113.9', silent: true }), await listen({ network: '203.0.113.10' })];
  expect(await silent.closed).toEqual({ code: 1001, reason: 'no heartbeat' });
  expect(pinging.socket.readyState).toBe(WebSocket.OPEN);
  pinging.socket.close();
}, 30_000);
