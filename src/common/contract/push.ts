/**
 * Web Push subscriptions: a browser's push endpoint and keys, with the counties and topics it
 * follows. Not in ./index.ts: it holds the county list (./places.ts), which no page should load.
 */
import * as z from 'zod/mini';
import { LANGUAGES } from '../i18n/languages.ts';
import { LIMITS, MAX_PUSH_AREAS, PUSH_TOPICS } from './limits.ts';
import { countyOf } from './places.ts';

/** Unpadded base64url (what PushSubscription.toJSON() gives) of exactly `bytes` bytes. */
const base64url = (bytes: number, message: string, first?: string) =>
  z.string().check(
    z.refine((value) => {
      if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
      const text = value.replace(/=+$/, '');
      if (text.length !== Math.ceil((bytes * 4) / 3)) return false;
      return first === undefined || text.startsWith(first);
    }, message),
  );

/** What a refused browser key is told: one that is no point of P-256 too (checked by the API). */
export const P256DH_MESSAGE = 'p256dh must be the subscription’s P-256 public key (65 bytes, base64url)';

/**
 * What a browser's PushSubscription gives (endpoint, the P-256 public key and the auth secret)
 * and what this device wants: counties by name (none: all of California), topics (none: only the
 * records it follows), the language of its notifications, and whether it wants updates on the
 * reports it got. Whether the endpoint's push service is one this server calls is checked
 * against the configuration (PUSH_SERVICE_HOSTS), not here.
 */
export const pushSubscriptionInput = z.object({
  endpoint: z.string().check(z.maxLength(LIMITS.url, `Endpoint must be at most ${LIMITS.url} characters`), z.url({ error: 'Endpoint must be a web address' })),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes, the first 0x04 (base64url "B").
    p256dh: base64url(65, P256DH_MESSAGE, 'B'),
    auth: base64url(16, 'auth must be the subscription’s 16-byte secret (base64url)'),
  }),
  areas: z._default(
    z
      .array(
        z.pipe(
          z.string().check(z.maxLength(LIMITS.city, `An area must be at most ${LIMITS.city} characters`)),
          // Kept as the county list names it: "fresno county" follows Fresno.
          z.transform((value, context) => {
            const county = countyOf(value);
            if (!county) context.issues.push({ code: 'custom', message: 'An area must be one of California’s 58 counties', input: value });
            return county?.name ?? value;
          }),
        ),
      )
      .check(z.maxLength(MAX_PUSH_AREAS, `At most ${MAX_PUSH_AREAS} areas`)),
    [],
  ),
  // None: only the person records this device follows.
  topics: z._default(z.array(z.enum(PUSH_TOPICS, { error: `Topics are ${PUSH_TOPICS.join(', ')}` })), [...PUSH_TOPICS]),
  lang: z._default(z.enum(LANGUAGES), 'en'),
  // Also when a report it got is verified or over (a false alarm reaches it either way). Left
  // out, a new subscription has none and a kept one keeps its choice.
  updates: z.optional(z.boolean({ error: 'updates must be true or false' })),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.pick(pushSubscriptionInput, { endpoint: true });

/** What is kept of a subscription and answered: never the keys. */
export interface PushSubscriptionState {
  endpoint: string;
  areas: string[];
  topics: (typeof PUSH_TOPICS)[number][];
  lang: string;
  updates: boolean;
}

/** A missing-person record's id. */
const id = z.string().check(z.minLength(1, 'id is required'), z.maxLength(100, 'id must be at most 100 characters'));

/**
 * "Notify me about this person": the browser's subscription (kept with no area and no topic when
 * the server has none for it yet) and the record's id.
 */
export const pushFollowInput = z.extend(z.pick(pushSubscriptionInput, { endpoint: true, keys: true, lang: true }), { id });
export type PushFollowInput = z.input<typeof pushFollowInput>;

export const pushUnfollowInput = z.extend(pushUnsubscribeInput, { id });

/** A record a device follows, as its notifications page lists it: never more than on the board. */
export interface FollowedRecord {
  id: string;
  name: string;
  status: 'missing' | 'found';
}

/** What the server keeps for a device: its subscription, the visible records it follows (newest first) and its reminders to come. */
export interface PushDeviceState extends PushSubscriptionState {
  follows: FollowedRecord[];
  /** When the reminders still to come will be pushed (ISO 8601), soonest first; empty for none. */
  reminders: string[];
}

/** "Remind me to search again" (/detained): the browser's subscription only, never what was typed on the page. */
export const pushReminderInput = z.pick(pushSubscriptionInput, { endpoint: true, keys: true, lang: true });
