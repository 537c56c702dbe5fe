import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.ts';
import { applySampleContent } from '../../../db/seed.ts';
import type {
  AdminDrop,
  AdminJob,
  AdminResource,
  Alert,
  Created,
  Dashboard,
  Job,
  LostFoundManage,
  LostFoundPost,
  LostFoundRecord,
  Resource,
} from '../../../src/common/contract/index.ts';
import { testApp, type TestApp } from '../../../tests/test-app.ts';
import { subscribeTexts } from '../../../tests/text-codes.ts';
import { createApp } from '../../app.ts';
import { dataKey } from '../../domain/sealed.ts';
import { fileMediaStore } from '../../hosts/node/file-store.ts';
import { createAdmin, hashSecret, PBKDF2_ITERATIONS, verifySecret } from '../../middleware/admin-auth/index.ts';

const ORIGIN = 'http://localhost';
const HOUR = 3600_000;

let api: TestApp;
let secret: string;
beforeEach(async () => {
  api = await testApp({ donationsTotal: 18750 });
  ({ secret } = await createAdmin(api.store.db, 'Maria'));
});
afterEach(() => api.close());

type Init = { cookie?: string; origin?: string | null; body?: unknown; site?: string };
/** A request as a page of this site would send it (Origin of this site), with or without the session cookie. */
function call(app: { request: TestApp['app']['request'] }, method: string, path: string, { cookie, origin = ORIGIN, body, site }: Init = {}) {
  const headers: Record<string, string> = {};
  if (origin) headers.origin = origin;
  if (site) headers['sec-fetch-site'] = site;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const request = (method: string, path: string, init?: Init) => call(api.app, method, path, init);

async function signIn(name = 'Maria', key = secret): Promise<string> {
  const response = await request('POST', '/api/admin/session', { body: { name, secret: key } });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const drop = {
  title: 'Winter coats',
  date: '2026-12-05',
  time: '9:00 AM - 1:00 PM',
  meetSpot: 'Roeding Park',
  address: '890 W Belmont Ave',
  city: 'Fresno',
  notes: 'Bring bags',
  whatWeBring: 'Coats, blankets',
  volunteersNeeded: '10 people',
  status: 'active',
};
const resource = {
  name: 'Calm Minds Clinic',
  adminCategory: 'Mental Health',
  address: '12 Elm St',
  city: 'Merced',
  phone: '(209) 555-0100',
  hours: 'Mon-Fri 9-5',
  notes: 'Counselling in Spanish',
  services: 'Counselling',
  requirements: 'None',
  link: 'https://example.org',
};
const note = { authorName: 'Lupe', text: 'Saw her at the Fresno shelter on Monday', status: 'believed_alive', contact: '(559) 555-0177' };
const helpRequest = {
  title: 'Ride to court',
  description: 'Hearing on Thursday',
  category: 'Transportation',
  urgency: 'High',
  city: 'Salinas',
  contactName: 'Marisol',
  contactMethod: '(831) 555-0119',
  imageUrls: [],
  videoUrl: null,
};
const helpOffer = {
  title: 'Kids jackets',
  description: 'Six jackets',
  category: 'Clothing',
  condition: 'Good',
  city: 'Stockton',
  contactName: 'Teresa',
  contactMethod: '(209) 555-0148',
  availability: 'Evenings',
  imageUrls: [],
};
const job = {
  title: 'Line cook',
  employer: 'El Comal',
  city: 'Visalia',
  jobType: 'Full-time',
  payRange: '$19/hour',
  notes: null,
  requirements: 'Kitchen experience',
  contact: '(559) 555-0111',
  urgent: true,
  acceptsNoPapers: true,
};

describe('signing in', () => {
  it('keeps only a slow salted hash of the generated secret, and verifies it', async () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { rows } = await api.store.client.execute('select secret_hash from admins');
    const stored = String(rows[0]!.secret_hash);
    expect(stored).toMatch(new RegExp(`^pbkdf2-sha256\\$${PBKDF2_ITERATIONS}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(stored).not.toContain(secret);
    expect(await verifySecret(secret, stored)).toBe(true);
    expect(await verifySecret(`${secret}x`, stored)).toBe(false);
    // A fresh salt each time: the same secret never gives the same hash.
    expect(await hashSecret(secret)).not.toBe(await hashSecret(secret));
  });

  it('starts a session in a __Host- cookie (HttpOnly, Secure, SameSite=Strict) and stores only its hash', async () => {
    const response = await request('POST', '/api/admin/session', { body: { name: 'Maria', secret } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'Maria', expiresAt: new Date(api.clock.now + 12 * HOUR).toISOString() });
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-admin=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const { rows } = await api.store.client.execute('select token_hash from admin_sessions');
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.token_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(String(rows[0]!.token_hash)).not.toContain(token);
    expect(await (await request('GET', '/api/admin/session', { cookie: cookie.split(';')[0] })).json()).toMatchObject({ name: 'Maria' });
  });

  it.each([
    ['a wrong secret', { name: 'Maria', secret: 'x'.repeat(32) }],
    ['an unknown name', { name: 'Nobody', secret: 'x'.repeat(32) }],
  ])('refuses %s with 401 and no cookie', async (_label, body) => {
    const response = await request('POST', '/api/admin/session', { body });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await api.count('admin_sessions')).toBe(0);
  });

  it('limits sign-in attempts per client address', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await request('POST', '/api/admin/session', { body: { name: 'Maria', secret: 'wrong' } })).status).toBe(401);
    }
    expect((await request('POST', '/api/admin/session', { body: { name: 'Maria', secret } })).status).toBe(429);
    api.client.address = '198.51.100.4';
    expect((await request('POST', '/api/admin/session', { body: { name: 'Maria', secret } })).status).toBe(200);
  });

  it('lets no stranger lock a moderator out: failed guesses at a name from many addresses cost its admin nothing', async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      api.client.address = `198.51.100.${attempt}`;
      expect((await request('POST', '/api/admin/session', { body: { name: 'maria', secret: 'wrong' } })).status).toBe(401);
    }
    api.client.address = '192.0.2.200';
    expect((await request('POST', '/api/admin/session', { body: { name: 'Maria', secret } })).status).toBe(200);
    // Nothing about the failed guesses is kept but the per-address rate records.
    expect(await api.count('rate_events')).toBe(51);
  });

  it('signs out: the session is deleted and the cookie no longer works', async () => {
    const cookie = await signIn();
    const response = await request('DELETE', '/api/admin/session', { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/^__Host-admin=; Max-Age=0; Path=\/; Secure/);
    expect(await api.count('admin_sessions')).toBe(0);
    expect((await request('GET', '/api/admin/session', { cookie })).status).toBe(401);
  });

  it('a new secret for the same name ends the old sessions', async () => {
    const cookie = await signIn();
    const renewed = await createAdmin(api.store.db, 'Maria');
    expect(renewed.created).toBe(false);
    expect((await request('GET', '/api/admin/session', { cookie })).status).toBe(401);
    expect((await request('POST', '/api/admin/session', { body: { name: 'Maria', secret } })).status).toBe(401);
    await signIn('Maria', renewed.secret);
  });
});

/** Every admin endpoint, with a body that would be accepted. */
const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/admin/session'],
  ['DELETE', '/api/admin/session'],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/alerts'],
  ['POST', '/api/admin/alerts/ID/hide'],
  ['POST', '/api/admin/alerts/ID/restore'],
  ['POST', '/api/admin/alerts/ID/verify'],
  ['POST', '/api/admin/alerts/ID/all-clear'],
  ['GET', '/api/admin/lost-found'],
  ['POST', '/api/admin/lost-found/ID/hide'],
  ['POST', '/api/admin/lost-found/ID/restore'],
  ['GET', '/api/admin/lost-found-notes'],
  ['POST', '/api/admin/lost-found-notes/ID/hide'],
  ['POST', '/api/admin/lost-found-notes/ID/restore'],
  ['GET', '/api/admin/help-posts'],
  ['POST', '/api/admin/help-posts/requests/ID/hide'],
  ['POST', '/api/admin/help-posts/requests/ID/restore'],
  ['POST', '/api/admin/help-posts/offers/ID/hide'],
  ['POST', '/api/admin/help-posts/offers/ID/restore'],
  ['POST', '/api/admin/sos/ID/handled'],
  ['GET', '/api/admin/drops'],
  ['POST', '/api/admin/drops', drop],
  ['PUT', '/api/admin/drops/ID', drop],
  ['DELETE', '/api/admin/drops/ID'],
  ['GET', '/api/admin/resources'],
  ['POST', '/api/admin/resources', resource],
  ['PUT', '/api/admin/resources/ID', resource],
  ['POST', '/api/admin/resources/ID/verify'],
  ['DELETE', '/api/admin/resources/ID'],
  ['GET', '/api/admin/jobs'],
  ['POST', '/api/admin/jobs', job],
  ['PUT', '/api/admin/jobs/ID', job],
  ['POST', '/api/admin/jobs/ID/approve'],
  ['DELETE', '/api/admin/jobs/ID'],
];

describe('every admin endpoint', () => {
  /** One row of each kind the endpoints act on, by its real id. */
  async function targets(cookie: string) {
    const alert = (await (await api.post('/api/alerts', { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Two vans' })).json()) as Alert;
    const post = (await (await api.post('/api/lost-found', { name: 'Rosa' })).json()) as LostFoundPost;
    await api.post('/api/sos', { details: 'Need a ride', contact: '555' });
    const { rows } = await api.store.client.execute('select id from sos_requests');
    const requestId = ((await (await api.post('/api/assistance-requests', helpRequest)).json()) as { id: string }).id;
    const offerId = ((await (await api.post('/api/surplus-offers', helpOffer)).json()) as { id: string }).id;
    const created = async <T>(path: string, body: unknown) => (await (await request('POST', path, { cookie, body })).json()) as T;
    return {
      alerts: alert.id,
      'lost-found': post.id,
      'lost-found-notes': ((await (await api.post(`/api/lost-found/${post.id}/notes`, note)).json()) as { id: string }).id,
      sos: String(rows[0]!.id),
      requests: requestId,
      offers: offerId,
      drops: (await created<AdminDrop>('/api/admin/drops', drop)).id,
      resources: (await created<AdminResource>('/api/admin/resources', resource)).id,
      jobs: (await created<AdminJob>('/api/admin/jobs', job)).id,
    } as Record<string, string>;
  }
  /** The path with the real id of its kind ("/api/admin/help-posts/offers/ID/hide" takes the offer's). */
  const withId = (path: string, ids: Record<string, string>) => {
    const parts = path.split('/');
    return path.replace('ID', ids[parts[3] === 'help-posts' ? parts[4]! : parts[3]!] ?? 'none');
  };

  it.each(ENDPOINTS)('%s %s refuses a request without a session (401)', async (method, path, body) => {
    const response = await request(method, path.replace('ID', crypto.randomUUID()), { body });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('signed_out');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each(ENDPOINTS)('%s %s refuses an expired session (401)', async (method, path, body) => {
    const cookie = await signIn();
    const ids = await targets(cookie);
    api.clock.now += 12 * HOUR + 1;
    expect((await request(method, withId(path, ids), { cookie, body })).status).toBe(401);
  });

  it.each(ENDPOINTS)('%s %s refuses a cross-site request even with a session (403)', async (method, path, body) => {
    const cookie = await signIn();
    const ids = await targets(cookie);
    const before = await api.count('audit_log');
    expect((await request(method, withId(path, ids), { cookie, body, origin: 'https://evil.example' })).status).toBe(403);
    expect((await request(method, withId(path, ids), { cookie, body, origin: null, site: 'cross-site' })).status).toBe(403);
    expect(await api.count('audit_log')).toBe(before);
  });

  it.each(ENDPOINTS)('%s %s is accepted with a session from this site', async (method, path, body) => {
    const cookie = await signIn();
    const ids = await targets(cookie);
    const response = await request(method, withId(path, ids), { cookie, body });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a change that names no origin at all (a plain script), but not a same-origin fetch', async () => {
    const cookie = await signIn();
    expect((await request('POST', '/api/admin/drops', { cookie, body: drop, origin: null })).status).toBe(403);
    expect((await request('POST', '/api/admin/drops', { cookie, body: drop, origin: null, site: 'same-origin' })).status).toBe(201);
    expect((await request('POST', '/api/admin/session', { body: { name: 'Maria', secret }, origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('drops', () => {
  it('creates with a random id, announces an active drop live, keeps a planned one quiet', async () => {
    const cookie = await signIn();
    const created = (await (await request('POST', '/api/admin/drops', { cookie, body: drop })).json()) as AdminDrop;
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created).toMatchObject({ title: 'Winter coats', status: 'active', volunteersNeeded: '10 people', volunteers: [] });
    expect(api.published).toEqual([{ event: 'new-drop', data: { id: created.id, items: 'Coats, blankets', location: 'Roeding Park, Fresno', notes: 'Bring bags' } }]);

    const planned = (await (await request('POST', '/api/admin/drops', { cookie, body: { ...drop, date: '2026-11-28', status: 'planning' } })).json()) as AdminDrop;
    expect(api.published).toHaveLength(1);
    // Planned drops are not public: the next public drop is still the active one.
    expect((await api.get<{ id: string }>('/api/drops/next')).id).toBe(created.id);
    const live = await request('PUT', `/api/admin/drops/${planned.id}`, { cookie, body: { ...drop, date: '2026-11-28', status: 'active' } });
    expect(live.status).toBe(200);
    expect(api.published).toHaveLength(2);
    expect((await api.get<{ id: string }>('/api/drops/next')).id).toBe(planned.id);
  });

  it('refuses a drop without title, date or location, naming each field', async () => {
    const cookie = await signIn();
    const response = await request('POST', '/api/admin/drops', { cookie, body: { ...drop, title: ' ', date: '', meetSpot: '' } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['date', 'meetSpot', 'title']);
    expect(await api.count('drops')).toBe(0);
  });

  it('cancelling deletes the drop and its volunteers names', async () => {
    const cookie = await signIn();
    const created = (await (await request('POST', '/api/admin/drops', { cookie, body: drop })).json()) as AdminDrop;
    expect((await api.post(`/api/drops/${created.id}/volunteers`, { name: 'Ana', contact: '555-0100' })).status).toBe(201);
    const [listed] = (await (await request('GET', '/api/admin/drops', { cookie })).json()) as AdminDrop[];
    expect(listed!.volunteers).toEqual([{ name: 'Ana', contact: '555-0100', createdAt: expect.any(String) }]);
    expect((await request('DELETE', `/api/admin/drops/${created.id}`, { cookie })).status).toBe(204);
    expect(await api.count('drops')).toBe(0);
    expect(await api.count('drop_volunteers')).toBe(0);
    expect((await request('DELETE', `/api/admin/drops/${created.id}`, { cookie })).status).toBe(404);
  });
});

describe('resources', () => {
  it("publishes a moderator's own resource at once, verified, under its public category, and announces it", async () => {
    const cookie = await signIn();
    const created = (await (await request('POST', '/api/admin/resources', { cookie, body: resource })).json()) as AdminResource;
    expect(created).toMatchObject({ status: 'published', verified: true, adminCategory: 'Mental Health', category: 'Medical', hours: 'Mon-Fri 9-5' });
    expect(await api.get<Resource[]>('/api/resources?category=Medical')).toEqual([expect.objectContaining({ id: created.id, verified: true, hours: 'Mon-Fri 9-5' })]);
    expect(api.published).toEqual([{ event: 'new-resource', data: { id: created.id, category: 'Medical', name: 'Calm Minds Clinic', city: 'Merced' } }]);
  });

  it('keeps the counties a rapid response line serves, and a country for a consulate only; /detained finds each by its own category', async () => {
    const cookie = await signIn();
    const add = async (body: object) => (await (await request('POST', '/api/admin/resources', { cookie, body: { ...resource, ...body } })).json()) as AdminResource;
    const line = await add({ name: 'Valley Rapid Response', adminCategory: 'Rapid Response', city: 'Fresno', serves: ['madera', 'Kings', 'Madera'] });
    expect(line).toMatchObject({ adminCategory: 'Rapid Response', kind: 'Rapid Response', category: 'Legal', county: 'Fresno', serves: ['Madera', 'Kings'], country: null });
    const consulate = await add({ name: 'Consulado', adminCategory: 'Consulate', city: 'Los Angeles', country: 'MX' });
    expect(consulate).toMatchObject({ kind: 'Consulate', category: 'Legal', country: 'MX' });
    // A country means nothing for anything but a consulate: it is not kept.
    expect(await add({ name: 'County Jail', adminCategory: 'Jail', city: 'Merced', country: 'MX' })).toMatchObject({ kind: 'Jail', country: null });
    // A submission has no finer category: it counts as the first of its public one (Legal: Legal Aid).
    await api.post('/api/resources', { name: 'Free Clinic Law', category: 'Legal', city: 'Madera' });
    await api.store.client.execute("update resources set status = 'published'");

    const names = async (query: string) => (await api.get<Resource[]>(`/api/resources?${query}`)).map((item) => item.name).sort();
    expect(await names('county=Madera')).toEqual(['Free Clinic Law', 'Valley Rapid Response']);
    expect(await names('county=Kings&kind=Rapid Response')).toEqual(['Valley Rapid Response']);
    expect(await names('county=Madera&kind=Legal Aid,Immigration')).toEqual(['Free Clinic Law']);
    expect(await names('kind=Consulate')).toEqual(['Consulado']);
    expect(await names('county=Tulare&kind=Rapid Response')).toEqual([]);
    expect(await names('kind=Jail,Hospital')).toEqual(['County Jail']);
    // Written loosely, or one kind many times over: each kind counts once.
    expect(await names('kind=Jail, Hospital')).toEqual(['County Jail']);
    expect(await names(`kind=${Array(5000).fill('Legal Aid').join(',')}`)).toEqual(['Free Clinic Law']);

    for (const query of ['kind=Jails', 'kind=Jail,', 'kind=Rapid%20Response,Bars']) {
      const response = await api.app.request(`/api/resources?${query}`);
      if (query === 'kind=Jail,') expect(response.status).toBe(200);
      else expect((await response.json()) as object, query).toMatchObject({ error: { code: 'invalid_query' } });
    }
    for (const body of [{ serves: ['Atlantis'] }, { adminCategory: 'Consulate', country: 'ZZ' }]) {
      const refused = await request('POST', '/api/admin/resources', { cookie, body: { ...resource, ...body } });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('verifying a submitted resource lists it and announces it', async () => {
    const cookie = await signIn();
    await api.post('/api/resources', { name: 'Night shelter', category: 'Shelter', city: 'Merced' });
    const [pending] = (await (await request('GET', '/api/admin/resources', { cookie })).json()) as AdminResource[];
    expect(pending).toMatchObject({ status: 'pending', verified: false });
    expect(await api.get<Resource[]>('/api/resources')).toEqual([]);

    const verified = await request('POST', `/api/admin/resources/${pending!.id}/verify`, { cookie });
    // The stamp is the California date and the session's moderator, whatever a client sends.
    expect(await verified.json()).toMatchObject({ status: 'published', verifiedOn: '2026-11-22', verifiedBy: 'Maria' });
    expect(await api.get<Resource[]>('/api/resources?category=Shelter')).toEqual([expect.objectContaining({ id: pending!.id, verified: true })]);
    expect(api.published).toEqual([{ event: 'new-resource', data: { id: pending!.id, category: 'Shelter', name: 'Night shelter', city: 'Merced' } }]);
  });

  it('stamps each verification with the date and the moderator from the session, never from the body', async () => {
    const maria = await signIn();
    const body = {
      ...resource,
      verifiedOn: '2020-01-01',
      verifiedBy: 'Someone else',
      schedule: [{ day: 'mo', opens: '09:00', closes: '17:00' }],
      languages: ['es'],
      notRequired: ['id'],
    };
    const created = (await (await request('POST', '/api/admin/resources', { cookie: maria, body })).json()) as AdminResource;
    expect(created).toMatchObject({ verifiedOn: '2026-11-22', verifiedBy: 'Maria', languages: ['es'], notRequired: ['id'] });
    const edited = (await (await request('PUT', `/api/admin/resources/${created.id}`, { cookie: maria, body: { ...body, languages: ['es', 'mix'] } })).json()) as AdminResource;
    expect(edited).toMatchObject({ verifiedOn: '2026-11-22', verifiedBy: 'Maria', languages: ['es', 'mix'] });
    // Late in the evening of 24 November in California it is already the 25th in UTC.
    api.clock.now = Date.parse('2026-11-25T06:00:00.000Z');
    const ana = await signIn('Ana', (await createAdmin(api.store.db, 'Ana')).secret);
    const again = await request('POST', `/api/admin/resources/${created.id}/verify`, { cookie: ana });
    expect(await again.json()).toMatchObject({ verifiedOn: '2026-11-24', verifiedBy: 'Ana' });
  });

  it('refuses a resource without name, category or address', async () => {
    const cookie = await signIn();
    const response = await request('POST', '/api/admin/resources', { cookie, body: { ...resource, name: '', adminCategory: 'Bars', address: ' ' } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['address', 'adminCategory', 'name']);
  });

  it('shows a public submission under the first admin category of its public one, and removes it', async () => {
    const cookie = await signIn();
    await api.post('/api/resources', { name: 'Night shelter', category: 'Shelter' });
    const [listed] = (await (await request('GET', '/api/admin/resources', { cookie })).json()) as AdminResource[];
    expect(listed).toMatchObject({ name: 'Night shelter', adminCategory: 'Housing', status: 'pending' });
    expect((await request('DELETE', `/api/admin/resources/${listed!.id}`, { cookie })).status).toBe(204);
    expect(await api.count('resources')).toBe(0);
  });
});

describe('jobs', () => {
  it('posts a job live at once; approving a submitted one lists it and announces it', async () => {
    const cookie = await signIn();
    const posted = (await (await request('POST', '/api/admin/jobs', { cookie, body: job })).json()) as AdminJob;
    expect(posted).toMatchObject({ status: 'approved', urgent: true, jobType: 'Full-time' });
    expect(api.published).toEqual([
      { event: 'new-job', data: { id: posted.id, title: 'Line cook', city: 'Visalia', payRange: '$19/hour', acceptsNoPapers: true, contact: '(559) 555-0111' } },
    ]);
    expect((await api.get<Job[]>('/api/jobs'))[0]).toMatchObject({ title: 'Line cook', urgent: true, jobType: 'Full-time' });

    await api.post('/api/jobs', { title: 'Painter', contact: '555-0199' });
    const pending = ((await (await request('GET', '/api/admin/jobs', { cookie })).json()) as AdminJob[]).find((item) => item.status === 'pending')!;
    expect(pending.title).toBe('Painter');
    expect((await api.get<Job[]>('/api/jobs')).map((item) => item.title)).toEqual(['Line cook']);
    await request('POST', `/api/admin/jobs/${pending.id}/approve`, { cookie });
    expect((await api.get<Job[]>('/api/jobs')).map((item) => item.title).sort()).toEqual(['Line cook', 'Painter']);
    expect(api.published.at(-1)).toMatchObject({ event: 'new-job', data: { id: pending.id, title: 'Painter' } });
  });

  it('refuses a job without title, company or location', async () => {
    const cookie = await signIn();
    const response = await request('POST', '/api/admin/jobs', { cookie, body: { ...job, title: '', employer: '', city: '' } });
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['city', 'employer', 'title']);
  });
});

describe('moderation', () => {
  it('hides and restores an alert, verifies a report, and all clear deletes it', async () => {
    const cookie = await signIn();
    const report = (await (await api.post('/api/alerts', { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Two vans' })).json()) as Alert;
    await request('POST', `/api/admin/alerts/${report.id}/hide`, { cookie });
    expect(await api.get<Alert[]>('/api/alerts')).toEqual([]);
    expect((await api.post(`/api/alerts/${report.id}/marks`, { kind: 'confirm', device: 'a'.repeat(16) })).status).toBe(404);
    await request('POST', `/api/admin/alerts/${report.id}/restore`, { cookie });
    expect((await api.get<Alert[]>('/api/alerts')).map((item) => item.verified)).toEqual([false]);
    await request('POST', `/api/admin/alerts/${report.id}/verify`, { cookie });
    expect((await api.get<Alert[]>('/api/alerts')).map((item) => item.verified)).toEqual([true]);
    expect((await request('POST', `/api/admin/alerts/${report.id}/all-clear`, { cookie })).status).toBe(200);
    expect(await api.count('alerts')).toBe(0);
  });

  it('hides and restores a lost-and-found post', async () => {
    const cookie = await signIn();
    const post = (await (await api.post('/api/lost-found', { name: 'Rosa' })).json()) as LostFoundPost;
    await request('POST', `/api/admin/lost-found/${post.id}/hide`, { cookie });
    expect(await api.get<LostFoundPost[]>('/api/lost-found')).toEqual([]);
    expect(JSON.stringify(await api.get('/api/pulse'))).not.toContain('Rosa');
    const listed = (await (await request('GET', '/api/admin/lost-found', { cookie })).json()) as { hidden: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ name: 'Rosa', hidden: true })]);
    await request('POST', `/api/admin/lost-found/${post.id}/restore`, { cookie });
    expect((await api.get<LostFoundPost[]>('/api/lost-found')).map((item) => item.name)).toEqual(['Rosa']);
  });

  it('hides and restores a note on a record: gone from the record and its owner, kept on the desk, with no contact', async () => {
    const cookie = await signIn();
    const post = (await (await api.post('/api/lost-found', { name: 'Rosa' })).json()) as Created<LostFoundPost>;
    const { id } = (await (await api.post(`/api/lost-found/${post.id}/notes`, note)).json()) as { id: string };
    const notesShown = async () => ((await api.get<LostFoundRecord>(`/api/lost-found/${post.id}`)).notes ?? []).map((item) => item.id);
    const owner = async () =>
      ((await (await api.app.request(`/api/lost-found/${post.id}/manage`, { headers: { authorization: `Bearer ${post.manageToken}` } })).json()) as LostFoundManage).notes.length;
    expect(await notesShown()).toEqual([id]);
    expect((await request('POST', `/api/admin/lost-found-notes/${id}/hide`, { cookie })).status).toBe(200);
    expect(await notesShown()).toEqual([]);
    expect(await owner()).toBe(0);
    const listed = await (await request('GET', '/api/admin/lost-found-notes', { cookie })).json();
    expect(listed).toEqual([expect.objectContaining({ id, postId: post.id, hidden: true, text: note.text })]);
    expect(JSON.stringify(listed)).not.toContain(note.contact);
    await request('POST', `/api/admin/lost-found-notes/${id}/restore`, { cookie });
    expect(await notesShown()).toEqual([id]);
    expect((await request('POST', `/api/admin/lost-found-notes/${crypto.randomUUID()}/hide`, { cookie })).status).toBe(404);
  });

  it('hides and restores help requests and offers: gone from their boards, the pulse and answers', async () => {
    const cookie = await signIn();
    const asked = (await (await api.post('/api/assistance-requests', helpRequest)).json()) as { id: string };
    const offer = (await (await api.post('/api/surplus-offers', helpOffer)).json()) as { id: string };
    await request('POST', `/api/admin/help-posts/requests/${asked.id}/hide`, { cookie });
    await request('POST', `/api/admin/help-posts/offers/${offer.id}/hide`, { cookie });
    expect(await api.get<unknown[]>('/api/assistance-requests')).toEqual([]);
    expect(await api.get<unknown[]>('/api/surplus-offers')).toEqual([]);
    expect((await api.app.request(`/api/assistance-requests/${asked.id}`)).status).toBe(404);
    const answer = { responderName: 'Luis', responderContact: 'luis@example.org', message: 'I can drive you', responseType: 'offer_help', requestId: asked.id };
    expect((await api.post('/api/assistance-responses', answer)).status).toBe(404);
    expect(JSON.stringify(await api.get('/api/pulse'))).not.toContain('Ride to court');
    const listed = (await (await request('GET', '/api/admin/help-posts', { cookie })).json()) as { kind: string; hidden: boolean }[];
    expect(listed.map((post) => [post.kind, post.hidden]).sort()).toEqual([
      ['offers', true],
      ['requests', true],
    ]);
    await request('POST', `/api/admin/help-posts/requests/${asked.id}/restore`, { cookie });
    expect((await api.get<{ id: string }[]>('/api/assistance-requests')).map((post) => post.id)).toEqual([asked.id]);
    expect((await api.post('/api/assistance-responses', answer)).status).toBe(201);
  });

  it('marks an SOS request handled and deletes it 30 days later', async () => {
    const cookie = await signIn();
    await api.post('/api/sos', { city: 'Fresno', details: 'Family without shelter tonight', contact: '(559) 555-0100' });
    const before = (await (await request('GET', '/api/admin/dashboard', { cookie })).json()) as Dashboard;
    expect(before.counts.openSos).toBe(1);
    const id = before.sos[0]!.id;
    const handled = await request('POST', `/api/admin/sos/${id}/handled`, { cookie });
    expect(await handled.json()).toMatchObject({ handled: true, handledAt: new Date(api.clock.now).toISOString() });
    api.clock.now += 29 * 24 * HOUR;
    await api.app.maintain();
    expect(await api.count('sos_requests')).toBe(1);
    api.clock.now += 2 * 24 * HOUR;
    await api.app.maintain();
    expect(await api.count('sos_requests')).toBe(0);
  });

  it('writes who did what to which row in the audit log, and nothing about the visitor', async () => {
    const cookie = await signIn();
    const post = (await (await api.post('/api/lost-found', { name: 'Rosa' })).json()) as LostFoundPost;
    await request('POST', `/api/admin/lost-found/${post.id}/hide`, { cookie });
    const { rows, columns } = await api.store.client.execute('select * from audit_log order by at');
    expect(columns.sort()).toEqual(['action', 'admin_name', 'at', 'id', 'target_id']);
    expect(rows.map((row) => [row.admin_name, row.action, row.target_id])).toEqual([
      ['Maria', 'sign-in', null],
      ['Maria', 'lost-found.hide', post.id],
    ]);
    expect(JSON.stringify(rows)).not.toContain(api.client.address);
  });
});

describe('the dashboard', () => {
  it('counts real rows: members are alert subscribers plus drop volunteers; donations from configuration', async () => {
    await applySampleContent(api.store.db, true, api.clock.now);
    const cookie = await signIn();
    await subscribeTexts(api, { phone: '(559) 555-0100', city: 'Fresno' });
    const [sampleDrop] = (await (await request('GET', '/api/admin/drops', { cookie })).json()) as AdminDrop[];
    await api.post(`/api/drops/${sampleDrop!.id}/volunteers`, { name: 'Ana', contact: 'ana@example.org' });
    await api.post('/api/resources', { name: 'Night shelter', category: 'Shelter' });
    await api.post('/api/jobs', { title: 'Painter', contact: '555-0199' });
    await api.post('/api/alerts', { type: 'Enforcement Activity', activity: 'Other', city: 'Fresno', details: 'Two vans' });
    const dashboard = (await (await request('GET', '/api/admin/dashboard', { cookie })).json()) as Dashboard;
    expect(dashboard.counts).toEqual({
      members: 2,
      subscribers: 1,
      volunteers: 1,
      missing: 4,
      scheduledDrops: 1,
      donations: 18750,
      pendingResources: 1,
      pendingJobs: 1,
      unverifiedReports: 1,
      openSos: 0,
      // The alert's text, and the code's that started the subscription.
      queuedTexts: 2,
    });
    expect(dashboard.outbox[0]).toMatchObject({ phoneEnd: '0100', status: 'queued' });
    expect(JSON.stringify(dashboard.outbox)).not.toContain('5595550100');
    // The desk sees that a code went out, never the code.
    // (Only the texts' words: an id is a UUID, which may hold six digits in a row.)
    for (const text of dashboard.outbox) expect(text.body).not.toMatch(/\d{6}/);
    expect(dashboard.pendingResources.map((item) => item.name)).toEqual(['Night shelter']);
  });

  it('counts as Active Missing Cases only people still missing: not those found, nor hidden posts', async () => {
    const cookie = await signIn();
    const created = async (name: string) => (await (await api.post('/api/lost-found', { name })).json()) as Created<LostFoundPost>;
    await created('Rosa');
    const found = await created('Luis');
    const hidden = await created('Ana');
    const marked = await api.app.request(`/api/lost-found/${found.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${found.manageToken}` },
      body: JSON.stringify({ status: 'found' }),
    });
    expect(marked.status).toBe(200);
    expect((await request('POST', `/api/admin/lost-found/${hidden.id}/hide`, { cookie })).status).toBe(200);
    const dashboard = (await (await request('GET', '/api/admin/dashboard', { cookie })).json()) as Dashboard;
    expect(dashboard.counts.missing).toBe(1);
  });
});

describe('after a restart', () => {
  it('keeps every edit, and the session, when the server opens the same database file again', async () => {
    const cookie = await signIn();
    const created = (await (await request('POST', '/api/admin/drops', { cookie, body: drop })).json()) as AdminDrop;
    await request('PUT', `/api/admin/drops/${created.id}`, { cookie, body: { ...drop, title: 'Winter coats and boots' } });
    const res = (await (await request('POST', '/api/admin/resources', { cookie, body: resource })).json()) as AdminResource;
    await request('PUT', `/api/admin/resources/${res.id}`, { cookie, body: { ...resource, hours: 'Sat 10-2' } });
    await request('POST', `/api/admin/resources/${res.id}/verify`, { cookie });
    const posted = (await (await request('POST', '/api/admin/jobs', { cookie, body: job })).json()) as AdminJob;
    await request('PUT', `/api/admin/jobs/${posted.id}`, { cookie, body: { ...job, payRange: '$21/hour' } });
    api.store.client.close();

    const reopened = await openDatabase(`file:${api.store.file}`);
    try {
      const app = createApp({
        db: reopened.db,
        dataKey: dataKey(api.key),
        media: fileMediaStore(api.store.folder),
        publish: () => undefined,
        watching: () => 0,
        clientAddress: () => '203.0.113.7',
        now: () => api.clock.now,
      });
      const get = async <T>(path: string) => (await (await call(app, 'GET', path, { cookie })).json()) as T;
      expect((await get<AdminDrop[]>('/api/admin/drops'))[0]).toMatchObject({ id: created.id, title: 'Winter coats and boots' });
      expect((await get<AdminResource[]>('/api/admin/resources'))[0]).toMatchObject({ hours: 'Sat 10-2', status: 'published' });
      expect((await get<AdminJob[]>('/api/admin/jobs'))[0]).toMatchObject({ payRange: '$21/hour' });
      expect((await get<Job[]>('/api/jobs'))[0]).toMatchObject({ payRange: '$21/hour' });
    } finally {
      reopened.client.close();
    }
  });
});
