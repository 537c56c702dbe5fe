import { afterEach, beforeEach, expect, it } from 'vitest';
import { applySampleContent } from './seed.ts';
import { tempDatabase } from '../tests/temp-db.ts';
import { lostFoundPosts } from './schema.ts';
import { placeOf } from '../src/common/contract/places.ts';

let store: Awaited<ReturnType<typeof tempDatabase>>;
beforeEach(async () => {
  store = await tempDatabase();
});
afterEach(() => store.close());

const samples = async () => (await store.db.select().from(lostFoundPosts)).filter((row) => row.isSample);

it('loads the sample content once, marked as sample', async () => {
  expect(await applySampleContent(store.db, true)).toBe('loaded');
  const loaded = await samples();
  expect(loaded.length).toBeGreaterThan(0);
  expect(await applySampleContent(store.db, true)).toBe('kept');
  expect((await samples()).length).toBe(loaded.length);
});

it('turned off, removes the sample rows and keeps what people posted', async () => {
  await applySampleContent(store.db, true);
  await store.db.insert(lostFoundPosts).values({ id: 'real', name: 'Real person', createdAt: new Date().toISOString() });
  expect(await applySampleContent(store.db, false)).toBe('removed');
  expect(await samples()).toEqual([]);
  expect((await store.db.select().from(lostFoundPosts)).map((row) => row.id)).toEqual(['real']);
  expect(await applySampleContent(store.db, false)).toBe('none');
});

it('places every sample post in a real California place, stored canonical with its county', async () => {
  await applySampleContent(store.db, true);
  for (const [table, city] of [
    ['lost_found_posts', 'last_seen_city'],
    ['alerts', 'city'],
    ['resources', 'city'],
    ['jobs', 'city'],
    ['drops', 'city'],
    ['assistance_requests', 'city'],
    ['surplus_offers', 'city'],
  ]) {
    for (const row of (await store.client.execute(`select ${city} as city, county from ${table}`)).rows) {
      expect({ table, city: row.city, county: row.county }).toEqual({ table, city: placeOf(String(row.city))?.name, county: placeOf(String(row.city))?.county });
    }
  }
});
