import type * as Party from 'partykit/server';
import { broadcastMessage, MAX_CLIENT_MESSAGE_BYTES, mayListen, mayPublish } from './rules.ts';

/**
 * The live room hosted by PartyKit (`npx partykit dev`, `npx partykit deploy`; partykit.json),
 * under the rules of party/rules.ts. Pages connect at PARTYKIT_ROOM_PATH. The API, in another place, publishes by POSTing the event there with LIVE_ROOM_SECRET,
 * and a GET with the secret answers how many pages listen (for /api/live/stats and the health
 * check).
 */
export default class LiveRoom implements Party.Server {
  readonly room: Party.Room;

  constructor(room: Party.Room) {
    this.room = room;
  }

  onConnect(connection: Party.Connection) {
    if (!mayListen(this.room.id)) connection.close(1008, 'no such room');
  }

  onMessage(message: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection) {
    // Pages only listen: nothing a client sends is relayed, and a flood closes its socket.
    const size = typeof message === 'string' ? new TextEncoder().encode(message).byteLength : message.byteLength;
    if (size > MAX_CLIENT_MESSAGE_BYTES) sender.close(1009, 'pages only listen');
  }

  async onRequest(request: Party.Request): Promise<Response> {
    if (!mayListen(this.room.id)) return new Response('Not found', { status: 404 });
    if (!mayPublish(request as unknown as Request, this.room.env.LIVE_ROOM_SECRET)) return Response.json({ error: 'only the API may publish' }, { status: 401 });
    if (request.method === 'GET') return Response.json({ connections: [...this.room.getConnections()].length });
    if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, POST' } });
    const message = broadcastMessage(await request.json().catch(() => null));
    if (message === null) return Response.json({ error: 'not a live event of the contract' }, { status: 400 });
    this.room.broadcast(message);
    return new Response(null, { status: 204 });
  }
}
