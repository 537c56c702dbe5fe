import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createNodeRelay } from './node-relay.ts';
import { clientOf } from '../src/common/contract/clients.ts';
import { MAX_SOCKETS_PER_CLIENT, ROOM_PATH, TOO_MANY_SOCKETS } from '../src/common/room.ts';

let server: Server;
let relay: ReturnType<typeof createNodeRelay>;
let base: string;

beforeEach(async () => {
  relay = createNodeRelay();
  server = createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', relay.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  relay.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A connected client and the messages it has received so far. */
async function client(path = '/parties/live-room/main') {
  const socket = new WebSocket(`${base}${path}?_pk=test`);
  const received: unknown[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

it('broadcasts an event the API publishes to every listening page', async () => {
  const [a, b] = [await client(), await client()];
  expect(relay.connections).toBe(2);
  expect(relay.publish({ event: 'new-missing-person', data: { id: 'post-1', name: 'Rosa', lastSeenCity: 'Fresno' } })).toBe(true);
  await settle();
  const expected = { event: 'new-missing-person', data: { id: 'post-1', name: 'Rosa', lastSeenCity: 'Fresno' } };
  expect(a.received).toEqual([expected]);
  expect(b.received).toEqual([expected]);
});

it('sends nothing for an event that breaks the contract', async () => {
  const a = await client();
  expect(relay.publish({ event: 'new-missing-person', data: {} })).toBe(false);
  expect(relay.publish({ event: 'made-up', data: { name: 'x' } })).toBe(false);
  await settle();
  expect(a.received).toEqual([]);
});

it('relays nothing a client sends, not even a well-formed event', async () => {
  const [sender, listener] = [await client(), await client()];
  sender.socket.send(JSON.stringify({ event: 'emergency-alert', data: { id: 'fake', type: 'Fake', city: 'Fresno', details: 'spoof' } }));
  await settle();
  expect(listener.received).toEqual([]);
  expect(sender.received).toEqual([]);
});

it('refuses sockets on any other path', async () => {
  await expect(client('/parties/other/main')).rejects.toThrow(/404/);
});

it('knows a client by its IPv4 address, or its IPv6 /64', () => {
  expect(clientOf('203.0.113.7', 'address')).toBe('203.0.113.7/32');
  expect(clientOf('::ffff:203.0.113.7', 'address')).toBe('203.0.113.7/32');
  expect(clientOf('2001:db8:1:2:aaaa::1', 'address')).toBe('2001:db8:1:2::/64');
  expect(clientOf('2001:DB8:1:2:ffff:1:2:3', 'address')).toBe('2001:db8:1:2::/64');
  expect(clientOf('2001:db8:1:3::1', 'address')).toBe('2001:db8:1:3::/64');
  expect(clientOf('2001:db8::1', 'address')).toBe('2001:db8::/64');
  expect(clientOf('fe80::1%eth0', 'address')).toBe('fe80::/64');
  expect(clientOf('64:ff9b::203.0.113.7', 'address')).toBe('64:ff9b::/64');
  // Where a count must not be made by rotating addresses: the network.
  expect(clientOf('203.0.113.7', 'network')).toBe('203.0.113.0/24');
  expect(clientOf('2001:db8:1:2:aaaa::1', 'network')).toBe('2001:db8:1::/48');
});

it('counts sockets against the client its clientAddress option names (as a trusted proxy would tell it)', async () => {
  relay.close();
  relay = createNodeRelay({ clientAddress: (request) => String(request.headers['x-test-client']) });
  server.removeAllListeners('upgrade');
  server.on('upgrade', relay.handleUpgrade);
  const from = async (address: string) => {
    const socket = new WebSocket(`${base}${ROOM_PATH}`, { headers: { 'x-test-client': address } });
    const closed = new Promise<unknown>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
    await new Promise((resolve) => socket.once('open', resolve));
    return { socket, closed };
  };
  // Eight addresses of one /64: one client.
  const held = [];
  for (let n = 1; n <= MAX_SOCKETS_PER_CLIENT; n++) held.push(await from(`2001:db8:1:2::${n}`));
  const refused = await from('2001:db8:1:2::99');
  expect(await refused.closed).toEqual(TOO_MANY_SOCKETS);
  await from('2001:db8:1:3::1');
  await settle();
  expect(relay.connections).toBe(MAX_SOCKETS_PER_CLIENT + 1);
});
