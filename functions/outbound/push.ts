import { buildPushPayload } from '@block65/webcrypto-web-push';
import { and, asc, eq, exists, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drops, lostFoundNotes, lostFoundPosts, ownerDevices, pushFollows, pushSubscriptions } from '../../db/schema.ts';
import { REMINDER_HOURS, remindersDue } from '../../src/common/contract/detention.ts';
import type { LiveEvent } from '../../src/common/contract/events.ts';
import { placeOf } from '../../src/common/contract/places.ts';
import { personPath } from '../../src/common/format.ts';
import {
  ENFORCEMENT_TYPE,
  PUSH_ATTEMPTS,
  PUSH_CONCURRENCY,
  PUSH_RETRY_MAX_MS,
  PUSH_RETRY_MS,
  PUSH_TTL_SECONDS,
  type AlertType,
  type PushTopic,
} from '../../src/common/contract/limits.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import { ALERT_TYPE_KEYS } from '../../src/common/i18n/values.ts';
import type { Sealer } from '../domain/sealed.ts';
import { allowedEndpoint } from './push-hosts.ts';

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what browsers subscribe with. */
  publicKey: string;
  /** The private scalar `d`, base64url. */
  privateKey: string;
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function makeVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const [publicKey, { d }] = await Promise.all([crypto.subtle.exportKey('raw', pair.publicKey), crypto.subtle.exportKey('jwk', pair.privateKey)]);
  return { publicKey: base64url(publicKey as ArrayBuffer), privateKey: d! };
}

/**
 * The configured VAPID pair, or one made once and kept in the database sealed under the data key
 * (like the hash secret): a copy of the database cannot push to anyone. The pair never changes,
 * as every browser's subscription is bound to its public key.
 */
export function vapidKeys(sealed: Sealer, configured?: VapidKeys): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  return () =>
    (keys ??= configured
      ? Promise.resolve(configured)
      : sealed
          .keptSecret('vapid_keys', async () => JSON.stringify(await makeVapidKeys()))
          .then((kept) => JSON.parse(kept) as VapidKeys)
          .catch((error: Error) => {
            keys = undefined;
            throw error;
          }));
}

/** What one push says: generic, never the item's details, names or contacts. */
export type PushPayload = {
  title: string;
  body: string;
  /** The item's page on this site, opened by a tap. */
  url: string;
  /** Pushes of one topic (or about one followed person, or the locator reminders) replace each other on the phone instead of piling up. */
  tag: PushTopic | `person:${string}` | `message:${string}` | 'locator';
};

/**
 * What goes out: to whom (the subscriptions that follow a topic where it happened, the city
 * free text placed in its county; or those that follow one person record), its page, and its title.
 */
type PushItem = { path: string; title: (lang: Lang) => string; body?: (lang: Lang) => string } & (
  { topic: PushTopic; city: string | null; updatesOnly?: boolean } | { followersOf: string } | { ownerOf: { board: string; postId: string } }
);

/**
 * News about a person record to the devices that follow it: nothing when none does, or for a
 * record or note hidden (or gone) by the time it would be sent. The push names no one and quotes nothing.
 */
async function personItem(db: Database, postId: string, noteId?: string): Promise<PushItem | null> {
  const followed = exists(
    db
      .select({ one: sql`1` })
      .from(pushFollows)
      .where(eq(pushFollows.postId, lostFoundPosts.id)),
  );
  const noteShown = noteId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(lostFoundNotes)
          .where(and(eq(lostFoundNotes.id, noteId), eq(lostFoundNotes.hidden, false))),
      )
    : undefined;
  const [record] = await db
    .select({ id: lostFoundPosts.id })
    .from(lostFoundPosts)
    .where(and(eq(lostFoundPosts.id, postId), eq(lostFoundPosts.hidden, false), followed, noteShown));
  if (!record) return null;
  return { followersOf: postId, path: personPath(postId, 'en'), title: (lang) => translate(lang, 'push.personTitle') };
}

/** Where an alert's push goes: its topic and city, and its board. */
const alertItem = (type: string, city: string) => {
  const enforcement = type === ENFORCEMENT_TYPE;
  return { topic: enforcement ? ('enforcement' as const) : ('alerts' as const), city, path: enforcement ? '/ice-reports' : '/alerts' };
};

/**
 * An update on an alert already pushed (a false alarm, taken down; or, to those who asked for
 * updates, verified or over) to the same topic and county, under the same tag, so it replaces the
 * alert on the phone: who follows them now, which is who it went to unless they changed what they
 * follow since.
 */
export const pushUpdate = (
  db: Database,
  sender: PushSender,
  alert: { id: string; type: string; city: string },
  { everyone }: { everyone: boolean },
  title: (lang: Lang) => string,
  body: (lang: Lang) => string,
) => fanOut(db, sender, { ...alertItem(alert.type, alert.city), title, body, updatesOnly: !everyone }, `update of ${alert.id}`);

/** The push of a live event, or null for the events no one subscribes to. */
async function pushItem(db: Database, live: LiveEvent): Promise<PushItem | null> {
  switch (live.event) {
    case 'emergency-alert': {
      const typeKey = ALERT_TYPE_KEYS[live.data.type as AlertType];
      return {
        ...alertItem(live.data.type, live.data.city),
        title: (lang) => translate(lang, 'live.emergencyTitle', { type: typeKey ? translate(lang, typeKey) : live.data.type }),
      };
    }
    case 'new-missing-person':
      return { topic: 'missing', city: live.data.lastSeenCity, path: personPath(live.data.id, 'en'), title: (lang) => translate(lang, 'live.missingTitle') };
    case 'new-drop': {
      // The event names the place for people ("meeting spot, city"); the county comes from the city alone.
      const [drop] = await db.select({ city: drops.city }).from(drops).where(eq(drops.id, live.data.id));
      return { topic: 'drops', city: drop?.city ?? null, path: '/drops', title: (lang) => translate(lang, 'live.dropTitle') };
    }
    case 'new-job':
      return { topic: 'jobs', city: live.data.city, path: '/jobs', title: (lang) => translate(lang, 'push.jobTitle') };
    case 'new-missing-person-note':
      return personItem(db, live.data.postId, live.data.id);
    default:
      return null;
  }
}

export interface PushSender {
  hosts: readonly string[];
  keys: () => Promise<VapidKeys>;
  subject: string;
}

export interface PushTally {
  sent: number;
  gone: number;
  failed: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a 429 or 5xx asks to wait before try `attempt` + 1, or null to give up. */
function retryWait(response: Response | null, attempt: number): number | null {
  if (attempt >= PUSH_ATTEMPTS) return null;
  const asked = Number(response?.headers.get('retry-after'));
  const ms = Number.isFinite(asked) && asked > 0 ? asked * 1000 : PUSH_RETRY_MS * 2 ** (attempt - 1);
  return ms <= PUSH_RETRY_MAX_MS ? ms : null;
}

type Subscription = Pick<typeof pushSubscriptions.$inferSelect, 'endpoint' | 'p256dh' | 'auth' | 'lang'>;

/** Hands one encrypted push to its service: 'sent', 'gone' (404/410: the browser dropped it) or 'failed'. */
async function deliver(sender: PushSender, subscription: Subscription, message: PushPayload): Promise<'sent' | 'gone' | 'failed'> {
  const vapid = { ...(await sender.keys()), subject: sender.subject };
  const endpoint = new URL(subscription.endpoint);
  // The library signs for https push services only; a loopback test service listed for plain
  // http is signed for as its https origin and called over http.
  const signed = endpoint.protocol === 'http:' ? `https://${endpoint.host}${endpoint.pathname}${endpoint.search}` : subscription.endpoint;
  for (let attempt = 1; ; attempt++) {
    const request = await buildPushPayload(
      { data: message, options: { ttl: PUSH_TTL_SECONDS, urgency: message.tag === 'enforcement' || message.tag === 'alerts' ? 'high' : 'normal' } },
      { endpoint: signed, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      vapid,
    );
    let response: Response | null = null;
    try {
      // A push service never redirects: following one would let it send this server elsewhere.
      response = await fetch(subscription.endpoint, { ...request, body: request.body as BufferSource, redirect: 'manual' });
      await response.body?.cancel();
    } catch {
      // Unreachable for now: tried again below like a 5xx.
    }
    if (response && response.status >= 200 && response.status < 300) return 'sent';
    if (response?.status === 404 || response?.status === 410) return 'gone';
    const retriable = !response || response.status === 429 || response.status >= 500;
    const ms = retriable ? retryWait(response, attempt) : null;
    if (ms === null) return 'failed';
    await wait(ms);
  }
}

/** Subscriptions read at once while sending: memory stays bounded whatever their number. */
const BATCH = 1000;

/** Sends one push for a live event to every subscription that follows its topic and county, or its person record. */
export async function pushEvent(db: Database, sender: PushSender, live: LiveEvent): Promise<PushTally> {
  const item = await pushItem(db, live);
  return item ? fanOut(db, sender, item, live.event) : { sent: 0, gone: 0, failed: 0 };
}

/** Tells the devices that follow a person record that it changed (its poster marked the person found). */
export async function pushPersonNews(db: Database, sender: PushSender, postId: string): Promise<PushTally> {
  const item = await personItem(db, postId);
  return item ? fanOut(db, sender, item, 'person news') : { sent: 0, gone: 0, failed: 0 };
}

/**
 * Tells the browsers a post's owner chose (My posts) that someone wrote through the post: it
 * names no one and quotes nothing (a lock screen shows it), and leads to My posts.
 */
export const pushOwner = (db: Database, sender: PushSender, board: string, postId: string): Promise<PushTally> =>
  fanOut(
    db,
    sender,
    { ownerOf: { board, postId }, path: '/manage', title: (lang) => translate(lang, 'push.messageTitle'), body: (lang) => translate(lang, 'push.messageBody') },
    'message to an owner',
  );

/**
 * Sends one push for `item` to every subscription it is for (by topic and county, all of
 * California included; or by followed record), in the subscriber's language, PUSH_CONCURRENCY at
 * a time. A subscription its service says is gone is deleted; one on a host no longer listed is skipped.
 */
async function fanOut(db: Database, sender: PushSender, item: PushItem, what: string): Promise<PushTally> {
  const tally: PushTally = { sent: 0, gone: 0, failed: 0 };
  const area = 'city' in item && item.city ? (placeOf(item.city)?.county ?? null) : null;
  const audience =
    'ownerOf' in item
      ? exists(
          db
            .select({ one: sql`1` })
            .from(ownerDevices)
            .where(and(eq(ownerDevices.endpoint, pushSubscriptions.endpoint), eq(ownerDevices.board, item.ownerOf.board), eq(ownerDevices.postId, item.ownerOf.postId))),
        )
      : 'followersOf' in item
        ? exists(
            db
              .select({ one: sql`1` })
              .from(pushFollows)
              .where(and(eq(pushFollows.endpoint, pushSubscriptions.endpoint), eq(pushFollows.postId, item.followersOf))),
          )
        : and(
            sql`exists (select 1 from json_each(${pushSubscriptions.topics}) where value = ${item.topic})`,
            // A verification or an end goes only to the browsers that asked for updates.
            item.updatesOnly ? eq(pushSubscriptions.updates, true) : undefined,
            area === null
              ? sql`${pushSubscriptions.areas} = '[]'`
              : sql`(${pushSubscriptions.areas} = '[]' or exists (select 1 from json_each(${pushSubscriptions.areas}) where value = ${area}))`,
          );
  const tag: PushPayload['tag'] = 'ownerOf' in item ? `message:${item.ownerOf.postId}` : 'followersOf' in item ? `person:${item.followersOf}` : item.topic;
  const messages = new Map<string, PushPayload>();
  const messageIn = (lang: string) => {
    const language = isLang(lang) ? lang : 'en';
    let message = messages.get(language);
    if (!message) {
      const body = item.body?.(language) ?? (area ? translate(language, 'push.bodyNear', { area }) : translate(language, 'push.body'));
      message = { title: item.title(language), body, url: localizePath(item.path, language), tag };
      messages.set(language, message);
    }
    return message;
  };
  // One pool over all subscriptions, read a batch at a time: a slow service holds up one sender,
  // never a whole batch.
  let batch: Subscription[] = [];
  let index = 0;
  let after = '';
  let done = false;
  let loading: Promise<void> | null = null;
  const load = async () => {
    batch = await db
      .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, lang: pushSubscriptions.lang })
      .from(pushSubscriptions)
      .where(and(audience, gt(pushSubscriptions.endpoint, after)))
      .orderBy(asc(pushSubscriptions.endpoint))
      .limit(BATCH);
    index = 0;
    done = batch.length < BATCH;
    after = batch.at(-1)?.endpoint ?? after;
  };
  const take = async (): Promise<Subscription | undefined> => {
    while (index >= batch.length) {
      if (done) return undefined;
      await (loading ??= load().finally(() => (loading = null)));
    }
    return batch[index++];
  };
  const sendAll = async () => {
    for (let subscription = await take(); subscription; subscription = await take()) {
      if (!allowedEndpoint(subscription.endpoint, sender.hosts)) continue;
      let outcome: 'sent' | 'gone' | 'failed';
      try {
        outcome = await deliver(sender, subscription, messageIn(subscription.lang));
      } catch {
        // Keys no push could be encrypted to: the service could not decrypt it either.
        outcome = 'failed';
      }
      tally[outcome]++;
      if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    }
  };
  await Promise.all(Array.from({ length: PUSH_CONCURRENCY }, sendAll));
  if (tally.failed) console.error(`Push of ${what}: ${tally.failed} of ${tally.sent + tally.gone + tally.failed} could not be handed to their push service`);
  return tally;
}

/**
 * The reminders to search the detainee locator again that are due (/detained, REMINDER_HOURS after
 * they were asked for): one push each, in the browser's language, naming no one. A host that was
 * down past several times sends one, not a pile; after the last, the device's reminders end.
 */
export async function pushReminders(db: Database, sender: PushSender, now: number): Promise<PushTally> {
  const tally: PushTally = { sent: 0, gone: 0, failed: 0 };
  const asked = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      lang: pushSubscriptions.lang,
      from: pushSubscriptions.remindersFrom,
      sent: pushSubscriptions.remindersSent,
    })
    .from(pushSubscriptions)
    .where(isNotNull(pushSubscriptions.remindersFrom));
  for (const row of asked) {
    const due = remindersDue({ remindersFrom: row.from, remindersSent: row.sent }, now);
    if (!due || !allowedEndpoint(row.endpoint, sender.hosts)) continue;
    const lang = isLang(row.lang) ? row.lang : 'en';
    const message: PushPayload = { title: translate(lang, 'push.locatorTitle'), body: translate(lang, 'push.locatorBody'), url: localizePath('/detained', lang), tag: 'locator' };
    let outcome: 'sent' | 'gone' | 'failed';
    try {
      outcome = await deliver(sender, row, message);
    } catch {
      outcome = 'failed';
    }
    tally[outcome]++;
    if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, row.endpoint));
    else {
      const sent = row.sent + due;
      const done = sent >= REMINDER_HOURS.length;
      await db
        .update(pushSubscriptions)
        .set(done ? { remindersFrom: null, remindersSent: 0 } : { remindersSent: sent })
        .where(eq(pushSubscriptions.endpoint, row.endpoint));
    }
  }
  if (tally.failed) console.error(`Locator reminders: ${tally.failed} of ${tally.sent + tally.gone + tally.failed} could not be handed to their push service`);
  return tally;
}
