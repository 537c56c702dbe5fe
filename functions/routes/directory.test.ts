import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Drop, Job, LostFoundPost, Resource } from '../../src/common/contract/index.ts';
import { drops } from '../../db/schema.ts';
import { applySampleContent } from '../../db/seed.ts';
import { phonePhoto } from '../../tests/photo-fixture.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { californiaToday } from '../domain/time.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const fields = async (response: Response) => ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields;

describe('resources', () => {
  const resource = { name: 'Westside Pantry', category: 'Food', city: 'Fresno', address: '1 Main St', phone: '(559) 555-0100', link: 'https://example.org', notes: 'Tuesdays' };

  it('keeps a submitted resource pending: it is not listed until an admin publishes it', async () => {
    const response = await api.post('/api/resources', resource);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 'pending' });
    expect(await api.count("resources where status = 'pending'")).toBe(1);
    expect(await api.get<Resource[]>('/api/resources')).toEqual([]);
  });

  it('lists only published resources, verified first, filtered by category', async () => {
    await applySampleContent(api.store.db, true);
    await api.post('/api/resources', resource);
    const all = await api.get<Resource[]>('/api/resources');
    expect(all.length).toBe(6);
    expect(all.every((item) => item.sample)).toBe(true);
    expect(all.findIndex((item) => !item.verified)).toBeGreaterThan(all.findLastIndex((item) => item.verified));
    const legal = await api.get<Resource[]>('/api/resources?category=Legal');
    expect(legal.map((item) => item.category)).toEqual(['Legal']);
  });

  it.each([
    ['no name', { ...resource, name: ' ' }, 'name'],
    ['an unknown category', { ...resource, category: 'Bars' }, 'category'],
    ['a script link', { ...resource, link: 'javascript:alert(1)' }, 'link'],
    ['over-long notes', { ...resource, notes: 'x'.repeat(2001) }, 'notes'],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field) => {
    const response = await api.post('/api/resources', body);
    expect(response.status).toBe(400);
    expect((await fields(response))[field]).toEqual(expect.any(String));
    expect(await api.count('resources')).toBe(0);
  });
});

describe('resource filters', () => {
  const pantry = {
    name: 'A Pantry',
    category: 'Food',
    // Sunday 22 November 2026 at 18:00 UTC (the test clock) is 10:00 in California.
    schedule: [{ day: 'su', opens: '09:00', closes: '12:00' }],
    languages: ['es', 'mix'],
    cost: 'free',
    notRequired: ['id', 'ssn'],
  };
  const clinic = {
    name: 'B Clinic',
    category: 'Medical',
    schedule: [{ day: 'mo', opens: '09:00', closes: '17:00' }],
    languages: ['en', 'vi'],
    cost: 'low_cost',
    notRequired: ['appointment'],
  };
  const office = { name: 'C Office', category: 'Legal', languages: ['es'] };

  beforeEach(async () => {
    for (const body of [pantry, clinic, office]) expect((await api.post('/api/resources', body)).status).toBe(201);
    await api.store.client.execute("update resources set status = 'published'");
  });
  const names = async (query: string) => (await api.get<Resource[]>(`/api/resources${query}`)).map((item) => item.name);

  it('answers the details as they were given', async () => {
    const [listed] = await api.get<Resource[]>('/api/resources?category=Food');
    expect(listed).toMatchObject({ schedule: pantry.schedule, languages: ['es', 'mix'], cost: 'free', notRequired: ['id', 'ssn'], verifiedOn: null, verifiedBy: null });
  });

  it('filters by open now in California, leaving out those whose hours are not known', async () => {
    expect(await names('?openNow=1')).toEqual(['A Pantry']);
    api.clock.now = Date.parse('2026-11-23T18:00:00.000Z');
    expect(await names('?openNow=1')).toEqual(['B Clinic']);
    api.clock.now = Date.parse('2026-11-24T03:00:00.000Z');
    expect(await names('?openNow=1')).toEqual([]);
  });

  it('filters by language, cost and what is not required, together', async () => {
    expect(await names('?language=es')).toEqual(['A Pantry', 'C Office']);
    expect(await names('?language=vi')).toEqual(['B Clinic']);
    expect(await names('?language=ko')).toEqual([]);
    expect(await names('?cost=free')).toEqual(['A Pantry']);
    expect(await names('?cost=low_cost')).toEqual(['B Clinic']);
    expect(await names('?notRequired=id')).toEqual(['A Pantry']);
    expect(await names('?language=es&notRequired=id&cost=free&openNow=1')).toEqual(['A Pantry']);
    expect(await names('?language=es&cost=low_cost')).toEqual([]);
  });

  it.each([['openNow=yes'], ['language=Spanish'], ['language=es%25'], ['cost=cheap'], ['notRequired=passport']])('refuses %s with 400', async (query) => {
    const response = await api.app.request(`/api/resources?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
  });
});

describe('jobs', () => {
  const job = { title: 'Cook', employer: 'Taqueria', city: 'Fresno', payRange: '$18/h', notes: null, contact: '(559) 555-0100' };

  it('keeps a submitted job pending, acceptsNoPapers true by default', async () => {
    expect((await api.post('/api/jobs', job)).status).toBe(201);
    const { rows } = await api.store.client.execute('select status, accepts_no_papers from jobs');
    expect(rows[0]).toMatchObject({ status: 'pending', accepts_no_papers: 1 });
    expect(await api.get<Job[]>('/api/jobs')).toEqual([]);
  });

  it('lists approved jobs newest first', async () => {
    await applySampleContent(api.store.db, true);
    const listed = await api.get<Job[]>('/api/jobs');
    expect(listed.map((item) => item.title)).toEqual(['Farm harvest crew', 'Kitchen helper', 'House cleaning team', 'Warehouse packer']);
    expect(listed[3]).toMatchObject({ acceptsNoPapers: false, sample: true });
  });

  it.each([
    ['no title', { ...job, title: '' }, 'title'],
    ['no contact', { ...job, contact: '  ' }, 'contact'],
    ['a flag that is not a boolean', { ...job, acceptsNoPapers: 'yes' }, 'acceptsNoPapers'],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field) => {
    const response = await api.post('/api/jobs', body);
    expect(response.status).toBe(400);
    expect((await fields(response))[field]).toEqual(expect.any(String));
    expect(await api.count('jobs')).toBe(0);
  });
});

describe('drops', () => {
  it('answers null when no drop is scheduled', async () => {
    expect(await api.get('/api/drops/next')).toBeNull();
  });

  it('answers the next active drop from today in California, and counts its volunteers', async () => {
    await applySampleContent(api.store.db, true, api.clock.now);
    const next = await api.get<Drop>('/api/drops/next');
    expect(next).toMatchObject({ city: 'Fresno', meetSpot: 'Roeding Park, north parking lot', volunteers: 0, sample: true });
    expect(next.date >= californiaToday(api.clock.now)).toBe(true);

    expect((await api.post(`/api/drops/${next.id}/volunteers`, { name: 'Lupe', contact: '(559) 555-0190' })).status).toBe(201);
    expect((await api.get<Drop>('/api/drops/next')).volunteers).toBe(1);
    expect((await api.post(`/api/drops/${next.id}/volunteers`, { name: 'Lupe', contact: '' })).status).toBe(400);
    expect((await api.post('/api/drops/nope/volunteers', { name: 'Lupe', contact: 'x@y.org' })).status).toBe(404);
    expect(await api.count('drop_volunteers')).toBe(1);

    api.clock.now += 8 * 24 * 3600_000;
    expect(await api.get('/api/drops/next')).toBeNull();
  });

  it('lists every upcoming active drop, next first, each with its own volunteers; none past, none planned', async () => {
    const today = californiaToday(api.clock.now);
    const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 24 * 3600_000).toISOString().slice(0, 10);
    const drop = (id: string, date: string, status = 'active') => ({ id, date, status, city: 'Fresno', meetSpot: `Spot ${id}`, createdAt: new Date(api.clock.now).toISOString() });
    await api.store.db.insert(drops).values([drop('later', day(9)), drop('past', day(-1)), drop('planned', day(2), 'planning'), drop('soon', day(3))]);
    expect((await api.post('/api/drops/later/volunteers', { name: 'Lupe', contact: '(559) 555-0190' })).status).toBe(201);

    const listed = await api.get<Drop[]>('/api/drops');
    expect(listed.map((shown) => [shown.id, shown.volunteers])).toEqual([
      ['soon', 0],
      ['later', 1],
    ]);
    expect((await api.get<Drop>('/api/drops/next')).id).toBe('soon');
    expect(await api.get('/api/drops')).toEqual(listed);
  });
});

describe('SOS', () => {
  it('stores a request for the admins and never lists it', async () => {
    const response = await api.post('/api/sos', { city: 'Fresno', details: 'My brother was detained at work', contact: '(559) 555-0199' });
    expect(response.status).toBe(201);
    expect(await api.count('sos_requests')).toBe(1);
    expect((await api.app.request('/api/sos')).status).toBe(404);
  });

  it('refuses a request without details', async () => {
    expect((await api.post('/api/sos', { city: 'Fresno', details: ' ' })).status).toBe(400);
    expect(await api.count('sos_requests')).toBe(0);
  });
});

describe('missing-person photo', () => {
  it('attaches an uploaded missing-persons photo to a post, once; other photos are refused', async () => {
    const { uploadURL } = (await (await api.post('/api/upload', { type: 'missing-persons' })).json()) as { uploadURL: string };
    const put = await api.app.request(uploadURL, { method: 'PUT', body: new Uint8Array(await phonePhoto()) });
    const { url } = (await put.json()) as { url: string };
    const created = await api.post('/api/lost-found', { name: 'Rosa', contact: '(559) 555-0142', photoUrl: url });
    expect(created.status).toBe(201);
    expect(((await created.json()) as LostFoundPost).photoUrl).toBe(url);
    expect((await api.post('/api/lost-found', { name: 'Again', photoUrl: url })).status).toBe(400);
    expect((await api.post('/api/lost-found', { name: 'Made up', photoUrl: '/images/missing-persons/00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    expect(await api.count('lost_found_posts')).toBe(1);
  });
});
