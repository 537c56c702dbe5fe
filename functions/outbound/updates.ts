/**
 * Updates on a report already sent. When a rapid responder calls it a false alarm, or a moderator
 * takes it down, the numbers it was texted to get a text, and the browsers that follow its topic
 * and county a push, each in its own language, saying so: once per report. Texts of it still
 * waiting are dropped instead, and a report that was never sent (a sample) sends nothing. When a
 * responder verifies it or says it is over, the same goes only to those who asked for such
 * updates, once each. A report by text also answers its reporter with what the responder found.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alertSubscriptions, alerts, smsOutbox } from '../../db/schema.ts';
import type { AlertType } from '../../src/common/contract/values.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, LOCALES, type Lang } from '../../src/common/i18n/languages.ts';
import type { MessageKey } from '../../src/common/i18n/messages.ts';
import { isolate } from '../../src/common/format.ts';
import type { RouteDeps } from '../deps.ts';
import { toMinute } from '../domain/time.ts';
import { pushUpdate } from './push.ts';
import { boardLink, deliverOutbox, textOrigin } from './sms.ts';

export type UpdateReason = 'false-alarm' | 'taken-down' | 'verified' | 'over';
/** What alerts.updates_sent keeps of each update: both ways of taking a report back are one. */
const UPDATE_BITS: Record<UpdateReason, number> = { 'false-alarm': 1, 'taken-down': 1, verified: 2, over: 4 };
/** Taking a report back reaches everyone it reached; the rest only those who asked for updates. */
const takesBack = (reason: UpdateReason) => UPDATE_BITS[reason] === 1;
const SENTENCE_KEYS: Record<UpdateReason, MessageKey> = { 'false-alarm': 'update.falseAlarm', 'taken-down': 'update.takenDown', verified: 'update.verified', over: 'update.over' };
type Report = { id: string; type: string; county: string | null; city: string; createdAt: string; responderNetwork: string | null };

/** A name inside a sentence: isolated in Arabic, so Latin letters do not reorder the words around it. */
const inLine = (lang: Lang, text: string) => (lang === 'ar' ? isolate(text) : text);

/** "The report near Fresno at 10:05 AM was a false alarm.", in `lang`, the time California's. */
export function updateSentence(lang: Lang, reason: UpdateReason, report: Pick<Report, 'county' | 'createdAt' | 'responderNetwork'>) {
  const time = new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' }).format(new Date(report.createdAt));
  const vars = { time, network: inLine(lang, report.responderNetwork ?? '') };
  const key = SENTENCE_KEYS[reason];
  return report.county ? translate(lang, key, { ...vars, county: inLine(lang, report.county) }) : translate(lang, `${key}NoPlace` as MessageKey, vars);
}

/**
 * Sends the update about `id` to those the report reached (for a verification or its end, those
 * of them who asked for updates), unless it went already: two responders at once, or a responder
 * and a moderator, send one. Nothing follows a report once it was taken back. Answers how many
 * texts went.
 */
export async function sendUpdate(deps: RouteDeps, id: string, reason: UpdateReason, requestOrigin: string): Promise<number> {
  const { db, sealed } = deps;
  const bit = UPDATE_BITS[reason];
  const [report] = await db
    .update(alerts)
    .set({ updatesSent: sql`${alerts.updatesSent} | ${bit}` })
    .where(and(eq(alerts.id, id), sql`(${alerts.updatesSent} & ${bit | UPDATE_BITS['false-alarm']}) = 0`, eq(alerts.isSample, false)))
    .returning();
  if (!report) return 0;
  const everyone = takesBack(reason);
  // Not sent yet: no one heard of it, so no one needs to hear it was taken back.
  if (everyone) await db.delete(smsOutbox).where(and(eq(smsOutbox.alertId, id), eq(smsOutbox.status, 'queued')));
  const reached = await sealed.openRows(
    smsOutbox,
    await db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.alertId, id), inArray(smsOutbox.status, ['sent', 'sending']))),
  );
  // Each number once, in the language it takes alerts in, if it still does (STOP stops updates too).
  const numbers = new Map(await Promise.all([...new Set(reached.map((text) => text.phone))].map(async (phone) => [await sealed.lookupHash(phone), phone] as const)));
  const subscribers = numbers.size
    ? await db
        .select({ phoneHash: alertSubscriptions.phoneHash, lang: alertSubscriptions.lang })
        .from(alertSubscriptions)
        .where(and(inArray(alertSubscriptions.phoneHash, [...numbers.keys()]), everyone ? undefined : eq(alertSubscriptions.updates, true)))
    : [];
  const origin = textOrigin(deps, requestOrigin);
  await queueTexts(
    deps,
    subscribers.map(({ phoneHash, lang }) => {
      const language = isLang(lang) ? lang : 'en';
      const body = `${translate(language, 'update.title')}: ${updateSentence(language, reason, report)} ${boardLink(language, report.type as AlertType, origin)} ${translate(language, 'sms.stop')}`;
      return { phone: numbers.get(phoneHash!)!, body, updateOf: id };
    }),
  );
  deps.defer(
    pushUpdate(
      db,
      deps.push,
      report,
      { everyone },
      (lang) => translate(lang, 'update.title'),
      (lang) => updateSentence(lang, reason, report),
    ),
  );
  return subscribers.length;
}

/**
 * Tells the person who reported `id` by text what a rapid responder found ("Your report for
 * Fresno: False alarm"), in the language they reported in. Reports from the web have no number.
 */
export async function answerReporter(deps: RouteDeps, id: string, state: 'verified' | 'false-alarm' | 'over'): Promise<boolean> {
  const [report] = await deps.sealed.openRows(alerts, await deps.db.select().from(alerts).where(eq(alerts.id, id)));
  if (!report?.replyTo) return false;
  const lang = isLang(report.replyLang) ? report.replyLang : 'en';
  const place = inLine(lang, report.city);
  const said =
    state === 'verified'
      ? translate(lang, 'alerts.state.verifiedBy', { network: inLine(lang, report.responderNetwork ?? '') })
      : translate(lang, state === 'false-alarm' ? 'alerts.state.falseAlarm' : 'alerts.state.over');
  await queueTexts(deps, [{ phone: report.replyTo, body: translate(lang, 'sms.reply.yourReport', { place, state: said }), updateOf: id }]);
  return true;
}

/** Queues texts (sealed, like every text) and starts the outbox on them. */
async function queueTexts(deps: RouteDeps, texts: { phone: string; body: string; updateOf: string }[]) {
  if (!texts.length) return;
  const now = deps.now();
  const rows = texts.map((text) => ({ ...text, id: crypto.randomUUID(), alertId: null, createdAt: toMinute(now) }));
  await deps.db.insert(smsOutbox).values(await Promise.all(rows.map((row) => deps.sealed.sealRow(smsOutbox, row))));
  deps.defer(deliverOutbox(deps, deps.smsGateway, now));
}
