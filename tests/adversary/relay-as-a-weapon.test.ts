/**
 * Attack: turn "Send a message to the family" into a weapon. A helper playing the adversary
 * against the first relay found that it texted any number a post named (post a help request with
 * a stranger's number, answer it: the site texted them the attacker's words, 50 texts from one
 * /48), that requests sent all at once each found room under the limits before any was counted
 * (24 texts to one record against a limit of 10), that the "My posts" link in the text followed
 * the Host header the sender chose (a phishing link from the site's own number), that a message
 * racing the record's deletion stayed stored after it, and that `__proto__` as a board was a 500.
 * Each is tried here as the script did it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import type { Created, LostFoundPost } from '../../src/common/contract/index.ts';
import { paying } from '../paying.ts';
import { fakeGateway, type FakeGateway } from '../sms-gateway.ts';
import { testApp, type TestApp } from '../test-app.ts';
import { textedCode } from '../text-codes.ts';
import { SMS_INBOUND } from '../twilio.ts';

const VICTIM = '(415) 555-0199';
const VICTIM_E164 = '+14155550199';
const PHISH = { name: 'Bank of America', message: 'Your account is locked, log in at https://evil.example', reach: 'https://evil.example/login' };

let api: TestApp;
let gateway: FakeGateway;
beforeEach(async () => {
  gateway = await fakeGateway();
  api = await testApp({ smsGateway: { url: gateway.url, token: 'gateway-token' }, smsInbound: SMS_INBOUND });
});
afterEach(async () => {
  await api.settle();
  api.close();
  await gateway.close();
});

let networks = 0;
/** A new network each time (an IPv4 /24): limits per network are not what these attacks meet. */
const network = () => ({ 'x-test-client-address': `198.${18 + Math.floor(++networks / 250)}.${networks % 250}.7` });
const record = async (contact = VICTIM) => (await (await api.post('/api/lost-found', { name: 'Rosa', contact }, network())).json()) as Created<LostFoundPost>;
const message = (id: string, body: unknown = PHISH, headers: Record<string, string> = network(), url = `http://localhost/api/lost-found/${id}/messages`) =>
  paying((proof) => api.app.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers, ...proof }, body: JSON.stringify(body) }));

describe('the relay as a weapon', () => {
  it('texts no number its owner did not confirm with a code: a post naming a stranger’s number sends them nothing', async () => {
    const request = (await (
      await api.post(
        '/api/assistance-requests',
        { title: 'Ride', description: 'Thursday', category: 'Transportation', urgency: 'High', contactName: 'Marisol', contactMethod: VICTIM },
        network(),
      )
    ).json()) as { id: string };
    for (let n = 0; n < 5; n++)
      expect(
        (
          await api.post(
            '/api/assistance-responses',
            { responderName: PHISH.name, responderContact: PHISH.reach, message: PHISH.message, responseType: 'offer_help', requestId: request.id },
            network(),
          )
        ).status,
      ).toBe(201);
    const missing = await record();
    for (let n = 0; n < 5; n++) expect((await message(missing.id)).status).toBe(201);
    await api.settle();
    expect(gateway.to(VICTIM_E164)).toEqual([]);
  });

  it('texts one confirmed number at most RATE_LIMITS.relayText times a day, however many posts name it', async () => {
    const { limit } = RATE_LIMITS.relayText;
    const posts = Math.ceil((limit + 5) / RATE_LIMITS.messagePerPost.limit);
    for (let p = 0; p < posts; p++) {
      const mine = await record();
      const owner = { authorization: `Bearer ${mine.manageToken}`, 'content-type': 'application/json' };
      expect((await api.app.request(`/api/owners/lost-found/${mine.id}/texts`, { method: 'POST', headers: owner })).status).toBe(202);
      const code = await textedCode(api, VICTIM_E164);
      expect((await api.app.request(`/api/owners/lost-found/${mine.id}/texts/confirm`, { method: 'POST', headers: owner, body: JSON.stringify({ code }) })).status).toBe(200);
      for (let n = 0; n < RATE_LIMITS.messagePerPost.limit; n++) expect((await message(mine.id)).status).toBe(201);
    }
    await api.settle();
    expect(gateway.to(VICTIM_E164).filter((text) => text.includes('evil.example'))).toHaveLength(limit);
  });

  it('counts requests sent all at once: one network gets its limit, one record its day’s share', async () => {
    const records = await Promise.all(Array.from({ length: 30 }, () => record('family@example.org')));
    const fromOne = { 'x-test-client-address': '203.0.113.9' };
    const burst = await Promise.all(records.map((each) => message(each.id, PHISH, fromOne)));
    expect(burst.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(RATE_LIMITS.message.limit);

    const target = await record('family@example.org');
    const storm = await Promise.all(Array.from({ length: 40 }, () => message(target.id)));
    expect(storm.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(RATE_LIMITS.messagePerPost.limit);
    expect(await api.count(`post_messages where post_id = '${target.id}'`)).toBeLessThanOrEqual(RATE_LIMITS.messagePerPost.limit);
  });

  it('never puts an address the sender chose in the family’s text', async () => {
    const mine = await record();
    const owner = { authorization: `Bearer ${mine.manageToken}`, 'content-type': 'application/json' };
    await api.app.request(`/api/owners/lost-found/${mine.id}/texts`, { method: 'POST', headers: owner });
    await api.app.request(`/api/owners/lost-found/${mine.id}/texts/confirm`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ code: await textedCode(api, VICTIM_E164) }),
    });
    await api.settle();
    gateway.received.length = 0;
    const sent = await message(mine.id, { name: 'Lupe', message: 'I saw her' }, network(), `http://findhelp-login.evil.example/api/lost-found/${mine.id}/messages`);
    expect(sent.status).toBe(201);
    await api.settle();
    const [text] = gateway.to(VICTIM_E164);
    expect(text).toContain(`${new URL(SMS_INBOUND.url).origin}/manage`);
    expect(text).not.toContain('evil.example');
  });

  it('keeps nothing of a message that raced its record’s deletion, and tells no one', async () => {
    const mine = await record('family@example.org');
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => message(mine.id, { name: 'Lupe', message: 'racing' })),
      api.app.request(`/api/lost-found/${mine.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${mine.manageToken}` } }),
    ]);
    expect(answers.at(-1)!.status).toBe(204);
    for (const answer of answers.slice(0, -1)) expect([201, 404]).toContain(answer.status);
    await api.settle();
    expect(await api.count('post_messages')).toBe(0);
  });

  it('answers a board named like an object’s own keys as unknown, not as a failure', async () => {
    for (const board of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect((await api.app.request(`/api/owners/${board}/x/push`, { method: 'PUT', headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).status).toBe(404);
  });
});
