/**
 * Attack 8, hold the live room: a script opens hundreds of sockets to the room from one address
 * and never reads from them, so every broadcast the API makes piles up in the server's memory
 * (one copy queued per socket), and dead sockets are kept for ever. Run against the Node host's
 * relay (party/node-relay.ts) on a real HTTP server with real sockets, publishing as the API does;
 * the Cloudflare and PartyKit rooms are tried in party/partykit-room.test.ts.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createNodeRelay } from '../../party/node-relay.ts';
import { connectLive } from '../../src/client/live/room.ts';
import { MAX_SOCKETS_PER_CLIENT, ROOM_PATH } from '../../src/common/room.ts';

let server: Server;
let relay: ReturnType<typeof createNodeRelay>;
let port: number;
const opened: { destroy(): void }[] = [];

async function listen(options?: Parameters<typeof createNodeRelay>[0]) {
  relay = createNodeRelay(options);
  server = createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', relay.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const socket of opened.splice(0)) socket.destroy();
  relay.close();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The hostile socket: a bare TCP connection from `address` that asks for the room, reads the
 * server's answer to the handshake and then never reads again (nor answers a ping).
 */
async function silentSocket(address: string): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port, localAddress: address });
  opened.push(socket);
  socket.write(
    `GET ${ROOM_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise((resolve, reject) => socket.once('data', resolve).once('error', reject));
  socket.pause();
  return socket;
}

/** A page's socket from `address`, reading everything, and the ids of the events it has heard. */
async function page(address: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${ROOM_PATH}`, { localAddress: address });
  opened.push({ destroy: () => socket.terminate() });
  const heard: string[] = [];
  socket.on('message', (data) => heard.push((JSON.parse(String(data)) as { data: { id: string } }).data.id));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, heard, closed };
}

const until = async (check: () => boolean, timeout = 10_000) => {
  for (let waited = 0; !check() && waited < timeout; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
};

/** Live memory of this process (the relay's buffers among it) once the garbage is collected. */
const liveMemory = () => {
  globalThis.gc!();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** The biggest event the contract lets through, a different one each time (as the API's are). */
const bigEvent = (n: number) => {
  const text = `${n} ${'中'.repeat(490)}`;
  return { event: 'new-job', data: { id: `job-${n}`, title: text, city: text, payRange: text, acceptsNoPapers: true, contact: text } };
};

it('300 sockets from one address that never read: at most the cap get in, none holds memory, and a page elsewhere hears every broadcast', async () => {
  await listen();
  for (let n = 0; n < 300; n++) await silentSocket('127.0.0.1');
  await until(() => relay.connections <= MAX_SOCKETS_PER_CLIENT);
  expect(relay.connections).toBe(MAX_SOCKETS_PER_CLIENT);

  // One more from that address is told why, with a code a page can act on.
  const refused = await page('127.0.0.1');
  expect(await refused.closed).toEqual({ code: 1013, reason: 'too many connections from this network' });

  const listener = await page('127.0.0.2');
  const before = liveMemory();
  // 1,500 broadcasts of about 6 KB: 9 MB for each socket, more than the kernel holds for one.
  // The page reads as a phone does; the silent sockets never do.
  const events = 1500;
  for (let sent = 0; sent < events;) {
    for (const end = sent + 20; sent < end; sent++) expect(relay.publish(bigEvent(sent))).toBe(true);
    await until(() => listener.heard.length === sent);
  }
  const grown = liveMemory() - before;

  expect(listener.heard).toEqual(Array.from({ length: events }, (_, n) => `job-${n}`));
  // Every silent socket was dropped once its queue passed the bound, and with it what it held.
  await until(() => relay.connections === 1);
  expect(relay.connections).toBe(1);
  expect(grown).toBeLessThan(8 * 1024 * 1024);
}, 120_000);

it('a socket that stops answering pings is dropped by the heartbeat; a live page stays', async () => {
  await listen({ heartbeatMs: 100 });
  await silentSocket('127.0.0.3');
  const live = await page('127.0.0.4');
  expect(relay.connections).toBe(2);
  await until(() => relay.connections === 1, 2000);
  expect(relay.connections).toBe(1);
  // Many beats later (six pings it answered, counted rather than waited for) the page is still there.
  let pings = 0;
  live.socket.on('ping', () => pings++);
  await until(() => pings >= 6);
  expect(pings).toBeGreaterThanOrEqual(6);
  expect(relay.connections).toBe(1);
  expect(live.socket.readyState).toBe(WebSocket.OPEN);
});

it("a page refused for its network's cap does not knock again every second", async () => {
  await listen();
  let knocks = 0;
  server.prependListener('upgrade', () => knocks++);
  for (let n = 0; n < MAX_SOCKETS_PER_CLIENT; n++) await silentSocket('127.0.0.1');
  knocks = 0;
  // The pages' own listener (src/client/live/room.ts), with Node's WebSocket, on this loopback room.
  vi.stubGlobal('location', { protocol: 'http:', host: `127.0.0.1:${port}` });
  const live = connectLive({}, { toggleAttribute() {} } as unknown as HTMLElement);
  await new Promise((resolve) => setTimeout(resolve, 4000));
  live.close();
  expect(knocks).toBe(1);
});
