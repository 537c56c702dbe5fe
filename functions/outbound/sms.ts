import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alertSubscriptions, smsOutbox } from '../../db/schema.ts';
import { isLang, localizePath, type Lang } from '../../src/common/i18n/languages.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { ALERT_TYPE_KEYS } from '../../src/common/i18n/values.ts';
import { ENFORCEMENT_TYPE, type AlertType } from '../../src/common/contract/limits.ts';
import type { RouteDeps, SmsGateway } from '../deps.ts';
import { toMinute } from '../domain/time.ts';

/** Gives up on a text after this many failed tries (it stays in the outbox as failed). */
export const MAX_SMS_ATTEMPTS = 5;

/** The board an alert is listed on: where its text leads. */
const boardOf = (type: AlertType) => (type === ENFORCEMENT_TYPE ? '/ice-reports' : '/alerts');

/**
 * Queues one text per subscriber the alert is for, in their language: those of all California,
 * those of the alert's county (a subscriber in Fresno hears of Clovis, as Web Push areas do), and
 * those whose city is no California place, by that city's name as typed. Texts are queued as the
 * alert is posted, before anyone has confirmed it, so they say only what the site chose: the type,
 * the county and a link to the board, never the poster's words (details, or a city no list knows),
 * which anyone could make a county's phones receive.
 */
export async function queueAlertTexts(
  { db, sealed, pfifDomain, smsInbound }: Pick<RouteDeps, 'db' | 'sealed' | 'pfifDomain' | 'smsInbound'>,
  alert: { id: string; type: AlertType; city: string; county: string | null },
  requestOrigin: string,
  now: number,
) {
  const origin = textOrigin({ pfifDomain, smsInbound }, requestOrigin);
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
  const createdAt = toMinute(now);
  const rows = subscribers.map(({ phone, lang }) => {
    const language = isLang(lang) ? lang : 'en';
    return { id: crypto.randomUUID(), phone, body: alertText(language, alert, origin), alertId: alert.id, createdAt };
  });
  await db.insert(smsOutbox).values(await Promise.all(rows.map((row) => sealed.sealRow(smsOutbox, row))));
  return rows.length;
}

/**
 * The site texts link to: its configured address where there is one, not the Host a request
 * claims (a script can claim any), since the link goes to every subscriber of a county.
 */
export const textOrigin = (deps: Pick<RouteDeps, 'pfifDomain' | 'smsInbound'>, requestOrigin: string) => siteOrigin(deps) ?? requestOrigin;

/** The site's configured address (PFIF_DOMAIN, or where the SMS provider posts), or null: never one a request claims. */
export const siteOrigin = ({ pfifDomain, smsInbound }: Pick<RouteDeps, 'pfifDomain' | 'smsInbound'>) =>
  pfifDomain ? `https://${pfifDomain}` : smsInbound?.url ? new URL(smsInbound.url).origin : null;

/** The board an alert's text links to, in `lang`. */
export const boardLink = (lang: Lang, type: AlertType, origin: string) => `${origin}${localizePath(boardOf(type), lang)}`;

/** An alert's text in `lang`: its type, its county (or no place) and its board's address, then how to stop. */
export function alertText(lang: Lang, alert: { type: AlertType; county: string | null }, origin: string) {
  const vars = { type: translate(lang, ALERT_TYPE_KEYS[alert.type]), link: boardLink(lang, alert.type, origin) };
  const text = alert.county ? translate(lang, 'sms.alertNear', { ...vars, county: alert.county }) : translate(lang, 'sms.alertPosted', vars);
  return `${text} ${translate(lang, 'sms.stop')}`;
}

/** Queues one text to one number (a code it asked for); sent with the next outbox run. */
export async function queueText({ db, sealed }: Pick<RouteDeps, 'db' | 'sealed'>, phone: string, body: string, now: number) {
  await db.insert(smsOutbox).values(await sealed.sealRow(smsOutbox, { id: crypto.randomUUID(), phone, body, alertId: null, createdAt: toMinute(now) }));
}

/** A text an outbox run took but neither sent nor gave back (the process stopped) is taken again after this long. */
const CLAIM_MINUTES = 10;

/**
 * Sends what waits in the outbox through the gateway, oldest first. Each text is marked sent, or
 * counted as a failed try and sent again next time; nothing is lost while the gateway is down.
 * One statement takes the texts a run sends (they become 'sending'), so a second run at the same
 * time (a timer and a new alert's) finds none of them: no text goes out twice.
 */
export async function deliverOutbox({ db, sealed }: Pick<RouteDeps, 'db' | 'sealed'>, gateway: SmsGateway | null, now = Date.now()) {
  if (!gateway) return { sent: 0, failed: 0 };
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      or(
        and(eq(smsOutbox.status, 'queued'), lt(smsOutbox.attempts, MAX_SMS_ATTEMPTS)),
        and(eq(smsOutbox.status, 'sending'), lt(smsOutbox.claimedAt, now - CLAIM_MINUTES * 60_000)),
      ),
    )
    .orderBy(smsOutbox.createdAt)
    .limit(100);
  const claimed = await db.update(smsOutbox).set({ status: 'sending', claimedAt: now }).where(inArray(smsOutbox.id, due)).returning();
  const queued = (await sealed.openRows(smsOutbox, claimed)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
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
    const attempts = text.attempts + 1;
    if (error === null) {
      sent++;
      await db
        .update(smsOutbox)
        .set({ status: 'sent', sentAt: new Date(now).toISOString(), attempts, lastError: null, claimedAt: null })
        .where(eq(smsOutbox.id, text.id));
    } else {
      failed++;
      await db
        .update(smsOutbox)
        .set({ attempts, lastError: error.slice(0, 200), status: attempts >= MAX_SMS_ATTEMPTS ? 'failed' : 'queued', claimedAt: null })
        .where(eq(smsOutbox.id, text.id));
    }
  }
  return { sent, failed };
}
