/**
 * Attack: learn who gets raid alerts, and silence them. A hostile script asks the text-alert
 * routes about numbers it does not own: whether each is subscribed (an oracle), to stop its texts,
 * or to start texts to it (harassment, and text costs), as fast as it likes.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { fakeGateway, type FakeGateway } from '../sms-gateway.ts';
import { testApp, type TestApp } from '../test-app.ts';
import { postText, SMS_INBOUND, twilioForm } from '../twilio.ts';

const OWNER = '+15595550142';
const NOBODY = '+15595550143';
const VICTIM = '+15595550144';
const ALERT = { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Agents at the flea market' };
const CODE = /\b(\d{6})\b/;

let api: TestApp;
let gateway: FakeGateway;
beforeEach(async () => {
  gateway = await fakeGateway();
  api = await testApp({ smsGateway: { url: gateway.url }, smsInbound: SMS_INBOUND });
  // The owner subscribes from the phone itself: a number that texts the service is proven.
  expect((await postText(api.app, twilioForm('ALERTS Fresno', OWNER))).status).toBe(200);
  expect(await api.count('alert_subscriptions')).toBe(1);
});
afterEach(async () => {
  api.close();
  await gateway.close();
});

const send = async (method: string, path: string, body: unknown, from = '198.51.100.9') => {
  const response = await api.app.request(path, { method, headers: { 'content-type': 'application/json', 'x-test-client-address': from }, body: JSON.stringify(body) });
  await api.settle();
  return response;
};

/** Every answer the routes give about `phone`, with the number itself blanked. */
async function answersAbout(phone: string, from: string) {
  const answers: [string, number, string][] = [];
  for (const [method, path, body] of [
    ['DELETE', '/api/alert-subscriptions', { phone }],
    ['POST', '/api/alert-subscriptions/stop', { phone, lang: 'en' }],
    ['POST', '/api/alert-subscriptions', { phone, city: 'Fresno', lang: 'en' }],
    ['POST', '/api/alert-subscriptions/confirm', { phone, code: '000000' }],
    ['POST', '/api/alert-subscriptions/stop/confirm', { phone, code: '000000' }],
  ] as const) {
    const response = await send(method, path, body, from);
    answers.push([`${method} ${path}`, response.status, (await response.text()).replaceAll(phone, 'PHONE')]);
  }
  return answers;
}

/** The alert texts (not codes) a number got for an alert posted now. */
async function alertTextsTo(phone: string) {
  gateway.received.length = 0;
  expect((await send('POST', '/api/alerts', { ...ALERT, details: `${ALERT.details} ${crypto.randomUUID()}` }, '198.51.100.200')).status).toBe(201);
  return gateway.to(phone).filter((body) => !CODE.test(body));
}

it('answers the same about a subscribed number and a number no one subscribed', async () => {
  const subscribed = await answersAbout(OWNER, '198.51.100.1');
  const unknown = await answersAbout(NOBODY, '198.51.100.2');
  expect(subscribed).toEqual(unknown);
  // Nothing said or done on the way gave the answer away either: the owner still gets alerts.
  expect(await alertTextsTo(OWNER)).toHaveLength(1);
});

it('a stranger cannot stop the texts of a subscriber, however it asks', async () => {
  await send('DELETE', '/api/alert-subscriptions', { phone: OWNER });
  await send('POST', '/api/alert-subscriptions/stop', { phone: OWNER, lang: 'en' });
  for (const code of ['000000', '123456', '999999']) await send('POST', '/api/alert-subscriptions/stop/confirm', { phone: OWNER, code });
  expect(await alertTextsTo(OWNER)).toHaveLength(1);
  // The owner, who got the stop code on the phone, can.
  await send('POST', '/api/alert-subscriptions/stop', { phone: OWNER, lang: 'en' }, '198.51.100.3');
  const [, code] = CODE.exec(gateway.to(OWNER).at(-1)!)!;
  expect((await send('POST', '/api/alert-subscriptions/stop/confirm', { phone: OWNER, code }, '198.51.100.3')).status).toBe(200);
  expect(await alertTextsTo(OWNER)).toEqual([]);
});

it('a stranger cannot start texts to a number: the number gets one code, saying what it is for, and no alert', async () => {
  expect((await send('POST', '/api/alert-subscriptions', { phone: VICTIM, city: 'Fresno', lang: 'en' })).status).toBe(202);
  const [codeText] = gateway.to(VICTIM);
  expect(codeText).toMatch(CODE);
  expect(codeText).toContain('If you did not ask for it, ignore this text.');
  expect(await api.count('alert_subscriptions')).toBe(1);
  expect(await alertTextsTo(VICTIM)).toEqual([]);
});

it('locks a code after 5 wrong tries: the right one, sixth, is refused too', async () => {
  await send('POST', '/api/alert-subscriptions', { phone: VICTIM, city: 'Fresno', lang: 'en' });
  const [, code] = CODE.exec(gateway.to(VICTIM)[0]!)!;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  // From 5 addresses: the lock is the number's, not the client's.
  for (let index = 1; index <= 5; index++) {
    const response = await send('POST', '/api/alert-subscriptions/confirm', { phone: VICTIM, code: wrong }, `198.51.100.${20 + index}`);
    expect(response.status).toBe(400);
  }
  const sixth = await send('POST', '/api/alert-subscriptions/confirm', { phone: VICTIM, code }, '198.51.100.30');
  expect(sixth.status).toBe(400);
  expect(await api.count('alert_subscriptions')).toBe(1);
  expect(await alertTextsTo(VICTIM)).toEqual([]);
});

it('limits a flood per client and per number', async () => {
  const { limit } = RATE_LIMITS.subscription;
  for (let index = 0; index < limit; index++) {
    expect((await send('POST', '/api/alert-subscriptions', { phone: `+1559555020${index}`, lang: 'en' }, '198.51.100.50')).status).toBe(202);
  }
  expect((await send('POST', '/api/alert-subscriptions/stop', { phone: '+15595550299', lang: 'en' }, '198.51.100.50')).status).toBe(429);

  // From as many addresses as it likes, one number gets only so many codes.
  const perNumber = RATE_LIMITS.textCodeNumber.limit;
  const statuses: number[] = [];
  for (let index = 0; index <= perNumber; index++) {
    statuses.push((await send('POST', index % 2 ? '/api/alert-subscriptions/stop' : '/api/alert-subscriptions', { phone: VICTIM, lang: 'en' }, `198.51.100.${60 + index}`)).status);
  }
  expect(statuses).toEqual([...Array(perNumber).fill(202), 429]);
  expect(gateway.to(VICTIM)).toHaveLength(perNumber);

  // Codes tried from one client: limited too, whatever the numbers.
  const tries = RATE_LIMITS.textCodeTry.limit;
  for (let index = 0; index < tries; index++) {
    expect((await send('POST', '/api/alert-subscriptions/confirm', { phone: `+1559555030${index % 10}`, code: '000000' }, '198.51.100.90')).status).toBe(400);
  }
  expect((await send('POST', '/api/alert-subscriptions/confirm', { phone: VICTIM, code: '000000' }, '198.51.100.90')).status).toBe(429);
});
