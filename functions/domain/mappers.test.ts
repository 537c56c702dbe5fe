/**
 * The public shapes name their fields one by one: a column someone adds to a table (a moderator's
 * note, a reporter's network) stays out of every public answer until a mapper names it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alerts, assistanceRequests, jobs, lostFoundNotes, lostFoundPosts, resources, surplusOffers } from '../../db/schema.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { WRITE_ENDPOINTS } from '../../tests/write-endpoints.ts';
import { toAlert, toJob, toNote, toOffer, toPost, toRequest, toResource } from './mappers.ts';

const PLANTED = 'planted-private-column';

let api: TestApp;
beforeAll(async () => {
  api = await testApp();
  // One of each through the real endpoints (each from an address of its own); the sample content gives jobs and resources.
  for (const [index, name] of ['lost-found', 'lost-found notes', 'alerts', 'assistance-requests', 'surplus-offers'].entries()) {
    const endpoint = WRITE_ENDPOINTS.find((one) => one.name === name)!;
    const target = await endpoint.target(api);
    api.client.address = `198.51.100.${index + 1}`;
    expect((await api.post(target.path, { ...endpoint.valid, ...target.extra }, target.headers)).status, name).toBeLessThan(300);
  }
  await api.store.db.insert(jobs).values({ id: 'job', title: 'Packing', contact: 'jobs@example.org', status: 'approved', createdAt: '2026-11-22T18:00:00.000Z' });
  await api.store.db.insert(resources).values({ id: 'resource', name: 'Clinic', category: 'Healthcare', status: 'published', createdAt: '2026-11-22T18:00:00.000Z' });
});
afterAll(() => api.close());

const mappers = [
  ['toPost', lostFoundPosts, toPost],
  ['toNote', lostFoundNotes, toNote],
  ['toAlert', alerts, toAlert],
  ['toRequest', assistanceRequests, toRequest],
  ['toOffer', surplusOffers, toOffer],
  ['toJob', jobs, toJob],
  ['toResource', resources, toResource],
] as const;

it.each(mappers)('%s answers no column it does not name', async (_name, table, mapper) => {
  const [row] = await api.store.db.select().from(table).limit(1);
  expect(row).toBeDefined();
  const grown = { ...row!, addedLater: PLANTED };
  const answered = (mapper as (row: typeof grown) => object)(grown);
  expect(JSON.stringify(answered)).not.toContain(PLANTED);
  expect(Object.keys(answered)).not.toContain('addedLater');
});
