/**
 * Attack 3: harvest families' contacts. The ids come from the public lists; the no-script path
 * (a form-encoded POST /api/{board}/ID/contact) was never asked for proof of work, and its only
 * limit was per exact address: a script with 40 addresses (or one IPv6 /64's 2^64) took 20
 * contacts a day from each. Here it tries from 127.0.0.2-41, as a form and as the scripted
 * client that pays every proof of work, taking every one-time token the record pages hand out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/common/contract/limits.ts';
import { paying } from '../paying.ts';
import { testApp, type TestApp } from '../test-app.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const ADDRESSES = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Families' records, each with a phone number of its own, posted from elsewhere. */
async function records(n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const posted = await api.post(
      '/api/lost-found',
      { name: `Persona ${i}`, contact: `(559) 555-${String(1000 + i)}`, showContact: true },
      { 'x-test-client-address': `198.51.${i}.1` },
    );
    expect(posted.status).toBe(201);
    ids.push(((await posted.json()) as { id: string }).id);
  }
  return ids;
}

const phonesIn = (text: string) => text.match(/555-1\d{3}/g) ?? [];

/** The one-time token the record's page carries in its reveal form, as a script that asks for it takes it. */
async function tokenFrom(id: string, address: string) {
  const answer = await api.app.request(`/api/lost-found/${id}/token`, { headers: { 'x-test-client-address': address } });
  return ((await answer.json()) as { token: string }).token;
}

describe('a hostile script harvesting contacts', () => {
  it('gets nothing from the no-script path without a token from our own page', async () => {
    const ids = await records(3);
    const harvested = new Set<string>();
    for (const address of ADDRESSES)
      for (const id of ids) {
        const answer = await api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { ...FORM, 'x-test-client-address': address }, body: 'lang=en' });
        expect(answer.status).toBe(403);
        for (const phone of phonesIn(await answer.text())) harvested.add(phone);
      }
    expect([...harvested]).toEqual([]);
  });

  it("from 40 addresses of one network, gets at most one network's daily share, with tokens or proofs of work", async () => {
    const ids = await records(25);
    const harvested = new Set<string>();
    for (const [n, address] of ADDRESSES.entries()) {
      const id = ids[n % ids.length]!;
      const form = await api.app.request(`/api/lost-found/${id}/contact`, {
        method: 'POST',
        headers: { ...FORM, 'x-test-client-address': address },
        body: `lang=en&token=${encodeURIComponent(await tokenFrom(id, address))}`,
      });
      for (const phone of phonesIn(await form.text())) harvested.add(phone);
    }
    // The scripted client, paying every proof, for the records the forms reached last.
    for (const id of ids.slice(15)) {
      const scripted = await paying((headers) =>
        api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { 'x-test-client-address': '127.0.0.41', ...headers } }),
      );
      for (const phone of phonesIn(await scripted.text())) harvested.add(phone);
    }
    expect(harvested.size).toBeGreaterThan(0);
    expect(harvested.size).toBeLessThanOrEqual(RATE_LIMITS.contactReveal.limit);
  }, 60_000);
  it("spends a page's token once, and only on the record it was made for", async () => {
    const [a, b] = await records(2);
    const token = await tokenFrom(a!, '127.0.0.2');
    const post = (id: string, from: string) =>
      api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { ...FORM, 'x-test-client-address': from }, body: `lang=en&token=${encodeURIComponent(token)}` });
    expect((await post(b!, '127.0.0.2')).status).toBe(403);
    expect((await post(a!, '127.0.0.2')).status).toBe(200);
    expect((await post(a!, '127.0.0.3')).status).toBe(403);
  });

  it("shows one record's contact at most 10 times a day in all, from any number of networks, then points to the post", async () => {
    const [id] = await records(1);
    const shown: number[] = [];
    for (let n = 0; n < 14; n++) {
      const address = `192.0.${n}.9`;
      const answer = await paying((headers) => api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { 'x-test-client-address': address, ...headers } }));
      shown.push(answer.status);
    }
    expect(shown.filter((status) => status === 200)).toHaveLength(RATE_LIMITS.contactRevealPerPost.limit);
    const refused = await paying((headers) => api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { 'x-test-client-address': '192.0.99.9', ...headers } }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'contact_limit' } });
    api.clock.now += 24 * 3600_000 + 60_000;
    const tomorrow = await paying((headers) =>
      api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { 'x-test-client-address': '192.0.99.9', ...headers } }),
    );
    expect(tomorrow.status).toBe(200);
  });

  it('rotating through an IPv6 /48 is one network', async () => {
    const ids = await records(25);
    let shown = 0;
    for (const [n, id] of ids.entries()) {
      const address = `2001:db8:77:${n.toString(16)}::${n + 1}`;
      const answer = await paying((headers) => api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { 'x-test-client-address': address, ...headers } }));
      if (answer.status === 200) shown++;
    }
    expect(shown).toBe(RATE_LIMITS.contactReveal.limit);
  });
});

describe('the budget of all contacts shown', () => {
  it("stops every reveal once the hour's budget is spent, whoever asks", async () => {
    const ids = await records(2);
    // The hour's budget all but spent by many networks before (their records, as the server keeps them).
    const { limit } = RATE_LIMITS.contactRevealAll;
    const at = api.clock.now - 30 * 60_000;
    await api.store.client.executeMultiple(
      Array.from({ length: limit - 1 }, () => `insert into rate_events (client_hash, action, at) values ('all', 'contactRevealAll', ${at})`).join(';'),
    );
    const reveal = (id: string, address: string) =>
      paying((headers) => api.app.request(`/api/lost-found/${id}/contact`, { method: 'POST', headers: { 'x-test-client-address': address, ...headers } }));
    expect((await reveal(ids[0]!, '192.0.2.1')).status).toBe(200);
    const refused = await reveal(ids[1]!, '192.0.3.1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'contact_limit' } });
    api.clock.now += 31 * 60_000;
    expect((await reveal(ids[1]!, '192.0.3.1')).status).toBe(200);
  });
});
