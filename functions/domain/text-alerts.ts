import { eq } from 'drizzle-orm';
import { alertSubscriptions } from '../../db/schema.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import type { RouteDeps } from '../deps.ts';
import { placed } from './places.ts';

type Store = Pick<RouteDeps, 'db' | 'sealed'>;

/**
 * Text-alert subscriptions, for the web form and for texts to the service's number alike. The
 * number is stored sealed, so a subscriber is found by its keyed hash: how is said here once.
 */
const ofNumber = async ({ sealed }: Store, phone: string) => eq(alertSubscriptions.phoneHash, await sealed.lookupHash(phone));

/** Subscribes a (normalized) number to the alerts of a city, or of every city without one, in its language; a number has one subscription, which this replaces. */
export async function subscribeToTexts(store: Store, subscription: { phone: string; city: string | null; lang: Lang }, now: number) {
  const row = { ...subscription, ...placed(subscription.city), phoneHash: await store.sealed.lookupHash(subscription.phone), createdAt: new Date(now).toISOString() };
  await store.db
    .insert(alertSubscriptions)
    .values(await store.sealed.sealRow(alertSubscriptions, row))
    .onConflictDoUpdate({ target: alertSubscriptions.phoneHash, set: { city: row.city, county: row.county, lang: row.lang } });
  return row;
}

/** Ends every text subscription of a (normalized) number at once; how many there were. */
export async function endTextSubscriptions(store: Store, phone: string): Promise<number> {
  return (
    await store.db
      .delete(alertSubscriptions)
      .where(await ofNumber(store, phone))
      .returning({ phoneHash: alertSubscriptions.phoneHash })
  ).length;
}
