import { PARTYKIT_ROOM_PATH } from '../src/common/room.ts';

/** A room that does not answer within this long counts as unreachable. */
const ROOM_TIMEOUT_MS = 5000;

/**
 * The API's side of the PartyKit-hosted room (LIVE_ROOM_URL, LIVE_ROOM_SECRET), for either
 * host: it publishes by POSTing the event with the shared secret, and asks how many pages listen.
 * Both throw when the room cannot be reached or refuses, so the health check can tell.
 */
export function remoteRoom(url: string, secret: string) {
  const room = new URL(PARTYKIT_ROOM_PATH, url);
  const call = async (init: RequestInit) => {
    const response = await fetch(room, { ...init, headers: { authorization: `Bearer ${secret}`, ...init.headers }, signal: AbortSignal.timeout(ROOM_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the live room at ${room.origin} answered ${response.status}`);
    return response;
  };
  return {
    async publish(event: unknown) {
      await call({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    },
    async watching(): Promise<number> {
      const { connections } = (await (await call({ method: 'GET' })).json()) as { connections: number };
      return connections;
    },
  };
}
