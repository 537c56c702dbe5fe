import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { RouteDeps } from './deps.ts';
import { alertSubscriptions, smsOutbox } from '../db/schema.ts';
import { isLang } from '../src/i18n/languages.ts';
import { translate } from '../src/i18n/index.ts';
import { ALERT_TYPE_KEYS } from '../src/i18n/values.ts';
import type { AlertType } from '../src/contract/limits.ts';

/** An HTTP SMS provider: POST {to, body} as JSON to `url`, with the token as a bearer. */
export interface SmsGateway {
  url: string;
  token?: string;
}

/** Gives up on a text after this many failed tries (it stays in the outbox as failed). */
export const MAX_SMS_ATTEMPTS = 5;
const SMS_MAX_CHARS = 320;

/**
 * Queues one text per subscriber the alert is for, in their language: those of all California,
 * those of the alert's county (a subscriber in Fresno hears of Clovis, as Web Push areas do), and
 * those whose city is no California place, by that city's name as typed.
 */
export async function queueAlertTexts(
  { db, sealed }: Pick<RouteDeps, 'db' | 'sealed'>,
  alert: { id: string; type: AlertType; city: string; county: string | null; details: string },
  now: number,
) {
  const subscribers = await sealed.openRows(
    alertSubscriptions,
    await db
      .select()
      .from(alertSubscriptions)
      .where(
        or(
          isNull(alertSubscriptions.city),
          alert.county ? eq(alertSubscriptions.county, alert.county) : undefined,
          and(isNull(alertSubscriptions.county), eq(sql`lower(${alertSubscriptions.city})`, alert.city.toLowerCase())),
        ),
      ),
  );
  if (subscribers.length === 0) return 0;
  const createdAt = new Date(now).toISOString();
  const rows = subscribers.map(({ phone, lang }) => {
    const language = isLang(lang) ? lang : 'en';
    const text = translate(language, 'sms.alert', { type: translate(language, ALERT_TYPE_KEYS[alert.type]), city: alert.city, details: alert.details });
    const stop = translate(language, 'sms.stop');
    const room = SMS_MAX_CHARS - stop.length - 2;
    const body = `${text.length > room ? `${text.slice(0, room - 1)}…` : text} ${stop}`;
    return { id: crypto.randomUUID(), phone, body, alertId: alert.id, createdAt };
  });
  await db.insert(smsOutbox).values(await Promise.all(rows.map((row) => sealed.sealRow(smsOutbox, row))));
  return rows.length;
}

/**
 * Sends what waits in the outbox through the gateway, oldest first. Each text is marked sent, or
 * counted as a failed try and sent again next time; nothing is lost while the gateway is down.
 */
export async function deliverOutbox({ db, sealed }: Pick<RouteDeps, 'db' | 'sealed'>, gateway: SmsGateway | null, now = Date.now()) {
  if (!gateway) return { sent: 0, failed: 0 };
  const queued = await sealed.openRows(
    smsOutbox,
    await db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, 'queued'), lt(smsOutbox.attempts, MAX_SMS_ATTEMPTS)))
      .orderBy(smsOutbox.createdAt)
      .limit(100),
  );
  let sent = 0;
  let failed = 0;
  for (const text of queued) {
    let error: string | null = null;
    try {
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}) },
        body: JSON.stringify({ to: text.phone, body: text.body }),
      });
      if (!response.ok) error = `gateway answered ${response.status}`;
    } catch (cause) {
      error = (cause as Error).message;
    }
    if (error === null) {
      sent++;
      await db
        .update(smsOutbox)
        .set({ status: 'sent', sentAt: new Date(now).toISOString(), attempts: text.attempts + 1, lastError: null })
        .where(eq(smsOutbox.id, text.id));
    } else {
      failed++;
      const attempts = text.attempts + 1;
      await db
        .update(smsOutbox)
        .set({ attempts, lastError: error.slice(0, 200), status: attempts >= MAX_SMS_ATTEMPTS ? 'failed' : 'queued' })
        .where(eq(smsOutbox.id, text.id));
    }
  }
  return { sent, failed };
}
