import { afterEach, beforeEach, expect, it } from 'vitest';
import { lostFoundPosts } from '../../../db/schema.ts';
import type { LostFoundPost } from '../../../src/common/contract/index.ts';
import { testApp, type TestApp } from '../../../tests/test-app.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp({ listCacheMs: 2000 });
});
afterEach(() => api.close());

const names = async (query = '') => (await api.get<LostFoundPost[]>(`/api/lost-found${query}`)).map((post) => post.name);
/** A row written behind the API's back, as only another process could: the cache cannot know. */
const writeBehind = (name: string) =>
  api.store.db.insert(lostFoundPosts).values({ id: crypto.randomUUID(), name, manageHash: 'x', createdAt: new Date(api.clock.now).toISOString() });

it('answers a public list from memory until its time is up', async () => {
  expect(await names()).toEqual([]);
  await writeBehind('Rosa');
  expect(await names()).toEqual([]);
  // Another query is another answer.
  expect(await names('?limit=5')).toEqual(['Rosa']);
  api.clock.now += 2000;
  expect(await names()).toEqual(['Rosa']);
});

it('never keeps a search of a name: one family asks it, and the names looked for are not held', async () => {
  expect(await names('?q=rosa')).toEqual([]);
  await writeBehind('Rosa');
  expect(await names('?q=rosa')).toEqual(['Rosa']);
});

it('forgets every list at any write through the API, so a poster reads their own post back', async () => {
  expect(await names()).toEqual([]);
  expect(await api.get<unknown[]>('/api/pulse?limit=5')).toEqual([]);
  expect((await api.post('/api/lost-found', { name: 'Luis' })).status).toBe(201);
  expect(await names()).toEqual(['Luis']);
  expect(await api.get<unknown[]>('/api/pulse?limit=5')).toHaveLength(1);
  // A refused write changes nothing, and forgetting is harmless.
  expect((await api.post('/api/lost-found', { name: '' })).status).toBe(400);
  expect(await names()).toEqual(['Luis']);
});

it('forgets after the expiry sweep, and never keeps a private answer', async () => {
  expect(await names()).toEqual([]);
  await writeBehind('Ana');
  await api.app.maintain();
  expect(await names()).toEqual(['Ana']);

  const created = (await (await api.post('/api/lost-found', { name: 'Marta' })).json()) as { id: string; manageToken: string };
  const manage = () => api.app.request(`/api/lost-found/${created.id}/manage`, { headers: { authorization: `Bearer ${created.manageToken}` } });
  expect((await manage()).status).toBe(200);
  await api.store.db.delete(lostFoundPosts);
  expect((await manage()).status).toBe(404);
});

it('keeps the compressed answer too, for phones that ask for it', async () => {
  for (let i = 0; i < 20; i++) await api.post('/api/lost-found', { name: `Person ${i}`, description: 'A sentence about as long as people write on a phone.' });
  const plain = await (await api.app.request('/api/lost-found')).text();
  for (let ask = 0; ask < 2; ask++) {
    const response = await api.app.request('/api/lost-found', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const unzipped = await new Response(response.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(unzipped).toBe(plain);
  }
  const refused = await api.app.request('/api/lost-found', { headers: { 'accept-encoding': 'gzip;q=0' } });
  expect(refused.headers.get('content-encoding')).toBeNull();
  expect(await refused.text()).toBe(plain);
});
