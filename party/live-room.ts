import { Server } from 'partyserver';
import { encodeLiveEvent } from '../src/contract/events.ts';

/**
 * The live room on Cloudflare: a Durable Object every open page keeps a socket to. Only the API
 * publishes (through `publish`, a Durable Object RPC call that no browser can reach); what
 * clients send is ignored. Hibernation lets one room hold many thousands of idle sockets.
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
    const message = encodeLiveEvent(event);
    if (message === null) return false;
    this.broadcast(message);
    return true;
  }
}
