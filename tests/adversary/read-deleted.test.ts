/**
 * Attack: someone who gets the database files after a report has ended (expired and swept, or
 * deleted by a moderator) scans them for its text: the write-ahead log keeps old pages until a
 * checkpoint, and a connection without `secure_delete` leaves deleted rows in free space.
 */
import { readFileSync, existsSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAdmin } from '../../functions/middleware/admin-auth/index.ts';
import { testApp, type TestApp } from '../test-app.ts';

const MINUTE = 60_000;
const ORIGIN = 'http://localhost';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

/** A report whose details hold `marker`, and others around it, as a busy hour would have. */
async function report(marker: string) {
  const post = (details: string, address: string) =>
    api.post(
      '/api/alerts',
      { type: 'Enforcement Activity', activity: 'Checkpoint or traffic stop', city: 'Fresno', area: 'Blackstone Ave', details },
      { origin: ORIGIN, 'x-test-client-address': address },
    );
  const response = await post(`Agents at the corner ${marker}`, '198.51.100.1');
  expect(response.status, await response.clone().text()).toBe(201);
  for (let index = 0; index < 5; index++) expect((await post(`Another report number ${index}`, `198.51.100.${10 + index}`)).status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Which of the database's files hold `marker` (UTF-8, as SQLite stores text). */
const filesHolding = (marker: string) =>
  ['', '-wal'].filter((suffix) => existsSync(`${api.store.file}${suffix}`) && readFileSync(`${api.store.file}${suffix}`).includes(Buffer.from(marker)));

it('an expired report is in neither app.db nor app.db-wal once the minute’s sweep has run', async () => {
  const marker = `expiry-marker-${crypto.randomUUID()}`;
  await report(marker);
  // Some of its pages have reached the database file itself, as SQLite's own checkpoints do.
  await api.store.client.execute('PRAGMA wal_checkpoint(PASSIVE)');
  expect(filesHolding(marker).length).toBeGreaterThan(0);
  api.clock.now += 25 * 60 * MINUTE;
  await api.app.maintain();
  expect(await api.count('alerts')).toBe(0);
  expect(filesHolding(marker)).toEqual([]);
});

it('a report a moderator ends is in neither file a minute later', async () => {
  const { secret } = await createAdmin(api.store.db, 'Maria');
  const signedIn = await api.post('/api/admin/session', { name: 'Maria', secret }, { origin: ORIGIN });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
  const marker = `moderator-marker-${crypto.randomUUID()}`;
  const id = await report(marker);
  await api.store.client.execute('PRAGMA wal_checkpoint(PASSIVE)');
  const ended = await api.post(`/api/admin/alerts/${id}/all-clear`, {}, { origin: ORIGIN, cookie });
  expect(ended.status, await ended.clone().text()).toBe(200);
  api.clock.now += MINUTE;
  await api.app.maintain();
  expect(filesHolding(marker)).toEqual([]);
});

it('every connection the client opens overwrites what is deleted and keeps its log small: after a transaction, and after a reconnect', async () => {
  const { client } = api.store;
  const settings = async (on: { execute: typeof client.execute }) => {
    const [secure] = (await on.execute('PRAGMA secure_delete')).rows;
    const [limit] = (await on.execute('PRAGMA journal_size_limit')).rows;
    return { secureDelete: Number(secure![0]), journalSizeLimit: Number(limit![0]) };
  };
  const expected = { secureDelete: 1, journalSizeLimit: expect.any(Number) };
  const limited = (found: { journalSizeLimit: number }) => expect(found.journalSizeLimit).toBeGreaterThanOrEqual(0);

  // A transaction holds one connection; what runs meanwhile gets another.
  const transaction = await client.transaction('write');
  try {
    const inside = await settings(transaction);
    const beside = await settings(client);
    expect(inside).toEqual(expected);
    expect(beside).toEqual(expected);
    limited(inside);
    limited(beside);
  } finally {
    transaction.close();
  }
  // The driver drops every connection on a reconnect (as it does after SQLITE_BUSY) and opens new ones.
  await client.reconnect();
  const reopened = await settings(client);
  expect(reopened).toEqual(expected);
  limited(reopened);
});
