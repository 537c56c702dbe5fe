import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertSubscriptions } from '../../db/schema.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { placed } from './places.ts';

/**
 * Text-alert subscriptions, for the web form and for texts to the service's number alike: how a
 * number is found is said here once.
 */
const ofNumber = (phone: string) => eq(alertSubscriptions.phone, phone);

/** Subscribes a (normalized) number to the alerts of a city, or of every city without one, in its language; a number has one subscription, which this replaces. */
export async function subscribeToTexts(db: Database, subscription: { phone: string; city: string | null; lang: Lang }, now: number) {
  const row = { ...subscription, ...placed(subscription.city), createdAt: new Date(now).toISOString() };
  await db
    .insert(alertSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: alertSubscriptions.phone, set: { city: row.city, county: row.county, lang: row.lang } });
  return row;
}

/** Ends every text subscription of a (normalized) number at once; how many there were. */
export async function endTextSubscriptions(db: Database, phone: string): Promise<number> {
  return (await db.delete(alertSubscriptions).where(ofNumber(phone)).returning()).length;
}
