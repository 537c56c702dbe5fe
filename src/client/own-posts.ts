import type { LiveEvent, LiveEventName } from '../common/contract/events.ts';

/**
 * Live events this page caused itself (a post it just made): the room echoes them back, and the
 * poster should keep seeing their own success message, not an alert about their own post. They
 * are told apart by the item's id, which every event carries. The echo may come before the
 * post's answer (and so before its id is known): while a post of its kind is on its way, an
 * event waits for that answer, at most HOLD_MS.
 */
const HOLD_MS = 10_000;
const ownIds = new Set<string>();
const posting = new Map<LiveEventName, number>();
const held = new Set<{ event: LiveEvent; show: () => void }>();

/** Shows the held events of `kind` that turned out not to be this page's own. */
function release(kind: LiveEventName): void {
  if (posting.get(kind)) return;
  for (const item of held) {
    if (item.event.event !== kind) continue;
    held.delete(item);
    if (!ownIds.delete(item.event.data.id)) item.show();
  }
}

/**
 * Says a post that causes `kind` is on its way; call what it returns with the created item's
 * id once answered, or with null when it failed. The id is remembered for a minute.
 */
export function postingOwn(kind: LiveEventName): (id: string | null) => void {
  posting.set(kind, (posting.get(kind) ?? 0) + 1);
  let settled = false;
  return (id) => {
    if (settled) return;
    settled = true;
    if (id) {
      ownIds.add(id);
      setTimeout(() => ownIds.delete(id), 60_000);
    }
    posting.set(kind, posting.get(kind)! - 1);
    release(kind);
  };
}

/** Runs `show` for an event this page did not cause (later, if a post of its kind is on its way). */
export function unlessOwn(event: LiveEvent, show: () => void): void {
  if (ownIds.delete(event.data.id)) return;
  if (!posting.get(event.event)) return show();
  const item = { event, show };
  held.add(item);
  setTimeout(() => held.delete(item) && show(), HOLD_MS);
}
