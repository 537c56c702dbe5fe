import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localPushService, type LocalPushService } from '../tests/push-service.ts';
import { testApp, type TestApp } from '../tests/test-app.ts';
import { MAX_PUSH_AREAS, PUSH_TOPICS } from '../src/contract/limits.ts';
import { COUNTIES } from '../src/contract/places.ts';
import { createAdmin } from './admin-auth.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './push-hosts.ts';

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
      { title: 'Missing person alert', body: 'Near Fresno. Open it to see more.', url: `/person?id=${id}`, tag: 'missing' },
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
    expect(await (await subscribe(browser)).json()).toEqual({ endpoint: browser.endpoint, areas: [], topics: [...PUSH_TOPICS], lang: 'en' });
    await subscribe({ ...browser, areas: ['Fresno', 'fresno county', ' KERN '], topics: ['drops'], lang: 'ko' });
    expect(await stored()).toEqual([{ endpoint: browser.endpoint, areas: '["Fresno","Kern"]', topics: '["drops"]', lang: 'ko' }]);
    expect(await (await api.del('/api/push/subscriptions', { endpoint: browser.endpoint })).json()).toEqual({ endpoint: browser.endpoint, removed: true });
    expect(await stored()).toEqual([]);
  });

  it('keeps the VAPID key pair it made in the database, so a restart signs with the same key', async () => {
    const first = await api.get<{ publicKey: string }>('/api/push/key');
    const kept = await api.store.client.execute(`select value from meta where key = 'vapid_keys'`);
    expect(JSON.parse(String(kept.rows[0]!.value))).toMatchObject({ publicKey: first.publicKey });
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
      [{ endpoint, keys, topics: [] }, 'topics'],
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
