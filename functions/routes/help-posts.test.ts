import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { HELP_POST_DAYS, type AssistanceRequest, type AssistanceResponse, type Created, type SurplusOffer } from '../../src/common/contract/index.ts';

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const REQUEST = {
  title: 'Ride to court',
  description: 'Hearing on Thursday at 8:30',
  category: 'Transportation',
  urgency: 'High',
  city: 'Salinas',
  contactName: 'Marisol',
  contactMethod: '(831) 555-0119',
  imageUrls: [],
  videoUrl: null,
};
const OFFER = {
  title: 'Kids jackets',
  description: 'Six jackets, sizes 4 to 10',
  category: 'Clothing',
  condition: 'Good',
  city: 'Stockton',
  contactName: 'Teresa',
  contactMethod: '(209) 555-0148',
  availability: 'Evenings',
  imageUrls: [],
};

const create = async <T>(path: string, body: unknown) => {
  const response = await api.post(path, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Created<T>;
};
const withSecret = (secret: string) => ({ authorization: `Bearer ${secret}` });
const manage = (method: string, path: string, secret: string | null, body?: unknown) =>
  api.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(secret ? withSecret(secret) : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const fieldsOf = async (response: Response) => ((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {};

describe('POST/GET /api/assistance-requests', () => {
  it('stores a request, answers it with a manage secret once, lists it and tells open pages', async () => {
    const created = await create<AssistanceRequest>('/api/assistance-requests', { ...REQUEST, title: '  Ride to court ' });
    expect(created).toMatchObject({ ...REQUEST, status: 'active', sample: false });
    expect(created.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Lists and items carry how the contact reads, never the contact: it leaves only on request.
    const { manageToken: _secret, contactMethod: _contact, relayTexts: _texts, ...post } = created as typeof created & { contactMethod: string; relayTexts: boolean };
    expect(await api.get('/api/assistance-requests')).toEqual([post]);
    expect(await api.get(`/api/assistance-requests/${post.id}`)).toEqual(post);
    expect(api.published).toEqual([{ event: 'new-assistance-request', data: { id: post.id, title: 'Ride to court', city: 'Salinas' } }]);
    // Only a hash of the secret is stored.
    const stored = await api.store.client.execute('select * from assistance_requests');
    expect(JSON.stringify(stored.rows)).not.toContain(created.manageToken);
    // The kind is stored in clear beside the sealed contact, so lists never open it.
    expect(stored.rows[0]!.contact_kind).toBe(post.contactKind);
  });

  it('refuses each missing required field with its own field message and stores nothing', async () => {
    for (const field of ['title', 'description', 'category', 'urgency', 'contactName', 'contactMethod'] as const) {
      const response = await api.post('/api/assistance-requests', { ...REQUEST, [field]: field === 'category' || field === 'urgency' ? 'Soon' : '   ' });
      expect(response.status, field).toBe(400);
      expect(Object.keys(await fieldsOf(response))).toEqual([field]);
    }
    expect((await api.post('/api/assistance-requests', { ...REQUEST, title: 'x'.repeat(121) })).status).toBe(400);
    expect(await api.count('assistance_requests')).toBe(0);
  });

  it('refuses media that is not a file uploaded here for this kind of post', async () => {
    const own = `/images/community-assistance/assistance-requests/${crypto.randomUUID()}`;
    for (const imageUrls of [['https://tracker.example/pixel.png'], [`/images/community-assistance/surplus-offers/${crypto.randomUUID()}`], [own]]) {
      expect((await api.post('/api/assistance-requests', { ...REQUEST, imageUrls })).status).toBe(400);
    }
    const six = Array.from({ length: 6 }, () => `/images/community-assistance/assistance-requests/${crypto.randomUUID()}`);
    expect(await fieldsOf(await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: six }))).toHaveProperty('imageUrls');
    const five = six.slice(0, 5);
    expect(await fieldsOf(await api.post('/api/assistance-requests', { ...REQUEST, imageUrls: five, videoUrl: six[5] }))).toHaveProperty('imageUrls');
    expect(await api.count('assistance_requests')).toBe(0);
  });

  it('lists only active, unexpired requests, newest first', async () => {
    const first = await create<AssistanceRequest>('/api/assistance-requests', REQUEST);
    api.clock.now += 60_000;
    const second = await create<AssistanceRequest>('/api/assistance-requests', { ...REQUEST, title: 'Formula' });
    expect((await api.get<AssistanceRequest[]>('/api/assistance-requests')).map((post) => post.id)).toEqual([second.id, first.id]);
    expect((await manage('PATCH', `/api/assistance-requests/${first.id}`, first.manageToken, { status: 'fulfilled' })).status).toBe(200);
    expect((await api.get<AssistanceRequest[]>('/api/assistance-requests')).map((post) => post.id)).toEqual([second.id]);
    expect((await api.app.request(`/api/assistance-requests/${first.id}`)).status).toBe(404);
    api.clock.now += HELP_POST_DAYS * 24 * 3600_000;
    expect(await api.get('/api/assistance-requests')).toEqual([]);
    await api.app.maintain();
    expect(await api.count('assistance_requests')).toBe(0);
  });
});

describe('POST/GET /api/surplus-offers', () => {
  it('stores an offer with its condition and availability and lists only available ones', async () => {
    const created = await create<SurplusOffer>('/api/surplus-offers', OFFER);
    expect(created).toMatchObject({ ...OFFER, videoUrl: null, status: 'available' });
    expect(api.published.at(-1)).toEqual({ event: 'new-surplus-offer', data: { id: created.id, title: 'Kids jackets', city: 'Stockton' } });
    expect((await api.post('/api/surplus-offers', { ...OFFER, condition: 'Broken' })).status).toBe(400);
    expect((await api.post('/api/surplus-offers', { ...OFFER, category: 'Legal aid' })).status).toBe(400);
    expect((await manage('PATCH', `/api/surplus-offers/${created.id}`, created.manageToken, { status: 'fulfilled' })).status).toBe(400);
    expect((await manage('PATCH', `/api/surplus-offers/${created.id}`, created.manageToken, { status: 'taken' })).status).toBe(200);
    expect(await api.get('/api/surplus-offers')).toEqual([]);
  });
});

describe('POST /api/assistance-responses', () => {
  it("links an answer to the right post, readable only with that post's manage secret", async () => {
    const request = await create<AssistanceRequest>('/api/assistance-requests', REQUEST);
    const other = await create<AssistanceRequest>('/api/assistance-requests', { ...REQUEST, title: 'Other' });
    const offer = await create<SurplusOffer>('/api/surplus-offers', OFFER);
    const answer = { responderName: 'Luis', responderContact: 'luis@example.org', message: 'I can drive you', responseType: 'offer_help', requestId: request.id };
    expect((await api.post('/api/assistance-responses', answer)).status).toBe(201);
    expect((await api.post('/api/assistance-responses', { ...answer, responseType: 'claim_item', requestId: undefined, offerId: offer.id, message: 'For my son' })).status).toBe(
      201,
    );

    const read = async (path: string, secret: string) => (await (await manage('GET', path, secret)).json()) as { responses: AssistanceResponse[] };
    expect((await read(`/api/assistance-requests/${request.id}/manage`, request.manageToken)).responses).toMatchObject([
      { responderName: 'Luis', message: 'I can drive you', responseType: 'offer_help' },
    ]);
    expect((await read(`/api/assistance-requests/${other.id}/manage`, other.manageToken)).responses).toEqual([]);
    expect((await read(`/api/surplus-offers/${offer.id}/manage`, offer.manageToken)).responses).toMatchObject([{ message: 'For my son', responseType: 'claim_item' }]);
    expect((await manage('GET', `/api/assistance-requests/${request.id}/manage`, other.manageToken)).status).toBe(403);
    expect((await manage('GET', `/api/assistance-requests/${request.id}/manage`, null)).status).toBe(401);
  });

  it('refuses blank fields (after trimming), a mismatched type, and posts no longer listed', async () => {
    const request = await create<AssistanceRequest>('/api/assistance-requests', REQUEST);
    const answer = { responderName: 'Luis', responderContact: 'luis@example.org', message: 'I can help', responseType: 'offer_help', requestId: request.id };
    for (const field of ['responderName', 'responderContact', 'message']) {
      expect((await api.post('/api/assistance-responses', { ...answer, [field]: '  ' })).status, field).toBe(400);
    }
    expect((await api.post('/api/assistance-responses', { ...answer, responseType: 'claim_item' })).status).toBe(400);
    expect((await api.post('/api/assistance-responses', { ...answer, requestId: crypto.randomUUID() })).status).toBe(404);
    await manage('PATCH', `/api/assistance-requests/${request.id}`, request.manageToken, { status: 'fulfilled' });
    expect((await api.post('/api/assistance-responses', answer)).status).toBe(404);
    expect(await api.count('assistance_responses')).toBe(0);
  });
});

describe('manage links', () => {
  it('refuse a wrong or missing secret and change nothing', async () => {
    const request = await create<AssistanceRequest>('/api/assistance-requests', REQUEST);
    const wrong = 'A'.repeat(43);
    expect((await manage('PATCH', `/api/assistance-requests/${request.id}`, wrong, { status: 'fulfilled' })).status).toBe(403);
    expect((await manage('PATCH', `/api/assistance-requests/${request.id}`, null, { status: 'fulfilled' })).status).toBe(401);
    expect((await manage('DELETE', `/api/assistance-requests/${request.id}`, wrong)).status).toBe(403);
    expect((await manage('DELETE', `/api/assistance-requests/${crypto.randomUUID()}`, request.manageToken)).status).toBe(404);
    expect(await api.get<AssistanceRequest[]>('/api/assistance-requests')).toHaveLength(1);
  });

  it('delete a post with its answers', async () => {
    const request = await create<AssistanceRequest>('/api/assistance-requests', REQUEST);
    await api.post('/api/assistance-responses', { responderName: 'Luis', responderContact: 'x', message: 'Yes', responseType: 'offer_help', requestId: request.id });
    expect((await manage('DELETE', `/api/assistance-requests/${request.id}`, request.manageToken)).status).toBe(204);
    expect(await api.count('assistance_requests')).toBe(0);
    expect(await api.count('assistance_responses')).toBe(0);
  });

  it('mark a lost-and-found post found (kept listed with that news) or delete it', async () => {
    const post = await create<{ id: string; status: string }>('/api/lost-found', { name: 'Rosa' });
    expect(post.status).toBe('missing');
    expect((await manage('PATCH', `/api/lost-found/${post.id}`, 'B'.repeat(43), { status: 'found' })).status).toBe(403);
    expect((await manage('PATCH', `/api/lost-found/${post.id}`, post.manageToken, { status: 'fulfilled' })).status).toBe(400);
    expect((await manage('PATCH', `/api/lost-found/${post.id}`, post.manageToken, { status: 'found' })).status).toBe(200);
    expect(await api.get('/api/lost-found')).toMatchObject([{ id: post.id, status: 'found' }]);
    expect((await manage('DELETE', `/api/lost-found/${post.id}`, post.manageToken)).status).toBe(204);
    expect(await api.get('/api/lost-found')).toEqual([]);
  });
});
