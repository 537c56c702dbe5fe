import { Server, type Connection, type ConnectionContext } from 'partyserver';
import { clientTag } from '../src/common/contract/clients.ts';
import { broadcastMessage, HEARTBEAT_MS, MAX_SOCKETS_PER_CLIENT, PING, PONG, TOO_MANY_SOCKETS } from '../src/common/room.ts';

/**
 * The live room on Cloudflare: a Durable Object every open page keeps a socket to, under the
 * rules of src/common/room.ts. The API publishes through `publish`, a Durable Object RPC call that no
 * browser can reach. Hibernation lets one room hold many thousands of idle sockets; so that idle
 * does not mean dead, the runtime answers each page's `ping` without waking the room, and an alarm
 * each beat drops the sockets it has not heard from for two. Each socket is tagged with a digest
 * of its client's network (CF-Connecting-IP), and one past MAX_SOCKETS_PER_CLIENT is closed.
 *
 * Unlike Node, the runtime tells nothing of a socket's unsent messages: a reader that stops reading
 * stops pinging too, and is dropped by the beat. HEARTBEAT_MS in the worker's vars shortens the
 * beat, for tests.
 */
export class LiveRoom extends Server<{ HEARTBEAT_MS?: string }> {
  static options = { hibernate: true };

  private get beat() {
    return Number(this.env.HEARTBEAT_MS) || HEARTBEAT_MS;
  }

  onStart() {
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  async getConnectionTags(_connection: Connection, { request }: ConnectionContext): Promise<string[]> {
    return [await clientTag(request.headers.get('cf-connecting-ip') ?? '')];
  }

  async onConnect(connection: Connection) {
    // Tags are the connection's id, then its client's.
    if ([...this.getConnections(connection.tags[1])].length > MAX_SOCKETS_PER_CLIENT) {
      connection.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
      return;
    }
    connection.setState({ since: Date.now() });
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + this.beat);
  }

  onMessage() {
    // Pages only listen. Nothing a client sends is relayed.
  }

  /** Each beat: closes the sockets silent for two, and comes back while any is left. */
  async onAlarm() {
    const now = Date.now();
    let left = 0;
    for (const connection of this.getConnections<{ since: number }>()) {
      const heard = this.ctx.getWebSocketAutoResponseTimestamp(connection)?.getTime() ?? connection.state?.since ?? 0;
      if (now - heard > 2 * this.beat) connection.close(1001, 'no heartbeat');
      else left++;
    }
    if (left > 0) await this.ctx.storage.setAlarm(now + this.beat);
  }

  /** How many pages are listening now. */
  connectionCount(): number {
    return [...this.getConnections()].length;
  }

  /** Sends the event to every open page; false (and nothing sent) when it breaks the contract. */
  publish(event: unknown): boolean {
    const message = broadcastMessage(event);
    if (message === null) return false;
    this.broadcast(message);
    return true;
  }
}
