import type * as Party from 'partykit/server';
import { clientTag } from '../src/common/contract/clients.ts';
import { broadcastMessage, HEARTBEAT_MS, MAX_CLIENT_MESSAGE_BYTES, MAX_SOCKETS_PER_CLIENT, mayListen, mayPublish, PING, TOO_MANY_SOCKETS } from '../src/common/room.ts';

/** When a socket was last heard from: its connect, then each `ping` its page sends. */
type Heard = { heard: number };

/** The client behind a socket: its network's digest (CF-Connecting-IP), never the address. */
const clientOf = (request: Request) => clientTag(request.headers.get('cf-connecting-ip') ?? '');

/**
 * The live room hosted by PartyKit (`npx partykit dev`, `npx partykit deploy`; partykit.json),
 * under the rules of src/common/room.ts. Pages connect at PARTYKIT_ROOM_PATH. The API, in another place, publishes by POSTing the event there with LIVE_ROOM_SECRET,
 * and a GET with the secret answers how many pages listen (for /api/live/stats and the health
 * check). At most MAX_SOCKETS_PER_CLIENT sockets per client; an alarm each beat closes the sockets
 * silent for two (a page that stops reading stops pinging too: PartyKit tells nothing of unsent
 * messages). HEARTBEAT_MS in the room's vars shortens the beat, for tests.
 */
export default class LiveRoom implements Party.Server {
  readonly room: Party.Room;

  constructor(room: Party.Room) {
    this.room = room;
  }

  private get beat() {
    return Number(this.room.env.HEARTBEAT_MS) || HEARTBEAT_MS;
  }

  async getConnectionTags(_connection: Party.Connection, { request }: Party.ConnectionContext) {
    return [await clientOf(request as unknown as Request)];
  }

  async onConnect(connection: Party.Connection<Heard>, { request }: Party.ConnectionContext) {
    if (!mayListen(this.room.id)) {
      connection.close(1008, 'no such room');
      return;
    }
    const client = await clientOf(request as unknown as Request);
    // Counted while open, so a refused one frees its place at once.
    if ([...this.room.getConnections(client)].filter((open) => open.readyState === WebSocket.OPEN).length > MAX_SOCKETS_PER_CLIENT) {
      connection.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
      return;
    }
    connection.setState({ heard: Date.now() });
    if ((await this.room.storage.getAlarm()) === null) await this.room.storage.setAlarm(Date.now() + this.beat);
  }

  onMessage(message: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection<Heard>) {
    if (message === PING) {
      sender.setState({ heard: Date.now() });
      return;
    }
    // Pages only listen: nothing a client sends is relayed, and a flood closes its socket.
    const size = typeof message === 'string' ? new TextEncoder().encode(message).byteLength : message.byteLength;
    if (size > MAX_CLIENT_MESSAGE_BYTES) sender.close(1009, 'pages only listen');
  }

  /** Each beat: closes the sockets silent for two, and comes back while any is left. */
  async onAlarm() {
    const now = Date.now();
    let left = 0;
    for (const connection of this.room.getConnections<Heard>()) {
      if (now - (connection.state?.heard ?? 0) > 2 * this.beat) connection.close(1001, 'no heartbeat');
      else left++;
    }
    if (left > 0) await this.room.storage.setAlarm(now + this.beat);
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
