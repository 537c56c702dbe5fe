/**
 * Text-alert subscriptions, for the web form and for texts to the service's number alike, and the
 * codes that prove a web request comes from the number's owner. The number is stored sealed, so a
 * subscriber (and a code waiting for a number) is found by the number's lookup hash.
 */
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alertSubscriptions, alerts, assistanceRequests, lostFoundPosts, surplusOffers, textCodes, textReminders } from '../../db/schema.ts';
import { TEXT_CODE } from '../../src/common/contract/limits.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, type Lang } from '../../src/common/i18n/languages.ts';
import { REMINDER_HOURS, remindersDue } from '../../src/common/contract/detention.ts';
import { SMS_KEYWORDS } from '../../src/common/contract/sms.ts';
import type { RouteDeps } from '../deps.ts';
import { deliverOutbox, queueText } from '../outbound/sms.ts';
import { placed } from '../../src/common/contract/places.ts';
import { laterMinute, toMinute } from './time.ts';

type Store = Pick<RouteDeps, 'db' | 'sealed'>;

/** Subscribes a (normalized) number to the alerts of a city, or of every city without one, in its language; a number has one subscription, which this replaces. */
export async function subscribeToTexts(store: Store, subscription: { phone: string; city: string | null; lang: Lang; updates?: boolean }, now: number) {
  const { updates } = subscription;
  const row = { ...subscription, ...placed(subscription.city), updates: updates ?? false, phoneHash: await store.sealed.lookupHash(subscription.phone), createdAt: toMinute(now) };
  // A text to ALERTS says nothing of updates: a number that asked for them on the web keeps them.
  await store.db
    .insert(alertSubscriptions)
    .values(await store.sealed.sealRow(alertSubscriptions, row))
    .onConflictDoUpdate({ target: alertSubscriptions.phoneHash, set: { city: row.city, county: row.county, lang: row.lang, ...(updates === undefined ? {} : { updates }) } });
  return row;
}

/**
 * Ends every text subscription of a (normalized) number at once (its reminders too, and the texts
 * of messages to posts that name it), forgets any code waiting for it,
 * and the number on the reports it texted in (so no answer about them follows a STOP). Those are
 * the few open reports that came by text: each is opened to compare, the number being sealed.
 */
export async function endTextSubscriptions(store: Store, phone: string) {
  const phoneHash = await store.sealed.lookupHash(phone);
  const reported = await store.sealed.openRows(alerts, await store.db.select().from(alerts).where(isNotNull(alerts.replyTo)));
  const theirs = reported.filter((report) => report.replyTo === phone).map((report) => report.id);
  await store.db.batch([
    store.db.delete(alertSubscriptions).where(eq(alertSubscriptions.phoneHash, phoneHash)),
    store.db.delete(textReminders).where(eq(textReminders.phoneHash, phoneHash)),
    store.db.delete(textCodes).where(eq(textCodes.phoneHash, phoneHash)),
    store.db.update(alerts).set({ replyTo: null, replyLang: null }).where(inArray(alerts.id, theirs)),
    // Nor are the messages people write to the posts whose owner had them texted there.
    ...[lostFoundPosts, assistanceRequests, surplusOffers].map((table) => store.db.update(table).set({ relayTo: null }).where(eq(table.relayTo, phoneHash))),
  ]);
}

/**
 * What a code texted to a number does once entered: start its alerts (for a city, in a language),
 * stop them, start reminders to search the detainee locator, or start the texts of what people
 * write to a post whose contact is the number (functions/http/relay.ts).
 */
export type CodePurpose = 'start' | 'stop' | 'remind' | 'relay';

/** The text each purpose's code comes in. */
const CODE_TEXTS = { start: 'sms.codeStart', stop: 'sms.codeStop', remind: 'sms.codeRemind', relay: 'sms.codeRelay' } as const;

/** A code's keyed hash under the data key, bound to its number and purpose: a copy of the database cannot try the million codes. */
const codeHash = (store: Store, phoneHash: string, purpose: CodePurpose, code: string) => store.sealed.lookupHash(['text-code', phoneHash, purpose, code].join('\u0000'));

/** A code of TEXT_CODE.digits digits, every value equally likely (no modulo bias). */
function newCode(): string {
  const range = 10 ** TEXT_CODE.digits;
  const ceiling = Math.floor(2 ** 32 / range) * range;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < ceiling) return String(value! % range).padStart(TEXT_CODE.digits, '0');
  }
}

/**
 * Texts a new code to a number, for `purpose`, replacing any code it had. The same work whatever
 * the number (subscribed or not, asked before or not), so neither the answer nor its time says
 * anything about it; the number's owner is the one who reads the code.
 */
export async function sendTextCode(
  deps: Pick<RouteDeps, 'db' | 'sealed' | 'defer' | 'smsGateway' | 'now'>,
  request: { phone: string; purpose: CodePurpose; city: string | null; lang: Lang; updates?: boolean },
) {
  const now = deps.now();
  const code = newCode();
  const phoneHash = await deps.sealed.lookupHash(request.phone);
  const row = {
    phoneHash,
    purpose: request.purpose,
    city: request.city,
    lang: request.lang,
    updates: request.updates ?? false,
    codeHash: await codeHash(deps, phoneHash, request.purpose, code),
    tries: 0,
    expiresAt: laterMinute(now + TEXT_CODE.minutes * 60_000),
  };
  await deps.db.insert(textCodes).values(row).onConflictDoUpdate({ target: textCodes.phoneHash, set: row });
  await queueText(deps, request.phone, translate(request.lang, CODE_TEXTS[request.purpose], { code }), now);
  deps.defer(deliverOutbox(deps, deps.smsGateway, now));
}

/**
 * Spends a code entered for a number: what its request asked (the city and language of a
 * sign-up), or null when it is wrong, for another purpose, expired, used, or past its tries. Each
 * try is counted by one statement before the code is compared, so guesses sent all at once still
 * get TEXT_CODE.tries in all; a right code is deleted by another, so only one request uses it.
 */
export async function useTextCode(store: Store, entered: { phone: string; code: string }, purpose: CodePurpose, now: number) {
  const phoneHash = await store.sealed.lookupHash(entered.phone);
  const hash = await codeHash(store, phoneHash, purpose, entered.code);
  const [counted] = await store.db
    .update(textCodes)
    .set({ tries: sql`${textCodes.tries} + 1` })
    .where(and(eq(textCodes.phoneHash, phoneHash), lt(textCodes.tries, TEXT_CODE.tries), gt(textCodes.expiresAt, now)))
    .returning({ codeHash: textCodes.codeHash });
  if (counted?.codeHash !== hash) return null;
  const [used] = await store.db
    .delete(textCodes)
    .where(and(eq(textCodes.phoneHash, phoneHash), eq(textCodes.codeHash, hash)))
    .returning({ city: textCodes.city, lang: textCodes.lang, updates: textCodes.updates });
  return used ?? null;
}

/** Starts a (normalized) number's reminders to search the detainee locator again, from now; asked again, they start over. */
export async function remindByText(store: Store, reminder: { phone: string; lang: Lang; link: string }, now: number) {
  const row = { ...reminder, phoneHash: await store.sealed.lookupHash(reminder.phone), remindersFrom: toMinute(now), remindersSent: 0 };
  await store.db
    .insert(textReminders)
    .values(await store.sealed.sealRow(textReminders, row))
    .onConflictDoUpdate({ target: textReminders.phoneHash, set: { lang: row.lang, link: row.link, remindersFrom: row.remindersFrom, remindersSent: 0 } });
  return row;
}

/**
 * Queues the reminder texts that are due (REMINDER_HOURS after they were asked for), one a number
 * however many times a stopped server missed; after the last, the number's reminders end. The text
 * names no one: only the page's link and how to stop.
 */
export async function queueReminderTexts(store: Store, now: number) {
  // Only the numbers with a text due are opened: the others stay sealed, every minute.
  const times = await store.db
    .select({ phoneHash: textReminders.phoneHash, remindersFrom: textReminders.remindersFrom, remindersSent: textReminders.remindersSent })
    .from(textReminders);
  const dueNow = times.filter((row) => remindersDue(row, now) > 0).map((row) => row.phoneHash);
  if (!dueNow.length) return;
  const rows = await store.sealed.openRows(textReminders, await store.db.select().from(textReminders).where(inArray(textReminders.phoneHash, dueNow)));
  for (const row of rows) {
    const due = remindersDue(row, now);
    if (!due) continue;
    const lang = isLang(row.lang) ? row.lang : 'en';
    await queueText(store, row.phone, translate(lang, 'sms.reminder', { link: row.link, stop: SMS_KEYWORDS[lang].stop[0]! }), now);
    const sent = row.remindersSent + due;
    if (sent >= REMINDER_HOURS.length) await store.db.delete(textReminders).where(eq(textReminders.phoneHash, row.phoneHash));
    else await store.db.update(textReminders).set({ remindersSent: sent }).where(eq(textReminders.phoneHash, row.phoneHash));
  }
}
