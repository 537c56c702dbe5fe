import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { testApp, type TestApp } from '../tests/test-app.ts';
import { MAX_SMS_ATTEMPTS } from './sms.ts';

/** A local stand-in for the HTTP SMS provider: records what it is sent, answers `status`. */
async function fakeGateway() {
  const received: { to: string; body: string; authorization?: string }[] = [];
  const state = { status: 200 };
  const server: Server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    if (state.status === 200) received.push({ ...JSON.parse(text), authorization: request.headers.authorization });
    response.writeHead(state.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

let gateway: Awaited<ReturnType<typeof fakeGateway>>;
let api: TestApp;
beforeEach(async () => {
  gateway = await fakeGateway();
  api = await testApp({ smsGateway: { url: gateway.url, token: 'gateway-token' } });
  await api.post('/api/alert-subscriptions', { phone: '5595550101', city: 'Fresno', lang: 'es' });
});
afterEach(async () => {
  api.close();
  await gateway.close();
});

const alert = { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Agents at the flea market' };
const outbox = async () => (await api.store.client.execute('select status, attempts from sms_outbox')).rows.map((row) => [row.status, row.attempts]);

it('sends a new alert to its subscribers through the gateway, in their language', async () => {
  expect((await api.post('/api/alerts', alert)).status).toBe(201);
  await api.settle();
  expect(gateway.received).toEqual([{ to: '+15595550101', body: expect.stringContaining('Fresno: Agents at the flea market'), authorization: 'Bearer gateway-token' }]);
  expect(gateway.received[0]!.body).not.toContain('Immigration enforcement');
  expect(await outbox()).toEqual([['sent', 1]]);
});

it('an alert reaches the subscribers of its whole county, of all California, and of a city no list knows by its name', async () => {
  await api.post('/api/alert-subscriptions', { phone: '5595550102', city: 'Clovis', lang: 'en' });
  await api.post('/api/alert-subscriptions', { phone: '2135550103', city: 'Los Angeles', lang: 'en' });
  await api.post('/api/alert-subscriptions', { phone: '4155550104', lang: 'en' });
  await api.post('/api/alert-subscriptions', { phone: '7075550105', city: 'Rancho Escondido', lang: 'en' });
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
    await offline.post('/api/alert-subscriptions', { phone: '5595550101' });
    await offline.post('/api/alerts', alert);
    await offline.settle();
    expect(await offline.app.maintain()).toEqual({ sent: 0, failed: 0 });
    expect((await offline.store.client.execute('select status from sms_outbox')).rows.map((row) => row.status)).toEqual(['queued']);
  } finally {
    offline.close();
  }
});
