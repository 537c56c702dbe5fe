/**
 * The live events of the contract (spec section 7): their names, payload fields, and the one
 * check that the API (publishing), the room and the Node relay (broadcasting) and every page
 * (showing) run on them. Plain code, no zod, so the page listener stays a few KB.
 */

/** Where the room lives: /parties/live-room/main on every host. */
export const LIVE_ROOM = { party: 'live-room', room: 'main' } as const;

type FieldKind = 'text' | 'text?' | 'boolean';

/** Every event names its item's `id` first, so a page knows its own post when it comes back. */
export const LIVE_EVENTS = {
  'new-missing-person': { id: 'text', name: 'text', lastSeenCity: 'text?' },
  'emergency-alert': { id: 'text', type: 'text', city: 'text', details: 'text' },
  'new-resource': { id: 'text', category: 'text', name: 'text', city: 'text?' },
  'new-job': { id: 'text', title: 'text', city: 'text?', payRange: 'text?', acceptsNoPapers: 'boolean', contact: 'text?' },
  'new-drop': { id: 'text', items: 'text', location: 'text', notes: 'text?' },
  // Beyond the spec's five: they refresh open help lists and feeds, and show no toast.
  'new-assistance-request': { id: 'text', title: 'text', city: 'text?' },
  'new-surplus-offer': { id: 'text', title: 'text', city: 'text?' },
  // A note on a record: pages open on `postId` (and its owner's manage view) fetch it again.
  'new-missing-person-note': { id: 'text', postId: 'text', status: 'text' },
  // A rapid responder verified a report, ended it or called it a false alarm: its lists fetch it again.
  'alert-state': { id: 'text', state: 'text' },
} as const satisfies Record<string, Record<string, FieldKind>>;

export type LiveEventName = keyof typeof LIVE_EVENTS;

type FieldType<K> = K extends 'boolean' ? boolean : K extends 'text' ? string : string | null;
type Payload<N extends LiveEventName> = { [F in keyof (typeof LIVE_EVENTS)[N]]: FieldType<(typeof LIVE_EVENTS)[N][F]> };

/** One live event as it travels: `{"event": "new-job", "data": {...}}`. */
export type LiveEvent = { [N in LiveEventName]: { event: N; data: Payload<N> } }[LiveEventName];

/** Longest text a live payload may carry; longer texts are cut, never shown whole in a toast. */
export const LIVE_TEXT_MAX = 500;

/**
 * The event if `raw` keeps the contract (a known name, every required field of the right type),
 * with unknown fields dropped, blank optional texts as null and long texts cut; otherwise null.
 */
export function parseLiveEvent(raw: unknown): LiveEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const { event, data } = raw as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || !Object.hasOwn(LIVE_EVENTS, event)) return null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const fields: Record<string, FieldKind> = LIVE_EVENTS[event as LiveEventName];
  const clean: Record<string, string | boolean | null> = {};
  for (const [field, kind] of Object.entries(fields)) {
    const value = (data as Record<string, unknown>)[field];
    if (kind === 'boolean') {
      if (typeof value !== 'boolean') return null;
      clean[field] = value;
      continue;
    }
    const text = typeof value === 'string' ? value.trim().slice(0, LIVE_TEXT_MAX) : value;
    if (kind === 'text' && (typeof text !== 'string' || !text)) return null;
    if (kind === 'text?' && text !== undefined && text !== null && typeof text !== 'string') return null;
    clean[field] = (text as string | null | undefined) || null;
  }
  return { event, data: clean } as LiveEvent;
}

/** The message the room sends for an event, or null when the event breaks the contract. */
export function encodeLiveEvent(raw: unknown): string | null {
  const event = parseLiveEvent(raw);
  return event && JSON.stringify(event);
}
