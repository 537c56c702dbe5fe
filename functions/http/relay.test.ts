import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Created, LostFoundManage, LostFoundPost, PostMessage } from '../../src/common/contract/index.ts';
import { MAX_OWNER_DEVICES, RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { translate } from '../../src/common/i18n/index.ts';
import { lostFoundPosts } from '../../db/schema.ts';
import { paying } from '../../tests/paying.ts';
import { localPushService, type LocalPushService } from '../../tests/push-service.ts';
import { fakeGateway, type FakeGateway } from '../../tests/sms-gateway.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { eq } from 'drizzle-orm';
import { textedCode } from '../../tests/text-codes.ts';
import { postText, SMS_INBOUND, twilioForm } from '../../tests/twilio.ts';

const FAMILY_PHONE = '(559) 555-0142';
const FAMILY_E164 = '+15595550142';
const MESSAGE = { name: 'Lupe', message: 'I saw him at the Fresno bus station on Monday, in a grey jacket.', reach: '(559) 555-0178' };

let api: TestApp;
let gateway: FakeGateway;
let service: LocalPushService;
beforeEach(async () => {
  [gateway, service] = await Promise.all([fakeGateway(), localPushService()]);
  api = await testApp({
    smsGateway: { url: gateway.url, token: 'gateway-token' },
    push: { serviceHosts: [service.host], subject: 'mailto:ops@example.org' },
    smsInbound: SMS_INBOUND,
  });
});
afterEach(async () => {
  await api.settle();
  api.close();
  await Promise.all([gateway.close(), service.close()]);
});

let families = 0;
/** A record posted in Spanish (each by another family, from its own address), its contact hidden unless `showContact`. */
const postRecord = async (extra: Record<string, unknown> = {}) =>
  (await (
    await api.post(
      '/api/lost-found',
      { name: 'Rosa Hernández', lastSeenCity: 'Fresno', contact: FAMILY_PHONE, lang: 'es', ...extra },
      { 'x-test-client-address': `192.0.2.${++families}` },
    )
  ).json()) as Created<LostFoundPost>;
const owner = (record: Created<LostFoundPost>) => ({ authorization: `Bearer ${record.manageToken}` });
/** A message as the page's script sends it, paying the proof of work the server asks for, from `from`. */
const send = (id: string, body: unknown = MESSAGE, from = '198.51.100.7') =>
  paying((headers) => api.post(`/api/lost-found/${id}/messages`, body, { 'x-test-client-address': from, ...headers }));
/** The owner asks for the texts of what people write, and enters the code texted to the post's number. */
async function startTexts(board: string, id: string, token: string, phone = FAMILY_E164) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const asked = await api.app.request(`/api/owners/${board}/${id}/texts`, { method: 'POST', headers });
  expect(asked.status).toBe(202);
  expect(await asked.json()).toEqual({ phone });
  const confirmed = await api.app.request(`/api/owners/${board}/${id}/texts/confirm`, { method: 'POST', headers, body: JSON.stringify({ code: await textedCode(api, phone) }) });
  expect(await confirmed.json()).toEqual({ relayTexts: true });
  await api.settle();
  gateway.received.length = 0;
}
const manage = async (record: Created<LostFoundPost>) =>
  (await (await api.app.request(`/api/lost-found/${record.id}/manage`, { headers: owner(record) })).json()) as LostFoundManage;

describe('a message to the family of a record whose contact is hidden', () => {
  it('reaches the owner on the push service of the phone they chose and by text, and never answers the family’s contact', async () => {
    const record = await postRecord();
    expect(record.showContact).toBe(false);
    const phone = service.subscribe('owner-phone');
    expect(
      (
        await api.app.request(`/api/owners/lost-found/${record.id}/push`, {
          method: 'PUT',
          headers: { ...owner(record), 'content-type': 'application/json' },
          body: JSON.stringify({ ...phone, lang: 'es' }),
        })
      ).status,
    ).toBe(200);
    await startTexts('lost-found', record.id, record.manageToken);
    // Another browser, not the owner's: it hears nothing.
    expect((await api.post('/api/push/subscriptions', { ...service.subscribe('stranger'), lang: 'en', areas: [], topics: ['missing'] })).status).toBe(201);

    const sent = await send(record.id);
    expect(sent.status).toBe(201);
    const answer = await sent.text();
    for (const contact of [FAMILY_PHONE, '5595550142', '555-0142']) expect(answer).not.toContain(contact);
    await api.settle();

    expect(service.received.map((push) => push.path)).toEqual(['/push/owner-phone']);
    expect(service.received[0]!.message).toEqual({
      title: translate('es', 'push.messageTitle'),
      body: translate('es', 'push.messageBody'),
      url: '/es/manage',
      tag: `message:${record.id}`,
    });
    // The lock screen shows no name and no words of the message.
    expect(JSON.stringify(service.received[0]!.message)).not.toMatch(/Lupe|bus station/);

    const texts = gateway.to(FAMILY_E164);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(translate('es', 'sms.relay', { name: MESSAGE.name, message: MESSAGE.message }));
    expect(texts[0]).toContain(translate('es', 'sms.relayReach', { reach: MESSAGE.reach }));
    expect(texts[0]).toContain(translate('es', 'sms.relayWarning'));
    expect(texts[0]).toContain(`${new URL(SMS_INBOUND.url).origin}/es/manage`);

    // The owner reads it in My posts; the public record shows it nowhere.
    const { messages } = await manage(record);
    expect(messages).toEqual([expect.objectContaining({ name: MESSAGE.name, message: MESSAGE.message, reach: MESSAGE.reach }) satisfies Partial<PostMessage>]);
    const publicRecord = await (await api.app.request(`/api/lost-found/${record.id}`)).text();
    expect(publicRecord).not.toContain('bus station');
    expect(publicRecord).not.toContain(FAMILY_PHONE);
  });

  it('texts the family’s number no more once it texts STOP, until its owner asks again with a new code', async () => {
    const record = await postRecord();
    await startTexts('lost-found', record.id, record.manageToken);
    expect((await postText(api.app, twilioForm('STOP', FAMILY_E164))).status).toBe(200);
    await api.settle();
    gateway.received.length = 0;
    expect((await send(record.id)).status).toBe(201);
    await api.settle();
    expect(gateway.to(FAMILY_E164)).toEqual([]);
    expect((await manage(record)).post.relayTexts).toBe(false);
    // The message still reaches My posts.
    expect((await manage(record)).messages).toHaveLength(1);
    await startTexts('lost-found', record.id, record.manageToken);
    expect((await send(record.id, MESSAGE, '198.51.100.99')).status).toBe(201);
    await api.settle();
    expect(gateway.to(FAMILY_E164)).toHaveLength(1);
  });

  it('keeps who wrote, what and how to reach them sealed in the database file', async () => {
    const record = await postRecord();
    expect((await send(record.id)).status).toBe(201);
    await api.settle();
    api.store.client.close();
    for (const file of ['', '-wal'].map((suffix) => `${api.store.file}${suffix}`).filter(existsSync)) {
      const bytes = readFileSync(file);
      for (const secret of ['bus station', MESSAGE.reach]) expect(bytes.includes(secret), `${file} holds ${secret}`).toBe(false);
    }
  });

  it('never shows the hidden contact on request: the contact route refuses the record', async () => {
    const record = await postRecord();
    const answer = await paying((headers) => api.app.request(`/api/lost-found/${record.id}/contact`, { method: 'POST', headers }));
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('555');
  });

  it('needs a proof of work from a script, and from a form without scripts the one-time token of the record’s own page', async () => {
    const record = await postRecord();
    expect((await api.post(`/api/lost-found/${record.id}/messages`, MESSAGE)).status).toBe(428);
    const form = (token?: string) =>
      api.app.request(`/api/lost-found/${record.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ form: 'message', lang: 'es', ...MESSAGE, ...(token ? { token } : {}) }).toString(),
      });
    const refused = await form();
    expect(refused.status).toBe(403);
    // The refusal page keeps what was typed, in the page's language.
    expect(await refused.text()).toContain('bus station');
    const { token } = (await (await api.app.request(`/api/lost-found/${record.id}/token`)).json()) as { token: string };
    const taken = await form(token);
    expect(taken.status).toBe(201);
    expect(await taken.text()).toContain(translate('es', 'relay.sent'));
    // Replayed, the same token sends nothing more.
    expect((await form(token)).status).toBe(403);
    expect((await manage(record)).messages).toHaveLength(1);
  });

  it('refuses a record that is gone or hidden, and one whose family shows their contact, changing nothing', async () => {
    const shown = await postRecord({ showContact: true });
    const conflict = await send(shown.id);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe('shows_contact');

    const hidden = await postRecord();
    await api.store.db.update(lostFoundPosts).set({ hidden: true }).where(eq(lostFoundPosts.id, hidden.id));
    expect((await send(hidden.id)).status).toBe(404);

    const deleted = await postRecord();
    expect((await api.app.request(`/api/lost-found/${deleted.id}`, { method: 'DELETE', headers: owner(deleted) })).status).toBe(204);
    expect((await send(deleted.id)).status).toBe(404);
    expect((await send(crypto.randomUUID())).status).toBe(404);

    await api.settle();
    expect(await api.count('post_messages')).toBe(0);
    expect(gateway.received).toEqual([]);
  });

  it('stops a storm at one family: from any number of networks, the record’s day’s share, then a clear refusal', async () => {
    const record = await postRecord();
    await startTexts('lost-found', record.id, record.manageToken);
    const { limit } = RATE_LIMITS.messagePerPost;
    for (let n = 0; n < limit; n++) expect((await send(record.id, { ...MESSAGE, message: `Message ${n}` }, `198.51.${n}.9`)).status).toBe(201);
    const stormed = await send(record.id, MESSAGE, '203.0.113.200');
    expect(stormed.status).toBe(429);
    expect(((await stormed.json()) as { error: { code: string } }).error.code).toBe('post_limit');
    await api.settle();
    expect(await api.count('post_messages')).toBe(limit);
    expect(gateway.to(FAMILY_E164)).toHaveLength(limit);
    // Another family is not held up by it.
    expect((await send((await postRecord()).id, MESSAGE, '203.0.113.200')).status).toBe(201);
    // A day later the family can be written to again.
    api.clock.now += 24 * 60 * 60 * 1000 + 60_000;
    expect((await send(record.id, MESSAGE, '203.0.113.201')).status).toBe(201);
  });

  it('holds one network to its own limit across records', async () => {
    const { limit } = RATE_LIMITS.message;
    for (let n = 0; n < limit; n++) expect((await send((await postRecord()).id, MESSAGE, `198.51.100.${n + 1}`)).status).toBe(201);
    expect((await send((await postRecord()).id, MESSAGE, '198.51.100.250')).status).toBe(429);
  });

  it('lets only the owner read, delete and change: the choice to show the contact, and the phones told', async () => {
    const record = await postRecord();
    expect((await send(record.id)).status).toBe(201);
    const stranger = { authorization: `Bearer ${'x'.repeat(43)}` };
    expect((await api.app.request(`/api/lost-found/${record.id}/manage`, { headers: stranger })).status).toBe(403);
    expect(
      (
        await api.app.request(`/api/owners/lost-found/${record.id}/show-contact`, {
          method: 'PUT',
          headers: { ...stranger, 'content-type': 'application/json' },
          body: '{"showContact":true}',
        })
      ).status,
    ).toBe(403);

    const [message] = (await manage(record)).messages;
    expect((await api.app.request(`/api/lost-found/${record.id}/messages/${message!.id}`, { method: 'DELETE', headers: stranger })).status).toBe(403);
    expect((await api.app.request(`/api/lost-found/${record.id}/messages/${message!.id}`, { method: 'DELETE', headers: owner(record) })).status).toBe(204);
    expect((await manage(record)).messages).toEqual([]);

    // Shown now: the board says so, the contact comes on request and messages are refused.
    const shown = await api.app.request(`/api/owners/lost-found/${record.id}/show-contact`, {
      method: 'PUT',
      headers: { ...owner(record), 'content-type': 'application/json' },
      body: '{"showContact":true}',
    });
    expect(await shown.json()).toEqual({ showContact: true });
    expect(((await api.get<LostFoundPost>(`/api/lost-found/${record.id}`)) as LostFoundPost).showContact).toBe(true);
    expect((await send(record.id)).status).toBe(409);
    const revealed = await paying((headers) =>
      api.app.request(`/api/lost-found/${record.id}/contact`, { method: 'POST', headers: { 'x-test-client-address': '192.0.2.50', ...headers } }),
    );
    expect(await revealed.json()).toEqual({ contact: FAMILY_PHONE, contactKind: 'phone' });

    // At most MAX_OWNER_DEVICES browsers are told of one post's messages.
    const device = (n: number) =>
      api.app.request(`/api/owners/lost-found/${record.id}/push`, {
        method: 'PUT',
        headers: { ...owner(record), 'content-type': 'application/json' },
        body: JSON.stringify({ ...service.subscribe(`phone-${n}`), lang: 'en' }),
      });
    for (let n = 0; n < MAX_OWNER_DEVICES; n++) expect((await device(n)).status).toBe(200);
    expect((await device(MAX_OWNER_DEVICES)).status).toBe(409);
  });

  it('goes with its record: deleting the record deletes its messages and the phones told', async () => {
    const record = await postRecord();
    expect((await send(record.id)).status).toBe(201);
    await api.app.request(`/api/owners/lost-found/${record.id}/push`, {
      method: 'PUT',
      headers: { ...owner(record), 'content-type': 'application/json' },
      body: JSON.stringify({ ...service.subscribe('owner'), lang: 'en' }),
    });
    expect(await api.count('owner_devices')).toBe(1);
    await api.app.request(`/api/lost-found/${record.id}`, { method: 'DELETE', headers: owner(record) });
    expect(await api.count('post_messages')).toBe(0);
    expect(await api.count('owner_devices')).toBe(0);
  });
});

describe('answers to a help post whose poster keeps the contact hidden', () => {
  const REQUEST = {
    title: 'Ride to court',
    description: 'Hearing on Thursday',
    category: 'Transportation',
    urgency: 'High',
    city: 'Salinas',
    contactName: 'Marisol',
    contactMethod: '(831) 555-0119',
    lang: 'ko',
  };
  const ANSWER = { responderName: 'Luis', responderContact: '559-555-0104', message: 'I can drive you', responseType: 'offer_help' };

  it('tell the poster by push and by text, and the contact is never shown on request', async () => {
    const request = (await (await api.post('/api/assistance-requests', REQUEST)).json()) as Created<{ id: string; showContact: boolean }>;
    expect(request.showContact).toBe(false);
    const listed = await (await api.app.request('/api/assistance-requests')).text();
    expect(listed).not.toContain('555-0119');
    expect((await paying((headers) => api.app.request(`/api/assistance-requests/${request.id}/contact`, { method: 'POST', headers }))).status).toBe(404);
    await startTexts('assistance-requests', request.id, request.manageToken, '+18315550119');
    await api.app.request(`/api/owners/assistance-requests/${request.id}/push`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${request.manageToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...service.subscribe('poster'), lang: 'ko' }),
    });
    const answered = await api.post('/api/assistance-responses', { ...ANSWER, requestId: request.id });
    expect(answered.status).toBe(201);
    expect(await answered.text()).not.toContain('555-0119');
    await api.settle();
    expect(service.received.map((push) => push.path)).toEqual(['/push/poster']);
    const [text] = gateway.to('+18315550119');
    expect(text).toContain(translate('ko', 'sms.relay', { name: ANSWER.responderName, message: ANSWER.message }));
    expect(text).toContain(translate('ko', 'sms.relayWarning'));
  });

  it('stop at the post’s day’s share of answers, counted before any client limit', async () => {
    const request = (await (await api.post('/api/assistance-requests', REQUEST)).json()) as { id: string };
    for (let n = 0; n < RATE_LIMITS.messagePerPost.limit; n++)
      expect((await api.post('/api/assistance-responses', { ...ANSWER, requestId: request.id }, { 'x-test-client-address': `198.51.${n}.3` })).status).toBe(201);
    const refused = await api.post('/api/assistance-responses', { ...ANSWER, requestId: request.id }, { 'x-test-client-address': '203.0.113.99' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('post_limit');
  });
});
