import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/common/contract/index.ts';
import { RATE_LIMITS, RESPONDER_INVITE_DAYS } from '../../src/common/contract/limits.ts';
import { POW_PRESSURE_CLIENTS } from '../../src/common/contract/pow.ts';
import type { DeskReport, Responder, ResponderInvite } from '../../src/common/contract/responders.ts';
import { auditLog, passkeys, reportActions, responderInvites, smsOutbox } from '../../db/schema.ts';
import { softAuthenticator } from '../../tests/authenticator.ts';
import { paying } from '../../tests/paying.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { translate } from '../../src/common/i18n/index.ts';
import type { Lang } from '../../src/common/i18n/languages.ts';
import { localPushService, type LocalPushService } from '../../tests/push-service.ts';
import { fakeGateway, type FakeGateway } from '../../tests/sms-gateway.ts';
import { stopTexts, subscribeTexts } from '../../tests/text-codes.ts';
import { createAdmin } from '../middleware/admin-auth/index.ts';
import { updateSentence, type UpdateReason } from '../outbound/updates.ts';
import { SMS_INBOUND, twilioForm, twilioSignature } from '../../tests/twilio.ts';
import { dataKey, seal } from '../domain/sealed.ts';

const ORIGIN = 'http://localhost';
/** Where texts link to: the site's address the SMS provider posts to. */
const SITE = new URL(SMS_INBOUND.url).origin;
const DAY = 86_400_000;
let api: TestApp;
let admin: string;

type Init = { cookie?: string; origin?: string; body?: unknown };
/** A request as a page of this site sends it (its Origin), with a session cookie or none. */
async function call(method: string, path: string, { cookie, origin = ORIGIN, body }: Init = {}) {
  const headers: Record<string, string> = { origin };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return api.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const json = async <T>(response: Response, status = 200) => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!;

beforeEach(async () => {
  api = await testApp();
  const { secret } = await createAdmin(api.store.db, 'Maria');
  admin = cookieOf(await call('POST', '/api/admin/session', { body: { name: 'Maria', secret } }));
});
afterEach(() => api.close());

/** A moderator invites a responder; the token is the link's fragment. */
async function invite(counties = ['Fresno'], name = 'Luz') {
  const made = await json<ResponderInvite>(await call('POST', '/api/admin/responders', { cookie: admin, body: { name, network: 'Valley Rapid Response', counties } }), 201);
  return { ...made, token: made.link.replace('/respond#invite=', '') };
}

/** The responder opens the link on a phone and makes a passkey there: signed in. */
async function register(token: string, phone = softAuthenticator(ORIGIN)) {
  const options = await json<{ challenge: string; rp: { id: string }; user: { id: string } }>(await call('POST', '/api/respond/invite/options', { body: { token } }));
  const answer = await call('POST', '/api/respond/invite/verify', { body: { token, response: phone.create(options) } });
  return { phone, answer, cookie: answer.status === 200 ? cookieOf(answer) : '' };
}

async function signIn(phone: ReturnType<typeof softAuthenticator>, options?: { challenge: string }) {
  const asked = options ?? (await json<{ challenge: string; rpId: string }>(await call('POST', '/api/respond/sign-in/options')));
  return call('POST', '/api/respond/sign-in/verify', { body: { response: phone.get(asked) } });
}

const report = async (city = 'Fresno', details = 'Agents stopping cars at the corner') =>
  json<Alert>(await api.post('/api/alerts', { type: 'Enforcement Activity', activity: 'Checkpoint or traffic stop', city, details }), 201);
const act = (cookie: string, id: string, action: string, note?: string) => call('POST', `/api/respond/reports/${id}`, { cookie, body: { action, note } });
/** A text to the service's number as the SMS provider posts it, signed. */
const signedText = (body: string, from: string) => {
  const params = twilioForm(body, from);
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(params) }, body: params.toString() };
};
const publicState = async (id: string) => (await api.get<Alert[]>('/api/alerts')).find((alert) => alert.id === id)!;

describe('invites and passkeys', () => {
  it('an invite makes a passkey once; it signs in, then out; only hashes of the link and the session are kept', async () => {
    const { token, responder, expiresAt } = await invite(['Fresno', 'madera county']);
    expect(responder).toMatchObject({ name: 'Luz', network: 'Valley Rapid Response', counties: ['Fresno', 'Madera'], status: 'invited', passkeys: 0 });
    expect(expiresAt).toBe(new Date(api.clock.now + RESPONDER_INVITE_DAYS * DAY).toISOString());
    expect(JSON.stringify(await api.store.db.select().from(responderInvites))).not.toContain(token);

    // A second phone opened the same link meanwhile: whoever answers first makes the passkey.
    const meanwhile = await json<{ challenge: string; rp: { id: string }; user: { id: string } }>(await call('POST', '/api/respond/invite/options', { body: { token } }));
    const { phone, answer, cookie } = await register(token);
    expect(await json(answer)).toEqual({ name: 'Luz', network: 'Valley Rapid Response', counties: ['Fresno', 'Madera'], expiresAt: expect.any(String) });
    expect(answer.headers.get('set-cookie')).toMatch(/^__Host-responder=[\w-]{43};.*HttpOnly.*Secure.*SameSite=Strict/);
    expect(await json(await call('GET', '/api/respond/session', { cookie }))).toMatchObject({ name: 'Luz' });
    expect((await json<Responder[]>(await call('GET', '/api/admin/responders', { cookie: admin })))[0]).toMatchObject({ status: 'active', passkeys: 1 });

    // The link again, on this phone or another: refused, nothing made.
    const late = await call('POST', '/api/respond/invite/verify', { body: { token, response: softAuthenticator(ORIGIN).create(meanwhile) } });
    expect(await json(late, 410)).toMatchObject({ error: { code: 'invite_used' } });
    expect(await json(await call('POST', '/api/respond/invite/options', { body: { token } }), 410)).toMatchObject({ error: { code: 'invite_used' } });
    expect(await api.count('passkeys')).toBe(1);

    expect((await call('DELETE', '/api/respond/session', { cookie })).status).toBe(204);
    expect((await call('GET', '/api/respond/session', { cookie })).status).toBe(401);
    const again = await signIn(phone);
    expect(await json(again)).toMatchObject({ name: 'Luz' });
    const [stored] = await api.store.db.select().from(passkeys);
    expect(stored!.counter).toBe(1);
  });

  it('refuses an expired or made-up invite', async () => {
    const { token } = await invite();
    expect(await json(await call('POST', '/api/respond/invite/options', { body: { token: 'made-up' } }), 404)).toMatchObject({ error: { code: 'invite_unknown' } });
    api.clock.now += RESPONDER_INVITE_DAYS * DAY;
    expect(await json(await call('POST', '/api/respond/invite/options', { body: { token } }), 410)).toMatchObject({ error: { code: 'invite_expired' } });
  });

  it('refuses a passkey made for another site (its origin or its RP ID), a replayed prompt and an unknown passkey; the invite still works after', async () => {
    const { token } = await invite();
    const phone = softAuthenticator('https://find-help-reunite.example.net');
    const options = await json<{ challenge: string; rp: { id: string }; user: { id: string } }>(await call('POST', '/api/respond/invite/options', { body: { token } }));
    const elsewhere = await call('POST', '/api/respond/invite/verify', { body: { token, response: phone.create(options) } });
    expect(await json(elsewhere, 400)).toMatchObject({ error: { code: 'passkey_refused' } });

    const fresh = await json<{ challenge: string; rp: { id: string }; user: { id: string } }>(await call('POST', '/api/respond/invite/options', { body: { token } }));
    const otherRp = softAuthenticator(ORIGIN).create({ ...fresh, rp: { id: 'find-help-reunite.example.net' } });
    expect((await call('POST', '/api/respond/invite/verify', { body: { token, response: otherRp } })).status).toBe(400);
    // The same answer again: its prompt was spent.
    const replay = softAuthenticator(ORIGIN).create(fresh);
    expect((await call('POST', '/api/respond/invite/verify', { body: { token, response: replay } })).status).toBe(400);
    expect(await api.count('passkeys')).toBe(0);

    const { answer, phone: good } = await register(token);
    expect(answer.status).toBe(200);
    // A sign-in answered twice, and one by a passkey this site never saw.
    const asked = await json<{ challenge: string }>(await call('POST', '/api/respond/sign-in/options'));
    expect((await signIn(good, asked)).status).toBe(200);
    expect((await signIn(good, asked)).status).toBe(401);
    const stranger = softAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'someone' } });
    expect((await signIn(stranger)).status).toBe(401);
  });
});

describe('a flood of passkey prompts', () => {
  it('from many addresses costs proof of work once they come fast, so a script cannot fill the table of prompts for free', async () => {
    const ask = (address: string) => api.app.request('/api/respond/sign-in/options', { method: 'POST', headers: { origin: ORIGIN, 'x-test-client-address': address } });
    // Each address stays under its own limit (30 in 15 minutes); together they are three limits' worth.
    for (let i = 0; i < RATE_LIMITS.passkey.limit * POW_PRESSURE_CLIENTS; i++) expect((await ask(`198.51.${Math.floor(i / 200)}.${(i % 200) + 1}`)).status).toBe(200);
    const refused = await ask('203.0.113.9');
    expect(refused.status).toBe(428);
    expect(await refused.json()).toMatchObject({ error: { challenge: expect.any(Object) } });
    expect(await api.count('passkey_challenges')).toBe(RATE_LIMITS.passkey.limit * POW_PRESSURE_CLIENTS);
  });
});

describe("moderators' passkeys", () => {
  it('a signed-in moderator makes a passkey and signs in with it, the secret still working; passkeys never cross between moderators and responders', async () => {
    const laptop = softAuthenticator(ORIGIN);
    expect((await call('POST', '/api/admin/passkeys/options')).status).toBe(401);
    const options = await json<{ challenge: string; rp: { id: string }; user: { id: string } }>(await call('POST', '/api/admin/passkeys/options', { cookie: admin }));
    expect(await json(await call('POST', '/api/admin/passkeys', { cookie: admin, body: { response: laptop.create(options) } }), 201)).toEqual({ passkeys: 1 });
    // The same prompt answered again makes nothing.
    expect((await call('POST', '/api/admin/passkeys', { cookie: admin, body: { response: laptop.create(options) } })).status).toBe(400);

    const asked = await json<{ challenge: string }>(await call('POST', '/api/admin/session/passkey/options'));
    const signed = await call('POST', '/api/admin/session/passkey', { body: { response: laptop.get(asked) } });
    expect(await json(signed)).toMatchObject({ name: 'Maria' });
    expect(await json(await call('GET', '/api/admin/session', { cookie: cookieOf(signed) }))).toMatchObject({ name: 'Maria' });
    // A moderator's passkey opens no responder desk; a responder's, no moderation desk.
    expect(await json(await signIn(laptop), 401)).toMatchObject({ error: { code: 'passkey_refused' } });
    const { phone } = await register((await invite()).token);
    const prompt = await json<{ challenge: string }>(await call('POST', '/api/admin/session/passkey/options'));
    expect(await json(await call('POST', '/api/admin/session/passkey', { body: { response: phone.get(prompt) } }), 401)).toMatchObject({ error: { code: 'passkey_refused' } });
    // A responder's sign-in prompt cannot be answered at the moderators' door.
    const theirs = await json<{ challenge: string }>(await call('POST', '/api/respond/sign-in/options'));
    expect((await call('POST', '/api/admin/session/passkey', { body: { response: laptop.get(theirs) } })).status).toBe(401);
    expect((await api.store.db.select().from(auditLog)).map((line) => line.action)).toEqual(expect.arrayContaining(['admin.passkey', 'sign-in.passkey']));
  });
});

describe('the desk', () => {
  it('lists the open reports of their counties without contacts; a verification shows on /api/alerts with the network, never the person', async () => {
    const { token } = await invite(['Fresno']);
    const { cookie } = await register(token);
    const here = await report('Fresno');
    await report('Oakland', 'A checkpoint on the bridge');
    const desk = await json<DeskReport[]>(await call('GET', '/api/respond/reports', { cookie }));
    expect(desk.map((item) => item.id)).toEqual([here.id]);
    expect(desk[0]!.contact).toBeNull();
    expect(await publicState(here.id)).toMatchObject({ state: 'reported', verified: false });

    // On the way: recorded for the desk, the public state unchanged.
    await json(await act(cookie, here.id, 'going'));
    expect(await publicState(here.id)).toMatchObject({ state: 'reported' });
    const verified = await json<Alert>(await act(cookie, here.id, 'verified', 'Two vans on Blackstone, seen at 10:05'));
    expect(verified).toMatchObject({ state: 'verified', stateBy: 'Valley Rapid Response', stateNote: 'Two vans on Blackstone, seen at 10:05' });
    const listed = await publicState(here.id);
    expect(listed).toMatchObject({ state: 'verified', verified: true, stateBy: 'Valley Rapid Response' });
    expect(JSON.stringify(listed)).not.toContain('Luz');
    expect(api.published.at(-1)).toEqual({ event: 'alert-state', data: { id: here.id, state: 'verified' } });
    const acts = (await json<DeskReport[]>(await call('GET', '/api/respond/reports', { cookie })))[0]!.acts;
    expect(acts.map((done) => [done.action, done.by])).toEqual([
      ['verified', 'Luz'],
      ['going', 'Luz'],
    ]);
    expect((await api.store.db.select().from(auditLog)).map((line) => [line.adminName, line.action]).filter(([name]) => name.startsWith('responder'))).toEqual([
      ['responder Luz', 'responder.passkey'],
      ['responder Luz', 'report.going'],
      ['responder Luz', 'report.verified'],
    ]);
  });

  it('refuses a report outside their counties, a made-up act and one by nobody; nothing changes', async () => {
    const { cookie } = await register((await invite(['Fresno'])).token);
    const away = await report('Oakland', 'A checkpoint on the bridge');
    expect(await json(await act(cookie, away.id, 'false-alarm'), 403)).toMatchObject({ error: { code: 'outside_counties' } });
    expect((await act(cookie, away.id, 'erase')).status).toBe(400);
    expect((await act('__Host-responder=made-up', away.id, 'false-alarm')).status).toBe(401);
    expect((await act(cookie, 'no-such-report', 'over')).status).toBe(404);
    // From another site, even with the cookie.
    expect((await call('POST', `/api/respond/reports/${away.id}`, { cookie, origin: 'https://busy-news.example', body: { action: 'over' } })).status).toBe(403);
    expect(await publicState(away.id)).toMatchObject({ state: 'reported' });
    expect(await api.count('report_actions')).toBe(0);
  });

  it('a paused responder cannot act or sign in until resumed; a removed one never again, their passkey forgotten', async () => {
    const { token, responder } = await invite();
    const { phone, cookie } = await register(token);
    const here = await report();
    await json(await call('POST', `/api/admin/responders/${responder.id}/pause`, { cookie: admin }));
    expect((await act(cookie, here.id, 'false-alarm')).status).toBe(401);
    expect(await json(await signIn(phone), 403)).toMatchObject({ error: { code: 'responder_paused' } });
    await json(await call('POST', `/api/admin/responders/${responder.id}/resume`, { cookie: admin }));
    const back = cookieOf(await signIn(phone));
    await json(await act(back, here.id, 'over'));

    await json(await call('POST', `/api/admin/responders/${responder.id}/remove`, { cookie: admin }));
    expect((await act(back, here.id, 'false-alarm')).status).toBe(401);
    expect((await signIn(phone)).status).toBe(401);
    expect(await api.count('passkeys')).toBe(0);
    expect(await publicState(here.id)).toMatchObject({ state: 'over' });
    expect(await json<Responder[]>(await call('GET', '/api/admin/responders', { cookie: admin }))).toEqual([]);
    expect((await api.store.db.select().from(auditLog)).map((line) => line.action).filter((action) => action.startsWith('responder.'))).toEqual([
      'responder.invite',
      'responder.passkey',
      'responder.pause',
      'responder.resume',
      'responder.remove',
    ]);
  });

  it('two responders acting on one report at once: both recorded, the last one is its state', async () => {
    const first = await register((await invite(['Fresno'], 'Luz')).token);
    const second = await register((await invite(['Fresno'], 'Beto')).token);
    const here = await report();
    await Promise.all([act(first.cookie, here.id, 'verified'), act(second.cookie, here.id, 'false-alarm')]);
    const recorded = await api.store.db.select().from(reportActions);
    expect(recorded.map((done) => done.action).sort()).toEqual(['false-alarm', 'verified']);
    // Both the same minute: the one written last stands.
    const last = (await api.store.client.execute('select action from report_actions order by rowid desc limit 1')).rows[0]!.action;
    expect((await publicState(here.id)).state).toBe(last);
  });

  it('a moderator cannot be skipped: responder routes refuse an admin cookie, admin routes a responder one', async () => {
    const { cookie } = await register((await invite()).token);
    expect((await call('GET', '/api/respond/reports', { cookie: admin })).status).toBe(401);
    expect((await call('GET', '/api/admin/responders', { cookie })).status).toBe(401);
  });
});

describe('updates: a false alarm taken back, a verification to those who asked', () => {
  let gateway: FakeGateway;
  let service: LocalPushService;
  beforeEach(async () => {
    api.close();
    [gateway, service] = await Promise.all([fakeGateway(), localPushService()]);
    api = await testApp({
      smsGateway: { url: gateway.url, token: 'gateway-token' },
      push: { serviceHosts: [service.host], subject: 'mailto:ops@example.org' },
      smsInbound: SMS_INBOUND,
    });
    const { secret } = await createAdmin(api.store.db, 'Maria');
    admin = cookieOf(await call('POST', '/api/admin/session', { body: { name: 'Maria', secret } }));
    for (const [phone, lang] of [
      ['5595550101', 'es'],
      ['5595550102', 'ar'],
    ])
      expect((await subscribeTexts(api, { phone, city: 'Fresno', lang })).status).toBe(201);
    // Two browsers following Fresno's enforcement reports, and one following Los Angeles only.
    for (const [id, lang, areas] of [
      ['fresno-es', 'es', ['Fresno']],
      ['fresno-ko', 'ko', []],
      ['los-angeles', 'en', ['Los Angeles']],
    ] as const)
      expect((await api.post('/api/push/subscriptions', { ...service.subscribe(id), lang, areas, topics: ['enforcement'] })).status).toBe(201);
    await api.settle();
    gateway.received.length = 0;
  });
  afterEach(async () => {
    await Promise.all([gateway.close(), service.close()]);
  });

  const update = (lang: Lang, reason: UpdateReason, alert: Alert) => updateSentence(lang, reason, { ...alert, responderNetwork: alert.stateBy });

  it('reaches the numbers it was texted to and the browsers it was pushed to, in their language, once', async () => {
    const { cookie } = await register((await invite(['Fresno'])).token);
    const here = await report();
    await api.settle();
    expect(gateway.received.map((text) => text.to).sort()).toEqual(['+15595550101', '+15595550102']);
    expect(service.received.map((push) => push.path).sort()).toEqual(['/push/fresno-es', '/push/fresno-ko']);
    gateway.received.length = 0;
    service.received.length = 0;

    await json(await act(cookie, here.id, 'false-alarm', 'Bus company staff, not agents'));
    await api.settle();
    const spanish = gateway.to('+15595550101');
    expect(spanish).toEqual([`${translate('es', 'update.title')}: ${update('es', 'false-alarm', here)} ${SITE}/es/ice-reports ${translate('es', 'sms.stop')}`]);
    expect(spanish[0]).toMatch(/El aviso cerca de Fresno \(10:00 a\.\s?m\.\) fue una falsa alarma\./);
    expect(gateway.to('+15595550102')[0]).toContain(update('ar', 'false-alarm', here));
    // What a text or a push says is the site's words only: never the reporter's, nor the responder's note.
    expect(JSON.stringify(gateway.received)).not.toMatch(/stopping cars|Bus company/);
    const pushed = Object.fromEntries(service.received.map((push) => [push.path, push.message]));
    expect(pushed).toEqual({
      '/push/fresno-es': { title: translate('es', 'update.title'), body: update('es', 'false-alarm', here), url: '/es/ice-reports', tag: 'enforcement' },
      '/push/fresno-ko': { title: translate('ko', 'update.title'), body: update('ko', 'false-alarm', here), url: '/ko/ice-reports', tag: 'enforcement' },
    });
    expect(service.failures).toEqual([]);

    // Called a false alarm again, or taken down after: nothing more goes out.
    const again = await register((await invite(['Fresno'], 'Beto')).token);
    await json(await act(again.cookie, here.id, 'false-alarm'));
    await json(await call('POST', `/api/admin/alerts/${here.id}/hide`, { cookie: admin }));
    await api.settle();
    expect(gateway.received).toHaveLength(2);
    expect(service.received).toHaveLength(2);
  });

  it('a report taken down by a moderator: its waiting texts are dropped, those sent hear it was taken down', async () => {
    const here = await report();
    await api.settle();
    gateway.received.length = 0;
    service.received.length = 0;
    // One more number, whose text has not gone out yet when the report is taken down.
    const phone = await seal(await dataKey(api.key), smsOutbox.phone, '+15595550199');
    await api.store.db.insert(smsOutbox).values({ id: 'waiting', phone, body: 'alert', alertId: here.id, createdAt: here.createdAt });
    await json(await call('POST', `/api/admin/alerts/${here.id}/hide`, { cookie: admin }));
    await api.settle();
    expect(gateway.to('+15595550199')).toEqual([]);
    expect(gateway.to('+15595550101')).toEqual([`${translate('es', 'update.title')}: ${update('es', 'taken-down', here)} ${SITE}/es/ice-reports ${translate('es', 'sms.stop')}`]);
    expect(service.received.map((push) => (push.message as { body: string }).body).sort()).toEqual([update('es', 'taken-down', here), update('ko', 'taken-down', here)].sort());
  });

  it('a verification and its end reach only the numbers and browsers that asked for updates, each once; a false alarm after it reaches everyone', async () => {
    expect((await subscribeTexts(api, { phone: '5595550103', city: 'Fresno', lang: 'en', updates: true })).status).toBe(201);
    // Texting ALERTS again says nothing of updates: the choice made on the web stays.
    expect((await api.app.request('/api/sms/inbound', signedText('ALERTS Fresno', '+15595550103'))).status).toBe(200);
    const asked = await api.post('/api/push/subscriptions', { ...service.subscribe('fresno-en'), lang: 'en', areas: ['Fresno'], topics: ['enforcement'], updates: true });
    expect(await json(asked, 201)).toMatchObject({ updates: true });
    // The board's "turn on" button sends no choice: the browser keeps its own.
    expect(await json(await api.post('/api/push/subscriptions', { ...service.subscribe('fresno-en'), lang: 'en', areas: ['Fresno'], topics: ['enforcement'] }), 201)).toMatchObject(
      { updates: true },
    );
    const { cookie } = await register((await invite(['Fresno'])).token);
    await api.settle();
    gateway.received.length = 0;
    const here = await report();
    await api.settle();
    expect(gateway.received.map((text) => text.to).sort()).toEqual(['+15595550101', '+15595550102', '+15595550103']);
    gateway.received.length = 0;
    service.received.length = 0;

    await json(await act(cookie, here.id, 'going'));
    await json(await act(cookie, here.id, 'verified'));
    await json(await act(cookie, here.id, 'verified'));
    await api.settle();
    const verified = await publicState(here.id);
    expect(gateway.received.map((text) => text.body)).toEqual([
      `${translate('en', 'update.title')}: ${update('en', 'verified', verified)} ${SITE}/ice-reports ${translate('en', 'sms.stop')}`,
    ]);
    expect(gateway.received[0]!.body).toContain('was verified by a rapid responder of Valley Rapid Response.');
    expect(service.received.map((push) => [push.path, (push.message as { body: string }).body])).toEqual([['/push/fresno-en', update('en', 'verified', verified)]]);

    await json(await act(cookie, here.id, 'over'));
    await api.settle();
    expect(gateway.received.map((text) => text.to)).toEqual(['+15595550103', '+15595550103']);
    expect(gateway.received[1]!.body).toContain(update('en', 'over', verified));
    expect(service.received).toHaveLength(2);

    await json(await act(cookie, here.id, 'false-alarm'));
    await api.settle();
    expect(
      gateway.received
        .slice(2)
        .map((text) => text.to)
        .sort(),
    ).toEqual(['+15595550101', '+15595550102', '+15595550103']);
    expect(
      service.received
        .slice(2)
        .map((push) => push.path)
        .sort(),
    ).toEqual(['/push/fresno-en', '/push/fresno-es', '/push/fresno-ko']);
    // Once taken back, nothing follows it: verified again, it sends nothing.
    await json(await act(cookie, here.id, 'verified'));
    await api.settle();
    expect(gateway.received).toHaveLength(5);
    expect(service.received).toHaveLength(5);
  });

  it('a report by text keeps its place: its reporter hears each new state a responder gives it, in their language; a report from the web has no one to tell', async () => {
    const { cookie } = await register((await invite(['Fresno'])).token);
    const sent = await api.app.request('/api/sms/inbound', signedText('AVISO Fresno agentes en la tienda de Blackstone', '+15595550177'));
    expect(await sent.text()).toContain(translate('es', 'sms.reply.reported', { place: 'Fresno' }));
    const texted = (await api.get<Alert[]>('/api/alerts')).find((alert) => alert.details.includes('Blackstone'))!;
    expect(texted.state).toBe('reported');
    // The number is kept sealed with the report, never readable in a copy of the database.
    expect(JSON.stringify((await api.store.client.execute('select reply_to from alerts')).rows)).not.toContain('5595550177');
    const web = await report();
    await api.settle();
    gateway.received.length = 0;

    await json(await act(cookie, texted.id, 'going'));
    await json(await act(cookie, texted.id, 'verified'));
    await json(await act(cookie, web.id, 'verified'));
    await api.settle();
    const said = (state: string) => translate('es', 'sms.reply.yourReport', { place: 'Fresno', state });
    // Only the reporter by text hears of it: the web report's verification told no one (no one here asked for updates).
    expect(gateway.received.map((text) => [text.to, text.body])).toEqual([
      ['+15595550177', said(translate('es', 'alerts.state.verifiedBy', { network: 'Valley Rapid Response' }))],
    ]);
    await json(await act(cookie, texted.id, 'false-alarm'));
    await api.settle();
    expect(gateway.to('+15595550177')).toEqual([
      said(translate('es', 'alerts.state.verifiedBy', { network: 'Valley Rapid Response' })),
      said(translate('es', 'alerts.state.falseAlarm')),
    ]);
    // STOP from that number: no answer about its report follows, and the number is gone from it.
    expect((await api.app.request('/api/sms/inbound', signedText('PARAR', '+15595550177'))).status).toBe(200);
    expect((await api.store.client.execute('select count(*) as n from alerts where reply_to is not null')).rows[0]!.n).toBe(0);
    await json(await act(cookie, texted.id, 'verified'));
    await api.settle();
    expect(gateway.to('+15595550177')).toHaveLength(2);
  });

  it('a number that stopped its alerts hears nothing more', async () => {
    const { cookie } = await register((await invite(['Fresno'])).token);
    const here = await report();
    await api.settle();
    gateway.received.length = 0;
    expect((await stopTexts(api, '5595550102')).status).toBe(200);
    await api.settle();
    gateway.received.length = 0;
    await json(await act(cookie, here.id, 'false-alarm'));
    await api.settle();
    expect(gateway.received.map((text) => text.to)).toEqual(['+15595550101']);
  });
});

describe("the network's numbers", () => {
  it('counts per county and week each report once as posted, confirmed by others, verified and false alarm, however often it is said, and keeps them after the reports', async () => {
    const { cookie } = await register((await invite(['Fresno', 'Madera'])).token);
    const seen = await report('Fresno', 'Two vans on Blackstone');
    const bus = await report('Clovis', 'Agents at the bus station');
    await report('Madera', 'A checkpoint on Gateway Drive');
    // A community notice is no enforcement report: not counted.
    await json(await api.post('/api/alerts', { city: 'Fresno', details: 'Food bank open late' }), 201);
    for (const address of ['192.0.2.1', '192.0.3.1', '192.0.4.1'])
      expect((await paying((headers) => api.post(`/api/alerts/${seen.id}/marks`, { kind: 'confirm' }, { 'x-test-client-address': address, ...headers }))).status).toBe(200);
    await json(await act(cookie, seen.id, 'verified'));
    await json(await act(cookie, seen.id, 'verified'));
    await json(await act(cookie, bus.id, 'false-alarm'));
    await json(await act(cookie, bus.id, 'verified'));
    await json(await act(cookie, bus.id, 'false-alarm'));

    const week = '2026-11-16';
    const expected = [
      { county: 'Fresno', week, reports: 2, confirmed: 1, verified: 2, falseAlarms: 1 },
      { county: 'Madera', week, reports: 1, confirmed: 0, verified: 0, falseAlarms: 0 },
    ];
    expect(await api.get('/api/alerts/tallies')).toEqual(expected);
    // The reports expire and are deleted: the numbers stay, and say nothing else of them.
    api.clock.now += 5 * 3600_000;
    await api.get('/api/alerts');
    const reports = await api.store.client.execute("select count(*) as n from alerts where type = 'Enforcement Activity'");
    expect(reports.rows[0]!.n).toBe(0);
    expect(await api.get('/api/alerts/tallies')).toEqual(expected);
    // A Monday starts a new week, in California's time.
    api.clock.now = Date.parse('2026-11-23T08:30:00Z');
    await report('Fresno', 'Agents at the flea market');
    expect(((await api.get('/api/alerts/tallies')) as { week: string }[]).map((row) => row.week)).toEqual(['2026-11-23', week, week]);
  });
});
