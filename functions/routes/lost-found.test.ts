import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { LIMITS, MAX_JSON_BYTES, RATE_LIMITS, type Created, type LostFoundPost } from '../../src/contract/index.ts';
import type { LiveEvent } from '../../src/contract/events.ts';

let api: TestApp;
let app: TestApp['app'];
let published: LiveEvent[];

beforeEach(async () => {
  api = await testApp();
  ({ app, published } = api);
});
afterEach(() => api.close());

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.request('/api/lost-found', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const list = (query = '') => api.get<LostFoundPost[]>(`/api/lost-found${query}`);

const rowCount = () => api.count('lost_found_posts');

describe('POST /api/lost-found', () => {
  it('stores a post with the fields of the contract and answers it', async () => {
    const response = await post({
      name: '  Rosa Hernández ',
      lastSeenCity: 'Fresno',
      lastSeenDate: '2026-11-01',
      description: 'Blue cardigan',
      contact: '(559) 555-0142',
    });
    expect(response.status).toBe(201);
    const { manageToken, ...created } = (await response.json()) as Created<LostFoundPost>;
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      status: 'missing',
      name: 'Rosa Hernández',
      lastSeenCity: 'Fresno',
      lastSeenDate: '2026-11-01',
      description: 'Blue cardigan',
      photoUrl: null,
      contact: '(559) 555-0142',
      sample: false,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdAt).toBe(new Date(api.clock.now).toISOString());
    expect(await list()).toEqual([created]);
    expect(published).toEqual([{ event: 'new-missing-person', data: { id: created.id, name: 'Rosa Hernández', lastSeenCity: 'Fresno' } }]);
  });

  it('keeps the post when the live room cannot be reached', async () => {
    api.published.push = () => {
      throw new Error('room is down');
    };
    expect((await post({ name: 'Ana' })).status).toBe(201);
    expect(await rowCount()).toBe(1);
  });

  it('turns blank optional fields into null and ignores fields it does not know', async () => {
    const response = await post({ name: 'Ana', lastSeenCity: '  ', lastSeenDate: '', id: 'mine', createdAt: '2000-01-01', sample: true });
    expect(response.status).toBe(201);
    const created = (await response.json()) as LostFoundPost;
    expect(created).toMatchObject({ name: 'Ana', lastSeenCity: null, lastSeenDate: null, sample: false });
    expect(created.id).not.toBe('mine');
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
    ['an over-long name', { name: 'x'.repeat(LIMITS.name + 1) }, 'name'],
    ['an over-long description', { name: 'Ana', description: 'x'.repeat(LIMITS.description + 1) }, 'description'],
    ['a city of the wrong type', { name: 'Ana', lastSeenCity: ['Fresno'] }, 'lastSeenCity'],
    ['a date that does not exist', { name: 'Ana', lastSeenDate: '2026-02-30' }, 'lastSeenDate'],
    ['a date in the future', { name: 'Ana', lastSeenDate: '2999-01-01' }, 'lastSeenDate'],
    ['a photo on another site', { name: 'Ana', photoUrl: 'https://tracker.example/p.jpg' }, 'photoUrl'],
    ['a photo path that climbs out', { name: 'Ana', photoUrl: '/images/../data/app.db' }, 'photoUrl'],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_input');
    expect(error.fields[field]).toEqual(expect.any(String));
    expect(await rowCount()).toBe(0);
    expect(published).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['{"name": "Ana"', 'null', '[]', '"Ana"']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/^invalid_/);
    }
    expect(await rowCount()).toBe(0);
  });

  it('refuses another content type with 415 and an oversize body with 413', async () => {
    expect((await post({ name: 'Ana' }, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('name=Ana', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const huge = JSON.stringify({ name: 'Ana', description: 'x'.repeat(MAX_JSON_BYTES) });
    expect((await post(huge)).status).toBe(413);
    expect(await rowCount()).toBe(0);
  });

  it('meets 429 before the 40th of 40 quick posts from one address, in the one error shape, and stores none it refused', async () => {
    const answers = [];
    for (let n = 0; n < 40; n++) answers.push(await post({ name: `Quick ${n}` }));
    const taken = answers.findIndex((response) => response.status === 429);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(39);
    expect(answers.slice(taken).map((response) => response.status)).toEqual(Array(40 - taken).fill(429));
    expect(await answers[39]!.json()).toEqual({ error: { code: 'rate_limited', message: RATE_LIMITS.lostFoundPost.message } });
    expect(await rowCount()).toBe(taken);
    expect(published).toHaveLength(taken);

    api.client.address = '198.51.100.40';
    expect((await post({ name: 'From another address' })).status).toBe(201);
    api.client.address = '203.0.113.7';
    api.clock.now += RATE_LIMITS.lostFoundPost.windowMinutes * 60_000;
    expect((await post({ name: 'After the window' })).status).toBe(201);
  });

  it('spends none of the limit on a refused body', async () => {
    for (let n = 0; n < RATE_LIMITS.lostFoundPost.limit + 5; n++) expect((await post({ name: '' })).status).toBe(400);
    expect((await post({ name: 'Ana' })).status).toBe(201);
  });
});

describe('GET /api/lost-found', () => {
  it('lists newest first, in pages of at most the asked size, continuing with before=', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      expect((await post({ name })).status).toBe(201);
      api.clock.now += 1000;
    }
    const firstPage = await list('?limit=2');
    expect(firstPage.map((p) => p.name)).toEqual(['Third', 'Second']);
    const nextPage = await list(`?limit=2&before=${encodeURIComponent(firstPage[1]!.createdAt)}`);
    expect(nextPage.map((p) => p.name)).toEqual(['First']);
  });

  it('answers an empty list, and 400 for a before= that is not a date', async () => {
    expect(await list()).toEqual([]);
    expect((await app.request('/api/lost-found?before=yesterday')).status).toBe(400);
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
