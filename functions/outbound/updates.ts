/**
 * Updates that take a report back: when a rapid responder calls it a false alarm, or a moderator
 * takes it down, the numbers it was texted to get a text, and the browsers that follow its topic
 * and county a push, each in its own language, saying so. Once per report. Texts of it still
 * waiting are dropped instead, and a report that was never sent (a sample) sends nothing.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { alertSubscriptions, alerts, smsOutbox } from '../../db/schema.ts';
import type { AlertType } from '../../src/common/contract/values.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { isLang, LOCALES, type Lang } from '../../src/common/i18n/languages.ts';
import type { RouteDeps } from '../deps.ts';
import { toMinute } from '../domain/time.ts';
import { pushUpdate } from './push.ts';
import { boardLink, deliverOutbox, textOrigin } from './sms.ts';

export type UpdateReason = 'false-alarm' | 'taken-down';
type Report = { id: string; type: string; county: string | null; city: string; createdAt: string };

/** "The report near Fresno at 10:05 AM was a false alarm.", in `lang`, the time California's. */
export function updateSentence(lang: Lang, reason: UpdateReason, report: Pick<Report, 'county' | 'createdAt'>) {
  const time = new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' }).format(new Date(report.createdAt));
  const what = reason === 'false-alarm' ? 'falseAlarm' : 'takenDown';
  return report.county ? translate(lang, `update.${what}`, { county: report.county, time }) : translate(lang, `update.${what}NoPlace`, { time });
}

/**
 * Sends the update about `id` to those the report reached, unless one went already (two
 * responders at once, or a responder and a moderator, send one). Answers how many texts went.
 */
export async function sendUpdate(deps: RouteDeps, id: string, reason: UpdateReason, requestOrigin: string): Promise<number> {
  const { db, sealed } = deps;
  const now = deps.now();
  const [report] = await db
    .update(alerts)
    .set({ updateSentAt: toMinute(now) })
    .where(and(eq(alerts.id, id), isNull(alerts.updateSentAt), eq(alerts.isSample, false)))
    .returning();
  if (!report) return 0;
  // Not sent yet: no one heard of it, so no one needs to hear it was taken back.
  await db.delete(smsOutbox).where(and(eq(smsOutbox.alertId, id), eq(smsOutbox.status, 'queued')));
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
        .where(inArray(alertSubscriptions.phoneHash, [...numbers.keys()]))
    : [];
  const origin = textOrigin(deps, requestOrigin);
  const texts = subscribers.map(({ phoneHash, lang }) => {
    const language = isLang(lang) ? lang : 'en';
    const body = `${translate(language, 'update.title')}: ${updateSentence(language, reason, report)} ${boardLink(language, report.type as AlertType, origin)} ${translate(language, 'sms.stop')}`;
    return { id: crypto.randomUUID(), phone: numbers.get(phoneHash!)!, body, alertId: null, updateOf: id, createdAt: toMinute(now) };
  });
  if (texts.length) {
    await db.insert(smsOutbox).values(await Promise.all(texts.map((text) => sealed.sealRow(smsOutbox, text))));
    deps.defer(deliverOutbox(deps, deps.smsGateway, now));
  }
  deps.defer(
    pushUpdate(
      db,
      deps.push,
      report,
      (lang) => translate(lang, 'update.title'),
      (lang) => updateSentence(lang, reason, report),
    ),
  );
  return texts.length;
}
