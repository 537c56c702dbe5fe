import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createNodeRelay } from './node-relay.ts';

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
