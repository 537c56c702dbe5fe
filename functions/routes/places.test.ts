import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drops, resources } from '../../db/schema.ts';
import type { PlaceCounts } from '../../src/contract/places.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { placed } from '../domain/places.ts';
import { californiaToday } from '../domain/time.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const counts = () => api.get<PlaceCounts>('/api/places/counts');
const postAlert = async (city: string, details = `Food bank open late in ${city}`) => {
  const response = await api.post('/api/alerts', { city, details });
  expect(response.status, await response.clone().text()).toBe(201);
};

describe('GET /api/places/counts', () => {
  it('counts nothing when nothing is listed', async () => {
    expect(await counts()).toEqual({ alerts: {}, resources: {}, drops: {} });
  });

  it('counts a listed alert in the county of its typed city or ZIP code, and not once it has expired', async () => {
    await postAlert('Fresno');
    expect((await counts()).alerts).toEqual({ Fresno: 1 });

    await postAlert('fresno, ca ');
    await postAlert('93701');
    await postAlert('Oakland');
    await postAlert('Springfield');
    expect((await counts()).alerts).toEqual({ Fresno: 3, Alameda: 1 });

    api.clock.now += 8 * 24 * 3600_000;
    expect((await counts()).alerts).toEqual({});
  });

  it('counts only published resources and upcoming active drops, by their stored county', async () => {
    const createdAt = new Date(api.clock.now).toISOString();
    const resource = (id: string, city: string | null, status: string) => ({ id, name: `Clinic ${id}`, category: 'Health', ...placed(city), status, createdAt });
    await api.store.db
      .insert(resources)
      .values([resource('a', 'San José', 'published'), resource('b', 'Santa Clara', 'published'), resource('c', 'Fresno', 'pending'), resource('d', null, 'published')]);
    const today = californiaToday(api.clock.now);
    const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 24 * 3600_000).toISOString().slice(0, 10);
    const drop = (id: string, date: string, status = 'active') => ({ id, date, status, ...placed('Los Angeles, CA'), meetSpot: 'Plaza', createdAt });
    await api.store.db.insert(drops).values([drop('soon', day(2)), drop('today', day(0)), drop('past', day(-1)), drop('planned', day(3), 'planning')]);

    expect(await counts()).toEqual({ alerts: {}, resources: { 'Santa Clara': 2 }, drops: { 'Los Angeles': 2 } });
  });

  it('answers from the list cache until a write', async () => {
    const cached = await testApp({ listCacheMs: 60_000 });
    try {
      expect((await cached.get<PlaceCounts>('/api/places/counts')).resources).toEqual({});
      const createdAt = new Date(cached.clock.now).toISOString();
      await cached.store.db.insert(resources).values({ id: 'a', name: 'Clinic', category: 'Health', ...placed('Fresno'), status: 'published', createdAt });
      expect((await cached.get<PlaceCounts>('/api/places/counts')).resources).toEqual({});
      const response = await cached.post('/api/alerts', { city: 'Fresno', details: 'Food bank open late' });
      expect(response.status).toBe(201);
      expect(await cached.get<PlaceCounts>('/api/places/counts')).toEqual({ alerts: { Fresno: 1 }, resources: { Fresno: 1 }, drops: {} });
    } finally {
      cached.close();
    }
  });
});
