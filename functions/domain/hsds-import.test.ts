import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resources } from '../../db/schema.ts';
import type { Resource } from '../../src/common/contract/index.ts';
import { NO_STANDARDS, standardFile } from '../../tests/standards.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { hsdsIds } from './hsds.ts';
import { importHsds, readDataset, type DatasetItem } from './hsds-import.ts';
import { hsdsSchemas } from './hsds-schema.ts';

const folder = standardFile('hsds/schema');
// Compiled once: the schemas inline every object, so compiling takes seconds.
const validateService = folder ? hsdsSchemas(folder).service : null;

const pantry = {
  id: 'a3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f50',
  name: 'Eastside Food Pantry',
  description: 'Free groceries every week.',
  url: 'https://example.org/eastside',
  status: 'active',
  eligibility_description: 'Anyone in Fresno County',
  organization: { id: 'b3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f51', name: 'Eastside Mutual Aid', description: 'Neighbours feeding neighbours.' },
  schedules: [
    { id: 'c3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f52', freq: 'WEEKLY', byday: 'MO,WE', opens_at: '09:00:00', closes_at: '12:30:00' },
    { id: 'c3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f53', freq: 'WEEKLY', byday: 'FR', opens_at: '22:00', closes_at: '06:00' },
    { id: 'c3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f54', description: 'Closed on holidays' },
  ],
  languages: [
    { id: 'd3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f55', code: 'es-MX', name: 'Spanish' },
    { id: 'd3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f56', code: 'vi' },
    { id: 'd3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f57', code: 'xx' },
  ],
  cost_options: [{ id: 'e3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f58', amount: 0, currency: 'USD' }],
  required_documents: [{ id: 'f3c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f59', document: 'A bag' }],
  service_at_locations: [
    {
      id: '03c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
      location: {
        id: '13c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f5b',
        location_type: 'physical',
        addresses: [
          {
            id: '23c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f5c',
            address_1: '200 E St',
            city: 'Fresno',
            state_province: 'CA',
            postal_code: '93701',
            country: 'US',
            address_type: 'physical',
          },
        ],
        phones: [{ id: '33c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f5d', number: '(559) 555-0199' }],
      },
    },
  ],
};
const clinic = {
  id: '43c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f5e',
  name: 'Community Clinic',
  status: 'active',
  attributes: [{ id: '53c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f5f', value: 'Medical' }],
};
const vague = { id: '63c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f60', name: 'Friendly Neighbours', status: 'active' };
const noStatus = { id: '73c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f61', name: 'Legal help' };
const badId = { id: 'legal-1', name: 'Legal help', status: 'active' };
const scriptLink = { id: '83c1f2d4-1b2c-4d3e-8f9a-0b1c2d3e4f62', name: 'Legal clinic', status: 'active', url: 'javascript:alert(1)' };

let api: TestApp;
beforeEach(async () => {
  api = await testApp();
});
afterEach(() => api.close());

describe.skipIf(!validateService)(validateService ? 'HSDS import' : `HSDS import (${NO_STANDARDS})`, { timeout: 60_000 }, () => {
  const run = (items: unknown[]) =>
    importHsds(
      api.store.db,
      items.map((value, i): DatasetItem => ({ where: `#${i + 1}`, value })),
      validateService!,
      api.clock.now,
    );

  it('adds valid services as pending resources, with their hours, languages, cost and documents', async () => {
    const summary = await run([pantry, clinic]);
    expect(summary).toEqual({ added: 2, alreadyImported: 0, skipped: [] });
    const rows = await api.store.db.select().from(resources).orderBy(resources.name);
    expect(rows.map((row) => [row.name, row.category, row.status, row.verified])).toEqual([
      ['Community Clinic', 'Medical', 'pending', false],
      ['Eastside Food Pantry', 'Food', 'pending', false],
    ]);
    expect(rows[1]).toMatchObject({
      city: 'Fresno',
      county: 'Fresno',
      address: '200 E St',
      phone: '(559) 555-0199',
      link: 'https://example.org/eastside',
      notes: 'Free groceries every week.',
      hours: 'Closed on holidays',
      // The Friday night past midnight is no period this directory holds.
      schedule: [
        { day: 'mo', opens: '09:00', closes: '12:30' },
        { day: 'we', opens: '09:00', closes: '12:30' },
      ],
      languages: ['es', 'vi'],
      cost: 'free',
      whatToBring: 'A bag',
      eligibility: 'Anyone in Fresno County',
      verifiedOn: null,
    });
    // Pending: on neither the directory nor the HSDS API.
    expect(await api.get<Resource[]>('/api/resources')).toEqual([]);
    expect(await api.get<{ total_items: number }>('/api/hsds/services')).toMatchObject({ total_items: 0 });
  });

  it('skips, each with why, what breaks the schema, has no category of this directory, or breaks its limits', async () => {
    const summary = await run([noStatus, badId, vague, scriptLink, 'not a service']);
    expect(summary.added).toBe(0);
    expect(summary.skipped.map(({ where, name, reason }) => [where, name, reason.split(':')[0]])).toEqual([
      ['#1', 'Legal help', 'not an HSDS 3.0 service'],
      ['#2', 'Legal help', 'not an HSDS 3.0 service'],
      ['#3', 'Friendly Neighbours', expect.stringMatching(/^no category of this directory/)],
      ['#4', 'Legal clinic', 'link'],
      ['#5', undefined, 'not an HSDS 3.0 service'],
    ]);
    expect(summary.skipped[0]!.reason).toContain('status');
    expect(summary.skipped[1]!.reason).toContain('uuid');
    expect(await api.count('resources')).toBe(0);
  });

  it('adds nothing twice: a second import, or the same service twice in one', async () => {
    expect(await run([pantry, pantry, clinic])).toMatchObject({ added: 2, alreadyImported: 1 });
    expect(await run([pantry, clinic])).toEqual({ added: 0, alreadyImported: 2, skipped: [] });
    expect(await api.count('resources')).toBe(2);
  });

  it("takes this API's own services back", async () => {
    const createdAt = new Date(api.clock.now).toISOString();
    await api.store.db.insert(resources).values({
      id: 'r-1',
      name: 'Legal Aid Desk',
      category: 'Legal',
      city: 'Oakland',
      address: '5 Broadway',
      phone: '510-555-0100',
      languages: ['es'],
      status: 'published',
      createdAt,
    });
    const service = await api.get<Record<string, unknown>>(`/api/hsds/services/${(await hsdsIds('r-1')).service}`);
    expect(await run([service])).toMatchObject({ added: 1, skipped: [] });
    const [copy] = await api.store.db.select().from(resources).where(eq(resources.status, 'pending'));
    expect(copy).toMatchObject({ name: 'Legal Aid Desk', category: 'Legal', city: 'Oakland', address: '5 Broadway', phone: '510-555-0100', languages: ['es'] });
  });

  it('reads a folder: files of one service, of a list, of an API page; a file that is no JSON is reported', async () => {
    const dataset = join(api.store.folder, 'dataset');
    mkdirSync(join(dataset, 'more'), { recursive: true });
    writeFileSync(join(dataset, 'a.json'), JSON.stringify(pantry));
    writeFileSync(join(dataset, 'more', 'b.json'), JSON.stringify([clinic, vague]));
    writeFileSync(join(dataset, 'c.json'), JSON.stringify({ total_items: 1, contents: [noStatus] }));
    writeFileSync(join(dataset, 'd.json'), '{ broken');
    writeFileSync(join(dataset, 'notes.txt'), 'not read');
    const { items, skipped } = readDataset(dataset);
    expect(items.map((item) => item.where)).toEqual(['a.json', 'c.json #1', 'more/b.json #1', 'more/b.json #2']);
    expect(skipped).toEqual([{ where: 'd.json', reason: expect.stringMatching(/^not JSON/) }]);

    const script = fileURLToPath(new URL('../../scripts/hsds-import.ts', import.meta.url));
    const importAll = () => spawnSync(process.execPath, [script, dataset], { env: { ...process.env, DATABASE_URL: `file:${api.store.file}` }, encoding: 'utf8' });
    const first = importAll();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Services: 2 added as pending resources, 0 imported before (left as they are), 3 skipped.');
    expect(first.stdout).toContain('Skipped d.json: not JSON');
    expect(first.stdout).toContain('Skipped c.json #1 (Legal help): not an HSDS 3.0 service');
    expect(first.stdout).toContain('Skipped more/b.json #2 (Friendly Neighbours): no category');
    expect(importAll().stdout).toContain('Services: 0 added as pending resources, 2 imported before (left as they are), 3 skipped.');
    expect(await api.count("resources where status = 'pending'")).toBe(2);
  });
});
