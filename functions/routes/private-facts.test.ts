import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Created, LostFoundManage, LostFoundPost, PrivateFacts } from '../../src/common/contract/index.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { createAdmin } from '../middleware/admin-auth/index.ts';

let api: TestApp;
let rosa: Created<LostFoundPost>;
beforeEach(async () => {
  api = await testApp();
  rosa = (await (await api.post('/api/lost-found', { name: 'Rosa Ríos Hernández', lastSeenCity: 'Fresno', contact: '(559) 555-0142' })).json()) as Created<LostFoundPost>;
});
afterEach(() => api.close());

const FACTS = { birthCountry: 'SV', birthDate: '1987-06-05', aNumber: 'A 087-654-321' };
/** What a thief or a public reader must never find: the A-number's digits, however written, and the date of birth. */
const NEEDLES = ['087654321', '087-654-321', '1987-06-05'];

const asOwner = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  api.app.request(`/api/lost-found/${rosa.id}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token ?? rosa.manageToken}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const keep = (body: unknown, token?: string) => asOwner('/facts', { method: 'PUT', body, token });
const factsNow = async () => ((await (await asOwner('/manage')).json()) as LostFoundManage).facts;

it("keeps the owner's facts for a detention search, the A-number as its digits, and forgets one left blank", async () => {
  expect(await factsNow()).toEqual({ birthCountry: null, birthDate: null, aNumber: null });
  const kept = await keep(FACTS);
  expect(kept.status).toBe(200);
  const expected: PrivateFacts = { birthCountry: 'SV', birthDate: '1987-06-05', aNumber: '087654321' };
  expect(await kept.json()).toEqual(expected);
  expect(await factsNow()).toEqual(expected);
  expect((await keep({ ...FACTS, aNumber: '' })).status).toBe(200);
  expect(await factsNow()).toEqual({ ...expected, aNumber: null });
});

it('refuses a wrong A-number, a country not in the list and a date to come, each by its field, and changes nothing', async () => {
  await keep(FACTS);
  const before = await factsNow();
  for (const [field, value] of [
    ['aNumber', '1234567'],
    ['aNumber', '1234567890'],
    ['aNumber', 'A12B45678'],
    ['birthCountry', 'XX'],
    ['birthCountry', 'EU'],
    ['birthDate', '2999-01-01'],
    ['birthDate', '1987-02-30'],
  ] as const) {
    const refused = await keep({ ...FACTS, [field]: value });
    expect(refused.status, `${field} ${value}`).toBe(400);
    expect(Object.keys(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields)).toEqual([field]);
  }
  expect(await factsNow()).toEqual(before);
});

it("answers only the record's owner: no token, another record's token, a deleted record", async () => {
  expect((await api.app.request(`/api/lost-found/${rosa.id}/facts`, { method: 'PUT', body: JSON.stringify(FACTS) })).status).toBe(401);
  const other = (await (await api.post('/api/lost-found', { name: 'Someone else' })).json()) as Created<LostFoundPost>;
  expect((await keep(FACTS, other.manageToken)).status).toBe(403);
  expect(await factsNow()).toEqual({ birthCountry: null, birthDate: null, aNumber: null });
  expect((await asOwner('', { method: 'DELETE' })).status).toBe(204);
  expect((await keep(FACTS)).status).toBe(404);
});

it('never shows them in a public answer, page, export or search, nor to a moderator, and seals them in the database file', async () => {
  await keep(FACTS);
  const publicAnswers = [
    '/api/lost-found',
    '/api/lost-found?q=rosa',
    '/api/lost-found?q=087654321',
    '/api/lost-found?q=1987',
    `/api/lost-found/${rosa.id}`,
    `/api/lost-found/${rosa.id}/token`,
    '/api/pfif',
    '/api/pulse',
  ];
  for (const path of publicAnswers) {
    const response = await api.app.request(path);
    expect(response.status, path).toBe(200);
    const body = await response.text();
    expect(
      NEEDLES.filter((needle) => body.includes(needle)),
      path,
    ).toEqual([]);
    expect(body, path).not.toMatch(/birthCountry|birth_country|aNumber/);
  }
  // The search finds no record by them.
  expect(await api.get<LostFoundPost[]>('/api/lost-found?q=087654321')).toEqual([]);
  // Nor does the moderators' desk show them.
  const { secret } = await createAdmin(api.store.db, 'Maria');
  const session = await api.app.request('/api/admin/session', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Maria', secret }),
  });
  const desk = await api.app.request('/api/admin/lost-found', { headers: { origin: 'http://localhost', cookie: session.headers.get('set-cookie')!.split(';')[0]! } });
  expect(desk.status).toBe(200);
  const deskBody = await desk.text();
  expect(deskBody).toContain('Rosa Ríos Hernández');
  expect(NEEDLES.filter((needle) => deskBody.includes(needle))).toEqual([]);

  // A copy of the database file and its log holds none of them.
  await api.settle();
  const bytes = Buffer.concat(
    ['', '-wal']
      .map((suffix) => `${api.store.file}${suffix}`)
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file)),
  );
  expect(NEEDLES.filter((needle) => bytes.includes(Buffer.from(needle)))).toEqual([]);
  const row = (await api.store.client.execute({ sql: 'SELECT birth_country, birth_date, a_number FROM lost_found_posts WHERE id = ?', args: [rosa.id] })).rows[0]!;
  for (const value of Object.values(row)) expect(String(value)).not.toMatch(/^(SV|1987-06-05|087654321)$/);
  // Deleting the record deletes them.
  expect((await asOwner('', { method: 'DELETE' })).status).toBe(204);
  expect(await api.count('lost_found_posts')).toBe(0);
});
