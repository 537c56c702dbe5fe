import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { POW_HEADER, type PowChallenge } from '../../src/common/contract/index.ts';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { localPushService, type LocalPushService } from '../push-service.ts';
import { fakeGateway, type FakeGateway } from '../sms-gateway.ts';
import { testApp, type TestApp } from '../test-app.ts';

const FAMILY_PHONE = '(559) 555-0142';
const FAMILY_E164 = '+15595550142';
const MESSAGE = { name: 'Lupe', message: 'spam', reach: 'x' };
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
const proof = async (use: string) => {
  const challenge = (await (await api.app.request(`/api/pow/challenge?for=${use}`)).json()) as PowChallenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
};

describe('race on the per-record limit', () => {
  it('sends more than messagePerPost texts when all arrive at once', async () => {
    const record = (await (await api.post('/api/lost-found', { name: 'Rosa', lastSeenCity: 'Fresno', contact: FAMILY_PHONE }, { 'x-test-client-address': '192.0.2.1' })).json()) as { id: string };
    const N = 40;
    const proofs = await Promise.all(Array.from({ length: N }, () => proof('message')));
    const answers = await Promise.all(
      proofs.map((p, n) => api.post(`/api/lost-found/${record.id}/messages`, { ...MESSAGE, message: `m${n}` }, { 'x-test-client-address': `10.${n}.0.1`, [POW_HEADER]: p })),
    );
    const statuses = answers.map((a) => a.status);
    await api.settle();
    console.log('statuses', statuses.join(','), 'stored', await api.count('post_messages'), 'texts', gateway.to(FAMILY_E164).length, 'limit', RATE_LIMITS.messagePerPost.limit);
    expect(gateway.to(FAMILY_E164).length).toBeGreaterThan(RATE_LIMITS.messagePerPost.limit);
  });
  it('one network sends more than its `message` limit when all arrive at once', async () => {
    const N = 30;
    const ids: string[] = [];
    for (let n = 0; n < N; n++) ids.push(((await (await api.post('/api/lost-found', { name: 'Rosa', lastSeenCity: 'Fresno', contact: FAMILY_PHONE }, { 'x-test-client-address': `192.0.${n}.1` })).json()) as { id: string }).id);
    const proofs = await Promise.all(ids.map(() => proof('message')));
    const answers = await Promise.all(ids.map((id, n) => api.post(`/api/lost-found/${id}/messages`, MESSAGE, { 'x-test-client-address': '198.51.100.7', [POW_HEADER]: proofs[n]! })));
    const ok = answers.filter((a) => a.status === 201).length;
    console.log('one network accepted', ok, 'of', N, 'limit', RATE_LIMITS.message.limit);
    expect(ok).toBeGreaterThan(RATE_LIMITS.message.limit);
  });
  it('help answers: more than messagePerPost at once', async () => {
    const request = (await (
      await api.post('/api/assistance-requests', { title: 'Ride', description: 'x', category: 'Transportation', urgency: 'High', city: 'Salinas', contactName: 'M', contactMethod: FAMILY_PHONE })
    ).json()) as { id: string };
    const N = 40;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, n) =>
        api.post('/api/assistance-responses', { responderName: 'L', responderContact: 'x', message: `m${n}`, responseType: 'offer_help', requestId: request.id }, { 'x-test-client-address': `10.${n}.0.9` }),
      ),
    );
    await api.settle();
    const ok = answers.filter((a) => a.status === 201).length;
    console.log('help answers accepted', ok, 'texts', gateway.to(FAMILY_E164).length);
    expect(ok).toBeGreaterThan(RATE_LIMITS.messagePerPost.limit);
  });
});
