import { Server } from 'partyserver';
import { broadcastMessage } from './rules.ts';

/**
 * The live room on Cloudflare: a Durable Object every open page keeps a socket to, under the
 * rules of party/rules.ts. The API publishes through `publish`, a Durable Object RPC call that no
 * browser can reach. Hibernation lets one room hold many thousands of idle sockets.
 */
export class LiveRoom extends Server {
  static options = { hibernate: true };

  onMessage() {
    // Pages only listen. Nothing a client sends is relayed.
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
