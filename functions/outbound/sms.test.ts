import { afterEach, beforeEach, expect, it } from 'vitest';
import { ALERT_TYPES } from '../../src/common/contract/limits.ts';
import { COUNTIES } from '../../src/common/contract/places.ts';
import { fitsSms } from '../../src/common/contract/sms.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { LANGUAGES } from '../../src/common/i18n/languages.ts';
import { fakeGateway, type FakeGateway } from '../../tests/sms-gateway.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { subscribeTexts, textedCode } from '../../tests/text-codes.ts';
import { endTextSubscriptions } from '../domain/text-alerts.ts';
import { dataKey, sealer } from '../domain/sealed.ts';
import { alertText, deliverOutbox, MAX_SMS_ATTEMPTS } from './sms.ts';

let gateway: FakeGateway;
let api: TestApp;
/** Subscribes numbers with their codes; the codes' texts are then forgotten, so each test sees only alerts. */
async function subscribe(...subscriptions: Parameters<typeof subscribeTexts>[1][]) {
  for (const subscription of subscriptions) expect((await subscribeTexts(api, subscription)).status).toBe(201);
  await api.settle();
  gateway.received.length = 0;
}
beforeEach(async () => {
  gateway = await fakeGateway();
  api = await testApp({ smsGateway: { url: gateway.url, token: 'gateway-token' } });
  await subscribe({ phone: '5595550101', city: 'Fresno', lang: 'es' });
});
afterEach(async () => {
  api.close();
  await gateway.close();
});

const alert = { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Agents at the flea market' };
const outbox = async () => (await api.store.client.execute('select status, attempts from sms_outbox where alert_id is not null')).rows.map((row) => [row.status, row.attempts]);

it("sends a new alert to its subscribers through the gateway, in their language, with the site's words only", async () => {
  expect((await api.post('/api/alerts', alert)).status).toBe(201);
  await api.settle();
  expect(gateway.received).toEqual([
    { to: '+15595550101', body: alertText('es', { type: 'Enforcement Activity', county: 'Fresno' }, 'http://localhost'), authorization: 'Bearer gateway-token' },
  ]);
  expect(gateway.received[0]!.body).toContain('http://localhost/es/ice-reports');
  expect(gateway.received[0]!.body).not.toContain('flea market');
  expect(await outbox()).toEqual([['sent', 1]]);
});

it('an alert reaches the subscribers of its whole county, of all California, and of a city no list knows by its name', async () => {
  await subscribe(
    { phone: '5595550102', city: 'Clovis', lang: 'en' },
    { phone: '2135550103', city: 'Los Angeles', lang: 'en' },
    { phone: '4155550104', lang: 'en' },
    { phone: '7075550105', city: 'Rancho Escondido', lang: 'en' },
  );
  const to = async (city: string) => {
    gateway.received.length = 0;
    expect((await api.post('/api/alerts', { ...alert, city, details: `Agents seen near ${city}` })).status).toBe(201);
    await api.settle();
    return gateway.received.map((text) => text.to).sort();
  };
  // Clovis is in Fresno County: the Fresno subscriber hears of it, Los Angeles does not.
  expect(await to('Clovis')).toEqual(['+14155550104', '+15595550101', '+15595550102']);
  expect(await to('rancho escondido')).toEqual(['+14155550104', '+17075550105']);
});

it('loses nothing while the gateway fails: the text waits and goes out on a later run', async () => {
  gateway.state.status = 503;
  await api.post('/api/alerts', alert);
  await api.settle();
  expect(await outbox()).toEqual([['queued', 1]]);
  gateway.state.status = 200;
  expect(await api.app.maintain()).toEqual({ sent: 1, failed: 0 });
  expect(gateway.received).toHaveLength(1);
  expect(await outbox()).toEqual([['sent', 2]]);
});

it(`gives up after ${MAX_SMS_ATTEMPTS} failed tries and keeps the text as failed`, async () => {
  gateway.state.status = 500;
  await api.post('/api/alerts', alert);
  await api.settle();
  for (let run = 1; run < MAX_SMS_ATTEMPTS + 2; run++) await api.app.maintain();
  expect(await outbox()).toEqual([['failed', MAX_SMS_ATTEMPTS]]);
});

it('keeps texts queued when no gateway is configured', async () => {
  const offline = await testApp();
  try {
    expect((await subscribeTexts(offline, { phone: '5595550101' })).status).toBe(201);
    await offline.post('/api/alerts', alert);
    await offline.settle();
    expect(await offline.app.maintain()).toEqual({ sent: 0, failed: 0 });
    expect((await offline.store.client.execute('select status from sms_outbox')).rows.map((row) => row.status)).toEqual(['queued', 'queued']);
  } finally {
    offline.close();
  }
});

it('two outbox runs at once send each text once', async () => {
  await subscribe({ phone: '5595550102', city: 'Fresno', lang: 'en' }, { phone: '5595550103', lang: 'ko' });
  gateway.state.status = 503;
  await api.post('/api/alerts', alert);
  await api.settle();
  expect(await outbox()).toEqual([
    ['queued', 1],
    ['queued', 1],
    ['queued', 1],
  ]);
  gateway.state.status = 200;
  // Slow answers, so the two runs overlap as a timer's and a new alert's can.
  gateway.state.delayMs = 50;
  const deps = { db: api.store.db, sealed: sealer(api.store.db, dataKey(api.key)) };
  const gatewayAt = { url: gateway.url };
  const runs = await Promise.all([deliverOutbox(deps, gatewayAt, api.clock.now), deliverOutbox(deps, gatewayAt, api.clock.now)]);
  expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(3);
  expect(gateway.received.map((text) => text.to).sort()).toEqual(['+15595550101', '+15595550102', '+15595550103']);
  expect(await outbox()).toEqual([
    ['sent', 2],
    ['sent', 2],
    ['sent', 2],
  ]);
});

it('fits every alert text and code text in 2 segments, in every language, with the longest county and type', () => {
  const county = [...COUNTIES].sort((a, b) => b.name.length - a.name.length)[0]!.name;
  const origin = 'https://findhelpreunite.org';
  for (const lang of LANGUAGES) {
    for (const type of ALERT_TYPES) {
      for (const place of [county, null]) expect.soft(fitsSms(alertText(lang, { type, county: place }, origin)), `${lang} ${type} ${place}`).toBe(true);
    }
    for (const key of ['sms.codeStart', 'sms.codeStop'] as const) {
      const text = translate(lang, key, { code: '123456' });
      expect.soft(fitsSms(text), `${lang} ${key}`).toBe(true);
      expect(text, `${lang} ${key}`).toContain('123456');
    }
  }
});

it('reminds a number to search the detainee locator again at 8, 24 and 48 hours once its owner entered the code; STOP ends them', async () => {
  const HOUR = 3_600_000;
  const start = api.clock.now;
  const phone = '+15595550177';
  const asked = await api.post('/api/alert-subscriptions/reminders', { phone: '(559) 555-0177', lang: 'es' });
  expect(asked.status).toBe(202);
  // A wrong code starts nothing; the code texted does.
  expect((await api.post('/api/alert-subscriptions/reminders/confirm', { phone, code: '000000' })).status).toBe(400);
  const code = await textedCode(api, phone);
  const confirmed = await api.post('/api/alert-subscriptions/reminders/confirm', { phone, code });
  expect(confirmed.status).toBe(201);
  // The same request replayed: the code was used up.
  expect((await api.post('/api/alert-subscriptions/reminders/confirm', { phone, code })).status).toBe(400);
  expect(await confirmed.json()).toEqual({ phone, reminders: [8, 24, 48].map((hours) => new Date(start + hours * HOUR).toISOString()) });
  expect(await api.count('text_reminders')).toBe(1);
  // The number in none of its spellings (a keyed hash or a sealed value may hold "555" by chance).
  expect(JSON.stringify((await api.store.client.execute('select * from text_reminders')).rows)).not.toMatch(/5595550177|555-0177|555 0177/);
  await api.settle();
  gateway.received.length = 0;

  const at = async (hours: number) => {
    api.clock.now = start + hours * HOUR;
    await api.app.maintain();
  };
  await at(7.9);
  expect(gateway.to(phone)).toEqual([]);
  await at(8);
  const reminder = translate('es', 'sms.reminder', { link: 'http://localhost/es/detained', stop: 'PARAR' });
  expect(gateway.to(phone)).toEqual([reminder]);
  expect(fitsSms(reminder)).toBe(true);
  await at(8.5);
  expect(gateway.to(phone)).toHaveLength(1);

  // STOP (a text, or the web's stop code) ends the reminders with every other text.
  await endTextSubscriptions({ db: api.store.db, sealed: sealer(api.store.db, dataKey(api.key)) }, phone);
  expect(await api.count('text_reminders')).toBe(0);
  await at(24);
  expect(gateway.to(phone)).toHaveLength(1);
});

it('sends every language its reminder and code texts within 2 segments', async () => {
  for (const lang of LANGUAGES) {
    for (const text of [
      translate(lang, 'sms.reminder', { link: `https://findhelpreunite.org/${lang}/detained`, stop: 'STOP' }),
      translate(lang, 'sms.codeRemind', { code: '123456' }),
    ])
      expect(fitsSms(text), `${lang}: ${text}`).toBe(true);
  }
});
