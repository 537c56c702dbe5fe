import { encodeLiveEvent, LIVE_ROOM } from './contract/events.ts';

/**
 * The live room's rules, the same wherever it runs: the Durable Object in our worker
 * (party/live-room.ts), the Node relay (party/node-relay.ts) and the PartyKit-hosted room
 * (party/partykit-room.ts). Pages listen to the one room; only the API publishes; what a page
 * sends is never relayed to anyone.
 */

/** Where pages open their socket on our own hosts (the Node host and the worker). */
export const ROOM_PATH = `/parties/${LIVE_ROOM.party}/${LIVE_ROOM.room}`;

/**
 * Where they open it on PartyKit (PUBLIC_LIVE_URL): PartyKit takes only identifiers as party
 * names, so there the room is the project's main party.
 */
export const PARTYKIT_ROOM_PATH = `/parties/main/${LIVE_ROOM.room}`;

/**
 * The socket address a page opens: the PartyKit-hosted room when the pages were built with
 * PUBLIC_LIVE_URL (its https address), otherwise the room on the page's own host.
 */
export function roomSocketUrl(page: { protocol: string; host: string }, hosted?: string): string {
  const url = hosted ? new URL(PARTYKIT_ROOM_PATH, hosted) : new URL(ROOM_PATH, `${page.protocol}//${page.host}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** What a page's policy must let it connect to besides its own host: the hosted room's socket origin. */
export const hostedRoomOrigin = (hosted: string | undefined) => (hosted ? new URL(roomSocketUrl({ protocol: '', host: '' }, hosted)).origin : undefined);

/** A page may listen only to the one room. */
export const mayListen = (room: string) => room === LIVE_ROOM.room;

/** Pages only listen: a longer message than this closes their socket (ignored otherwise). */
export const MAX_CLIENT_MESSAGE_BYTES = 1024;

/**
 * Sockets open at once from one client (an IPv4 address, an IPv6 /64): enough for a household's
 * tabs and phones; past it, one script cannot make every broadcast cost thousands of sends.
 */
export const MAX_SOCKETS_PER_CLIENT = 8;

/** What a socket past that cap is closed with: 1013, try again later (the code alone is what pages read), and why. */
export const TOO_MANY_SOCKETS_CODE = 1013;
export const TOO_MANY_SOCKETS = { code: TOO_MANY_SOCKETS_CODE, reason: 'too many connections from this network' } as const;

/**
 * How often the room makes sure each socket is alive: one silent for two beats is dropped. Pages
 * send `ping` each beat (the Cloudflare runtime answers `pong` without waking the room); the Node
 * relay pings them at the protocol level instead.
 */
export const HEARTBEAT_MS = 30_000;
export const PING = 'ping';
export const PONG = 'pong';

/**
 * A socket with more than this waiting to be sent is not reading (a phone on a slow line hears
 * each event in well under this), so it is dropped rather than kept growing with every broadcast.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The message sent to every page for an event the API publishes, or null (nothing sent) when it
 * breaks the contract.
 */
export const broadcastMessage = (event: unknown): string | null => encodeLiveEvent(event);

/**
 * Whether an HTTP request comes from the API: only a room outside the API's own process (PartyKit)
 * takes publishes over HTTP, and only with the shared secret LIVE_ROOM_SECRET as a bearer token.
 * Without a secret set, nobody may publish.
 */
export function mayPublish(request: Request, secret: unknown): boolean {
  if (typeof secret !== 'string' || secret.length === 0) return false;
  const given = new TextEncoder().encode(request.headers.get('authorization') ?? '');
  const expected = new TextEncoder().encode(`Bearer ${secret}`);
  // Compared in full whatever the first difference, so timing tells nothing of the secret.
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) difference |= expected[index]! ^ (given[index] ?? 0);
  return difference === 0;
}
