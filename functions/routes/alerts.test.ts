import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/common/contract/index.ts';
import { LIMITS, TEXT_CODE } from '../../src/common/contract/limits.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { paying } from '../../tests/paying.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { subscribeTexts, textedCode } from '../../tests/text-codes.ts';
import { smsOutbox } from '../../db/schema.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const HOUR = 3600_000;
const report = (extra: object = {}) => ({
  type: 'Enforcement Activity',
  activity: 'Checkpoint or traffic stop',
  city: 'Fresno',
  area: 'Blackstone Ave',
  details: 'Agents stopping cars at the corner',
  agents: 4,
  vehicles: 2,
  markings: 'Unmarked white vans',
  ...extra,
});
const postAlert = async (body: object) => api.post('/api/alerts', body);
const created = async (body: object) => {
  const response = await postAlert(body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Alert;
};
const list = (query = '') => api.get<Alert[]>(`/api/alerts${query}`);
/** A mark from a phone on the network of `address` (reports are posted from 203.0.113.7), paying its proof of work. */
const mark = (id: string, kind: 'confirm' | 'clear', address: string) =>
  paying((headers) => api.post(`/api/alerts/${id}/marks`, { kind }, { 'x-test-client-address': address, ...headers }));

describe('POST /api/alerts', () => {
  it('stores an inline alert with the defaults (Community Notice, BROAD) and goes live', async () => {
    const alert = await created({ city: 'Salinas', details: 'Food bank open late today', alertTime: '2026-11-22T17:30:00.000Z' });
    expect(alert).toMatchObject({
      type: 'Community Notice',
      precision: 'BROAD',
      city: 'Salinas',
      area: null,
      alertTime: '2026-11-22T17:30:00.000Z',
      verified: false,
      urgent: false,
      confirmations: 0,
    });
    expect(await list()).toEqual([alert]);
    expect(api.published).toEqual([{ event: 'emergency-alert', data: { id: alert.id, type: 'Community Notice', city: 'Salinas', details: 'Food bank open late today' } }]);
  });

  it.each([
    ['no city', { details: 'x' }, 'city'],
    ['a blank city', { city: '  ', details: 'x' }, 'city'],
    ['no details', { city: 'Fresno' }, 'details'],
    ['over-long details', { city: 'Fresno', details: 'x'.repeat(LIMITS.description + 1) }, 'details'],
    ['an unknown type', { city: 'Fresno', details: 'x', type: 'Party' }, 'type'],
    ['an unknown precision', { city: 'Fresno', details: 'x', precision: 'EXACT' }, 'precision'],
    ['a time that is not a time', { city: 'Fresno', details: 'x', alertTime: 'soon' }, 'alertTime'],
    ['a position of the wrong type', { city: 'Fresno', details: 'x', location: { lat: '36.7', lng: -119 } }, 'location.lat'],
    ['an enforcement report without what is happening', { ...report(), activity: undefined }, 'activity'],
    ['a negative count', report({ agents: -1 }), 'agents'],
    ['a photo from elsewhere', report({ photoUrl: 'https://example.com/a.jpg' }), 'photoUrl'],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field) => {
    const response = await postAlert(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields[field]).toEqual(expect.any(String));
    expect(await api.count('alerts')).toBe(0);
    expect(api.published).toEqual([]);
  });

  it('keeps no position at all for a BROAD alert', async () => {
    const alert = await created(report({ precision: 'BROAD', location: { lat: 36.737812, lng: -119.787125 } }));
    expect(alert.location).toBeNull();
    const { rows } = await api.store.client.execute('select lat, lng from alerts');
    expect(rows[0]).toMatchObject({ lat: null, lng: null });
  });

  it('keeps a PRECISE position only rounded to about 100 m, whatever the device sent', async () => {
    const alert = await created(report({ precision: 'PRECISE', location: { lat: 36.737812, lng: -119.787125 } }));
    expect(alert.location).toEqual({ lat: 36.738, lng: -119.787 });
    const { rows } = await api.store.client.execute('select lat, lng from alerts');
    expect(rows[0]).toMatchObject({ lat: 36.738, lng: -119.787 });
    expect(alert.precision).toBe('PRECISE');
  });

  it('stores an alert posted PRECISE without a position as BROAD: no card says PRECISE without a place', async () => {
    const community = await created({ type: 'Community Notice', city: 'Fresno', details: 'Clinic closed today', precision: 'PRECISE' });
    expect(community).toMatchObject({ precision: 'BROAD', location: null });
    const { rows } = await api.store.client.execute('select precision, lat, lng from alerts');
    expect(rows[0]).toMatchObject({ precision: 'BROAD', lat: null, lng: null });
    expect((await list()).map((shown) => shown.precision)).toEqual(['BROAD']);
  });

  it('keeps the enforcement fields only on enforcement reports', async () => {
    const enforcement = await created(report());
    expect(enforcement).toMatchObject({ activity: 'Checkpoint or traffic stop', agents: 4, vehicles: 2, markings: 'Unmarked white vans', urgent: true });
    const notice = await created({ city: 'Fresno', details: 'Clinic closed', activity: 'Other', agents: 3 });
    expect(notice).toMatchObject({ activity: null, agents: null, vehicles: null, markings: null });
  });
});

describe('expiry', () => {
  it('an enforcement report leaves the lists after 4 hours and is deleted with its marks', async () => {
    const alert = await created(report());
    expect((await mark(alert.id, 'confirm', '198.51.100.1')).status).toBe(200);
    api.clock.now += 4 * HOUR - 1000;
    expect((await list()).map((a) => a.id)).toEqual([alert.id]);
    api.clock.now += 2000;
    expect(await list()).toEqual([]);
    // Hidden at once; deleted by the next maintenance run (hosts run it every minute).
    await api.app.maintain();
    expect(await api.count('alerts')).toBe(0);
    expect(await api.count('alert_marks')).toBe(0);
  });

  it('other types keep their own default, and the hours are configurable', async () => {
    await created({ city: 'Fresno', details: 'Clinic closed Monday' });
    api.clock.now += 5 * HOUR;
    expect(await list()).toHaveLength(1);
    api.clock.now += 72 * HOUR;
    expect(await list()).toHaveLength(0);

    const short = await testApp({ alertHours: { 'Enforcement Activity': 1 } });
    try {
      expect((await short.post('/api/alerts', report())).status).toBe(201);
      short.clock.now += HOUR + 1000;
      expect(await short.get<Alert[]>('/api/alerts')).toEqual([]);
    } finally {
      short.close();
    }
  });
});

describe('confirmations and all clear', () => {
  it("counts one network once per report, never the reporter's, and shows confirmed by others after two", async () => {
    const alert = await created(report());
    expect(await (await mark(alert.id, 'confirm', '203.0.113.99')).json()).toMatchObject({ confirmations: 0, counted: false });
    const first = await (await mark(alert.id, 'confirm', '198.51.100.1')).json();
    expect(first).toMatchObject({ confirmations: 1, confirmedByOthers: false, verified: false, counted: true });
    const again = await (await mark(alert.id, 'confirm', '198.51.100.200')).json();
    expect(again).toMatchObject({ confirmations: 1, counted: false });
    const second = await (await mark(alert.id, 'confirm', '2001:db8:5:1::9')).json();
    expect(second).toMatchObject({ confirmations: 2, confirmedByOthers: true, verified: false });
    expect((await list())[0]).toMatchObject({ confirmations: 2, confirmedByOthers: true, verified: false });
  });

  it('stores no address, only a keyed hash that differs per report', async () => {
    const [a, b] = [await created(report()), await created(report({ city: 'Madera' }))];
    await mark(a.id, 'confirm', '198.51.100.1');
    await mark(b.id, 'confirm', '198.51.100.1');
    const { rows } = await api.store.client.execute("select device_hash from alert_marks where kind = 'confirm'");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.device_hash).not.toBe(rows[1]!.device_hash);
    for (const stored of ['198.51.100', '203.0.113']) expect(readFileSync(api.store.file).includes(stored)).toBe(false);
  });

  it('a network can change its mind; all clear is counted and shown, never closing the report', async () => {
    const alert = await created(report());
    await mark(alert.id, 'confirm', '198.51.100.1');
    expect(await (await mark(alert.id, 'clear', '198.51.100.1')).json()).toMatchObject({ confirmations: 0, allClears: 1, counted: true });
    await mark(alert.id, 'clear', '192.0.2.1');
    expect(await (await mark(alert.id, 'clear', '192.0.3.1')).json()).toMatchObject({ allClears: 3 });
    expect((await list()).map((item) => [item.id, item.allClears])).toEqual([[alert.id, 3]]);
  });

  it('refuses a bad mark with 400, before any work is asked', async () => {
    const alert = await created(report());
    expect((await api.post(`/api/alerts/${alert.id}/marks`, { kind: 'like' })).status).toBe(400);
    expect(await api.count("alert_marks where kind <> 'report'")).toBe(0);
  });
});

describe('abuse', () => {
  it('limits enforcement reports to 3 per client in 10 minutes', async () => {
    for (const city of ['Fresno', 'Madera', 'Merced']) expect((await postAlert(report({ city }))).status).toBe(201);
    const refused = await postAlert(report({ city: 'Visalia' }));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    api.client.address = '198.51.100.23';
    expect((await postAlert(report({ city: 'Visalia' }))).status).toBe(201);
    api.client.address = '203.0.113.7';
    api.clock.now += 10 * 60_000 + 1000;
    expect((await postAlert(report({ city: 'Hanford' }))).status).toBe(201);
  });

  it('refuses an identical report within the hour politely, whatever the case and spacing', async () => {
    await created({ city: 'Fresno', details: 'Clinic closed Monday' });
    api.client.address = '198.51.100.23';
    const again = await postAlert({ city: ' fresno ', details: 'Clinic  closed monday' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'duplicate', message: expect.stringMatching(/confirm/) });
    api.clock.now += 61 * 60_000;
    expect((await postAlert({ city: 'Fresno', details: 'Clinic closed Monday' })).status).toBe(201);
  });

  it('stores no IP address or user agent anywhere, even behind proxies', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.99', 'user-agent': 'SpyPhone/1.0 (secret-agent-string)', 'x-real-ip': '192.0.2.98' };
    await api.post('/api/alerts', report(), headers);
    const [alert] = await list();
    await api.post(`/api/alerts/${alert!.id}/marks`, { kind: 'confirm', device: 'device-aaaaaaaaaaaa' }, headers);
    await api.post('/api/alert-subscriptions', { phone: '(559) 555-0142' }, headers);
    api.store.client.close();
    const stored = readFileSync(api.store.file).toString('latin1') + readFileSync(`${api.store.file}-wal`).toString('latin1');
    for (const secret of ['203.0.113.7', '192.0.2.99', '192.0.2.98', 'SpyPhone', 'secret-agent-string']) expect(stored).not.toContain(secret);
  });
});

describe('text alerts', () => {
  it('subscribes a normalized number once the code texted to it is entered, updates it, and stops it with a stop code', async () => {
    const asked = await api.post('/api/alert-subscriptions', { phone: '(559) 555-0142', city: 'Fresno', lang: 'es' });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ phone: '+15595550142' });
    expect(await api.count('alert_subscriptions')).toBe(0);
    const code = await textedCode(api, '+15595550142');
    // Typed another way, with a space in the code: the same number and code.
    const confirmed = await api.post('/api/alert-subscriptions/confirm', { phone: '559 555 0142', code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toEqual({ phone: '+15595550142', city: 'Fresno', lang: 'es', updates: false });
    // Once only.
    expect(await (await api.post('/api/alert-subscriptions/confirm', { phone: '+15595550142', code })).json()).toMatchObject({
      error: { code: 'wrong_code', fields: { code: expect.any(String) } },
    });
    expect((await subscribeTexts(api, { phone: '559.555.0142', city: null, lang: 'en' })).status).toBe(201);
    expect(await api.count('alert_subscriptions')).toBe(1);
    for (const phone of ['call me', '']) expect((await api.post('/api/alert-subscriptions', { phone })).status).toBe(400);
    expect(await (await api.post('/api/alert-subscriptions/confirm', { phone: '5595550142', code: '12345' })).json()).toMatchObject({
      error: { code: 'invalid_input', fields: { code: 'Enter the 6 digits we texted you' } },
    });

    expect((await api.post('/api/alert-subscriptions/stop', { phone: '+1 559 555 0142' })).status).toBe(202);
    const stop = await textedCode(api, '+15595550142');
    // A code does only what it was asked for.
    expect((await api.post('/api/alert-subscriptions/confirm', { phone: '5595550142', code: stop })).status).toBe(400);
    expect(await (await api.post('/api/alert-subscriptions/stop/confirm', { phone: '5595550142', code: stop })).json()).toEqual({ phone: '+15595550142' });
    expect(await api.count('alert_subscriptions')).toBe(0);
    expect(await api.count('text_codes')).toBe(0);
  });

  it('a code works for its minutes only, and is swept away after', async () => {
    await api.post('/api/alert-subscriptions', { phone: '5595550142', city: 'Fresno' });
    const code = await textedCode(api, '+15595550142');
    api.clock.now += TEXT_CODE.minutes * 60_000;
    expect((await api.post('/api/alert-subscriptions/confirm', { phone: '5595550142', code })).status).toBe(400);
    await api.app.maintain();
    expect(await api.count('text_codes')).toBe(0);
    expect(await api.count('alert_subscriptions')).toBe(0);
  });

  it("queues a text per subscriber of the alert's county or of all cities, in their language, never with the poster's words", async () => {
    await subscribeTexts(api, { phone: '5595550101', city: 'fresno', lang: 'es' });
    await subscribeTexts(api, { phone: '5595550102', lang: 'en' });
    await subscribeTexts(api, { phone: '2135550103', city: 'Los Angeles', lang: 'ko' });
    await created(report());
    // Stored sealed: opened here with the app's key, then put in the numbers' order.
    const stored = (await api.store.client.execute('select phone, body, status from sms_outbox where alert_id is not null')).rows;
    const rows = await Promise.all(
      stored.map(async (row) => ({ body: await api.openStored(smsOutbox.body, row.body), status: row.status, phone: await api.openStored(smsOutbox.phone, row.phone) })),
    );
    rows.sort((a, b) => a.phone.localeCompare(b.phone));
    expect(rows.map((row) => [row.phone, row.status])).toEqual([
      ['+15595550101', 'queued'],
      ['+15595550102', 'queued'],
    ]);
    expect(rows[0]!.body).toBe(
      `${translate('es', 'sms.alertNear', { type: translate('es', 'alertType.enforcementActivity'), county: 'Fresno', link: 'http://localhost/es/ice-reports' })} ${translate('es', 'sms.stop')}`,
    );
    expect(rows[1]!.body).toBe('Immigration enforcement near Fresno County: open http://localhost/ice-reports Reply STOP to stop alerts.');
  });
});

describe('GET /api/live/stats', () => {
  it('answers the real figures', async () => {
    await subscribeTexts(api, { phone: '5595550101' });
    await created(report());
    expect(await api.get('/api/live/stats')).toEqual({ watching: 7, subscribers: 1, activeAlerts: 1 });
  });
});
