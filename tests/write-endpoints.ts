import type { Database } from '../db/client.ts';
import { drops } from '../db/schema.ts';

/** What an endpoint's setup needs: a way to post, the database, and the clock. */
export interface Host {
  post: (path: string, body: unknown) => Response | Promise<Response>;
  store: { db: Database };
  clock: { now: number };
}

/**
 * Every public write endpoint of the API, with a sample body it accepts, in one place: the
 * hostile-input fuzzing, the privacy scan and the load tests all walk this table, so a new
 * endpoint is covered by adding one row here.
 */
export interface Target {
  path: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

export interface WriteEndpoint {
  name: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  /** A body the endpoint accepts. */
  valid: Record<string, unknown>;
  /**
   * Creates what the endpoint writes to (an alert to mark, a post to manage) in the app and
   * answers the path to call, the headers that authorize it and what the sample body needs from
   * it (the id of the request to answer).
   */
  target: (api: Host) => Promise<Target>;
  /** Manage endpoints: a request without the post's own secret must change nothing. */
  guarded?: boolean;
}

const REQUEST = { title: 'Ride to court', description: 'Monday at 9', category: 'Transportation', urgency: 'High', city: 'Fresno', contactName: 'Marisol', contactMethod: '(831) 555-0119' };
const OFFER = { title: 'Winter coats', description: 'Kids sizes 6 to 10', category: 'Clothing', condition: 'Good', availability: 'Evenings', city: 'Madera', contactName: 'Ana', contactMethod: 'ana@example.org' };
const LOST = { name: 'Rosa Martinez', lastSeenCity: 'Fresno', lastSeenDate: '2026-11-01', description: 'Green jacket', contact: '(559) 555-0100' };
const ALERT = { type: 'Community Notice', city: 'Fresno', area: 'Tower District', details: 'Water main break on Olive Ave', contact: 'none' };

/** Posts a body that must be accepted and answers the created JSON. */
async function created<T>(api: Host, path: string, body: unknown): Promise<T> {
  const response = await api.post(path, body);
  if (response.status !== 201) throw new Error(`${path} refused its sample body: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A manage endpoint (PATCH or DELETE) of one kind of post. */
const manage = (name: string, method: 'PATCH' | 'DELETE', path: string, body: unknown, status?: string): WriteEndpoint => ({
  name,
  method,
  valid: status ? { status } : {},
  guarded: true,
  target: async (api) => {
    const post = await created<{ id: string; manageToken: string }>(api, path, body);
    return { path: `${path}/${post.id}`, headers: bearer(post.manageToken) };
  },
});

export const WRITE_ENDPOINTS: WriteEndpoint[] = [
  { name: 'lost-found', method: 'POST', valid: LOST, target: async () => ({ path: '/api/lost-found' }) },
  manage('lost-found found', 'PATCH', '/api/lost-found', LOST, 'found'),
  manage('lost-found delete', 'DELETE', '/api/lost-found', LOST),
  { name: 'alerts', method: 'POST', valid: ALERT, target: async () => ({ path: '/api/alerts' }) },
  {
    name: 'alert marks',
    method: 'POST',
    valid: { kind: 'confirm', device: 'device-0123456789abcdef' },
    target: async (api) => ({ path: `/api/alerts/${(await created<{ id: string }>(api, '/api/alerts', { ...ALERT, details: `Marked ${crypto.randomUUID()}` })).id}/marks` }),
  },
  { name: 'alert subscriptions', method: 'POST', valid: { phone: '(559) 555-0142', city: 'Fresno', lang: 'es' }, target: async () => ({ path: '/api/alert-subscriptions' }) },
  { name: 'alert unsubscribe', method: 'DELETE', valid: { phone: '(559) 555-0142' }, target: async () => ({ path: '/api/alert-subscriptions' }) },
  { name: 'resources', method: 'POST', valid: { name: 'Legal clinic', category: 'Legal', city: 'Fresno', address: '1 Main St', phone: '559-555-0101', link: 'https://example.org', notes: 'Free' }, target: async () => ({ path: '/api/resources' }) },
  { name: 'jobs', method: 'POST', valid: { title: 'Farm work', employer: 'Valley Farms', city: 'Madera', payRange: '$18/h', notes: 'Harvest', contact: '559-555-0102', acceptsNoPapers: true }, target: async () => ({ path: '/api/jobs' }) },
  {
    name: 'drop volunteers',
    method: 'POST',
    valid: { name: 'Lupe', contact: '(559) 555-0190' },
    target: async (api) => {
      const id = crypto.randomUUID();
      await api.store.db.insert(drops).values({ id, date: '2099-01-01', city: 'Fresno', meetSpot: 'Roeding Park', createdAt: new Date(api.clock.now).toISOString() });
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
];
