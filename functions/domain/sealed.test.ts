import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unstable_readConfig } from 'wrangler';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertSubscriptions, drops, lostFoundPosts, smsOutbox } from '../../db/schema.ts';
import type { LostFoundManage, LostFoundPost } from '../../src/common/contract/index.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { stopTexts, subscribeTexts } from '../../tests/text-codes.ts';
import { createApp } from '../app.ts';
import type { Deps } from '../deps.ts';
import { dataKeyFile, loadDataKey, rotateDataKey } from '../hosts/node/data-key-file.ts';
import { dataKey, isSealed, newDataKey, open, seal, sealStored } from './sealed.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

/** The database file and its write-ahead log and shared memory, as a thief would copy them. */
const fileBytes = () =>
  Buffer.concat(
    ['', '-wal', '-shm']
      .map((suffix) => `${api.store.file}${suffix}`)
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file)),
  );
const digits = (phone: string) => phone.replace(/\D/g, '');
const found = (bytes: Buffer, needles: string[]) => needles.filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')));

describe('contacts at rest', () => {
  it('posting every kind of contact leaves none of them readable in the database file or its WAL, and every reader still gets them', async () => {
    const contacts = {
      subscriber: '(559) 555-0142',
      post: 'rosa.family@example.org',
      note: '+52 55 1234 5678',
      request: 'maria.help@example.net',
      offer: '(213) 555-0177',
      response: 'neighbor.juan@example.com',
      volunteer: '(510) 555-0190',
      sos: 'sos.caller@example.org',
      alert: '(916) 555-0123',
    };
    expect((await subscribeTexts(api, { phone: contacts.subscriber, city: 'Fresno', lang: 'es' })).status).toBe(201);
    const post = (await (await api.post('/api/lost-found', { name: 'Rosa', lastSeenCity: 'Fresno', contact: contacts.post })).json()) as LostFoundPost & { manageToken: string };
    expect(
      (await api.post(`/api/lost-found/${post.id}/notes`, { authorName: 'Ana', text: 'Seen at the bus station', status: 'believed_alive', contact: contacts.note })).status,
    ).toBe(201);
    const help = { description: 'Rides to the clinic', city: 'Fresno', contactName: 'Maria', imageUrls: [] };
    const request = (await (
      await api.post('/api/assistance-requests', { ...help, title: 'Need a ride', category: 'Transportation', urgency: 'High', contactMethod: contacts.request })
    ).json()) as {
      id: string;
    };
    const offer = (await (
      await api.post('/api/surplus-offers', { ...help, title: 'A car seat', category: 'Childcare', condition: 'Good', contactMethod: contacts.offer })
    ).json()) as { id: string; manageToken: string };
    expect(
      (
        await api.post('/api/assistance-responses', {
          responderName: 'Juan',
          responderContact: contacts.response,
          message: 'I can drive',
          responseType: 'offer_help',
          requestId: request.id,
        })
      ).status,
    ).toBe(201);
    await api.store.db
      .insert(drops)
      .values({ id: 'drop-1', date: '2026-12-01', city: 'Fresno', meetSpot: 'Roeding Park', status: 'active', createdAt: new Date(api.clock.now).toISOString() });
    expect((await api.post('/api/drops/drop-1/volunteers', { name: 'Lupe', contact: contacts.volunteer })).status).toBe(201);
    expect((await api.post('/api/sos', { city: 'Fresno', details: 'Need help now', contact: contacts.sos })).status).toBe(201);
    expect((await api.post('/api/alerts', { city: 'Fresno', details: 'Road closed', contact: contacts.alert })).status).toBe(201);
    await api.settle();

    const needles = Object.values(contacts).flatMap((contact) =>
      contact.includes('@') ? [contact] : [contact, digits(contact), `+${digits(contact).replace(/^(?=\d{10}$)/, '1')}`],
    );
    expect(found(fileBytes(), needles)).toEqual([]);
    // The same after the log is copied into the file.
    await api.store.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(found(readFileSync(api.store.file), needles)).toEqual([]);

    // Every reader opens them.
    // (Lists carry no posters' contacts: their owners read them, and anyone one at a time on request.)
    const manage = (await (await api.app.request(`/api/lost-found/${post.id}/manage`, { headers: { authorization: `Bearer ${post.manageToken}` } })).json()) as LostFoundManage;
    expect(manage.post.contact).toBe(contacts.post);
    expect(manage.notes.map((note) => note.contact)).toEqual([contacts.note]);
    const offerManage = (await (await api.app.request(`/api/surplus-offers/${offer.id}/manage`, { headers: { authorization: `Bearer ${offer.manageToken}` } })).json()) as {
      post: { contactMethod: string };
    };
    expect(offerManage.post.contactMethod).toBe(contacts.offer);
    expect((await api.get<{ contact: string | null }[]>('/api/alerts')).map((alert) => alert.contact)).toEqual([contacts.alert]);
  });

  it('finds a subscriber by number through the lookup hash: subscribing again updates, unsubscribing by the number written another way removes', async () => {
    await subscribeTexts(api, { phone: '(559) 555-0142', city: 'Fresno', lang: 'es' });
    await subscribeTexts(api, { phone: '559-555-0142', lang: 'en' });
    const [row] = (await api.store.client.execute('select phone, phone_hash, lang from alert_subscriptions')).rows;
    expect(await api.count('alert_subscriptions')).toBe(1);
    expect(row).toMatchObject({ lang: 'en' });
    expect(await api.openStored(alertSubscriptions.phone, row!.phone)).toBe('+15595550142');
    expect(String(row!.phone_hash)).not.toContain('5595550142');
    expect(await (await stopTexts(api, '+1 559 555 0142')).json()).toEqual({ phone: '+15595550142' });
    expect(await api.count('alert_subscriptions')).toBe(0);
  });

  it('seals what was stored in clear once, leaves sealed values alone, and leaves no clear copy in the file', async () => {
    const { client } = api.store;
    const createdAt = new Date(api.clock.now).toISOString();
    await client.execute({ sql: "insert into lost_found_posts (id, name, contact, created_at) values ('old', 'Rosa', 'old.contact@example.org', ?)", args: [createdAt] });
    await client.execute({ sql: "insert into alert_subscriptions (phone, lang, created_at) values ('+15595550199', 'en', ?)", args: [createdAt] });
    const key = await dataKey(api.key);
    expect(await sealStored(api.store.db, key)).toBe(2);
    const sealed = (await client.execute("select contact from lost_found_posts where id = 'old'")).rows[0]!.contact as string;
    expect(sealed).toMatch(/^v1:/);
    expect(await open(key, lostFoundPosts.contact, sealed)).toBe('old.contact@example.org');
    expect(await sealStored(api.store.db, key)).toBe(0);
    expect((await client.execute("select contact from lost_found_posts where id = 'old'")).rows[0]!.contact).toBe(sealed);
    expect((await stopTexts(api, '559 555 0199')).status).toBe(200);
    expect(await api.count('alert_subscriptions')).toBe(0);
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(found(fileBytes(), ['old.contact@example.org', '5595550199'])).toEqual([]);
  });

  it('binds each value to its column: a sealed value moved to another column does not open', async () => {
    const key = await dataKey(api.key);
    const value = await seal(key, lostFoundPosts.contact, 'rosa@example.org');
    await expect(open(key, alertSubscriptions.phone, value)).rejects.toThrow();
    expect(value).not.toBe(await seal(key, lostFoundPosts.contact, 'rosa@example.org'));
  });
});

describe('the data key', () => {
  const config = () => ({ DATABASE_URL: `file:${api.store.file}` });
  /** Another app over the same database, with the key given (as a restarted server would be). */
  const appOver = (key: Deps['dataKey']) =>
    createApp({ db: api.store.db, dataKey: key, media: api.media, publish: () => undefined, watching: () => 0, clientAddress: () => '203.0.113.9', now: () => api.clock.now });

  it('is made once in the data folder beside the database (mode 0600), and the same one is read again', async () => {
    const file = dataKeyFile(config().DATABASE_URL);
    expect(file).toBe(join(api.store.folder, 'data.key'));
    const first = await loadDataKey(config(), api.store.db);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await loadDataKey(config(), api.store.db)).id).toBe(first.id);
  });

  it('refuses to start with a wrong key or without the key file once data is sealed, saying what to restore', async () => {
    const key = await loadDataKey(config(), api.store.db);
    await sealStored(api.store.db, key);
    writeFileSync(dataKeyFile(config().DATABASE_URL), newDataKey());
    await expect(loadDataKey(config(), api.store.db)).rejects.toThrow(/is not the one this database's phone numbers and emails were encrypted with .*Restore the key file/);
    await expect(loadDataKey({ ...config(), DATA_KEY: newDataKey() }, api.store.db)).rejects.toThrow(/DATA_KEY.*is not the one/);
    rmSync(dataKeyFile(config().DATABASE_URL));
    await expect(loadDataKey(config(), api.store.db)).rejects.toThrow(/data\.key is missing\. Restore it/);
    expect(existsSync(dataKeyFile(config().DATABASE_URL))).toBe(false);
  });

  it('the API refuses to read or write contacts with a key the database was not sealed with', async () => {
    await sealStored(api.store.db, await dataKey(api.key));
    const wrong = appOver(dataKey(newDataKey()));
    const answer = await wrong.request('/api/lost-found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rosa', lastSeenCity: 'Fresno', contact: 'x@example.org' }),
    });
    expect(answer.status).toBe(500);
    expect(await api.count('lost_found_posts')).toBe(0);
  });

  it('rotates: every value re-encrypted and its hash recomputed in one go, the key file replaced only after', async () => {
    const settings = { ...config(), DATA_KEY: undefined };
    writeFileSync(dataKeyFile(settings.DATABASE_URL), `${api.key}\n`, { mode: 0o600 });
    await sealStored(api.store.db, await dataKey(api.key));
    const post = (await (await api.post('/api/lost-found', { name: 'Rosa', lastSeenCity: 'Fresno', contact: 'rosa@example.org' })).json()) as LostFoundPost & {
      manageToken: string;
    };
    await subscribeTexts(api, { phone: '5595550142', lang: 'en' });
    const before = (await api.store.client.execute('select contact from lost_found_posts')).rows[0]!.contact;

    const { publicKey } = await api.get<{ publicKey: string }>('/api/push/key');
    expect((await api.post('/api/alerts', NOTICE)).status).toBe(201);

    const next = join(api.store.folder, 'next.key');
    const rotated = await rotateDataKey(settings, api.store.db, next);
    // The post, the subscription, the text that carried its code, the text about the notice, the hash secret and the VAPID pair.
    expect(rotated.rows).toBe(6);
    expect(readFileSync(dataKeyFile(settings.DATABASE_URL), 'utf8').trim()).toBe(readFileSync(next, 'utf8').trim());
    expect((await api.store.client.execute('select contact from lost_found_posts')).rows[0]!.contact).not.toBe(before);
    await expect(loadDataKey({ ...settings, DATA_KEY: api.key }, api.store.db)).rejects.toThrow(/is not the one/);

    const app = appOver(loadDataKey(settings, api.store.db));
    const managed = (await (await app.request(`/api/lost-found/${post.id}/manage`, { headers: { authorization: `Bearer ${post.manageToken}` } })).json()) as LostFoundManage;
    expect(managed.post.contact).toBe('rosa@example.org');
    // The number is found by its new lookup hash: its owner stops the texts with a code, read with the new key.
    const json = (path: string, body: object) => app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await json('/api/alert-subscriptions/stop', { phone: '(559) 555-0142' })).status).toBe(202);
    const [text] = (await api.store.client.execute('select body from sms_outbox order by rowid desc limit 1')).rows;
    const [, code] = /(\d{6})/.exec(await open(await loadDataKey(settings, api.store.db), smsOutbox.body, String(text!.body)))!;
    expect((await json('/api/alert-subscriptions/stop/confirm', { phone: '(559) 555-0142', code })).status).toBe(200);
    expect(await api.count('alert_subscriptions')).toBe(0);
    // The same secrets, re-sealed: keyed lookups made before still match, browsers keep their subscription.
    expect((await app.request('/api/alerts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(NOTICE) })).status).toBe(409);
    expect(await (await app.request('/api/push/key')).json()).toEqual({ publicKey });
  });
});

/** A community notice; the same text again within the hour is refused as a duplicate, found by its keyed hash. */
const NOTICE = { city: 'Fresno', details: 'Food bank open late today' };

describe("the server's secrets", () => {
  const HASH_SECRET = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1';
  /** A VAPID pair as the earlier release made it. */
  async function vapidPair() {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
    const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
    return { publicKey: Buffer.from(raw).toString('base64url'), privateKey: d! };
  }
  /**
   * The database as a release that kept its secrets in clear in `meta` left it: a notice posted
   * (its fingerprint made with that secret), the secrets beside it.
   */
  async function earlierRelease() {
    const vapid = await vapidPair();
    const earlier = createApp({
      db: api.store.db,
      dataKey: dataKey(api.key),
      media: api.media,
      publish: () => undefined,
      watching: () => 0,
      clientAddress: () => '203.0.113.9',
      now: () => api.clock.now,
      config: { hashSecret: HASH_SECRET, push: { vapid } },
    });
    expect((await earlier.request('/api/alerts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(NOTICE) })).status).toBe(201);
    await api.store.client.execute({ sql: "insert into meta (key, value) values ('hash_secret', ?), ('vapid_keys', ?)", args: [HASH_SECRET, JSON.stringify(vapid)] });
    return vapid;
  }
  const kept = async () =>
    (await api.store.client.execute("select key, value from meta where key in ('hash_secret', 'vapid_keys') order by key")).rows.map((row) => String(row.value));

  it('the Node start seals the ones an earlier release kept in clear, in place: the same secrets, so no lookup is lost and no subscription breaks', async () => {
    const vapid = await earlierRelease();
    expect(await sealStored(api.store.db, await dataKey(api.key))).toBe(2);
    expect((await kept()).map(isSealed)).toEqual([true, true]);
    await api.store.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(found(fileBytes(), [HASH_SECRET, vapid.privateKey])).toEqual([]);
    // The same notice, from another address, is still found by the fingerprint the earlier release made.
    expect((await api.post('/api/alerts', NOTICE)).status).toBe(409);
    expect(await api.get('/api/push/key')).toEqual({ publicKey: vapid.publicKey });
    expect(await sealStored(api.store.db, await dataKey(api.key))).toBe(0);
  });

  it('the worker, with no start of its own, seals them at their first use, the same way', async () => {
    const vapid = await earlierRelease();
    expect((await api.post('/api/alerts', NOTICE)).status).toBe(409);
    expect(await api.get('/api/push/key')).toEqual({ publicKey: vapid.publicKey });
    expect((await kept()).map(isSealed)).toEqual([true, true]);
  });

  it('HASH_SECRET and VAPID_* still win when set, and then nothing is kept in the database', async () => {
    const vapid = await vapidPair();
    const configured = createApp({
      db: api.store.db,
      dataKey: dataKey(api.key),
      media: api.media,
      publish: () => undefined,
      watching: () => 0,
      clientAddress: () => '203.0.113.9',
      now: () => api.clock.now,
      config: { hashSecret: HASH_SECRET, push: { vapid } },
    });
    expect((await configured.request('/api/alerts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(NOTICE) })).status).toBe(201);
    expect(await (await configured.request('/api/push/key')).json()).toEqual({ publicKey: vapid.publicKey });
    expect(await kept()).toEqual([]);
  });
});

describe('hosting without logs', () => {
  it("the worker's config turns Workers observability, its logs and traces, and Logpush off", () => {
    const config = unstable_readConfig({ config: 'wrangler.toml' });
    expect(config.observability).toMatchObject({ enabled: false, logs: { enabled: false, invocation_logs: false }, traces: { enabled: false } });
    expect(config.logpush).toBe(false);
  });
});
