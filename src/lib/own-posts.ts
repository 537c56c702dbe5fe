/**
 * Live events this page caused itself (a post it just made): the room echoes them back, and the
 * poster should keep seeing their own success message instead of an alert about their own post.
 */
const own = new Set<string>();

const keyOf = (event: { event: string; data: object }) => JSON.stringify([event.event, event.data]);

/** Marks the live event this page's post will cause; it is forgotten after a minute. */
export function expectOwnEvent(event: { event: string; data: object }): void {
  const key = keyOf(event);
  own.add(key);
  setTimeout(() => own.delete(key), 60_000);
}

/** True, once, for an event this page caused. */
export function takeOwnEvent(event: { event: string; data: object }): boolean {
  return own.delete(keyOf(event));
}
