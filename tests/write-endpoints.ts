import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { assistanceRequests, drops, jobs, lostFoundPosts, sosRequests, surplusOffers } from '../db/schema.ts';
import { createAdmin } from '../functions/middleware/admin-auth/index.ts';
import { toMinute } from '../functions/domain/time.ts';
import { UNREACHABLE_PUSH_HOST } from './push-service.ts';

/** What an endpoint's setup needs: a way to post, the database, the clock, and the site's origin. */
export interface Host {
  post: (path: string, body: unknown, headers?: Record<string, string>) => Response | Promise<Response>;
  store: { db: Database };
  clock: { now: number };
  /** Where the app is served, the Origin an admin change must name; app.request's http://localhost when absent. */
  origin?: string;
  /** The code the app texted to a (normalized) number, as the phone's owner reads it. */
  textedCode?: (phone: string) => Promise<string>;
}

/** Where a code is asked for, to start or to stop a number's alert texts, or to start its locator reminders. */
const CODE_PATHS = { start: '/api/alert-subscriptions', stop: '/api/alert-subscriptions/stop', remind: '/api/alert-subscriptions/reminders' } as const;

/** Asks for a code for `phone` as its owner would, and reads it. */
async function codeFor(api: Host, purpose: keyof typeof CODE_PATHS, phone: string): Promise<string> {
  if (!api.textedCode) throw new Error('This host cannot read the texts it sends');
  const asked = await api.post(CODE_PATHS[purpose], { phone, lang: 'en' });
  if (asked.status !== 202) throw new Error(`Asking for a code answered ${asked.status}`);
  return api.textedCode(((await asked.json()) as { phone: string }).phone);
}

/**
 * Every write endpoint of the API, the admin desk's included, with a sample body it accepts, in
 * one place: the hostile-input fuzzing, the privacy scan and the load tests all walk this table,
 * so a new endpoint is covered by adding one row here.
 */
export interface Target {
  path: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

export interface WriteEndpoint {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A body the endpoint accepts, with the `extra` its target adds; {} for one that reads no body (see `bodyless`). */
  valid: Record<string, unknown>;
  /**
   * Creates what the endpoint writes to (an alert to mark, a post to manage) in the app and
   * answers the path to call, the headers that authorize it and what the sample body needs from
   * it (the id of the request to answer).
   */
  target: (api: Host) => Promise<Target>;
  /**
   * What authorizes a call; a request without it must be refused and change nothing. Manage
   * endpoints: the post's own secret (Authorization: Bearer). The admin API: this site's Origin
   * (its CSRF check) and, for all but signing in, the session cookie.
   */
  guarded?: 'manage secret' | 'admin';
  /**
   * The endpoint reads no body: it acts on the row its path names (a DELETE, an admin's hide or
   * approve), so with its credentials any body would simply be taken, and only they decide.
   */
  bodyless?: boolean;
  /** Every call pays a proof of work first (an alert mark): a call that means to be taken pays it. */
  pays?: boolean;
  /** Only bodies this allows may be taken (a 2xx); signing in: those with the account's own name and secret. */
  mayTake?: (body: unknown, sample: Record<string, unknown>) => boolean;
  /** The endpoint takes this file as its body, not JSON (whatever the content type): `valid` is then {}. */
  file?: string;
}

/** A browser's subscription: an endpoint at a push service the tests list but none can reach, a real P-256 public key and a 16-byte secret. */
const PUSH_SUBSCRIPTION = {
  endpoint: `https://${UNREACHABLE_PUSH_HOST}/send/dQw4w9WgXcQ`,
  keys: { p256dh: 'BF1aVMNermuq8FH0Wv5n96ZQl-4Zu2tfVtqF08QfuiM-5Rjvx9vEwZtVLv2hM67FyemeQwIylN12waWGe9BhzIA', auth: 'PHaly0oPhrgtCB0JY1hqtg' },
  areas: ['Fresno'],
  topics: ['enforcement', 'missing'],
  lang: 'es',
};

const REQUEST = {
  title: 'Ride to court',
  description: 'Monday at 9',
  category: 'Transportation',
  urgency: 'High',
  city: 'Fresno',
  contactName: 'Marisol',
  contactMethod: '(831) 555-0119',
};
const OFFER = {
  title: 'Winter coats',
  description: 'Kids sizes 6 to 10',
  category: 'Clothing',
  condition: 'Good',
  availability: 'Evenings',
  city: 'Madera',
  contactName: 'Ana',
  contactMethod: 'ana@example.org',
};
const LOST = { name: 'Rosa Martinez', lastSeenCity: 'Fresno', lastSeenDate: '2026-11-01', description: 'Green jacket', contact: '(559) 555-0100' };
const NOTE = { authorName: 'Lupe', text: 'Saw her at the shelter', status: 'believed_alive', lastKnownLocation: 'Fresno', contact: '(559) 555-0177' };
/** A PFIF file as Person Finder exports one, its author's contact included (never stored). */
const PFIF_FILE = `<?xml version="1.0" encoding="UTF-8"?>
<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4">
  <pfif:person>
    <pfif:person_record_id>personfinder.example/person.1</pfif:person_record_id>
    <pfif:source_date>2026-11-01T10:00:00Z</pfif:source_date>
    <pfif:full_name>Rosa Martinez</pfif:full_name>
    <pfif:author_email>family@example.org</pfif:author_email>
    <pfif:home_city>Fresno</pfif:home_city>
  </pfif:person>
</pfif:pfif>
`;
const ALERT = { type: 'Community Notice', city: 'Fresno', area: 'Tower District', details: 'Water main break on Olive Ave', contact: 'none' };

/** Posts a body that must be accepted and answers the created JSON. */
async function created<T>(api: Host, path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await api.post(path, body, headers);
  if (response.status !== 201) throw new Error(`${path} refused its sample body: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * One post of `board` per app for its owner's endpoints (/api/owners/...) and for the notes and
 * messages to it: a post each would take more of one address's posting limit than a run of every
 * endpoint has.
 */
const ownersPosts = new WeakMap<Host, Map<string, Promise<{ id: string; manageToken: string }>>>();
function ownersPost(api: Host, board: 'lost-found' | 'assistance-requests' | 'surplus-offers') {
  const posts = ownersPosts.get(api) ?? new Map<string, Promise<{ id: string; manageToken: string }>>();
  ownersPosts.set(api, posts);
  if (!posts.has(board)) posts.set(board, created(api, `/api/${board}`, board === 'lost-found' ? LOST : board === 'assistance-requests' ? REQUEST : OFFER));
  return posts.get(board)!;
}

/** A manage endpoint (PATCH or DELETE) of one kind of post. */
const manage = (name: string, method: 'PATCH' | 'DELETE', path: string, body: unknown, status?: string): WriteEndpoint => ({
  name,
  method,
  valid: status ? { status } : {},
  guarded: 'manage secret',
  ...(method === 'DELETE' ? { bodyless: true } : {}),
  target: async (api) => {
    const post = await created<{ id: string; manageToken: string }>(api, path, body);
    return { path: `${path}/${post.id}`, headers: bearer(post.manageToken) };
  },
});

const DROP = {
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
const ADMIN_JOB = {
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
const ADMIN_RESOURCE = {
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

/** A new admin account, made as `npm run admin:create` makes it; answers its name and secret. */
async function adminAccount(api: Host) {
  const name = `Admin ${crypto.randomUUID().slice(0, 8)}`;
  return { name, secret: (await createAdmin(api.store.db, name, api.clock.now)).secret };
}

/** Signs a new admin in; answers what authorizes their changes: the session cookie and this site's Origin. */
async function signIn(api: Host): Promise<Record<string, string>> {
  const origin = api.origin ?? 'http://localhost';
  const response = await api.post('/api/admin/session', await adminAccount(api), { origin });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`signing in was refused: ${response.status} ${await response.text()}`);
  return { cookie, origin };
}

/** One session per host, shared by its admin rows: a real server allows 10 sign-ins a quarter hour from one address. */
const sessions = new WeakMap<Host, Promise<Record<string, string>>>();
const adminSession = (api: Host) => sessions.get(api) ?? sessions.set(api, signIn(api)).get(api)!;

/**
 * An admin write endpoint, called with the shared session; `path` makes what it acts on (as that
 * admin where it needs to) and answers the path. A sample body of {} means it reads none.
 */
const admin = (
  name: string,
  method: WriteEndpoint['method'],
  valid: Record<string, unknown>,
  path: (api: Host, session: Record<string, string>) => string | Promise<string>,
): WriteEndpoint => ({
  name: `admin ${name}`,
  method,
  valid,
  guarded: 'admin',
  ...(Object.keys(valid).length === 0 ? { bodyless: true } : {}),
  target: async (api) => {
    const session = await adminSession(api);
    return { path: await path(api, session), headers: session };
  },
});

/** The id of a drop, job or resource the admin made. */
const adminMade = async (api: Host, session: Record<string, string>, kind: 'drops' | 'jobs' | 'resources') =>
  (await created<{ id: string }>(api, `/api/admin/${kind}`, { drops: DROP, jobs: ADMIN_JOB, resources: ADMIN_RESOURCE }[kind], session)).id;

/**
 * A help request or offer, put straight in the database: one address may post only 10 an hour to
 * both boards, and the privacy scan's single address spends 7 of them on the rows above.
 */
async function helpPost(api: Host, kind: 'requests' | 'offers') {
  const id = crypto.randomUUID();
  const life = { id, imageUrls: [], createdAt: toMinute(api.clock.now), expiresAt: toMinute(api.clock.now + 30 * 86_400_000) };
  if (kind === 'requests') await api.store.db.insert(assistanceRequests).values({ ...REQUEST, ...life });
  else await api.store.db.insert(surplusOffers).values({ ...OFFER, ...life });
  return id;
}

/** The path of a moderation action on a row; a row to restore is hidden first. */
async function moderate(api: Host, session: Record<string, string>, row: string, action: string) {
  const hidden = action === 'restore' ? await api.post(`${row}/hide`, {}, session) : undefined;
  if (hidden && hidden.status !== 200) throw new Error(`${row}/hide refused: ${hidden.status} ${await hidden.text()}`);
  return `${row}/${action}`;
}

export const WRITE_ENDPOINTS: WriteEndpoint[] = [
  { name: 'lost-found', method: 'POST', valid: LOST, target: async () => ({ path: '/api/lost-found' }) },
  manage('lost-found found', 'PATCH', '/api/lost-found', LOST, 'found'),
  manage('lost-found delete', 'DELETE', '/api/lost-found', LOST),
  {
    name: 'lost-found renew',
    method: 'POST',
    valid: {},
    guarded: 'manage secret',
    bodyless: true,
    target: async (api) => {
      const post = await created<{ id: string; manageToken: string }>(api, '/api/lost-found', LOST);
      return { path: `/api/lost-found/${post.id}/renew`, headers: bearer(post.manageToken) };
    },
  },
  {
    name: 'lost-found notes',
    method: 'POST',
    valid: NOTE,
    target: async (api) => ({ path: `/api/lost-found/${(await ownersPost(api, 'lost-found')).id}/notes` }),
  },
  {
    name: 'lost-found messages',
    method: 'POST',
    valid: { name: 'Lupe', message: 'I saw him at the Fresno bus station on Monday', reach: '(559) 555-0178' },
    pays: true,
    target: async (api) => ({ path: `/api/lost-found/${(await ownersPost(api, 'lost-found')).id}/messages` }),
  },
  ...(['lost-found', 'assistance-requests', 'surplus-offers'] as const).flatMap((board): WriteEndpoint[] => {
    const owned = (suffix: string) => async (api: Host) => {
      const post = await ownersPost(api, board);
      return { path: `/api/owners/${board}/${post.id}${suffix}`, headers: bearer(post.manageToken) };
    };
    return [
      { name: `${board} show contact`, method: 'PUT', valid: { showContact: true }, guarded: 'manage secret', target: owned('/show-contact') },
      { name: `${board} owner push`, method: 'PUT', valid: { ...PUSH_SUBSCRIPTION, lang: 'es' }, guarded: 'manage secret', target: owned('/push') },
      { name: `${board} owner push stop`, method: 'DELETE', valid: { endpoint: PUSH_SUBSCRIPTION.endpoint }, guarded: 'manage secret', target: owned('/push') },
      // The offer's contact is an email: texts need a phone number.
      ...(board === 'surplus-offers'
        ? []
        : ([
            { name: `${board} owner texts`, method: 'POST', valid: {}, guarded: 'manage secret', bodyless: true, target: owned('/texts') },
            { name: `${board} owner texts stop`, method: 'DELETE', valid: {}, guarded: 'manage secret', bodyless: true, target: owned('/texts') },
          ] satisfies WriteEndpoint[])),
    ];
  }),
  { name: 'alerts', method: 'POST', valid: ALERT, target: async () => ({ path: '/api/alerts' }) },
  {
    name: 'alert marks',
    method: 'POST',
    valid: { kind: 'confirm' },
    pays: true,
    target: async (api) => ({ path: `/api/alerts/${(await created<{ id: string }>(api, '/api/alerts', { ...ALERT, details: `Marked ${crypto.randomUUID()}` })).id}/marks` }),
  },
  { name: 'alert subscriptions', method: 'POST', valid: { phone: '(559) 555-0142', city: 'Fresno', lang: 'es' }, target: async () => ({ path: '/api/alert-subscriptions' }) },
  {
    name: 'alert subscription code',
    method: 'POST',
    valid: { phone: '(559) 555-0143' },
    target: async (api) => ({ path: '/api/alert-subscriptions/confirm', extra: { code: await codeFor(api, 'start', '(559) 555-0143') } }),
  },
  { name: 'alert unsubscribe', method: 'POST', valid: { phone: '(559) 555-0142', lang: 'es' }, target: async () => ({ path: '/api/alert-subscriptions/stop' }) },
  {
    name: 'alert unsubscribe code',
    method: 'POST',
    valid: { phone: '(559) 555-0144' },
    target: async (api) => ({ path: '/api/alert-subscriptions/stop/confirm', extra: { code: await codeFor(api, 'stop', '(559) 555-0144') } }),
  },
  { name: 'text reminders', method: 'POST', valid: { phone: '(559) 555-0145', lang: 'es' }, target: async () => ({ path: '/api/alert-subscriptions/reminders' }) },
  {
    name: 'text reminders code',
    method: 'POST',
    valid: { phone: '(559) 555-0146' },
    target: async (api) => ({ path: '/api/alert-subscriptions/reminders/confirm', extra: { code: await codeFor(api, 'remind', '(559) 555-0146') } }),
  },
  { name: 'push subscriptions', method: 'POST', valid: PUSH_SUBSCRIPTION, target: async () => ({ path: '/api/push/subscriptions' }) },
  {
    name: 'push reminders',
    method: 'POST',
    valid: { endpoint: PUSH_SUBSCRIPTION.endpoint, keys: PUSH_SUBSCRIPTION.keys, lang: 'es' },
    target: async () => ({ path: '/api/push/reminders' }),
  },
  { name: 'push reminders stop', method: 'DELETE', valid: { endpoint: PUSH_SUBSCRIPTION.endpoint }, target: async () => ({ path: '/api/push/reminders' }) },
  { name: 'push unsubscribe', method: 'DELETE', valid: { endpoint: PUSH_SUBSCRIPTION.endpoint }, target: async () => ({ path: '/api/push/subscriptions' }) },
  {
    name: 'push follows',
    method: 'POST',
    valid: { endpoint: PUSH_SUBSCRIPTION.endpoint, keys: PUSH_SUBSCRIPTION.keys, lang: 'es' },
    // Stored directly: the posts of the other rows use up one client's limit of records.
    target: async (api) => {
      const id = crypto.randomUUID();
      await api.store.db.insert(lostFoundPosts).values({ id, name: LOST.name, createdAt: toMinute(api.clock.now) });
      return { path: '/api/push/follows', extra: { id } };
    },
  },
  { name: 'push unfollow', method: 'DELETE', valid: { endpoint: PUSH_SUBSCRIPTION.endpoint, id: crypto.randomUUID() }, target: async () => ({ path: '/api/push/follows' }) },
  {
    name: 'resources',
    method: 'POST',
    valid: { name: 'Legal clinic', category: 'Legal', city: 'Fresno', address: '1 Main St', phone: '559-555-0101', link: 'https://example.org', notes: 'Free' },
    target: async () => ({ path: '/api/resources' }),
  },
  {
    name: 'jobs',
    method: 'POST',
    valid: { title: 'Farm work', employer: 'Valley Farms', city: 'Madera', payRange: '$18/h', notes: 'Harvest', contact: '559-555-0102', acceptsNoPapers: true },
    target: async () => ({ path: '/api/jobs' }),
  },
  {
    name: 'drop volunteers',
    method: 'POST',
    valid: { name: 'Lupe', contact: '(559) 555-0190' },
    target: async (api) => {
      const id = crypto.randomUUID();
      await api.store.db.insert(drops).values({ id, date: '2099-01-01', city: 'Fresno', meetSpot: 'Roeding Park', createdAt: toMinute(api.clock.now) });
      return { path: `/api/drops/${id}/volunteers` };
    },
  },
  { name: 'sos', method: 'POST', valid: { city: 'Fresno', details: 'Need a ride to the hospital', contact: '559-555-0103' }, target: async () => ({ path: '/api/sos' }) },
  { name: 'assistance-requests', method: 'POST', valid: REQUEST, target: async () => ({ path: '/api/assistance-requests' }) },
  manage('assistance-request fulfilled', 'PATCH', '/api/assistance-requests', REQUEST, 'fulfilled'),
  manage('assistance-request delete', 'DELETE', '/api/assistance-requests', REQUEST),
  { name: 'surplus-offers', method: 'POST', valid: OFFER, target: async () => ({ path: '/api/surplus-offers' }) },
  manage('surplus-offer taken', 'PATCH', '/api/surplus-offers', OFFER, 'taken'),
  manage('surplus-offer delete', 'DELETE', '/api/surplus-offers', OFFER),
  {
    name: 'assistance-responses',
    method: 'POST',
    valid: { responderName: 'Luis', responderContact: '559-555-0104', message: 'I can drive you', responseType: 'offer_help' },
    target: async (api) => {
      const request = await created<{ id: string }>(api, '/api/assistance-requests', REQUEST);
      return { path: '/api/assistance-responses', extra: { requestId: request.id } };
    },
  },
  { name: 'upload request', method: 'POST', valid: { type: 'missing-persons' }, target: async () => ({ path: '/api/upload' }) },
  { name: 'help upload request', method: 'POST', valid: { mediaType: 'assistance-requests' }, target: async () => ({ path: '/api/community-assistance/upload' }) },
  { name: 'multipart upload start', method: 'POST', valid: { metadata: { kind: 'assistance-requests' } }, target: async () => ({ path: '/api/uploads/s3/multipart' }) },

  // The admin desk. Signing in must never start a session from a hostile body.
  {
    name: 'admin sign-in',
    method: 'POST',
    valid: {},
    guarded: 'admin',
    target: async (api) => ({ path: '/api/admin/session', headers: { origin: api.origin ?? 'http://localhost' }, extra: await adminAccount(api) }),
    mayTake: (body, sample) => {
      const { name, secret } = (body ?? {}) as Record<string, unknown>;
      return typeof name === 'string' && typeof secret === 'string' && name.trim() === sample.name && secret.trim() === sample.secret;
    },
  },
  // Its own session: signing out must not end the one the other admin rows share.
  { name: 'admin sign-out', method: 'DELETE', valid: {}, guarded: 'admin', bodyless: true, target: async (api) => ({ path: '/api/admin/session', headers: await signIn(api) }) },
  admin('drop create', 'POST', DROP, () => '/api/admin/drops'),
  admin('drop update', 'PUT', DROP, async (api, session) => `/api/admin/drops/${await adminMade(api, session, 'drops')}`),
  admin('drop delete', 'DELETE', {}, async (api, session) => `/api/admin/drops/${await adminMade(api, session, 'drops')}`),
  admin('job create', 'POST', ADMIN_JOB, () => '/api/admin/jobs'),
  admin('job update', 'PUT', ADMIN_JOB, async (api, session) => `/api/admin/jobs/${await adminMade(api, session, 'jobs')}`),
  admin('job approve', 'POST', {}, async (api) => {
    // A submitted job, pending until approved (the public answer names no id).
    const title = `Submitted ${crypto.randomUUID()}`;
    await created(api, '/api/jobs', { title, contact: '559-555-0105' });
    const [job] = await api.store.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.title, title), eq(jobs.status, 'pending')));
    return `/api/admin/jobs/${job!.id}/approve`;
  }),
  admin('job delete', 'DELETE', {}, async (api, session) => `/api/admin/jobs/${await adminMade(api, session, 'jobs')}`),
  admin('resource create', 'POST', ADMIN_RESOURCE, () => '/api/admin/resources'),
  admin('resource update', 'PUT', ADMIN_RESOURCE, async (api, session) => `/api/admin/resources/${await adminMade(api, session, 'resources')}`),
  admin('resource verify', 'POST', {}, async (api, session) => `/api/admin/resources/${await adminMade(api, session, 'resources')}/verify`),
  admin('resource delete', 'DELETE', {}, async (api, session) => `/api/admin/resources/${await adminMade(api, session, 'resources')}`),
  ...['hide', 'restore', 'verify', 'all-clear'].map((action) =>
    admin(`alert ${action}`, 'POST', {}, async (api, session) => {
      const alert = await created<{ id: string }>(api, '/api/alerts', { ...ALERT, details: `Moderated ${crypto.randomUUID()}` });
      return moderate(api, session, `/api/admin/alerts/${alert.id}`, action);
    }),
  ),
  ...['hide', 'restore'].map((action) =>
    admin(`lost-found ${action}`, 'POST', {}, async (api, session) =>
      moderate(api, session, `/api/admin/lost-found/${(await created<{ id: string }>(api, '/api/lost-found', LOST)).id}`, action),
    ),
  ),
  ...['hide', 'restore'].map((action) =>
    admin(`lost-found note ${action}`, 'POST', {}, async (api, session) => {
      const post = await created<{ id: string }>(api, '/api/lost-found', LOST);
      const note = await created<{ id: string }>(api, `/api/lost-found/${post.id}/notes`, NOTE);
      return moderate(api, session, `/api/admin/lost-found-notes/${note.id}`, action);
    }),
  ),
  ...(['requests', 'offers'] as const).flatMap((kind) =>
    ['hide', 'restore'].map((action) =>
      admin(`help ${kind} ${action}`, 'POST', {}, async (api, session) => moderate(api, session, `/api/admin/help-posts/${kind}/${await helpPost(api, kind)}`, action)),
    ),
  ),
  // Importing the same file again changes nothing, so every call may take it.
  { ...admin('pfif import', 'POST', {}, () => '/api/admin/pfif'), bodyless: false, file: PFIF_FILE },
  admin('sos handled', 'POST', {}, async (api) => {
    // The public answer names no id.
    const details = `Need a ride ${crypto.randomUUID()}`;
    await created(api, '/api/sos', { city: 'Fresno', details, contact: '559-555-0106' });
    const [sos] = await api.store.db.select({ id: sosRequests.id }).from(sosRequests).where(eq(sosRequests.details, details));
    return `/api/admin/sos/${sos!.id}/handled`;
  }),
];
