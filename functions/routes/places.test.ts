import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drops, resources, smsOutbox } from '../../db/schema.ts';
import type { Alert, Drop, LostFoundPost } from '../../src/common/contract/index.ts';
import type { PlaceCounts } from '../../src/common/contract/places.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { subscribeTexts } from '../../tests/text-codes.ts';
import { placeStoredCities } from '../domain/places.ts';
import { placed } from '../../src/common/contract/places.ts';
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

const placeOfAnswer = (body: { city?: string | null; lastSeenCity?: string | null; county: string | null }) => ({ city: body.city ?? body.lastSeenCity, county: body.county });

describe('a typed city is stored as its place, with its county', () => {
  it.each([
    ['fresno', 'Fresno', 'Fresno'],
    ['  FRESNO  ', 'Fresno', 'Fresno'],
    ['Fresno, CA', 'Fresno', 'Fresno'],
    ['fresno, california', 'Fresno', 'Fresno'],
    ['93701', 'Fresno', 'Fresno'],
    ['Fresno, CA 93721', 'Fresno', 'Fresno'],
    ['San José', 'San Jose', 'Santa Clara'],
    ['san   luis obispo', 'San Luis Obispo', 'San Luis Obispo'],
    ['LA', 'Los Angeles', 'Los Angeles'],
  ])('%j is stored as %s in %s County', async (typed, city, county) => {
    const response = await api.post('/api/alerts', { city: typed, details: 'Food bank open late' });
    expect(response.status).toBe(201);
    expect(placeOfAnswer(await response.json())).toEqual({ city, county });
    const [listed] = await api.get<Alert[]>('/api/alerts');
    expect(placeOfAnswer(listed!)).toEqual({ city, county });
  });

  it('keeps a city that is no California place as typed, unplaced', async () => {
    const alert = await (await api.post('/api/alerts', { city: ' Springfield ', details: 'Road closed' })).json();
    expect(placeOfAnswer(alert)).toEqual({ city: 'Springfield', county: null });
    const post = await (await api.post('/api/lost-found', { name: 'Ana', lastSeenCity: 'Ciudad Juárez' })).json();
    expect(placeOfAnswer(post)).toEqual({ city: 'Ciudad Juárez', county: null });
    for (const city of ['constructor', '__proto__', 'toString']) {
      const response = await api.post('/api/alerts', { city, details: `Typed ${city}` });
      expect(response.status).toBe(201);
      expect(placeOfAnswer(await response.json())).toEqual({ city, county: null });
    }
    const none = await (await api.post('/api/lost-found', { name: 'Ben' })).json();
    expect(placeOfAnswer(none)).toEqual({ city: null, county: null });
  });

  it('on every board that takes a city, and for text-alert subscriptions', async () => {
    const post = await (await api.post('/api/lost-found', { name: 'Rosa', lastSeenCity: '93701' })).json();
    expect(placeOfAnswer(post)).toEqual({ city: 'Fresno', county: 'Fresno' });
    const help = { description: 'Thursday', category: 'Other', contactName: 'Marisol', contactMethod: '(831) 555-0119' };
    const request = await (await api.post('/api/assistance-requests', { ...help, title: 'Ride', urgency: 'High', city: 'salinas' })).json();
    expect(placeOfAnswer(request)).toEqual({ city: 'Salinas', county: 'Monterey' });
    const offer = await (await api.post('/api/surplus-offers', { ...help, title: 'Jackets', city: 'stockton, ca' })).json();
    expect(placeOfAnswer(offer)).toEqual({ city: 'Stockton', county: 'San Joaquin' });
    expect((await api.post('/api/resources', { name: 'Pantry', category: 'Food', city: 'oakland ' })).status).toBe(201);
    expect((await api.post('/api/jobs', { title: 'Cook', city: '95112', contact: '(559) 555-0100' })).status).toBe(201);
    expect((await subscribeTexts(api, { phone: '(559) 555-0142', city: 'FRESNO' })).status).toBe(201);
    const stored = async (table: string) => (await api.store.client.execute(`select city, county from ${table}`)).rows.map((row) => ({ ...row }));
    expect(await stored('resources')).toEqual([{ city: 'Oakland', county: 'Alameda' }]);
    expect(await stored('jobs')).toEqual([{ city: 'San Jose', county: 'Santa Clara' }]);
    expect(await stored('alert_subscriptions')).toEqual([{ city: 'Fresno', county: 'Fresno' }]);
    // The search index holds the canonical city: a ZIP code typed is found by its place's name.
    expect((await api.get<LostFoundPost[]>('/api/lost-found?q=fresno')).map((found) => found.name)).toEqual(['Rosa']);
  });
});

describe('text alerts', () => {
  it('reach a subscriber who typed a ZIP code when an alert names the same place another way', async () => {
    await subscribeTexts(api, { phone: '5595550101', city: '93701', lang: 'en' });
    await subscribeTexts(api, { phone: '5105550102', city: 'Oakland', lang: 'en' });
    expect((await api.post('/api/alerts', { city: 'fresno, ca', details: 'Road closed' })).status).toBe(201);
    const { rows } = await api.store.client.execute('select phone, body from sms_outbox where alert_id is not null');
    expect(await Promise.all(rows.map((row) => api.openStored(smsOutbox.phone, row.phone)))).toEqual(['+15595550101']);
    expect(await api.openStored(smsOutbox.body, rows[0]!.body)).toContain('near Fresno County');
  });
});

describe('?county= on every public list', () => {
  /** One listed post of each board in Fresno, one in Oakland, and one unplaced. */
  async function fillBoards() {
    const { db } = api.store;
    for (const [index, city] of ['Fresno', 'Oakland', 'Springfield'].entries()) {
      const address = { 'x-test-client-address': `198.51.100.${index + 1}` };
      const post = async (path: string, body: unknown) => expect((await api.post(path, body, address)).status, path).toBe(201);
      await post('/api/alerts', { city, details: `Road closed in ${city}` });
      await post('/api/alerts', { city, details: `Checkpoint in ${city}`, type: 'Enforcement Activity', activity: 'Checkpoint or traffic stop' });
      await post('/api/lost-found', { name: `Maria ${city}`, lastSeenCity: city });
      const help = { description: 'Soon', category: 'Other', contactName: 'Ana', contactMethod: '(559) 555-0101', city };
      await post('/api/assistance-requests', { ...help, title: `Ride in ${city}`, urgency: 'High' });
      await post('/api/surplus-offers', { ...help, title: `Jackets in ${city}` });
      await post('/api/resources', { name: `Pantry ${city}`, category: 'Food', city });
      await post('/api/jobs', { title: `Cook ${city}`, city, contact: '(559) 555-0100' });
      const date = californiaToday(api.clock.now);
      await db.insert(drops).values({ id: `drop-${index}`, date, ...placed(city), meetSpot: 'Plaza', createdAt: new Date(api.clock.now).toISOString() });
    }
    await api.store.client.execute("update resources set status = 'published'");
    await api.store.client.execute("update jobs set status = 'approved'");
  }
  const LISTS = [
    '/api/alerts',
    '/api/alerts?type=Enforcement%20Activity',
    '/api/lost-found',
    '/api/lost-found?q=maria',
    '/api/assistance-requests',
    '/api/surplus-offers',
    '/api/resources',
    '/api/jobs',
    '/api/drops',
    '/api/pulse',
  ];
  const withCounty = (path: string, county: string) => `${path}${path.includes('?') ? '&' : '?'}county=${encodeURIComponent(county)}`;

  it.each(LISTS)('%s lists only the posts of the county asked, in any case', async (path) => {
    await fillBoards();
    const all = await api.get<{ county: string | null }[]>(path);
    expect(new Set(all.map((item) => item.county))).toEqual(new Set(['Fresno', 'Alameda', null]));
    for (const [asked, county] of [
      ['Fresno', 'Fresno'],
      ['fresno', 'Fresno'],
      ['ALAMEDA county', 'Alameda'],
    ]) {
      const some = await api.get<{ county: string | null }[]>(withCounty(path, asked!));
      expect(some.length, `${path} ${asked}`).toBeGreaterThan(0);
      expect(some.every((item) => item.county === county)).toBe(true);
    }
    expect(await api.get(withCounty(path, 'Yolo'))).toEqual([]);
  });

  it('answers the next drop of the county asked', async () => {
    await fillBoards();
    expect((await api.get<Drop>('/api/drops/next?county=alameda')).county).toBe('Alameda');
    expect(await api.get('/api/drops/next?county=Yolo')).toBeNull();
  });

  it.each([...LISTS, '/api/drops/next'])('%s refuses a county that is no California county with 400 invalid_county', async (path) => {
    const response = await api.app.request(withCounty(path, 'Springfield'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_county', message: expect.stringContaining('California county') } });
  });

  it.each(['__proto__', 'constructor', "Fresno'; drop table alerts; --", '<script>alert(1)</script>', 'x'.repeat(5000), 'Fresno,Alameda'])(
    'refuses the hostile county %j in the one error shape and keeps every row',
    async (county) => {
      await api.post('/api/alerts', { city: 'Fresno', details: 'Road closed' });
      const response = await api.app.request(`/api/alerts?county=${encodeURIComponent(county)}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_county');
      expect(await api.count('alerts')).toBe(1);
    },
  );

  it('ignores an empty county=', async () => {
    await fillBoards();
    expect((await api.get<Alert[]>('/api/alerts?county=')).length).toBe(6);
  });

  it('keeps one answer per county in the list cache', async () => {
    const cached = await testApp({ listCacheMs: 60_000 });
    try {
      await cached.post('/api/alerts', { city: 'Fresno', details: 'Road closed' });
      await cached.post('/api/alerts', { city: 'Oakland', details: 'Road closed' });
      const counties = async (path: string) => (await cached.get<Alert[]>(path)).map((alert) => alert.county);
      expect(await counties('/api/alerts?county=Fresno')).toEqual(['Fresno']);
      expect(await counties('/api/alerts?county=Alameda')).toEqual(['Alameda']);
      expect(await counties('/api/alerts?county=Fresno')).toEqual(['Fresno']);
    } finally {
      cached.close();
    }
  });
});

describe('cities stored before counties were', () => {
  it('are placed once by maintenance; a city that is no place stays as typed', async () => {
    const { client } = api.store;
    const createdAt = new Date(api.clock.now).toISOString();
    const expiresAt = new Date(api.clock.now + 3600_000).toISOString();
    for (const [id, city] of [
      ['a', 'fresno'],
      ['b', '93701'],
      ['c', 'Springfield'],
    ]) {
      await client.execute({
        sql: `insert into alerts (id, type, precision, city, details, fingerprint, created_at, expires_at) values (?, 'Community Notice', 'BROAD', ?, 'Old', ?, ?, ?)`,
        args: [id, city!, id!, createdAt, expiresAt],
      });
    }
    await client.execute({ sql: `insert into lost_found_posts (id, name, last_seen_city, created_at) values ('p', 'Rosa', 'oakland, ca', ?)`, args: [createdAt] });
    await client.execute({
      sql: `insert into resources (id, name, category, city, status, created_at) values ('r', 'Pantry', 'Food', 'san josé', 'published', ?)`,
      args: [createdAt],
    });
    await client.execute({ sql: `insert into alert_subscriptions (phone, city, lang, created_at) values ('+15595550142', 'FRESNO', 'es', ?)`, args: [createdAt] });
    await client.execute("insert or replace into meta (key, value) values ('places_backfill', 'due')");

    await api.app.maintain();
    const rows = async (sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row }));
    expect(await rows('select id, city, county from alerts order by id')).toEqual([
      { id: 'a', city: 'Fresno', county: 'Fresno' },
      { id: 'b', city: 'Fresno', county: 'Fresno' },
      { id: 'c', city: 'Springfield', county: null },
    ]);
    expect(await rows('select last_seen_city, county, search_city from lost_found_posts')).toEqual([{ last_seen_city: 'Oakland', county: 'Alameda', search_city: 'oakland' }]);
    expect(await rows('select city, county from resources')).toEqual([{ city: 'San Jose', county: 'Santa Clara' }]);
    expect(await rows('select city, county from alert_subscriptions')).toEqual([{ city: 'Fresno', county: 'Fresno' }]);
    expect(await rows("select * from meta where key = 'places_backfill'")).toEqual([]);
    expect((await api.get<LostFoundPost[]>('/api/lost-found?q=oakland&county=Alameda')).map((post) => post.name)).toEqual(['Rosa']);
    expect(await counts()).toEqual({ alerts: { Fresno: 2 }, resources: { 'Santa Clara': 1 }, drops: {} });

    // Done once: later maintenance reads one meta row and changes nothing, until asked again.
    await client.execute("update alerts set city = 'fresno', county = null where id = 'a'");
    await api.app.maintain();
    expect(await rows("select city, county from alerts where id = 'a'")).toEqual([{ city: 'fresno', county: null }]);
    await client.execute("insert into meta (key, value) values ('places_backfill', 'due')");
    expect(await placeStoredCities(api.store.db)).toBe(1);
  });
});
