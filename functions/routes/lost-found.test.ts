import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/test-app.ts';
import {
  LIMITS,
  LOST_FOUND_DAYS,
  MAX_JSON_BYTES,
  NOTE_STATUSES,
  RATE_LIMITS,
  type Created,
  type LostFoundManage,
  type LostFoundNote,
  type LostFoundPost,
  type OwnLostFoundPost,
  type LostFoundRecord,
} from '../../src/common/contract/index.ts';
import type { LiveEvent } from '../../src/common/contract/events.ts';
import { eq } from 'drizzle-orm';
import { lostFoundPosts } from '../../db/schema.ts';
import { searchFields } from '../../db/search-fields.ts';
import { tidySearchIndex } from '../domain/person-search.ts';
import ar from '../../src/common/i18n/ar.json';

let api: TestApp;
let app: TestApp['app'];
let published: LiveEvent[];

beforeEach(async () => {
  api = await testApp();
  ({ app, published } = api);
});
afterEach(() => api.close());

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.request('/api/lost-found', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const list = (query = '') => api.get<LostFoundPost[]>(`/api/lost-found${query}`);

const rowCount = () => api.count('lost_found_posts');

describe('POST /api/lost-found', () => {
  it('stores a post with the fields of the contract and answers it', async () => {
    const response = await post({
      name: '  Rosa Hernández ',
      lastSeenCity: 'Fresno',
      lastSeenDate: '2026-11-01',
      description: 'Blue cardigan',
      contact: '(559) 555-0142',
    });
    expect(response.status).toBe(201);
    const { manageToken, ...created } = (await response.json()) as Created<LostFoundPost>;
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      status: 'missing',
      name: 'Rosa Hernández',
      lastSeenCity: 'Fresno',
      lastSeenDate: '2026-11-01',
      description: 'Blue cardigan',
      photoUrl: null,
      contact: '(559) 555-0142',
      sample: false,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdAt).toBe(new Date(api.clock.now).toISOString());
    // The list carries how the contact reads, never the contact: it leaves only on request.
    const { contact: _contact, foundAs, relayTexts: _texts, ...card } = created as Created<OwnLostFoundPost>;
    expect(foundAs).toBeNull();
    expect(await list()).toEqual([{ ...card, contactKind: 'phone' }]);
    expect(published).toEqual([{ event: 'new-missing-person', data: { id: created.id, name: 'Rosa Hernández', lastSeenCity: 'Fresno' } }]);
  });

  it('keeps the post when the live room cannot be reached', async () => {
    api.published.push = () => {
      throw new Error('room is down');
    };
    expect((await post({ name: 'Ana' })).status).toBe(201);
    expect(await rowCount()).toBe(1);
  });

  it('turns blank optional fields into null and ignores fields it does not know', async () => {
    const response = await post({ name: 'Ana', lastSeenCity: '  ', lastSeenDate: '', id: 'mine', createdAt: '2000-01-01', sample: true });
    expect(response.status).toBe(201);
    const created = (await response.json()) as LostFoundPost;
    expect(created).toMatchObject({ name: 'Ana', lastSeenCity: null, lastSeenDate: null, sample: false });
    expect(created.id).not.toBe('mine');
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
    ['an over-long name', { name: 'x'.repeat(LIMITS.name + 1) }, 'name'],
    ['an over-long description', { name: 'Ana', description: 'x'.repeat(LIMITS.description + 1) }, 'description'],
    ['a city of the wrong type', { name: 'Ana', lastSeenCity: ['Fresno'] }, 'lastSeenCity'],
    ['a date that does not exist', { name: 'Ana', lastSeenDate: '2026-02-30' }, 'lastSeenDate'],
    ['a date in the future', { name: 'Ana', lastSeenDate: '2999-01-01' }, 'lastSeenDate'],
    ['a photo on another site', { name: 'Ana', photoUrl: 'https://tracker.example/p.jpg' }, 'photoUrl'],
    ['a photo path that climbs out', { name: 'Ana', photoUrl: '/images/../data/app.db' }, 'photoUrl'],
  ])('refuses %s with 400 and stores nothing', async (_label, body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_input');
    expect(error.fields[field]).toEqual(expect.any(String));
    expect(await rowCount()).toBe(0);
    expect(published).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of ['{"name": "Ana"', 'null', '[]', '"Ana"']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/^invalid_/);
    }
    expect(await rowCount()).toBe(0);
  });

  it('refuses another content type with 415 and an oversize body with 413', async () => {
    expect((await post({ name: 'Ana' }, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('name=Ana', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const huge = JSON.stringify({ name: 'Ana', description: 'x'.repeat(MAX_JSON_BYTES) });
    expect((await post(huge)).status).toBe(413);
    expect(await rowCount()).toBe(0);
  });

  it('meets 429 before the 40th of 40 quick posts from one address, in the one error shape, and stores none it refused', async () => {
    const answers = [];
    for (let n = 0; n < 40; n++) answers.push(await post({ name: `Quick ${n}` }));
    const taken = answers.findIndex((response) => response.status === 429);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(39);
    expect(answers.slice(taken).map((response) => response.status)).toEqual(Array(40 - taken).fill(429));
    expect(await answers[39]!.json()).toMatchObject({ error: { code: 'rate_limited', message: RATE_LIMITS.lostFoundPost.message } });
    expect(await rowCount()).toBe(taken);
    expect(published).toHaveLength(taken);

    api.client.address = '198.51.100.40';
    expect((await post({ name: 'From another address' })).status).toBe(201);
    api.client.address = '203.0.113.7';
    api.clock.now += RATE_LIMITS.lostFoundPost.windowMinutes * 60_000;
    expect((await post({ name: 'After the window' })).status).toBe(201);
  });

  it('spends none of the limit on a refused body', async () => {
    for (let n = 0; n < RATE_LIMITS.lostFoundPost.limit + 5; n++) expect((await post({ name: '' })).status).toBe(400);
    expect((await post({ name: 'Ana' })).status).toBe(201);
  });
});

describe('GET /api/lost-found', () => {
  it('lists newest first, in pages of at most the asked size, continuing with before= and beforeId=', async () => {
    for (const name of ['First', 'Second', 'Third']) {
      expect((await post({ name })).status).toBe(201);
      api.clock.now += 60_000;
    }
    const firstPage = await list('?limit=2');
    expect(firstPage.map((p) => p.name)).toEqual(['Third', 'Second']);
    const nextPage = await list(`?limit=2&before=${encodeURIComponent(firstPage[1]!.createdAt)}&beforeId=${firstPage[1]!.id}`);
    expect(nextPage.map((p) => p.name)).toEqual(['First']);
  });

  it('keeps every time to the minute, lists one minute of many posts in the order they came, and pages it without losing or repeating one', async () => {
    api.clock.now += 7_321;
    const names = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'];
    for (const name of names) {
      expect((await post({ name })).status).toBe(201);
      api.clock.now += 1_000;
    }
    const all = await list();
    // A post's time is no finer than its minute: nothing to join with a network log.
    for (const { createdAt } of all) expect(createdAt).toBe(new Date(api.clock.now - (api.clock.now % 60_000)).toISOString());
    // The last posted first, as with times to the millisecond.
    expect(all.map((p) => p.name)).toEqual([...names].reverse());
    const pages: string[][] = [];
    let query = '?limit=2';
    for (let page = await list(query); page.length; page = await list(query)) {
      pages.push(page.map((p) => p.name));
      const last = page.at(-1)!;
      query = `?limit=2&before=${encodeURIComponent(last.createdAt)}&beforeId=${last.id}`;
    }
    expect(pages.flat()).toEqual([...names].reverse());
    expect((await app.request('/api/lost-found?before=2026-11-22T18:00:00.000Z&beforeId=')).status).toBe(400);
  });

  it("names each contact's kind from the kind stored beside it, leaving the sealed contact unread; an older row opens it", async () => {
    const { id } = (await (await post({ name: 'Ana', contact: 'ana.family@example.org' })).json()) as LostFoundPost;
    const kindOf = async () => (await list()).find((one) => one.id === id)?.contactKind;
    const setKind = (kind: string | null) => api.store.client.execute({ sql: 'update lost_found_posts set contact_kind = ? where id = ?', args: [kind, id] });
    expect((await api.store.client.execute({ sql: 'select contact_kind from lost_found_posts where id = ?', args: [id] })).rows[0]!.contact_kind).toBe('email');
    // A kind that is not the contact's shows the list read the stored kind, not the contact.
    await setKind('phone');
    expect(await kindOf()).toBe('phone');
    expect((await api.get<{ contactKind: string }>(`/api/lost-found/${id}`)).contactKind).toBe('phone');
    await setKind(null);
    expect(await kindOf()).toBe('email');
  });

  it('answers an empty list, and 400 for a before= that is not a date', async () => {
    expect(await list()).toEqual([]);
    expect((await app.request('/api/lost-found?before=yesterday')).status).toBe(400);
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('GET /api/lost-found?q=', () => {
  const search = (q: string, extra = '') => list(`?q=${encodeURIComponent(q)}${extra}`);
  const names = async (q: string, extra = '') => (await search(q, extra)).map((p) => p.name);
  const posted = async (name: string, lastSeenCity?: string) => {
    const response = await post({ name, lastSeenCity });
    expect(response.status).toBe(201);
    api.clock.now += 1000;
    return (await response.json()) as Created<LostFoundPost>;
  };

  beforeEach(async () => {
    await posted('María José Hernández', 'Fresno');
    await posted('Nguyễn Văn An', 'San José');
    await posted('王小明', 'Oakland');
    await posted('Đặng Thu Hà', 'Stockton');
    await posted('Josefina Martinez', 'Madera');
  });

  it.each([
    ['case, accents and word order do not matter', 'maria jose hernandez', ['María José Hernández']],
    ['the words in another order', 'HERNANDEZ María', ['María José Hernández']],
    ['a part of a word', 'Mari', ['María José Hernández']],
    ['Vietnamese without its marks', 'nguyen van an', ['Nguyễn Văn An']],
    ['đ typed as d', 'dang ha', ['Đặng Thu Hà']],
    ['a whole name in Chinese', '王小明', ['王小明']],
    ['two Chinese characters of it', '小明', ['王小明']],
    ['the last-seen city', 'stockton', ['Đặng Thu Hà']],
    ['a name and a city together', 'jose madera', ['Josefina Martinez']],
  ])('finds %s', async (_label, q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it('finds a given name by its short form and a short form by its name, in the name only, the name as typed first', async () => {
    await posted('María Guadalupe Hernández López', 'Fresno');
    await posted('Francisco Javier Ramírez', 'Salinas');
    await posted('Paco Ramírez', 'Salinas');
    await posted('Ana Torres', 'San Francisco');
    expect(await names('lupe hernandez')).toEqual(['María Guadalupe Hernández López']);
    expect(await names('paco ramirez')).toEqual(['Paco Ramírez', 'Francisco Javier Ramírez']);
    expect(await names('francisco ramirez')).toEqual(['Francisco Javier Ramírez', 'Paco Ramírez']);
    // "Paco" stands for Francisco in a name, never for a city named after the saint.
    expect(await names('paco')).toEqual(['Paco Ramírez', 'Francisco Javier Ramírez']);
    expect(await names('pancho')).toEqual(['Francisco Javier Ramírez']);
  });

  it("finds the issue's names however a family writes them: a letter off, by sound, by nickname, in another script or spelling", async () => {
    // Stored as the API stores them (more posts than one address may make in a minute).
    const stored = [
      'María Guadalupe Hernández López',
      'Francisco Javier Ramírez',
      'Muhammad Al-Sayed',
      'Gurpreet Singh Sandhu',
      'Park Ji-hoon',
      '김민준',
      'ਹਰਜੀਤ ਕੌਰ',
      '張嘉欣',
      'Wai Ming Leung',
      '羅月詩',
      '區志強',
      '周國華',
    ];
    await api.store.db
      .insert(lostFoundPosts)
      .values(stored.map((name, index) => ({ id: `n${index}`, name, ...searchFields({ name }), createdAt: new Date(api.clock.now).toISOString() })));
    for (const [q, name] of [
      ['maria hernandes', 'María Guadalupe Hernández López'],
      ['lupe hernandez', 'María Guadalupe Hernández López'],
      ['paco ramirez', 'Francisco Javier Ramírez'],
      ['fransisco ramirez', 'Francisco Javier Ramírez'],
      ['mohammed al sayed', 'Muhammad Al-Sayed'],
      ['gurprit singh', 'Gurpreet Singh Sandhu'],
      ['pak ji hoon', 'Park Ji-hoon'],
      ['park jihoon', 'Park Ji-hoon'],
      ['wang xiaoming', '王小明'],
      ['xiaoming wang', '王小明'],
      ['kim minjun', '김민준'],
      ['harjit kaur', 'ਹਰਜੀਤ ਕੌਰ'],
      ['gurpeet singh', 'Gurpreet Singh Sandhu'],
      ['hernnadez lopez', 'María Guadalupe Hernández López'],
      // Chinese names in Mandarin and in Cantonese, as Hong Kong and most Cantonese families write them.
      ['zhang jiaxin', '張嘉欣'],
      ['cheung ka yan', '張嘉欣'],
      ['梁偉明', 'Wai Ming Leung'],
      // Hong Kong's own spellings: Law for 羅, Yuet for 月, Sze for 詩; 區 read as a family name, Au.
      ['law yuet sze', '羅月詩'],
      ['au chi keung', '區志強'],
      // As Chinese-American families wrote the name a century ago: 周 Jew.
      ['jew kwok wah', '周國華'],
    ])
      expect((await names(q))[0], q).toBe(name);
    // A word under four letters is never taken as a typo: "ana" is no "an".
    expect(await names('nguyen van ana')).toEqual([]);
  });

  it('says why it found a record when not by its name as written, and nothing when it did', async () => {
    const names4 = ['Francisco Javier Ramírez', 'Muhammad Al-Sayed', 'Li Hua', 'Rosa Hernández'];
    await api.store.db
      .insert(lostFoundPosts)
      .values(names4.map((name, index) => ({ id: `w${index}`, name, ...searchFields({ name }), createdAt: new Date(api.clock.now).toISOString() })));
    const why = async (q: string) => (await search(q)).map(({ name, match }) => ({ name, match }));
    expect(await why('paco ramirez')).toEqual([{ name: 'Francisco Javier Ramírez', match: { kind: 'nickname', short: 'Paco', full: 'Francisco' } }]);
    expect(await why('mohammed sayed')).toEqual([{ name: 'Muhammad Al-Sayed', match: { kind: 'written', as: 'Mohammed' } }]);
    expect(await why('wang xiaoming')).toEqual([{ name: '王小明', match: { kind: 'written', as: 'Wang Xiaoming' } }]);
    expect(await why('李华')).toEqual([{ name: 'Li Hua', match: { kind: 'written', as: '李华' } }]);
    expect(await why('rosa hernandes')).toEqual([{ name: 'Rosa Hernández', match: { kind: 'similar' } }]);
    expect(await why('rosa hernadez')).toEqual([{ name: 'Rosa Hernández', match: { kind: 'similar' } }]);
    expect(await why('rosa hernandez')).toEqual([{ name: 'Rosa Hernández', match: undefined }]);
    expect(await list()).not.toContainEqual(expect.objectContaining({ match: expect.anything() }));
  });

  it('needs none of the particles between surnames, written or not', async () => {
    await posted('Ana López de Ramírez', 'Oxnard');
    await posted('Rosa María de la Cruz', 'Delano');
    await posted('Pedro Santos Herrera', 'Salinas');
    expect(await names('ana lopez ramirez')).toEqual(['Ana López de Ramírez']);
    expect(await names('ana de ramirez')).toEqual(['Ana López de Ramírez']);
    expect(await names('rosa cruz')).toEqual(['Rosa María de la Cruz']);
    expect(await names('rosa maria de la cruz')).toEqual(['Rosa María de la Cruz']);
    expect(await names('pedro dos santos')).toEqual(['Pedro Santos Herrera']);
    expect(await names('lopez y ramirez')).toEqual(['Ana López de Ramírez']);
    // "Do" is no particle: it is Đỗ, a Vietnamese family name.
    await posted('Đỗ Văn Minh', 'Westminster');
    await posted('Trần Văn Minh', 'Westminster');
    expect(await names('do van minh')).toEqual(['Đỗ Văn Minh']);
  });

  it('ranks a name above a last-seen city, and the fuller match first', async () => {
    expect(await names('jose')).toEqual(['María José Hernández', 'Josefina Martinez', 'Nguyễn Văn An']);
  });

  it('answers the board cards, pages with limit and before=, and finds nothing for a name not posted', async () => {
    const [first] = await search('maria');
    expect(first).toMatchObject({ name: 'María José Hernández', lastSeenCity: 'Fresno', status: 'missing', sample: false });
    expect(await names('jose', '&limit=1')).toEqual(['María José Hernández']);
    expect(await names('jose', `&before=${encodeURIComponent(first!.createdAt)}`)).toEqual([]);
    expect(await names('Gurpreet')).toEqual([]);
  });

  it("keeps no word of a name that no listed record has: a copy of the database holds no deleted, hidden or renamed record's name", async () => {
    const words = async (word: string) =>
      Number((await api.store.client.execute({ sql: 'select count(*) as n from lost_found_name_words where word = ? and near = word', args: [word] })).rows[0]!.n);
    const zenaida = await posted('Zenaida Quispe', 'Visalia');
    const rosa = await posted('Rosa Quispe', 'Visalia');
    expect([await words('zenaida'), await words('quispe')]).toEqual([1, 1]);
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [zenaida.id] });
    expect([await words('zenaida'), await words('quispe')]).toEqual([0, 1]);
    const renamed = { name: 'Rosa Huaman', lastSeenCity: 'Visalia' };
    await api.store.db
      .update(lostFoundPosts)
      .set({ ...renamed, ...searchFields(renamed) })
      .where(eq(lostFoundPosts.id, rosa.id));
    expect([await words('quispe'), await words('huaman')]).toEqual([0, 1]);
    expect((await app.request(`/api/lost-found/${rosa.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${rosa.manageToken}` } })).status).toBe(204);
    expect(await words('huaman')).toBe(0);
    // Nor any of their shorter forms; the words of the records still listed stay.
    expect(Number((await api.store.client.execute("select count(*) as n from lost_found_name_words where word in ('zenaida', 'quispe', 'huaman')")).rows[0]!.n)).toBe(0);
    expect(await words('maria')).toBe(1);
    expect((await names('mraia'))[0]).toBe('María José Hernández');
  });

  it('follows hides, restores, edits and deletes at once', async () => {
    const rosa = await posted('Rosa Quintero', 'Visalia');
    expect(await names('quintero')).toEqual(['Rosa Quintero']);
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [rosa.id] });
    expect(await names('quintero')).toEqual([]);
    const renamed = { name: 'Rosa Quintana', lastSeenCity: 'Visalia' };
    await api.store.db
      .update(lostFoundPosts)
      .set({ ...renamed, ...searchFields(renamed), hidden: false })
      .where(eq(lostFoundPosts.id, rosa.id));
    expect(await names('quintero')).toEqual([]);
    expect(await names('quintana')).toEqual(['Rosa Quintana']);
    const deleted = await app.request(`/api/lost-found/${rosa.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${rosa.manageToken}` } });
    expect(deleted.status).toBe(204);
    expect(await names('quintana')).toEqual([]);
    expect(await api.count('lost_found_search')).toBe(5);
  });

  it('finds a record written without its folded copies (by another writer) by its name as written', async () => {
    await api.store.db.insert(lostFoundPosts).values({ id: 'imported', name: 'Lucía Ramírez', lastSeenCity: 'Oakland', createdAt: new Date(api.clock.now).toISOString() });
    expect(await names('lucia ramirez')).toEqual(['Lucía Ramírez']);
  });

  it.each([
    ['a quote', '"maria'],
    ['a star', 'mar*'],
    ['NEAR', 'NEAR(maria jose)'],
    ['OR', 'maria OR nguyen'],
    ['a column filter', 'name:maria'],
    ['SQL', "maria'; drop table lost_found_posts; --"],
    ['a caret and a minus', '^maria -jose'],
  ])('treats %s as plain text, never as syntax', async (_label, q) => {
    const response = await app.request(`/api/lost-found?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect(await rowCount()).toBe(5);
  });

  it.each([
    ['one letter', 'a', 200],
    ['only spaces', '     ', 200],
    ['only punctuation', '.,;:!?-()', 200],
    ['emoji', '😀🙏', 200],
    ['a right-to-left mark', '\u200f', 200],
    ['a right-to-left mark inside a name', 'ma\u200fria', 200],
    ['mixed scripts', 'maria 王 김 ਗੁ मा محمد', 200],
    ['the longest query of long made-up words, each sought with its typos', 'qwertyuiop asdfghjklz zxcvbnmasd'.repeat(3).slice(0, 100), 200],
    ['500 characters', 'm'.repeat(500), 400],
  ])('answers %s clearly, never with a 500', async (_label, q, status) => {
    const response = await app.request(`/api/lost-found?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(status);
    if (status === 200) expect(Array.isArray(await response.json())).toBe(true);
    const page = await app.request('/api/lost-found/search', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ q }),
    });
    expect(page.status).toBe(status);
  });

  it('merges the index a bounded step at a time, finding the same records before and after', async () => {
    // Forty batches of posts: forty segments for each word to be looked up in.
    for (let batch = 0; batch < 40; batch++)
      await api.store.db.insert(lostFoundPosts).values(
        Array.from({ length: 25 }, (_, index) => {
          const name = `${['Ana', 'Rosa', 'Luis'][index % 3]} ${['Torres', 'Vega', 'Soto', 'Cruz'][(batch + index) % 4]} ${batch}`;
          return { id: `t${batch}-${index}`, name, ...searchFields({ name }), createdAt: new Date(api.clock.now).toISOString() };
        }),
      );
    const before = await names('rosa vega');
    expect(before.length).toBeGreaterThan(20);
    let steps = 0;
    while (await tidySearchIndex(api.store.db)) steps++;
    expect(steps).toBeGreaterThan(0);
    expect(await tidySearchIndex(api.store.db)).toBe(false);
    await api.store.client.execute("INSERT INTO lost_found_search (lost_found_search) VALUES ('integrity-check')");
    expect(await names('rosa vega')).toEqual(before);
  });

  it('reads a name through the marks that only steer writing (a right-to-left mark, a zero-width joiner)', async () => {
    expect(await names('ma\u200fria jo\u200dse')).toEqual(['María José Hernández']);
  });

  it('finds nothing for OR between two names (every word must match)', async () => {
    expect(await names('maria OR nguyen')).toEqual([]);
  });

  it('answers the whole board for an empty query, nothing for one without letters, and 400 for one over the cap', async () => {
    expect(await names('')).toHaveLength(5);
    expect(await names('   ')).toHaveLength(5);
    expect(await names('"*"')).toEqual([]);
    const long = await app.request(`/api/lost-found?q=${'a'.repeat(500)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: { code: 'invalid_query', message: `q must be at most ${LIMITS.query} characters` } });
    expect((await app.request(`/api/lost-found?q=${'ab '.repeat(LIMITS.query / 3)}`)).status).toBe(200);
  });
});

describe("POST /api/lost-found/search (the board's search form without JavaScript)", () => {
  const searchPage = async (fields: Record<string, string>) => {
    const body = new URLSearchParams(fields).toString();
    const response = await app.request('/api/lost-found/search', {
      method: 'POST',
      // As a browser sends it: the length says up front that a body is over the cap.
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(new TextEncoder().encode(body).length) },
      body,
    });
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    return { status: response.status, html: await response.text() };
  };
  const posted = async (name: string, lastSeenCity: string) => {
    const response = await post({ name, lastSeenCity, lastSeenDate: '2026-11-01' });
    api.clock.now += 1000;
    return (await response.json()) as Created<LostFoundPost>;
  };
  /** The result items' links, in the page's order. */
  const links = (html: string) => [...html.matchAll(/<li><a href="([^"]+)">/g)].map((match) => match[1]);

  it('answers the records found, best first, each linking to its page in the language asked, with the form to search again', async () => {
    const maria = await posted('María José Hernández', 'Fresno');
    const josefina = await posted('Josefina Martinez', 'Madera');
    await posted('Nguyễn Văn An', 'Oakland');
    const { status, html } = await searchPage({ q: ' maria jose ', lang: 'es' });
    expect(status).toBe(200);
    expect(links(html)).toEqual([`/es/person/${maria.id}`]);
    expect(html).toMatch(/<html lang="es[-"]/);
    expect(html).toContain('1 resultado para “\u2068maria jose\u2069”');
    expect(html).toContain('<bdi>María José Hernández</bdi>');
    expect(html).toContain('Última vez que se vio: <bdi>Fresno</bdi>');
    expect(html).toContain('<form method="post" action="/api/lost-found/search" role="search"><input type="hidden" name="lang" value="es">');
    expect(html).toContain('value="maria jose"');
    expect(html).toContain('href="/es/lost-found"');
    expect(html).not.toContain('<script');

    const found = await app.request(`/api/lost-found/${josefina.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${josefina.manageToken}` },
      body: JSON.stringify({ status: 'found' }),
    });
    expect(found.status).toBe(200);
    const jose = await searchPage({ q: 'jose' });
    expect(links(jose.html)).toEqual([maria.id, josefina.id].map((id) => `/person/${id}`));
    expect(jose.html).toContain('2 results for');
    expect(jose.html).toContain('Josefina Martinez</bdi></a> <strong class="badge">Found</strong>');
    // Why a record was found, when not by its name as written, in the language asked.
    const similar = await searchPage({ q: 'maria ernandes', lang: 'es' });
    expect(links(similar.html)).toEqual([`/es/person/${maria.id}`]);
    expect(similar.html).toContain('María José Hernández</bdi></a><br><span class="muted">Se escribe parecido</span>');
    const nickname = await searchPage({ q: 'pepe hernandez' });
    expect(nickname.html).toContain('<span class="muted">\u2068Pepe\u2069 is a nickname of \u2068José\u2069</span>');
  });

  it('escapes hostile names and what was typed', async () => {
    await posted('<img src=x onerror=alert(1)> Ana', '<b>Fresno</b>');
    const found = await searchPage({ q: 'ana' });
    expect(found.html).not.toMatch(/<img|<b>/);
    expect(found.html).toContain('<bdi>&#60;img src=x onerror=alert(1)&#62; Ana</bdi>');
    expect(found.html).toContain('<bdi>&#60;b&#62;Fresno&#60;/b&#62;</bdi>');
    const typed = await searchPage({ q: '"><script>alert(2)</script> ana' });
    expect(typed.html).not.toContain('<script');
    expect(typed.html).toContain('value="&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62; ana"');
  });

  it('offers to post when no one is found, and shows the newest posts for a blank search', async () => {
    await posted('Rosa Quintero', 'Visalia');
    await posted('Lucía Ramírez', 'Oakland');
    const none = await searchPage({ q: 'Gurpreet', lang: 'pa' });
    expect(none.status).toBe(200);
    expect(links(none.html)).toEqual([]);
    expect(none.html).toContain('ਇਸ ਨਾਮ ਨਾਲ ਹਾਲੇ ਕੋਈ ਨਹੀਂ ਮਿਲਿਆ।');
    expect(none.html).toContain('href="/pa/submit-missing"');
    const blank = await searchPage({ q: '  ' });
    expect(links(blank.html)).toHaveLength(2);
    expect(blank.html).toContain('<h1 role="status">Recent posts</h1>');
  });

  it('refuses a query over the cap with 400 in the language asked, keeping what was typed, and searches nothing', async () => {
    const typed = 'maria '.repeat(20).trim();
    expect([...typed].length).toBeGreaterThan(LIMITS.query);
    const { status, html } = await searchPage({ q: typed, lang: 'ar' });
    expect(status).toBe(400);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(ar['lostFound.searchTooLong'].replace('{max}', String(LIMITS.query)));
    expect(html).toContain(`value="${typed}" aria-invalid="true"`);
    expect(links(html)).toEqual([]);
    expect((await searchPage({ q: 'ab '.repeat(LIMITS.query / 3) })).status).toBe(200);
  });

  it('answers a page in English for an unknown language, and 413 for a body over the cap', async () => {
    expect((await searchPage({ q: 'ana', lang: 'xx' })).html).toMatch(/<html lang="en[-"]/);
    const { status } = await searchPage({ q: 'a'.repeat(MAX_JSON_BYTES + 1) });
    expect(status).toBe(413);
    // Sent in chunks, with no length up front: read up to the cap, then refused.
    const chunked = await app.request('/api/lost-found/search', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `q=${'a'.repeat(MAX_JSON_BYTES + 1)}`,
    });
    expect(chunked.status).toBe(413);
  });
});

describe('a record and its notes', () => {
  const note = { authorName: 'Lupe', text: 'Saw her at the Fresno shelter on Monday', status: 'believed_alive', lastKnownLocation: 'Fresno', contact: '(559) 555-0177' };
  let rosa: Created<LostFoundPost>;
  const addNote = (body: unknown, id = rosa.id) => api.post(`/api/lost-found/${id}/notes`, body);
  const record = (id = rosa.id) => app.request(`/api/lost-found/${id}`);
  const asOwner = (path: string, method = 'GET', token = rosa.manageToken) =>
    app.request(`/api/lost-found/${rosa.id}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const noteCount = () => api.count('lost_found_notes');

  beforeEach(async () => {
    rosa = (await (await post({ name: 'Rosa Hernández', lastSeenCity: 'Fresno', contact: 'rosa-family@example.org' })).json()) as Created<LostFoundPost>;
    published.length = 0;
  });

  it('answers the record with its notes, newest first, none of them with a contact', async () => {
    const { manageToken: _token, contact: _contact, foundAs: _foundAs, relayTexts: _texts, ...card } = rosa as Created<OwnLostFoundPost>;
    expect(await (await record()).json()).toEqual({ ...card, notes: [] });
    const first = (await (await addNote(note)).json()) as LostFoundNote;
    api.clock.now += 60_000;
    const response = await addNote({ authorName: ' Ana ', text: 'Still looking', status: 'information_sought' });
    expect(response.status).toBe(201);
    const second = (await response.json()) as LostFoundNote;
    expect(second).toEqual({
      id: expect.any(String),
      authorName: 'Ana',
      text: 'Still looking',
      status: 'information_sought',
      authorMadeContact: false,
      lastKnownLocation: null,
      createdAt: new Date(api.clock.now).toISOString(),
    });
    expect(first).toMatchObject({ authorName: 'Lupe', status: 'believed_alive', lastKnownLocation: 'Fresno' });
    const shown = (await (await record()).json()) as LostFoundRecord;
    expect(shown.notes).toEqual([second, first]);
    for (const answer of [shown, first, await list(), await list('?q=rosa')]) expect(JSON.stringify(answer)).not.toContain(note.contact);
  });

  it("keeps a record's answer out of every cache: whom a family looked up", async () => {
    expect((await record()).headers.get('cache-control')).toBe('no-store');
    expect((await record('00000000-0000-4000-8000-000000000000')).headers.get('cache-control')).toBe('no-store');
  });

  it('publishes each note live, naming the note first and then its record', async () => {
    const created = (await (await addNote(note)).json()) as LostFoundNote;
    expect(published).toEqual([{ event: 'new-missing-person-note', data: { id: created.id, postId: rosa.id, status: 'believed_alive' } }]);
  });

  it('shows the contacts of notes to the owner only, with the expiry date', async () => {
    await addNote(note);
    const managed = (await (await asOwner('/manage')).json()) as LostFoundManage;
    expect(managed.notes).toEqual([expect.objectContaining({ authorName: 'Lupe', contact: note.contact })]);
    expect(managed.expiresAt).toBe(new Date(api.clock.now + LOST_FOUND_DAYS * 86_400_000).toISOString());
    expect((await app.request(`/api/lost-found/${rosa.id}/manage`)).status).toBe(401);
    const other = (await (await post({ name: 'Someone else' })).json()) as Created<LostFoundPost>;
    expect((await asOwner('/manage', 'GET', other.manageToken)).status).toBe(403);
  });

  it('stores "I made contact" with a believed_alive note and refuses it with any other status', async () => {
    const contacted = (await (await addNote({ ...note, authorMadeContact: true })).json()) as LostFoundNote;
    expect(contacted).toMatchObject({ status: 'believed_alive', authorMadeContact: true });
    expect(((await (await record()).json()) as LostFoundRecord).notes).toEqual([contacted]);
    for (const status of NOTE_STATUSES.filter((status) => status !== 'believed_alive')) {
      const response = await addNote({ ...note, status, authorMadeContact: true });
      expect(response.status, status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ authorMadeContact: expect.stringContaining('believed_alive') });
    }
    expect((await addNote({ ...note, status: 'believed_missing', authorMadeContact: false })).status).toBe(201);
    expect((await addNote({ ...note, authorMadeContact: 'yes' })).status).toBe(400);
    expect(await noteCount()).toBe(2);
  });

  it('lets only the owner say found detained or released, which only the owner reads back (sealed); anything else changes nothing', async () => {
    const mark = (body: unknown, token = rosa.manageToken) =>
      app.request(`/api/lost-found/${rosa.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const own = async () => ((await (await asOwner('/manage')).json()) as LostFoundManage).post;
    expect((await mark({ status: 'found', foundAs: 'released' }, 'not-the-token')).status).toBe(403);
    for (const body of [
      { status: 'found', foundAs: 'deported' },
      { status: 'found', foundAs: 1 },
    ])
      expect((await mark(body)).status, JSON.stringify(body)).toBe(400);
    expect(await own()).toMatchObject({ status: 'missing', foundAs: null });

    expect(await (await mark({ status: 'found', foundAs: 'detained' })).json()).toMatchObject({ status: 'found', foundAs: 'detained' });
    expect(await own()).toMatchObject({ status: 'found', foundAs: 'detained' });
    // Everyone else reads found, nothing more: a list of the detained is what bond scammers look for.
    const publicRecord = await (await record()).text();
    expect(JSON.parse(publicRecord)).toMatchObject({ status: 'found' });
    expect((await list()).find((each) => each.id === rosa.id)).toMatchObject({ status: 'found' });
    for (const answer of [publicRecord, JSON.stringify(await list())]) expect(answer).not.toMatch(/detained|foundAs/);
    expect((await api.store.client.execute(`select found_as from lost_found_posts where id = '${rosa.id}'`)).rows[0]!.found_as).not.toBe('detained');

    await mark({ status: 'found', foundAs: 'released' });
    expect(await own()).toMatchObject({ status: 'found', foundAs: 'released' });
    // Found, with nothing more said.
    await mark({ status: 'found' });
    expect(await own()).toMatchObject({ status: 'found', foundAs: null });
  });

  it('takes a note saying the person is in custody or was released', async () => {
    for (const status of ['in_custody', 'released']) expect(await (await addNote({ ...note, status })).json()).toMatchObject({ status });
  });

  it.each(NOTE_STATUSES)('takes the PFIF status %s', async (status) => {
    expect((await addNote({ ...note, status })).status).toBe(201);
  });

  it.each([
    ['no text', { ...note, text: undefined }, 'text'],
    ['a blank text', { ...note, text: '   ' }, 'text'],
    ['an over-long text', { ...note, text: 'x'.repeat(LIMITS.description + 1) }, 'text'],
    ['no author name', { ...note, authorName: '' }, 'authorName'],
    ['an unknown status', { ...note, status: 'found_safe' }, 'status'],
    ['no status', { ...note, status: undefined }, 'status'],
    ['coordinates for a location', { ...note, lastKnownLocation: '36.7378, -119.7871' }, 'lastKnownLocation'],
    ['an over-long contact', { ...note, contact: 'x'.repeat(LIMITS.contact + 1) }, 'contact'],
  ])('refuses a note with %s (400, nothing stored)', async (_label, body, field) => {
    const response = await addNote(body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('invalid_input');
    expect(error.fields[field]).toEqual(expect.any(String));
    expect(await noteCount()).toBe(0);
    expect(published).toEqual([]);
  });

  it('refuses a note for an unknown or hidden record with 404 and stores nothing', async () => {
    expect((await addNote(note, crypto.randomUUID())).status).toBe(404);
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [rosa.id] });
    const response = await addNote(note);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await record()).status).toBe(404);
    expect((await record(crypto.randomUUID())).status).toBe(404);
    expect(await noteCount()).toBe(0);
    expect(published).toEqual([]);
  });

  it('sends the record’s old page address on to /person/ID, and gives that page a one-time token for its form without scripts', async () => {
    const moved = await app.request(`/api/lost-found/${rosa.id}/page?lang=es`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe(`/es/person/${rosa.id}`);
    expect((await app.request(`/api/lost-found/${rosa.id}/page?lang=xx`)).headers.get('location')).toBe(`/person/${rosa.id}`);
    const answer = await app.request(`/api/lost-found/${rosa.id}/token`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { token } = (await answer.json()) as { token: string };
    expect(token).toMatch(/^\d+\.[0-9a-f-]+\.[^.]+$/);
    // A new token each time: one page, one use.
    expect(((await (await app.request(`/api/lost-found/${rosa.id}/token`)).json()) as { token: string }).token).not.toBe(token);
    expect((await app.request(`/api/lost-found/${crypto.randomUUID()}/token`)).status).toBe(404);
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [rosa.id] });
    expect((await app.request(`/api/lost-found/${rosa.id}/token`)).status).toBe(404);
  });

  it('a short address leads to the listed record it names, never to a hidden one', async () => {
    const code = rosa.id.replaceAll('-', '').slice(0, 10);
    const location = async (path: string) => (await app.request(path)).headers.get('location');
    expect(await location(`/api/p/${code}.ar`)).toBe(`/ar/person/${rosa.id}`);
    expect(await location(`/api/p/${code}.xx`)).toBe(`/person/${rosa.id}`);
    expect(await location('/api/p/12345.es')).toBe('/es/lost-found');
    await api.store.client.execute({ sql: 'update lost_found_posts set hidden = 1 where id = ?', args: [rosa.id] });
    expect(await location(`/api/p/${code}`)).toBe(`/person/${rosa.id.slice(0, 11)}`);
  });

  it('limits the notes of one address', async () => {
    const { limit, message } = RATE_LIMITS.lostFoundNote;
    for (let n = 0; n < limit; n++) expect((await addNote({ ...note, text: `Note ${n}` })).status).toBe(201);
    const refused = await addNote(note);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited', message } });
    expect(await noteCount()).toBe(limit);
  });

  it('deletes the notes with their record', async () => {
    await addNote(note);
    expect((await asOwner('', 'DELETE')).status).toBe(204);
    expect(await noteCount()).toBe(0);
  });
});

describe('expiry and renewal', () => {
  const DAY = 86_400_000;
  let rosa: Created<LostFoundPost>;
  const asOwner = (path: string, method = 'GET') => app.request(`/api/lost-found/${rosa.id}${path}`, { method, headers: { authorization: `Bearer ${rosa.manageToken}` } });

  beforeEach(async () => {
    rosa = (await (await post({ name: 'Rosa Hernández' })).json()) as Created<LostFoundPost>;
    await api.post(`/api/lost-found/${rosa.id}/notes`, { authorName: 'Lupe', text: 'Saw her', status: 'believed_alive' });
  });

  it('leaves every answer after LOST_FOUND_DAYS, then the sweep deletes it with its notes', async () => {
    api.clock.now += LOST_FOUND_DAYS * DAY - 1000;
    expect((await list()).map((item) => item.id)).toEqual([rosa.id]);
    await app.maintain();
    expect(await rowCount()).toBe(1);
    api.clock.now += 1000;
    expect(await list()).toEqual([]);
    expect(await list('?q=rosa')).toEqual([]);
    expect((await app.request(`/api/lost-found/${rosa.id}`)).status).toBe(404);
    expect((await asOwner('/manage')).status).toBe(404);
    await app.maintain();
    expect(await rowCount()).toBe(0);
    expect(await api.count('lost_found_notes')).toBe(0);
    expect(await api.count('lost_found_search')).toBe(0);
  });

  it('lives LOST_FOUND_DAYS more from the day its owner extends it', async () => {
    api.clock.now += 50 * DAY;
    expect((await app.request(`/api/lost-found/${rosa.id}/renew`, { method: 'POST' })).status).toBe(401);
    const renewed = await asOwner('/renew', 'POST');
    expect(renewed.status).toBe(200);
    const expiresAt = new Date(api.clock.now + LOST_FOUND_DAYS * DAY).toISOString();
    expect(await renewed.json()).toEqual({ expiresAt });
    expect(((await (await asOwner('/manage')).json()) as LostFoundManage).expiresAt).toBe(expiresAt);
    api.clock.now += 20 * DAY;
    await app.maintain();
    expect((await list()).map((item) => item.id)).toEqual([rosa.id]);
    expect((await list('?q=rosa')).map((item) => item.id)).toEqual([rosa.id]);
    expect(((await api.get<LostFoundRecord>(`/api/lost-found/${rosa.id}`)).notes ?? []).length).toBe(1);
  });
});
