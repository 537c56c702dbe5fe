import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localPushService, type LocalPushService } from '../../tests/push-service.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { MAX_PUSH_AREAS, MAX_PUSH_FOLLOWS, PUSH_TOPICS, RATE_LIMITS } from '../../src/common/contract/limits.ts';
import es from '../../src/common/i18n/es.json';
import { COUNTIES } from '../../src/common/contract/places.ts';
import { createAdmin } from '../middleware/admin-auth/index.ts';
import { dataKey, isSealed, openSecret, sealer } from '../domain/sealed.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './push-hosts.ts';
import { pushEvent, pushPersonNews, vapidKeys } from './push.ts';

let service: LocalPushService;
let api: TestApp;
beforeEach(async () => {
  service = await localPushService();
  api = await testApp({ push: { serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS, service.host], subject: 'mailto:ops@example.org' } });
});
afterEach(async () => {
  api.close();
  await service.close();
});

const alert = { type: 'Community Notice', city: 'Fresno', details: 'Road closed by the school, call Rosa at 559-555-0101', contact: 'rosa@example.org' };
const report = { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Agents at the flea market' };
const subscribe = (body: unknown) => api.post('/api/push/subscriptions', body);
const stored = async () => (await api.store.client.execute('select endpoint, areas, topics, lang from push_subscriptions order by created_at')).rows;

describe('sending', () => {
  it('hands one push to the push service, signed with VAPID and encrypted to the browser: generic, in its language', async () => {
    const { publicKey } = await api.get<{ publicKey: string }>('/api/push/key');
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const english = service.subscribe('english');
    const spanish = service.subscribe('spanish');
    expect((await subscribe(english)).status).toBe(201);
    expect((await subscribe({ ...spanish, lang: 'es' })).status).toBe(201);

    expect((await api.post('/api/alerts', alert)).status).toBe(201);
    await api.settle();

    expect(service.failures).toEqual([]);
    const byPath = Object.fromEntries(service.received.map((push) => [push.path, push]));
    expect(byPath['/push/english']!.message).toEqual({ title: 'Emergency alert: Community Notice', body: 'Near Fresno. Open it to see more.', url: '/alerts', tag: 'alerts' });
    expect(byPath['/push/spanish']!.message).toEqual({
      title: 'Alerta de emergencia: Aviso comunitario',
      body: 'Cerca de Fresno. Ábrelo para ver más.',
      url: '/es/alerts',
      tag: 'alerts',
    });
    for (const push of service.received) {
      expect(push.key).toBe(publicKey);
      expect(push.claims).toMatchObject({ aud: `https://${service.host}`, sub: 'mailto:ops@example.org' });
      expect(push.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      // Nothing the poster wrote travels, not even through the push service.
      expect(JSON.stringify(push.message)).not.toMatch(/Rosa|559|Road|school/);
    }
  });

  it('reaches only the subscriptions that follow the topic, and the county of the city posted (or all of California)', async () => {
    await subscribe({ ...service.subscribe('everything') });
    await subscribe({ ...service.subscribe('jobs-only'), topics: ['jobs'] });
    await subscribe({ ...service.subscribe('los-angeles'), areas: ['Los Angeles'] });
    await subscribe({ ...service.subscribe('fresno-and-kern'), areas: ['Kern', 'fresno county'] });
    // Clovis is in Fresno County.
    await api.post('/api/alerts', { ...report, city: 'Clovis, CA' });
    await api.settle();
    expect(service.received.map((push) => push.path).sort()).toEqual(['/push/everything', '/push/fresno-and-kern']);
    expect(service.received[0]!.message).toMatchObject({ body: 'Near Fresno. Open it to see more.' });
    expect(service.received[0]!.message).toMatchObject({ title: 'Emergency alert: Immigration enforcement', url: '/ice-reports', tag: 'enforcement' });
  });

  it('names a missing person nowhere: the tap opens the record', async () => {
    await subscribe({ ...service.subscribe('family'), topics: ['missing'] });
    const post = await api.post('/api/lost-found', {
      name: 'Rosa Elena Martínez',
      description: 'Last seen at the bus stop',
      lastSeenCity: 'Fresno',
      contact: 'family@example.org',
    });
    const { id } = (await post.json()) as { id: string };
    await api.settle();
    expect(service.received.map((push) => push.message)).toEqual([
      { title: 'Missing person alert', body: 'Near Fresno. Open it to see more.', url: `/person/${id}`, tag: 'missing' },
    ]);
  });

  it('announces drops and jobs an organizer makes public, to their topics only', async () => {
    await subscribe({ ...service.subscribe('drops'), topics: ['drops'], lang: 'vi' });
    await subscribe({ ...service.subscribe('jobs'), topics: ['jobs'] });
    const { secret } = await createAdmin(api.store.db, 'Maria');
    const session = await api.post('/api/admin/session', { name: 'Maria', secret }, { origin: 'http://localhost' });
    const headers = { origin: 'http://localhost', cookie: session.headers.get('set-cookie')!.split(';')[0]! };
    const drop = { title: 'Winter coats', date: '2026-12-05', meetSpot: 'Roeding Park', city: 'Fresno', whatWeBring: 'Coats', status: 'active' };
    expect((await api.post('/api/admin/drops', drop, headers)).status).toBe(201);
    const job = { title: 'Line cook', employer: 'El Comal', city: 'Visalia', jobType: 'Full-time', payRange: '$19/hour', contact: '(559) 555-0111', acceptsNoPapers: true };
    expect((await api.post('/api/admin/jobs', job, headers)).status).toBe(201);
    await api.settle();
    expect(Object.fromEntries(service.received.map((push) => [push.path, push.message]))).toEqual({
      '/push/drops': { title: 'Đợt phát thực phẩm & nhu yếu phẩm mới', body: 'Gần Fresno. Mở ra để xem thêm.', url: '/vi/drops', tag: 'drops' },
      // Visalia is in Tulare County.
      '/push/jobs': { title: 'New job', body: 'Near Tulare. Open it to see more.', url: '/jobs', tag: 'jobs' },
    });
  });

  it('deletes a subscription its push service says is gone (410, 404), and tries again after 429 or 5xx', async () => {
    const gone = service.subscribe('gone');
    const unknown = service.subscribe('unknown');
    await subscribe(gone);
    await subscribe(unknown);
    // Subscriptions go out in endpoint order: 'gone' first, then 'unknown'.
    service.answer(410, 404);
    await api.post('/api/alerts', alert);
    await api.settle();
    expect(await stored()).toEqual([]);

    const busy = service.subscribe('busy');
    await subscribe(busy);
    service.answer(503);
    await api.post('/api/alerts', report);
    await api.settle();
    expect(service.handled()).toBe(4);
    expect(service.received.map((push) => push.path)).toEqual(['/push/busy']);
    expect(await stored()).toHaveLength(1);
  });

  it(`gives up on a push whose service keeps failing, and keeps the subscription`, async () => {
    await subscribe(service.subscribe('down'));
    service.answer(500, 500, 500);
    await api.post('/api/alerts', alert);
    await api.settle();
    expect(service.handled()).toBe(3);
    expect(service.received).toEqual([]);
    expect(await stored()).toHaveLength(1);
  }, 15_000);
});

describe('subscriptions', () => {
  it('keeps one subscription per endpoint: subscribing again replaces its areas, topics and language; DELETE removes it', async () => {
    const browser = service.subscribe();
    expect(await (await subscribe(browser)).json()).toEqual({ endpoint: browser.endpoint, areas: [], topics: [...PUSH_TOPICS], lang: 'en', updates: false });
    await subscribe({ ...browser, areas: ['Fresno', 'fresno county', ' KERN '], topics: ['drops'], lang: 'ko' });
    expect(await stored()).toEqual([{ endpoint: browser.endpoint, areas: '["Fresno","Kern"]', topics: '["drops"]', lang: 'ko' }]);
    expect(await (await api.del('/api/push/subscriptions', { endpoint: browser.endpoint })).json()).toEqual({ endpoint: browser.endpoint, removed: true });
    expect(await stored()).toEqual([]);
  });

  it('keeps the VAPID key pair it made in the database, sealed under the data key, so a restart signs with the same key', async () => {
    const first = await api.get<{ publicKey: string }>('/api/push/key');
    const kept = String((await api.store.client.execute(`select value from meta where key = 'vapid_keys'`)).rows[0]!.value);
    expect(isSealed(kept)).toBe(true);
    expect(JSON.parse(await openSecret(await dataKey(api.key), 'vapid_keys', kept))).toMatchObject({ publicKey: first.publicKey });
  });

  it('refuses endpoints that are not https on a known push service: the server never calls another address', async () => {
    const keys = service.subscribe().keys;
    const plain = await testApp({ push: { serviceHosts: DEFAULT_PUSH_SERVICE_HOSTS } });
    try {
      for (const endpoint of [
        `http://${service.host}/push/x`,
        'http://127.0.0.1/push/x',
        'http://fcm.googleapis.com/fcm/send/x',
        'https://evil.example.com/push/x',
        'https://fcm.googleapis.com.evil.example/x',
        'https://fcm.googleapis.com:8443/x',
        'https://user@fcm.googleapis.com/x',
        'https://notify.windows.com.example/x',
      ]) {
        const response = await plain.post('/api/push/subscriptions', { endpoint, keys });
        expect(response.status, endpoint).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: 'invalid_input', message: 'Some fields are missing or not valid', fields: { endpoint: 'Endpoint must be an https address of a known push service' } },
        });
      }
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/abc',
        'https://web.push.apple.com/abc',
        'https://wns2-bl2p.notify.windows.com/w/?token=abc',
      ]) {
        expect((await plain.post('/api/push/subscriptions', { endpoint, keys })).status, endpoint).toBe(201);
      }
      expect(await plain.count('push_subscriptions')).toBe(4);
    } finally {
      plain.close();
    }
  });

  it('refuses malformed keys, too many areas and unknown topics with a clear 400, storing nothing', async () => {
    const { endpoint, keys } = service.subscribe();
    const cases: [unknown, string][] = [
      [{ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(1) } }, 'keys.p256dh'],
      [{ endpoint, keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } }, 'keys.p256dh'],
      // The right length and first byte, but no point of the curve.
      [{ endpoint, keys: { ...keys, p256dh: `BA${'A'.repeat(85)}` } }, 'keys.p256dh'],
      [{ endpoint, keys: { ...keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
      [{ endpoint, keys: { ...keys, auth: `${keys.auth.slice(2)}+/` } }, 'keys.auth'],
      [{ endpoint }, 'keys'],
      [{ endpoint, keys, areas: Array.from({ length: 100 }, (_, i) => COUNTIES[i % COUNTIES.length]!.name) }, 'areas'],
      [{ endpoint, keys, areas: ['Fresno', 'Atlantis'] }, 'areas.1'],
      [{ endpoint, keys, areas: ['Clovis'] }, 'areas.0'],
      [{ endpoint, keys, areas: [''] }, 'areas.0'],
      [{ endpoint, keys, topics: ['weather'] }, 'topics.0'],
      [{ endpoint, keys, lang: 'fr' }, 'lang'],
      [{ endpoint: 'not an address', keys }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const response = await subscribe(body);
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('invalid_input');
      expect(Object.keys(error.fields), field).toContain(field);
    }
    expect(COUNTIES).toHaveLength(MAX_PUSH_AREAS);
    expect((await subscribe({ endpoint, keys, areas: COUNTIES.map((county) => county.name) })).status).toBe(201);
    expect(await api.count('push_subscriptions')).toBe(1);
  });

  it('is rate limited like every public write', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await subscribe(service.subscribe())).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('following a person record', () => {
  const record = { name: 'Rosa Elena Martínez', description: 'Last seen at the bus stop', lastSeenCity: 'Fresno', contact: 'family@example.org' };
  const note = { authorName: 'Lupe', text: 'I saw her at the Fresno shelter on Tuesday, call me at 559-555-0101', status: 'believed_alive', contact: 'lupe@example.org' };
  /** A record posted from an address of its own: the tests post more than one client may in an hour. */
  const postRecord = async (n = 0) =>
    (await (await api.post('/api/lost-found', record, { 'x-test-client-address': `198.51.100.${n}` })).json()) as { id: string; manageToken: string };
  const follow = (subscription: ReturnType<LocalPushService['subscribe']>, id: string, extra: object = {}) => api.post('/api/push/follows', { ...subscription, id, ...extra });
  const lookup = async (endpoint: string) => api.post('/api/push/subscriptions/lookup', { endpoint });

  it('pushes a generic note of news, in the follower’s language, to the followers only; the tap opens the record', async () => {
    const { id } = await postRecord();
    const follower = service.subscribe('follower');
    const spanish = service.subscribe('spanish');
    expect(await (await follow(follower, id)).json()).toEqual({ id, name: record.name, status: 'missing' });
    expect((await follow(spanish, id, { lang: 'es' })).status).toBe(201);
    // Every topic, all of California, but not following this record.
    await subscribe(service.subscribe('bystander'));
    await api.settle();
    service.received.splice(0);

    expect((await api.post(`/api/lost-found/${id}/notes`, note)).status).toBe(201);
    await api.settle();
    expect(service.failures).toEqual([]);
    expect(Object.fromEntries(service.received.map((push) => [push.path, push.message]))).toEqual({
      '/push/follower': { title: 'News about a person you follow', body: 'Open it to see more.', url: `/person/${id}`, tag: `person:${id}` },
      '/push/spanish': { title: es['push.personTitle'], body: es['push.body'], url: `/es/person/${id}`, tag: `person:${id}` },
    });
    expect(JSON.stringify(service.received.map((push) => push.message))).not.toMatch(/Rosa|Lupe|shelter|559/);
  });

  it('pushes once when the poster marks the person found, and nothing for a note or record hidden before it went out', async () => {
    const { id, manageToken } = await postRecord();
    await follow(service.subscribe('follower'), id);
    const found = () =>
      api.app.request(`/api/lost-found/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${manageToken}` },
        body: JSON.stringify({ status: 'found' }),
      });
    expect((await found()).status).toBe(200);
    await api.settle();
    expect(service.received.map((push) => push.message)).toEqual([
      { title: 'News about a person you follow', body: 'Open it to see more.', url: `/person/${id}`, tag: `person:${id}` },
    ]);
    // Marked found again: no news.
    expect((await found()).status).toBe(200);
    await api.settle();
    expect(service.received).toHaveLength(1);

    // A note a moderator hid before its push went out (it goes in the background, after the answer) sends nothing.
    const sender = { hosts: [service.host], keys: vapidKeys(sealer(api.store.db, dataKey(api.key))), subject: 'mailto:ops@example.org' };
    const { id: noteId } = (await (await api.post(`/api/lost-found/${id}/notes`, note)).json()) as { id: string };
    await api.settle();
    expect(service.received).toHaveLength(2);
    await api.store.client.execute({ sql: 'update lost_found_notes set hidden = 1 where id = ?', args: [noteId] });
    const noteEvent = { event: 'new-missing-person-note', data: { id: noteId, postId: id, status: note.status } } as const;
    expect(await pushEvent(api.store.db, sender, noteEvent)).toEqual({ sent: 0, gone: 0, failed: 0 });
    // Nor does news of a record hidden meanwhile.
    await api.store.client.execute({ sql: 'update lost_found_notes set hidden = 0 where id = ?', args: [noteId] });
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [id] });
    expect(await pushEvent(api.store.db, sender, noteEvent)).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(await pushPersonNews(api.store.db, sender, id)).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(service.handled()).toBe(2);
  });

  it('keeps a browser that follows before choosing anything with no area and no topic: it hears of its records only', async () => {
    const { id } = await postRecord();
    const browser = service.subscribe('browser');
    await follow(browser, id, { lang: 'vi' });
    expect(await (await lookup(browser.endpoint)).json()).toEqual({
      endpoint: browser.endpoint,
      areas: [],
      topics: [],
      lang: 'vi',
      updates: false,
      follows: [{ id, name: record.name, status: 'missing' }],
      reminders: [],
    });
    await api.post('/api/alerts', alert);
    await api.settle();
    expect(service.received).toEqual([]);

    // Choosing areas and topics later keeps what it follows; following again changes nothing it chose.
    await subscribe({ ...browser, areas: ['Kern'], topics: ['drops', 'jobs'], lang: 'vi' });
    await follow(browser, id);
    expect(await (await lookup(browser.endpoint)).json()).toMatchObject({ areas: ['Kern'], topics: ['drops', 'jobs'], lang: 'vi', follows: [{ id }] });
  });

  it('stops: one record (DELETE /follows), or all with the subscription; a deleted record leaves no follow behind', async () => {
    const rosa = await postRecord(1);
    const other = await postRecord(2);
    const browser = service.subscribe('browser');
    await follow(browser, rosa.id);
    api.clock.now += 1000;
    await follow(browser, other.id);
    // Newest first.
    expect(((await (await lookup(browser.endpoint)).json()) as { follows: { id: string }[] }).follows.map((followed) => followed.id)).toEqual([other.id, rosa.id]);
    expect(await (await api.del('/api/push/follows', { endpoint: browser.endpoint, id: rosa.id })).json()).toEqual({ id: rosa.id, removed: true });
    expect(await api.count('push_follows')).toBe(1);
    await api.app.request(`/api/lost-found/${other.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${other.manageToken}` } });
    expect(await api.count('push_follows')).toBe(0);

    await follow(browser, rosa.id);
    await api.del('/api/push/subscriptions', { endpoint: browser.endpoint });
    expect(await api.count('push_follows')).toBe(0);
    expect((await lookup(browser.endpoint)).status).toBe(404);
  });

  it('refuses an unknown record, an unknown push service, malformed input and more than the cap, storing nothing in error', async () => {
    const { id } = await postRecord();
    const browser = service.subscribe('browser');
    expect((await follow(browser, 'no-such-record')).status).toBe(404);
    expect((await api.post('/api/push/follows', { endpoint: 'https://evil.example.com/push/x', keys: browser.keys, id })).status).toBe(400);
    expect((await api.post('/api/push/follows', { endpoint: browser.endpoint, id })).status).toBe(400);
    expect((await follow(browser, 'x'.repeat(101))).status).toBe(400);
    expect(await api.count('push_subscriptions')).toBe(0);

    const ids = [id];
    for (let n = 1; n < MAX_PUSH_FOLLOWS + 1; n++) {
      // Posted a few at a time, as families do, so the board is never under the pressure that asks for a proof of work.
      if (n % 20 === 0) api.clock.now += RATE_LIMITS.lostFoundPost.windowMinutes * 60_000;
      ids.push((await postRecord(n)).id);
    }
    for (const [n, each] of ids.slice(0, MAX_PUSH_FOLLOWS).entries()) {
      expect((await api.post('/api/push/follows', { ...browser, id: each }, { 'x-test-client-address': `192.0.2.${n}` })).status).toBe(201);
    }
    const over = await api.post('/api/push/follows', { ...browser, id: ids.at(-1) }, { 'x-test-client-address': '192.0.2.200' });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('too_many_follows');
    // Following one already followed is no new follow.
    expect((await api.post('/api/push/follows', { ...browser, id }, { 'x-test-client-address': '192.0.2.201' })).status).toBe(201);
    expect(await api.count('push_follows')).toBe(MAX_PUSH_FOLLOWS);
  });
});

describe('reminders to search the detainee locator again', () => {
  const HOUR = 3_600_000;
  const remind = (body: unknown) => api.post('/api/push/reminders', body);
  const maintain = async (hours: number) => {
    api.clock.now = start + hours * HOUR;
    await api.app.maintain();
  };
  let start: number;
  beforeEach(() => {
    start = api.clock.now;
  });

  it('pushes at 8, 24 and 48 hours, in the language asked, naming no one; then no more', async () => {
    const phone = service.subscribe('phone');
    const set = await remind({ ...phone, lang: 'es' });
    expect(set.status).toBe(201);
    const times = [8, 24, 48].map((hours) => new Date(start + hours * HOUR).toISOString());
    expect(await set.json()).toEqual({ reminders: times });
    // The device's own topics and areas stay as they were: none.
    expect(await stored()).toEqual([{ endpoint: phone.endpoint, areas: '[]', topics: '[]', lang: 'es' }]);

    await maintain(7.99);
    expect(service.received).toEqual([]);
    await maintain(8);
    expect(service.received.map((push) => push.message)).toEqual([{ title: es['push.locatorTitle'], body: es['push.locatorBody'], url: '/es/detained', tag: 'locator' }]);
    await maintain(8.5);
    expect(service.received).toHaveLength(1);
    expect((await (await api.post('/api/push/subscriptions/lookup', { endpoint: phone.endpoint })).json()) as object).toMatchObject({ reminders: times.slice(1) });
    await maintain(24);
    await maintain(48);
    expect(service.received).toHaveLength(3);
    await maintain(100);
    expect(service.received).toHaveLength(3);
    expect(await (await api.post('/api/push/subscriptions/lookup', { endpoint: phone.endpoint })).json()).toMatchObject({ reminders: [] });
    expect(service.failures).toEqual([]);
  });

  it('sends one push, not a pile, for the times a stopped server missed; stops with one call; asked again, starts over', async () => {
    const phone = service.subscribe();
    await remind({ ...phone, lang: 'en' });
    await maintain(30);
    expect(service.received).toHaveLength(1);
    expect((await (await api.del('/api/push/reminders', { endpoint: phone.endpoint })).json()) as object).toEqual({ endpoint: phone.endpoint, removed: true });
    await maintain(60);
    expect(service.received).toHaveLength(1);
    expect(await (await api.del('/api/push/reminders', { endpoint: phone.endpoint })).json()).toEqual({ endpoint: phone.endpoint, removed: false });

    api.clock.now = start + 70 * HOUR;
    expect(await (await remind({ ...phone, lang: 'en' })).json()).toEqual({ reminders: [78, 94, 118].map((hours) => new Date(start + hours * HOUR).toISOString()) });
    await maintain(78);
    expect(service.received).toHaveLength(2);
  });

  it('forgets a browser its push service says is gone, and refuses an address of no known push service', async () => {
    const phone = service.subscribe();
    await remind({ ...phone, lang: 'en' });
    service.answer(410);
    await maintain(8);
    expect(await stored()).toEqual([]);
    const elsewhere = await remind({ endpoint: 'https://evil.example.com/push/1', keys: phone.keys, lang: 'en' });
    expect(elsewhere.status).toBe(400);
    expect(await stored()).toEqual([]);
  });
});
