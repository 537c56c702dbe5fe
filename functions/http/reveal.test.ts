import { solveChallenge } from 'altcha-lib';
// Node's own SHA-256: the same keys as the browser's, faster to find in a test.
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { POW_EXPIRES_SECONDS, POW_HEADER, POW_PRESSURE_CLIENTS, RATE_LIMITS, type PowChallenge } from '../../src/common/contract/index.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const PHONE = '(559) 555-0142';
const EMAIL = 'marisol.family@example.org';
const WEB = 'https://example.org/teresa';
const help = { description: 'Hearing on Thursday', city: 'Salinas', contactName: 'Marisol', imageUrls: [] };

/** The header proving `challenge` solved, as the page's worker sends it. */
const solved = async (challenge: PowChallenge) => {
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
};
const challengeOf = async (response: Response) => ((await response.json()) as { error: { challenge: PowChallenge } }).error.challenge;

async function posted() {
  const ids = {
    'lost-found': ((await (await api.post('/api/lost-found', { name: 'Rosa', contact: PHONE, showContact: true })).json()) as { id: string }).id,
    'assistance-requests': (
      (await (
        await api.post('/api/assistance-requests', { ...help, title: 'Ride', category: 'Transportation', urgency: 'High', contactMethod: EMAIL, showContact: true })
      ).json()) as { id: string }
    ).id,
    'surplus-offers': (
      (await (await api.post('/api/surplus-offers', { ...help, title: 'Jackets', category: 'Clothing', contactMethod: WEB, showContact: true })).json()) as { id: string }
    ).id,
  };
  return ids;
}
const reveal = (board: string, id: string, headers: Record<string, string> = {}) => api.app.request(`/api/${board}/${id}/contact`, { method: 'POST', headers });

describe('contacts on request', () => {
  it('leaves every contact out of the lists and items, raw JSON, with its kind for the button', async () => {
    const ids = await posted();
    const raw = [
      ...(await Promise.all(['/api/lost-found', '/api/lost-found?q=rosa', '/api/assistance-requests', '/api/surplus-offers'].map((path) => api.app.request(path)))),
      ...(await Promise.all(Object.entries(ids).map(([board, id]) => api.app.request(`/api/${board}/${id}`)))),
    ];
    for (const response of raw) {
      const text = await response.text();
      for (const contact of [PHONE, EMAIL, WEB, '555-0142', 'example.org']) expect(text).not.toContain(contact);
    }
    expect(await api.get(`/api/lost-found/${ids['lost-found']}`)).toMatchObject({ contactKind: 'phone' });
    expect(await api.get(`/api/assistance-requests/${ids['assistance-requests']}`)).toMatchObject({ contactKind: 'email' });
    expect(await api.get(`/api/surplus-offers/${ids['surplus-offers']}`)).toMatchObject({ contactKind: 'web' });
  });

  it('reveals a contact with a valid solution only, once per solution, never cached', async () => {
    const ids = await posted();
    for (const [board, id] of Object.entries(ids)) {
      const asked = await reveal(board, id);
      expect(asked.status).toBe(428);
      const proof = await solved(await challengeOf(asked));
      const shown = await reveal(board, id, { [POW_HEADER]: proof });
      expect(shown.status).toBe(200);
      expect(shown.headers.get('cache-control')).toBe('no-store');
      expect(await shown.json()).toEqual(
        {
          'lost-found': { contact: PHONE, contactKind: 'phone' },
          'assistance-requests': { contact: EMAIL, contactKind: 'email' },
          'surplus-offers': { contact: WEB, contactKind: 'web' },
        }[board],
      );
      const again = await reveal(board, id, { [POW_HEADER]: proof });
      expect(again.status).toBe(428);
      expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/already used/);
    }
  });

  it('refuses a forged, expired or foreign proof, and a reveal for a hidden or unknown post', async () => {
    const ids = await posted();
    const id = ids['lost-found'];
    const challenge = await challengeOf(await reveal('lost-found', id));
    const forged = { ...challenge, parameters: { ...challenge.parameters, data: { ...challenge.parameters.data, difficulty: 1 } } };
    expect((await reveal('lost-found', id, { [POW_HEADER]: await solved(forged) })).status).toBe(428);
    expect((await reveal('lost-found', id, { [POW_HEADER]: 'not base64 json' })).status).toBe(428);
    // A challenge handed out for another use (a write) cannot open a contact.
    const other = (await (await api.app.request('/api/pow/challenge?for=lostFoundPost')).json()) as PowChallenge;
    expect((await reveal('lost-found', id, { [POW_HEADER]: await solved(other) })).status).toBe(428);
    const late = await solved(challenge);
    api.clock.now += (POW_EXPIRES_SECONDS + 1) * 1000;
    const expired = await reveal('lost-found', id, { [POW_HEADER]: late });
    expect(expired.status).toBe(428);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
    expect((await reveal('lost-found', crypto.randomUUID())).status).toBe(404);
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [id] });
    const hidden = await reveal('lost-found', id, { [POW_HEADER]: await solved(await challengeOf(await reveal('surplus-offers', ids['surplus-offers']))) });
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain(PHONE);
  });

  it('stops one network past its daily limit, solution or not', async () => {
    // Each post's contact is shown at most contactRevealPerPost times a day: the client asks for several.
    const ids = [(await posted())['lost-found'], (await posted())['lost-found']];
    for (let i = 0; i < RATE_LIMITS.contactReveal.limit; i++) {
      const id = ids[i % 2]!;
      const proof = await solved(await challengeOf(await reveal('lost-found', id)));
      expect((await reveal('lost-found', id, { [POW_HEADER]: proof })).status).toBe(200);
    }
    const refused = await reveal('lost-found', ids[0]!);
    expect(refused.status).toBe(429);
    expect(await refused.text()).not.toContain(PHONE);
    // Another address of the same network (IPv4 /24) is the same client; another network is not.
    api.client.address = '203.0.113.8';
    expect((await reveal('lost-found', ids[0]!)).status).toBe(429);
    api.client.address = '198.51.100.8';
    expect((await reveal('lost-found', ids[0]!)).status).toBe(428);
  });

  it('answers a form post without scripts, with the token of the record page the server rendered, with a page holding the contact', async () => {
    const { 'lost-found': id } = await posted();
    const { token } = (await (await api.app.request(`/api/lost-found/${id}/token`)).json()) as { token: string };
    const page = await api.app.request(`/api/lost-found/${id}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `lang=es&token=${encodeURIComponent(token)}`,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('lang="es-US"');
    expect(html).toContain('href="tel:5595550142"');
  });
});

describe('proof of work under pressure', () => {
  it('asks writes from 50 addresses to solve once they pour in, and stores them with a solution', async () => {
    const threshold = RATE_LIMITS.lostFoundPost.limit * POW_PRESSURE_CLIENTS;
    const from = (n: number, headers: Record<string, string> = {}) =>
      api.post('/api/lost-found', { name: `Person ${n}` }, { 'x-test-client-address': `198.51.100.${n}`, ...headers });
    const answers: Response[] = [];
    for (let n = 0; n < 50; n++) answers.push(await from(n));
    expect(answers.slice(0, threshold).every((answer) => answer.status === 201)).toBe(true);
    const asked = answers.slice(threshold);
    expect(asked.every((answer) => answer.status === 428)).toBe(true);
    const body = (await asked[0]!.json()) as { error: { code: string; challenge: PowChallenge } };
    expect(body.error.code).toBe('proof_required');
    expect(await api.count('lost_found_posts')).toBe(threshold);
    const stored = await from(60, { [POW_HEADER]: await solved(body.error.challenge) });
    expect(stored.status).toBe(201);
    expect(await api.count('lost_found_posts')).toBe(threshold + 1);
    // A form posted without scripts is never asked: it keeps the ordinary limit.
    const form = await api.app.request('/api/lost-found', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client-address': '198.51.100.99' },
      body: 'form=lostFound&lang=en&name=Ana',
    });
    expect(form.status).toBe(201);
  });
});
