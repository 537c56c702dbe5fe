import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LostFoundPost, LostFoundRecord, PfifImportSummary } from '../../src/common/contract/index.ts';
import { LIMITS, LOST_FOUND_DAYS } from '../../src/common/contract/limits.ts';
import * as schema from '../../db/schema.ts';
import { startLibsqlHttpServer } from '../../tests/libsql-http-server.ts';
import { generatedPfif, PFIF_SAMPLE_PATH } from '../../tests/pfif-fixture.ts';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import { createAdmin } from '../middleware/admin-auth/index.ts';
import { parsePfif } from '../domain/pfif.ts';
import { importPfif, listedPersons } from '../domain/pfif-import.ts';

const ORIGIN = 'http://localhost';
const DOMAIN = 'findhelpreunite.example';
const site = { domain: DOMAIN, baseUrl: ORIGIN };
const DAY = 86_400_000;

const samplePath = PFIF_SAMPLE_PATH;

const pfif = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4">\n${body}\n</pfif:pfif>\n`;
const person = (id: string, name: string, notes = '') =>
  `<pfif:person><pfif:person_record_id>${id}</pfif:person_record_id><pfif:source_date>2026-11-01T10:00:00Z</pfif:source_date><pfif:full_name>${name}</pfif:full_name><pfif:home_city>Fresno</pfif:home_city>${notes}</pfif:person>`;

let api: TestApp;
let cookie: string;
beforeEach(async () => {
  api = await testApp({ pfifDomain: DOMAIN });
  const { secret } = await createAdmin(api.store.db, 'Maria');
  const signedIn = await api.post('/api/admin/session', { name: 'Maria', secret }, { origin: ORIGIN });
  cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
});
afterEach(() => api.close());

const importFile = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  api.app.request('/api/admin/pfif', { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': 'application/xml', ...headers }, body: body as BodyInit });
const exported = async () => {
  const response = await api.app.request('/api/pfif');
  expect(response.status).toBe(200);
  return response.text();
};
const stored = async () => [await api.count('lost_found_posts'), await api.count('lost_found_notes')];

describe('GET /api/pfif', () => {
  it('answers the listed records with their visible notes as PFIF 1.4, never a contact, a hidden or an expired one', async () => {
    const created = await api.post('/api/lost-found', { name: 'Rosa Martínez', lastSeenCity: 'Fresno', contact: 'rosa-family@example.com' });
    const post = (await created.json()) as LostFoundPost;
    const note = await api.post(`/api/lost-found/${post.id}/notes`, { authorName: 'Lupe', text: 'Saw her at the shelter', status: 'believed_alive', contact: '(559) 555-0177' });
    expect(note.status).toBe(201);
    const hiddenNote = (await (await api.post(`/api/lost-found/${post.id}/notes`, { authorName: 'Ana', text: 'Hidden words', status: 'information_sought' })).json()) as {
      id: string;
    };
    expect((await api.post(`/api/admin/lost-found-notes/${hiddenNote.id}/hide`, {}, { origin: ORIGIN, cookie })).status).toBe(200);
    const hiddenPost = (await (await api.post('/api/lost-found', { name: 'Hidden Person' })).json()) as LostFoundPost;
    expect((await api.post(`/api/admin/lost-found/${hiddenPost.id}/hide`, {}, { origin: ORIGIN, cookie })).status).toBe(200);

    const response = await api.app.request('/api/pfif');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4">');
    expect(xml).toContain(`<pfif:person_record_id>${DOMAIN}/person.${post.id}</pfif:person_record_id>`);
    expect(xml).toContain('<pfif:full_name>Rosa Martínez</pfif:full_name>');
    expect(xml).toContain('<pfif:home_city>Fresno</pfif:home_city>');
    expect(xml).toContain('<pfif:text>Saw her at the shelter</pfif:text>');
    expect(xml).toContain(`<pfif:expiry_date>${new Date(api.clock.now + LOST_FOUND_DAYS * DAY).toISOString().slice(0, 19)}Z</pfif:expiry_date>`);
    for (const [, date] of xml.matchAll(/<pfif:\w+_date>([^<]*)</g)) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    for (const absent of ['rosa-family@example.com', '555-0177', 'Hidden words', 'Hidden Person', 'contact', 'email', 'phone']) expect(xml).not.toContain(absent);

    api.clock.now += (LOST_FOUND_DAYS + 1) * DAY;
    expect(await exported()).not.toContain('Rosa');
  });

  it('exports a note saying "in custody" or "released" as believed_alive, with those words before its text', async () => {
    const post = (await (await api.post('/api/lost-found', { name: 'Tomás Ríos' })).json()) as LostFoundPost;
    for (const [status, text] of [
      ['in_custody', 'He called from Mesa Verde'],
      ['released', 'He is home'],
    ])
      expect((await api.post(`/api/lost-found/${post.id}/notes`, { authorName: 'Lupe', text, status })).status).toBe(201);
    const xml = await exported();
    const notes = [...xml.matchAll(/<pfif:status>([^<]*)<\/pfif:status>\s*(?:<pfif:last_known_location>[^<]*<\/pfif:last_known_location>\s*)?<pfif:text>([^<]*)</g)].map(
      ([, status, text]) => [status, text],
    );
    // Notes of one minute come in the order of their ids.
    expect(notes.sort()).toEqual([
      ['believed_alive', 'In custody (detained). He called from Mesa Verde'],
      ['believed_alive', 'Released from custody. He is home'],
    ]);
    expect(xml).not.toMatch(/in_custody|>released</);

    // A note of the longest text stays within PFIF's cap once the words are added: the file imports.
    expect((await api.post(`/api/lost-found/${post.id}/notes`, { authorName: 'Ana', text: 'é'.repeat(LIMITS.description), status: 'in_custody' })).status).toBe(201);
    const longest = /<pfif:text>(In custody \(detained\)\. é+)</.exec(await exported())![1]!;
    expect([...longest].length).toBe(LIMITS.description);
  });

  it('gives photos as absolute addresses and names records by the host asked when no PFIF_DOMAIN is set', async () => {
    const plain = await testApp();
    try {
      await plain.store.client.execute(
        `insert into lost_found_posts (id, name, photo_url, created_at) values ('p1', 'Ana', '/images/missing-persons/abc', '${new Date(plain.clock.now).toISOString()}')`,
      );
      const xml = await (await plain.app.request('https://reunite.example.org/api/pfif')).text();
      expect(xml).toContain('<pfif:person_record_id>reunite.example.org/person.p1</pfif:person_record_id>');
      expect(xml).toContain('<pfif:photo_url>https://reunite.example.org/images/missing-persons/abc</pfif:photo_url>');
    } finally {
      plain.close();
    }
  });

  it('answers in pages, newest first, linking the next one; an import of one minute splits into pages without losing or repeating one', async () => {
    const persons = Array.from({ length: 3 }, (_, i) => person(`other.example/person.${i}`, `Person ${i}`)).join('\n');
    expect((await importFile(pfif(persons))).status).toBe(200);
    const first = await api.app.request('/api/pfif?limit=2');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toMatch(/^\/api\/pfif\?before=[^&]+&beforeId=/);
    const second = await api.app.request(`${next}&limit=2`);
    expect(second.headers.get('link')).toBeNull();
    const names = async (response: Response) => parsePfif(new Uint8Array(await response.arrayBuffer()), site).persons.map((one) => one.fullName);
    // Imported at one moment, kept to the minute: all of one minute, paged without losing or repeating one.
    expect([...(await names(first)), ...(await names(second))].sort()).toEqual(['Person 0', 'Person 1', 'Person 2']);
  });
});

describe('POST /api/admin/pfif', () => {
  it('names the persons added whose name is close to a record already on the board, and merges nothing', async () => {
    const here = (await (await api.post('/api/lost-found', { name: 'María José Hernández', lastSeenCity: 'Fresno' })).json()) as LostFoundPost;
    const file = pfif(
      [person('other.example/person.1', 'Maria Jose Hernandes'), person('other.example/person.2', 'Luis Pérez'), person('other.example/person.3', 'Mario Hernández')].join('\n'),
    );
    const summary = (await (await importFile(file)).json()) as PfifImportSummary;
    expect(summary.persons.added).toBe(3);
    expect(summary.maybeSame).toEqual([{ id: expect.any(String), name: 'Maria Jose Hernandes', like: [{ id: here.id, name: 'María José Hernández' }] }]);
    expect(await stored()).toEqual([4, 0]);
    // Imported again, nothing is added, so nothing is named.
    expect(((await (await importFile(file)).json()) as PfifImportSummary).maybeSame).toEqual([]);
  });

  describe.skipIf(!samplePath)(samplePath ? "Person Finder's sample" : "Person Finder's sample (skipped: ../shared/standards/ is not beside this project)", () => {
    it('imports it, exports again every person and note it holds that the product can represent, and a second import changes nothing', async () => {
      const sample = readFileSync(samplePath!);
      const response = await importFile(sample);
      expect(response.status).toBe(200);
      const summary = (await response.json()) as PfifImportSummary;
      expect(summary).toMatchObject({ persons: { added: 1, updated: 0, unchanged: 0, expired: 0 }, notes: { added: 4, skipped: 0 } });
      expect(summary.dropped).toMatchObject({ 'note.author_email': 4, 'person.sex': 1 });

      const original = parsePfif(sample, site).persons;
      const again = parsePfif(new TextEncoder().encode(await exported()), site).persons;
      const keep = ({ entryDate: _entry, expiryDate: _expiry, notes, ...rest }: (typeof original)[number]) => ({
        ...rest,
        // In the order they were written, which the file need not follow.
        notes: notes.map(({ entryDate: _noteEntry, ...note }) => note).sort((a, b) => a.id.localeCompare(b.id)),
      });
      expect(again.map(keep)).toEqual(original.map(keep));

      // The record's page reads the notes as imported: no author or status where none was given, and who made contact.
      const id = (await api.store.client.execute("select id from lost_found_posts where pfif_id = 'test.google.com/person.21009'")).rows[0]!.id;
      const record = await api.get<LostFoundRecord>(`/api/lost-found/${String(id)}`);
      expect(record.notes.find((note) => note.text === 'new comment - testing')).toMatchObject({ authorName: 'inna-testing', status: null, authorMadeContact: true });
      expect(record.notes.find((note) => note.text === 'backdated change')).toMatchObject({ authorName: null, status: 'believed_missing', authorMadeContact: false });

      const dump = async () => (await api.store.client.execute('select * from lost_found_posts, lost_found_notes order by lost_found_notes.id')).rows;
      const before = await dump();
      api.clock.now += 1000;
      const second = (await (await importFile(sample)).json()) as PfifImportSummary;
      expect(second).toMatchObject({ persons: { added: 0, updated: 0, unchanged: 1 }, notes: { added: 0, skipped: 4 } });
      expect(await dump()).toEqual(before);
      // Our own export read back changes nothing either.
      expect(((await (await importFile(await exported())).json()) as PfifImportSummary).persons).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
      expect(await dump()).toEqual(before);
    });
  });

  it('stores an imported person so search finds it, without its contact, and updates it when the file changes', async () => {
    expect((await importFile(generatedPfif(3))).status).toBe(200);
    const found = await api.get<LostFoundPost[]>('/api/lost-found?q=maria%20jose');
    expect(found.map((post) => post.name)).toEqual(['María José Hernández 0']);
    expect(found[0]).toMatchObject({ lastSeenCity: 'Fresno', contactKind: null, status: 'found', photoUrl: null });
    expect(await exported()).not.toMatch(/helper\d|\+1 559/);

    const renamed = pfif(person('bench.example/person.0', 'María José Hernández Ruiz'));
    expect(((await (await importFile(renamed)).json()) as PfifImportSummary).persons).toMatchObject({ added: 0, updated: 1 });
    expect((await api.get<LostFoundPost[]>('/api/lost-found?q=ruiz')).map((post) => post.name)).toEqual(['María José Hernández Ruiz']);
  });

  it("leaves this site's own records as their owners left them when its export is imported back", async () => {
    const { id, manageToken } = (await (await api.post('/api/lost-found', { name: 'Rosa Martínez', contact: '(559) 555-0100' })).json()) as LostFoundPost & { manageToken: string };
    const marked = await api.app.request(`/api/lost-found/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manageToken}` },
      body: JSON.stringify({ status: 'found' }),
    });
    expect(marked.status).toBe(200);
    const changed = (await exported()).replace('Rosa Martínez', 'Someone Else');
    expect(((await (await importFile(changed)).json()) as PfifImportSummary).persons).toEqual({ added: 0, updated: 0, unchanged: 1, expired: 0 });
    expect(await api.get<LostFoundPost>(`/api/lost-found/${id}`)).toMatchObject({ name: 'Rosa Martínez', status: 'found', contactKind: 'phone' });
  });

  it('stores a home city as its California place with its county, and one that is no place as typed', async () => {
    const at = (city: string) => (text: string) => text.replace('<pfif:home_city>Fresno</pfif:home_city>', `<pfif:home_city>${city}</pfif:home_city>`);
    const file = pfif(`${at('93701')(person('other.example/person.1', 'Ana Gómez'))}\n${at('Guadalajara, Jalisco')(person('other.example/person.2', 'Luis Pérez'))}`);
    expect((await importFile(file)).status).toBe(200);
    const rows = (await api.store.client.execute('select name, last_seen_city, county from lost_found_posts order by name')).rows.map((row) => ({ ...row }));
    expect(rows).toEqual([
      { name: 'Ana Gómez', last_seen_city: 'Fresno', county: 'Fresno' },
      { name: 'Luis Pérez', last_seen_city: 'Guadalajara, Jalisco', county: null },
    ]);
    expect((await api.get<{ name: string }[]>('/api/lost-found?county=Fresno')).map((post) => post.name)).toEqual(['Ana Gómez']);
  });

  it('adds no person whose expiry_date has passed', async () => {
    const expired = person('other.example/person.1', 'Ana Gómez').replace('</pfif:person>', '<pfif:expiry_date>2026-11-01T00:00:00Z</pfif:expiry_date></pfif:person>');
    const summary = (await (await importFile(pfif(`${expired}\n${person('other.example/person.2', 'Luis Pérez')}`))).json()) as PfifImportSummary;
    expect(summary.persons).toEqual({ added: 1, updated: 0, unchanged: 0, expired: 1 });
    expect(await exported()).not.toContain('Ana Gómez');
  });

  it('adds a note for a stored person, and refuses one for an unknown person with its line, storing nothing', async () => {
    await importFile(pfif(person('other.example/person.1', 'Ana Gómez')));
    const note = (personId: string) =>
      `<pfif:note><pfif:note_record_id>other.example/note.9</pfif:note_record_id><pfif:person_record_id>${personId}</pfif:person_record_id><pfif:author_name>Luis</pfif:author_name><pfif:source_date>2026-11-02T10:00:00Z</pfif:source_date><pfif:status>believed_alive</pfif:status><pfif:text>She is at the fairgrounds</pfif:text></pfif:note>`;
    const counts = await stored();
    const refused = await importFile(pfif(`${person('other.example/person.2', 'Someone New')}\n${note('other.example/person.404')}`));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { code: 'invalid_pfif', message: 'Line 4: This note is about other.example/person.404, who is neither in this file nor stored here' },
    });
    expect(await stored()).toEqual(counts);
    expect(((await (await importFile(pfif(note('other.example/person.1')))).json()) as PfifImportSummary).notes).toEqual({ added: 1, skipped: 0 });
    expect(await exported()).toContain('<pfif:text>She is at the fairgrounds</pfif:text>');
  });

  it('refuses a hostile or broken file with a clear 4xx and stores nothing', async () => {
    const counts = await stored();
    const cases: [string | Uint8Array, number, RegExp][] = [
      [`<?xml version="1.0"?>\n<!DOCTYPE pfif [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n${pfif(person('a.example/person.1', '&x;'))}`, 400, /Line 2: A DOCTYPE is not allowed/],
      [pfif(person('a.example/person.1', 'x'.repeat(LIMITS.name + 1))), 400, new RegExp(`full_name is ${LIMITS.name + 1} characters long`)],
      ['{"name":"not a file"}', 400, /not well-formed XML|Not a PFIF file/i],
      [new Uint8Array(50 * 1024 * 1024).fill(0x20), 413, /at most 32 MB/],
    ];
    for (const [body, status, message] of cases) {
      const response = await importFile(body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect((await importFile('x', { 'content-length': String(50 * 1024 * 1024) })).status).toBe(413);
    expect(await stored()).toEqual(counts);
  });

  it('needs an admin session and is written to the audit log', async () => {
    const file = pfif(person('a.example/person.1', 'Ana'));
    expect((await api.app.request('/api/admin/pfif', { method: 'POST', headers: { origin: ORIGIN }, body: file })).status).toBe(401);
    expect(await stored()).toEqual([0, 0]);
    expect((await importFile(file)).status).toBe(200);
    expect((await api.store.client.execute("select admin_name from audit_log where action = 'pfif.import'")).rows.map((row) => row.admin_name)).toEqual(['Maria']);
  });
});

it("imports through Turso's protocol too (the worker's database), in batches of many statements, and exports through it", async () => {
  const server = await startLibsqlHttpServer(api.store.file);
  const client = createClient({ url: server.url });
  try {
    const db = drizzle(client, { schema });
    expect((await importPfif(db, generatedPfif(1200), site, api.clock.now)).persons.added).toBe(1200);
    expect((await importPfif(db, generatedPfif(1200), site, api.clock.now)).persons.unchanged).toBe(1200);
    expect(await stored()).toEqual([1200, 2400]);
    expect((await listedPersons(db, api.clock.now, 1000)).persons).toHaveLength(1000);
  } finally {
    client.close();
    await server.close();
  }
});

describe('npm run pfif:import', () => {
  const script = fileURLToPath(new URL('../../scripts/pfif-import.ts', import.meta.url));
  const run = (file: string) =>
    spawnSync(process.execPath, [script, file], { env: { ...process.env, DATABASE_URL: `file:${api.store.file}`, PFIF_DOMAIN: DOMAIN }, encoding: 'utf8' });

  it('imports a file and says what it did; a bad one is refused with its line and reason, nothing stored', async () => {
    const good = join(api.store.folder, 'good.xml');
    writeFileSync(good, generatedPfif(2));
    const done = run(good);
    expect(done.stderr).toBe('');
    expect(done.stdout).toContain('Persons: 2 added, 0 updated, 0 unchanged, 0 expired (not added).');
    expect(done.stdout).toContain('Notes: 4 added, 0 already stored.');
    expect(run(good).stdout).toContain('Persons: 0 added, 0 updated, 2 unchanged');

    const bad = join(api.store.folder, 'bad.xml');
    writeFileSync(bad, pfif(person('a.example/person.1', 'Ana', '<pfif:note><pfif:note_record_id>a.example/note.1</pfif:note_record_id></pfif:note>')));
    const refused = run(bad);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/bad\.xml was not imported\. Line 3: A note must have a text/);
    expect(await stored()).toEqual([2, 4]);
    // Three Node processes, each loading the TypeScript sources: slow on a busy machine.
  }, 90_000);
});
