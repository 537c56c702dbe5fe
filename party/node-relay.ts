import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { clientOf } from '../src/common/contract/clients.ts';
import { broadcastMessage, HEARTBEAT_MS, MAX_BUFFERED_BYTES, MAX_CLIENT_MESSAGE_BYTES, MAX_SOCKETS_PER_CLIENT, ROOM_PATH, TOO_MANY_SOCKETS } from '../src/common/room.ts';

/** How long a refused socket may take to answer its close before it is cut. */
const REFUSED_CLOSE_MS = 2000;

/**
 * The live room of the embedded Node host, at the same URL as on Cloudflare so partysocket works
 * unchanged, under the rules of src/common/room.ts: only the API publishes, what clients send is ignored,
 * at most MAX_SOCKETS_PER_CLIENT sockets per client, and a socket that stops answering pings or
 * reading what it is sent is dropped.
 *
 * `clientAddress` says whom an upgrade request comes from (the socket's own address unless a
 * trusted proxy says otherwise); `heartbeatMs` is how often sockets are pinged.
 */
export function createNodeRelay({
  clientAddress = (request: IncomingMessage): string | undefined => request.socket.remoteAddress,
  heartbeatMs = HEARTBEAT_MS,
}: { clientAddress?: (request: IncomingMessage) => string | undefined; heartbeatMs?: number } = {}) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  // Sockets open per client network: only in this process's memory, never written or logged.
  const perClient = new Map<string, number>();
  // Sockets that answered the last ping.
  const alive = new WeakSet<WebSocket>();

  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (!alive.has(client) || client.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.terminate();
        continue;
      }
      alive.delete(client);
      client.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** For the HTTP server's 'upgrade' event: accepts sockets for the room, refuses anything else. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path !== ROOM_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      const network = clientOf(clientAddress(request) ?? '', 'address');
      wss.handleUpgrade(request, socket, head, (ws) => {
        ws.on('error', () => ws.terminate());
        const open = perClient.get(network) ?? 0;
        // Accepted, then closed with a code the page reads (a refused upgrade would tell it nothing).
        if (open >= MAX_SOCKETS_PER_CLIENT) {
          ws.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
          // Not ws's 30 s wait for the answer: a script would keep thousands of refused sockets that long.
          setTimeout(() => ws.terminate(), REFUSED_CLOSE_MS).unref();
          return;
        }
        perClient.set(network, open + 1);
        alive.add(ws);
        ws.on('pong', () => alive.add(ws));
        ws.once('close', () => {
          const left = perClient.get(network)! - 1;
          if (left > 0) perClient.set(network, left);
          else perClient.delete(network);
        });
      });
    },

    /**
     * Sends the event to every open page; false (and nothing sent) when it breaks the contract.
     * A page whose unsent messages pass MAX_BUFFERED_BYTES is not reading, and is dropped.
     */
    publish(event: unknown): boolean {
      const message = broadcastMessage(event);
      if (message === null) return false;
      for (const client of wss.clients) {
        if (client.readyState !== WebSocket.OPEN) continue;
        client.send(message);
        if (client.bufferedAmount > MAX_BUFFERED_BYTES) client.terminate();
      }
      return true;
    },

    /** How many pages are listening now. */
    get connections() {
      let open = 0;
      for (const count of perClient.values()) open += count;
      return open;
    },

    close() {
      clearInterval(heartbeat);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
