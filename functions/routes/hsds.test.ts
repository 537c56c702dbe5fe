import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resources } from '../../db/schema.ts';
import { PAGE_SIZE } from '../../src/common/contract/limits.ts';
import { NO_STANDARDS, standardFile } from '../../tests/standards.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { hsdsIds, uuidV5 } from '../domain/hsds.ts';
import { hsdsSchemas, schemaErrors } from '../domain/hsds-schema.ts';
import { placed } from '../../src/common/contract/places.ts';

interface Page<T = Record<string, unknown>> {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  first_page: boolean;
  last_page: boolean;
  empty: boolean;
  contents: T[];
}
type Service = { id: string; name: string; [key: string]: unknown };

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

const createdAt = '2026-11-20T10:00:00.000Z';
const resource = (id: string, name: string, fields: Partial<typeof resources.$inferInsert> = {}) => ({
  id,
  name,
  category: 'Food',
  ...placed('Fresno'),
  address: '1 Main St, Fresno, CA 93721',
  phone: '(559) 555-0100',
  link: 'https://example.org/pantry',
  notes: 'Groceries for any family.',
  hours: 'Tue and Thu 9-12',
  requirements: 'No ID needed',
  status: 'published',
  createdAt,
  ...fields,
});
const seed = () =>
  api.store.db.insert(resources).values([
    resource('r-pantry', 'Westside Pantry', {
      verified: true,
      verifiedOn: '2026-11-21',
      verifiedBy: 'Ana Moderator',
      schedule: [
        { day: 'th', opens: '09:00', closes: '12:00' },
        { day: 'tu', opens: '09:00', closes: '12:00' },
        { day: 'tu', opens: '17:00', closes: '19:30' },
        { day: 'sa', opens: '10:00', closes: '24:00' },
      ],
      languages: ['es', 'en', 'mix'],
      cost: 'free',
      whatToBring: 'A bag for groceries',
      notRequired: ['id', 'immigration_status'],
      eligibility: 'Families in Fresno County',
    }),
    resource('r-clinic', 'Clinica Popular', {
      category: 'Medical',
      address: null,
      city: null,
      county: null,
      phone: null,
      link: null,
      notes: null,
      hours: null,
      requirements: null,
    }),
    resource('r-legal', 'Legal Aid Desk', { category: 'Legal', address: null, ...placed('Oakland'), cost: 'low_cost', verified: true, verifiedOn: null }),
    resource('r-pending', 'A Pending Shelter', { status: 'pending' }),
    resource('r-sample', 'A Sample Pantry', { isSample: true }),
  ]);

const get = async <T>(path: string) => {
  const response = await api.app.request(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

describe('HSDS ids', () => {
  it('are UUID v5 (the RFC example: www.example.com in the DNS namespace)', async () => {
    expect(await uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are the same on every read, and differ for each object one resource becomes', async () => {
    const ids = await hsdsIds('r-pantry');
    expect(await hsdsIds('r-pantry')).toEqual(ids);
    expect(new Set(Object.values(ids)).size).toBe(Object.values(ids).length);
    expect(Object.values(await hsdsIds('r-clinic'))).not.toContain(ids.service);
  });
});

describe('GET /api/hsds/...', () => {
  beforeEach(seed);

  it('answers the API information: HSDS 3.0 and this API description', async () => {
    expect(await get('/api/hsds/')).toEqual({ version: '3.0', openapi_url: 'http://localhost/api/openapi.json' });
  });

  it('lists only published resources, never pending ones nor the sample content, by name', async () => {
    const services = await get<Page<Service>>('/api/hsds/services');
    expect(services.contents.map((service) => service.name)).toEqual(['Clinica Popular', 'Legal Aid Desk', 'Westside Pantry']);
    expect(services).toMatchObject({ total_items: 3, total_pages: 1, page_number: 1, size: 3, first_page: true, last_page: true, empty: false });
    const organizations = await get<Page<Service>>('/api/hsds/organizations');
    expect(organizations.contents.map((organization) => organization.name)).toEqual(['Clinica Popular', 'Legal Aid Desk', 'Westside Pantry']);
    // Only the resources that say where they are have a location.
    const atLocations = await get<Page<{ service: Service }>>('/api/hsds/service_at_locations');
    expect(atLocations.contents.map((item) => item.service.name)).toEqual(['Legal Aid Desk', 'Westside Pantry']);
  });

  it('pages with page and per_page', async () => {
    const first = await get<Page<Service>>('/api/hsds/services?per_page=2');
    expect(first).toMatchObject({ total_items: 3, total_pages: 2, page_number: 1, size: 2, first_page: true, last_page: false, empty: false });
    const second = await get<Page<Service>>('/api/hsds/services?page=2&per_page=2');
    expect(second).toMatchObject({ total_items: 3, total_pages: 2, page_number: 2, size: 1, first_page: false, last_page: true, empty: false });
    expect([...first.contents, ...second.contents].map((service) => service.name)).toEqual(['Clinica Popular', 'Legal Aid Desk', 'Westside Pantry']);
    const beyond = await get<Page>('/api/hsds/services?page=3&per_page=2');
    expect(beyond).toMatchObject({ page_number: 3, size: 0, first_page: false, last_page: true, empty: true, contents: [] });
  });

  it('caps per_page at the API page size', async () => {
    await api.store.db.insert(resources).values(Array.from({ length: PAGE_SIZE.max + 1 }, (_, i) => resource(`bulk-${i}`, `Bulk ${String(i).padStart(3, '0')}`)));
    const page = await get<Page>(`/api/hsds/organizations?per_page=${PAGE_SIZE.max * 10}`);
    expect(page).toMatchObject({ total_items: PAGE_SIZE.max + 4, size: PAGE_SIZE.max, total_pages: 2, last_page: false });
    expect((await get<Page>('/api/hsds/organizations')).size).toBe(PAGE_SIZE.default);
  });

  it.each(['page=0', 'page=-1', 'page=two', 'page=1.5', 'per_page=0', 'per_page=', 'per_page=1e3'])('refuses %s with 400 in the API error shape', async (query) => {
    for (const path of ['/api/hsds/services', '/api/hsds/organizations', '/api/hsds/service_at_locations']) {
      const response = await api.app.request(`${path}?${query}`);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
      expect(error).toMatchObject({ code: 'invalid_query', message: expect.any(String) });
      expect(Object.keys(error.fields)).toEqual([query.split('=')[0]]);
    }
  });

  it('answers one service with its organization, phone, hours, languages, cost, documents and address', async () => {
    const ids = await hsdsIds('r-pantry');
    const service = await get<Record<string, unknown>>(`/api/hsds/services/${ids.service}`);
    expect(service).toMatchObject({
      id: ids.service,
      organization_id: ids.organization,
      name: 'Westside Pantry',
      status: 'active',
      url: 'https://example.org/pantry',
      eligibility_description: 'Families in Fresno County\n\nNo ID needed',
      application_process: 'Not required: photo ID, immigration status.',
      fees_description: 'Free',
      assured_date: '2026-11-21',
      organization: { id: ids.organization, name: 'Westside Pantry', website: 'https://example.org/pantry' },
      phones: [{ id: ids.phone, number: '(559) 555-0100' }],
      languages: [
        { code: 'es', name: 'Spanish', service_id: ids.service },
        { code: 'en', name: 'English', service_id: ids.service },
        { code: 'mix', service_id: ids.service },
      ],
      cost_options: [{ option: 'Free', amount: 0, currency: 'USD', service_id: ids.service }],
      required_documents: [{ document: 'A bag for groceries', service_id: ids.service }],
      service_at_locations: [
        {
          id: ids.service_at_location,
          location: {
            id: ids.location,
            location_type: 'physical',
            addresses: [{ address_1: '1 Main St, Fresno, CA 93721', city: 'Fresno', state_province: 'CA', postal_code: '93721', country: 'US', address_type: 'physical' }],
          },
        },
      ],
    });
    // The moderator's name is not published (HSDS's assurer is an email).
    expect(JSON.stringify(service)).not.toContain('Ana Moderator');
    // Mid-November the test clock is on Pacific Standard Time: -08:00.
    expect((service.schedules as Record<string, unknown>[]).map(({ id: _id, service_id: _service, ...schedule }) => schedule)).toEqual([
      { freq: 'WEEKLY', wkst: 'MO', byday: 'TU,TH', opens_at: '09:00-08:00', closes_at: '12:00-08:00', notes: 'California time (America/Los_Angeles)' },
      { freq: 'WEEKLY', wkst: 'MO', byday: 'TU', opens_at: '17:00-08:00', closes_at: '19:30-08:00', notes: 'California time (America/Los_Angeles)' },
      { freq: 'WEEKLY', wkst: 'MO', byday: 'SA', opens_at: '10:00-08:00', closes_at: '24:00-08:00', notes: 'California time (America/Los_Angeles)' },
      { description: 'Tue and Thu 9-12' },
    ]);
    const again = await get<Record<string, unknown>>(`/api/hsds/services/${ids.service}`);
    expect(again).toEqual(service);
    api.clock.now = Date.parse('2026-07-01T18:00:00Z');
    expect(((await get<Record<string, unknown>>(`/api/hsds/services/${ids.service}`)).schedules as { opens_at?: string }[])[0]!.opens_at).toBe('09:00-07:00');
  });

  it('gives a verified resource without a verification date no assured_date, and a low-cost one its cost', async () => {
    const service = await get<Record<string, unknown>>(`/api/hsds/services/${(await hsdsIds('r-legal')).service}`);
    expect(service).not.toHaveProperty('assured_date');
    expect(service).toMatchObject({ fees_description: 'Low cost', cost_options: [{ option: 'Low cost', amount_description: expect.any(String) }] });
  });

  it('answers a resource that says little with just that', async () => {
    const bare = await get<Record<string, unknown>>(`/api/hsds/services/${(await hsdsIds('r-clinic')).service}`);
    expect(bare).toEqual({
      id: expect.any(String),
      organization_id: expect.any(String),
      name: 'Clinica Popular',
      status: 'active',
      organization: { id: bare.organization_id, name: 'Clinica Popular', description: '' },
      phones: [],
      schedules: [],
      languages: [],
      cost_options: [],
      required_documents: [],
      service_at_locations: [],
    });
  });

  it('answers one organization with its service and location', async () => {
    const ids = await hsdsIds('r-legal');
    const organization = await get<Record<string, unknown>>(`/api/hsds/organizations/${ids.organization}`);
    expect(organization).toMatchObject({ id: ids.organization, name: 'Legal Aid Desk', services: [{ id: ids.service }], locations: [{ id: ids.location, addresses: [] }] });
  });

  it('answers 404 for an unknown id, a pending or sample resource, or an id of another kind', async () => {
    const pending = await hsdsIds('r-pending');
    const sample = await hsdsIds('r-sample');
    const pantry = await hsdsIds('r-pantry');
    for (const path of [
      `/api/hsds/services/${crypto.randomUUID()}`,
      '/api/hsds/services/r-pantry',
      `/api/hsds/services/${pending.service}`,
      `/api/hsds/services/${sample.service}`,
      `/api/hsds/services/${pantry.organization}`,
      `/api/hsds/organizations/${pending.organization}`,
      `/api/hsds/organizations/${pantry.service}`,
    ]) {
      const response = await api.app.request(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });
});

const folder = standardFile('hsds/schema');
// Compiled once: the schemas are large (each object inlined), so compiling takes seconds.
const schemas = folder ? hsdsSchemas(folder) : null;
describe.skipIf(!schemas)(schemas ? 'the official HSDS 3.0 schemas' : `the official HSDS 3.0 schemas (${NO_STANDARDS})`, { timeout: 60_000 }, () => {
  beforeEach(seed);

  const expectValid = (path: string, body: unknown) => {
    const validate = schemas!.answer(path);
    expect(validate(body) ? [] : schemaErrors(validate.errors), path).toEqual([]);
  };

  it('accept every answer', async () => {
    expectValid('/', await get('/api/hsds/'));
    for (const list of ['/services', '/organizations', '/service_at_locations']) {
      expectValid(list, await get(`/api/hsds${list}`));
      expectValid(list, await get(`/api/hsds${list}?page=2&per_page=2`));
    }
    for (const id of ['r-pantry', 'r-clinic', 'r-legal']) {
      const ids = await hsdsIds(id);
      expectValid('/services/{id}', await get(`/api/hsds/services/${ids.service}`));
      expectValid('/organizations/{id}', await get(`/api/hsds/organizations/${ids.organization}`));
    }
  });

  it('refuse an answer that breaks them (the check can fail)', async () => {
    const service = await get<Record<string, unknown>>(`/api/hsds/services/${(await hsdsIds('r-pantry')).service}`);
    const validate = schemas!.answer('/services/{id}');
    expect(validate({ ...service, status: 'open' })).toBe(false);
    expect(validate({ ...service, id: 'r-pantry' })).toBe(false);
    expect(validate({ ...service, phones: [{ id: service.id }] })).toBe(false);
  });
});
