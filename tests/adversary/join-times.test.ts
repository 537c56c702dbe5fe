/**
 * Attack: join a post's time with network logs. Whoever holds an ISP's or a Wi-Fi's connection
 * log (or the server's own, had it kept one) and the time a report was made to the millisecond,
 * from a public list or a copy of the database, finds the phone that was talking to this site at
 * that moment. Here every write endpoint of the API, both uploads among them, is called through
 * the real app at moments with seconds and milliseconds; then every answer it gave and every row
 * of a copy of `app.db` are searched for a time finer than the minute.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paying } from '../paying.ts';
import { phonePhoto } from '../photo-fixture.ts';
import { testApp, type TestApp } from '../test-app.ts';
import { textedCode } from '../text-codes.ts';
import { WRITE_ENDPOINTS } from '../write-endpoints.ts';

/**
 * What only the people running the site write (their accounts, sessions and audit log; the server's
 * own notes), and the search index, made from the missing-person records searched here too.
 */
const NOT_THE_PUBLIC = ['admins', 'admin_sessions', 'audit_log', 'meta', '__drizzle_migrations', 'lost_found_search'];
/** Moments of a moderator's own action, kept in the public's tables. */
const MODERATORS = ['alert_closures.closed_at', 'sos_requests.handled_at'];

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
/** Milliseconds since 1970 between 2001 and 2286: an integer column holding a moment. */
const isMoment = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 1e12 && value < 1e13;
const finerThanMinute = (time: string) => Date.parse(time) % 60_000 !== 0;

let api: TestApp;
const answers: string[] = [];
beforeAll(async () => {
  api = await testApp();
  // Moments with seconds and milliseconds, as a real clock has them.
  api.clock.now = Date.parse('2026-11-22T18:03:07.321Z');
  const tick = () => (api.clock.now += 1_237);
  for (const [index, endpoint] of WRITE_ENDPOINTS.entries()) {
    // Each from an address of its own, so no rate limit stands in the way (signing in, above all).
    api.client.address = `192.0.2.${index}`;
    tick();
    const target = await endpoint.target({ ...api, textedCode: (phone) => textedCode(api, phone) });
    tick();
    const send = (proof: Record<string, string>) =>
      api.app.request(target.path, {
        method: endpoint.method,
        headers: { 'content-type': 'application/json', ...target.headers, ...proof },
        body: endpoint.file ?? JSON.stringify({ ...endpoint.valid, ...target.extra }),
      });
    const response = endpoint.pays ? await paying(send) : await send({});
    expect(response.status, endpoint.name).toBeLessThan(300);
    // The admin desk's answers carry its own actions' times (closed, handled): not the public's.
    if (endpoint.guarded !== 'admin') answers.push(await response.text());
  }
  tick();
  const asked = await api.post('/api/upload', { type: 'missing-persons' });
  const { uploadURL } = (await asked.json()) as { uploadURL: string };
  expect((await api.app.request(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(await phonePhoto()) })).status).toBe(201);
  tick();
  for (const path of ['/api/lost-found', '/api/alerts', '/api/community-assistance/requests', '/api/community-assistance/offers', '/api/jobs', '/api/pulse', '/api/pfif']) {
    answers.push(await (await api.app.request(path)).text());
  }
}, 120_000);
afterAll(() => api.close());

it('finds no public answer with a time finer than the minute', () => {
  const fine = answers.flatMap((answer) => [...answer.matchAll(ISO_TIME)].map((match) => match[0]).filter(finerThanMinute));
  expect(fine).toEqual([]);
});

it('finds no row the public made, in a copy of the database, with a time finer than the minute', async () => {
  const tables = (await api.store.client.execute("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")).rows.map((row) => String(row.name));
  const fine: string[] = [];
  for (const table of tables.filter((name) => !NOT_THE_PUBLIC.some((prefix) => name.startsWith(prefix)))) {
    for (const row of (await api.store.client.execute(`select * from "${table}"`)).rows) {
      for (const [column, value] of Object.entries(row)) {
        const times = typeof value === 'string' ? [...value.matchAll(ISO_TIME)].map((match) => match[0]) : isMoment(value) ? [new Date(value).toISOString()] : [];
        if (!MODERATORS.includes(`${table}.${column}`)) for (const time of times.filter(finerThanMinute)) fine.push(`${table}.${column} = ${time}`);
      }
    }
  }
  expect(fine).toEqual([]);
  // The walk met the public's rows: a report, a missing person, an upload, a text queued.
  for (const table of ['alerts', 'lost_found_posts', 'uploads', 'sms_outbox', 'rate_events']) expect(await api.count(table), table).toBeGreaterThan(0);
});
