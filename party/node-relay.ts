import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { broadcastMessage, MAX_CLIENT_MESSAGE_BYTES, ROOM_PATH } from './rules.ts';

/**
 * The live room of the embedded Node host, at the same URL as on Cloudflare so partysocket works
 * unchanged, under the rules of party/rules.ts: only the API publishes, what clients send is ignored.
 */
export function createNodeRelay() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });

  return {
    /** For the HTTP server's 'upgrade' event: accepts sockets for the room, refuses anything else. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path !== ROOM_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        ws.on('error', () => ws.terminate());
      });
    },

    /** Sends the event to every open page; false (and nothing sent) when it breaks the contract. */
    publish(event: unknown): boolean {
      const message = broadcastMessage(event);
      if (message === null) return false;
      for (const client of wss.clients) {
        if (client.readyState === WebSocket.OPEN) client.send(message);
      }
      return true;
    },

    /** How many pages are listening now. */
    get connections() {
      return wss.clients.size;
    },

    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
