import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS, MAX_PFIF_BYTES } from '../../src/common/contract/limits.ts';
import { generatedPfif, PFIF_SAMPLE_PATH } from '../../tests/pfif-fixture.ts';
import { parsePfif, PfifError, writePfif, type PfifPerson } from './pfif.ts';

const site = { domain: 'findhelpreunite.example', baseUrl: 'https://findhelpreunite.example/' };
const bytes = (xml: string) => new TextEncoder().encode(xml);
const parse = (xml: string) => parsePfif(bytes(xml), site);

/** The error a parse throws, to check its line and reason. */
function refusal(xml: string | Uint8Array): PfifError {
  try {
    parsePfif(typeof xml === 'string' ? bytes(xml) : xml, site);
  } catch (error) {
    if (error instanceof PfifError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

const pfif = (version: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/${version}">\n${body}\n</pfif:pfif>\n`;

const sample = PFIF_SAMPLE_PATH ? readFileSync(PFIF_SAMPLE_PATH) : null;

/**
 * Every filled field of the sample this product does not keep: the person's author and contact,
 * the name parts and other names (full_name is kept), sex, birth date, age, the address beyond the
 * city, profile links, where the record came from, and a photo on another site (never fetched); a
 * note's author contact, the found person's contact, its link to another record, its photo, and a
 * last known location given as coordinates.
 */
const NOT_REPRESENTABLE = [
  'note.author_email',
  'note.author_phone',
  'note.email_of_found_person',
  'note.last_known_location',
  'note.linked_person_record_id',
  'note.phone_of_found_person',
  'note.photo_url',
  'person.age',
  'person.alternate_names',
  'person.author_email',
  'person.author_name',
  'person.author_phone',
  'person.date_of_birth',
  'person.family_name',
  'person.given_name',
  'person.home_country',
  'person.home_neighborhood',
  'person.home_postal_code',
  'person.home_state',
  'person.home_street',
  'person.photo_url',
  'person.profile_urls',
  'person.sex',
  'person.source_name',
  'person.source_url',
];

/** Every contact in the sample: none may ever be written out. */
const SAMPLE_CONTACTS = [
  '_test_author_email',
  '_test_author_phone',
  'inna-testing@gmail.com',
  'inna-testing-number',
  'test@example.com',
  '_test_email_of_found_person',
  '_test_phone_of_found_person',
];
const CONTACT_ELEMENTS = /<pfif:(author_email|author_phone|email_of_found_person|phone_of_found_person)\b/;

describe.skipIf(!sample)(sample ? "Person Finder's PFIF 1.4 sample" : "Person Finder's PFIF 1.4 sample (skipped: ../shared/standards/ is not beside this project)", () => {
  const parsed = () => parsePfif(sample!, site);

  it('keeps the person and all four notes, with what the product can show', () => {
    const { version, persons, notes } = parsed();
    expect(version).toBe('1.4');
    expect(notes).toEqual([]);
    expect(persons).toHaveLength(1);
    const [person] = persons;
    expect(person).toMatchObject({
      id: 'test.google.com/person.21009',
      fullName: '_test_full_name1\n_test_full_name2',
      lastSeenCity: '_test_home_city',
      description: '_test_description',
      photoUrl: null,
      sourceDate: '2000-01-01T00:00:00.000Z',
      entryDate: '2000-01-16T02:07:57.000Z',
      expiryDate: null,
      // The latest note with a status (20:21:22, is_note_author) is not believed_alive.
      status: 'missing',
    });
    expect(person!.notes).toEqual([
      {
        id: 'test.google.com/note.27009',
        authorName: '_test_author_name',
        text: '_test_text',
        status: 'believed_missing',
        authorMadeContact: false,
        lastKnownLocation: '_test_last_known_location',
        sourceDate: '2000-01-16T04:05:06.000Z',
        entryDate: '2000-01-16T17:32:05.000Z',
      },
      {
        id: 'test.google.com/note.31095',
        authorName: 'inna-testing',
        text: 'new comment - testing',
        status: null,
        authorMadeContact: true,
        lastKnownLocation: null,
        sourceDate: '2000-01-17T14:15:16.000Z',
        entryDate: '2000-01-17T20:13:17.000Z',
      },
      {
        id: 'test.google.com/note.40121',
        authorName: null,
        text: 'change only the status',
        status: 'is_note_author',
        authorMadeContact: false,
        lastKnownLocation: null,
        sourceDate: '2000-01-18T20:21:22.000Z',
        entryDate: '2000-01-18T23:13:17.000Z',
      },
      {
        id: 'test.google.com/note.50121',
        authorName: null,
        text: 'backdated change',
        status: 'believed_missing',
        authorMadeContact: false,
        lastKnownLocation: null,
        sourceDate: '2000-01-18T20:00:00.000Z',
        entryDate: '2000-01-18T23:13:20.000Z',
      },
    ]);
  });

  it('drops exactly the fields the product cannot represent', () => {
    expect(Object.keys(parsed().dropped).sort()).toEqual(NOT_REPRESENTABLE);
    expect(parsed().dropped).toMatchObject({ 'note.author_email': 4, 'note.author_phone': 2, 'note.last_known_location': 1 });
  });

  it('writes PFIF 1.4 that reads back to the same records, with no contact in it', () => {
    const { persons } = parsed();
    const xml = writePfif(persons, site);
    expect(xml).toContain('<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4">');
    // A record from elsewhere keeps its own id.
    expect(xml).toContain('<pfif:person_record_id>test.google.com/person.21009</pfif:person_record_id>');
    expect(xml).not.toMatch(CONTACT_ELEMENTS);
    for (const contact of SAMPLE_CONTACTS) expect(xml).not.toContain(contact);
    for (const [, date] of xml.matchAll(/<pfif:\w+_date>([^<]*)</g)) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const again = parse(xml);
    expect(again.persons).toEqual(persons);
    expect(again.dropped).toEqual({});
  });
});

describe('writing PFIF 1.4 from the board', () => {
  const person: PfifPerson = {
    id: '3f2a9c1e-0000-4000-8000-000000000001',
    fullName: 'María José Hernández <& "Majo">',
    lastSeenCity: 'Fresno',
    description: 'Line one\r\nline two\u0007',
    photoUrl: '/images/abc123/photo.webp',
    sourceDate: '2026-11-20T08:15:30.123Z',
    entryDate: '2026-11-20T08:15:30.123Z',
    expiryDate: '2027-01-19T08:15:30.123Z',
    status: 'found',
    notes: [
      {
        id: 'n1',
        authorName: 'Tomás',
        text: 'I saw her at the Fresno shelter. She is well.',
        status: 'believed_alive',
        authorMadeContact: true,
        lastKnownLocation: 'Fresno',
        sourceDate: '2026-11-21T10:00:00.000Z',
        entryDate: '2026-11-21T10:00:00.000Z',
      },
    ],
  };
  // What a stored row carries beside: private, and never written.
  const row = { ...person, contact: 'mother: 559-555-0100', notes: [{ ...person.notes[0]!, contact: 'tomas@example.com', authorEmail: 'x@example.com', authorPhone: '555' }] };

  it('names records DOMAIN/person.ID and DOMAIN/note.ID, nests the notes, writes UTC dates ending in Z and an absolute photo', () => {
    const xml = writePfif([row], site);
    expect(xml).toContain('<pfif:person_record_id>findhelpreunite.example/person.3f2a9c1e-0000-4000-8000-000000000001</pfif:person_record_id>');
    expect(xml).toMatch(/<pfif:person>[\s\S]*<pfif:note>\s*<pfif:note_record_id>findhelpreunite\.example\/note\.n1<[\s\S]*<\/pfif:note>\s*<\/pfif:person>/);
    expect(xml).toContain('<pfif:source_date>2026-11-20T08:15:30Z</pfif:source_date>');
    expect(xml).toContain('<pfif:expiry_date>2027-01-19T08:15:30Z</pfif:expiry_date>');
    expect(xml).toContain('<pfif:full_name>María José Hernández &lt;&amp; "Majo"&gt;</pfif:full_name>');
    expect(xml).toContain('<pfif:home_city>Fresno</pfif:home_city>');
    expect(xml).toContain('<pfif:photo_url>https://findhelpreunite.example/images/abc123/photo.webp</pfif:photo_url>');
    expect(xml).toContain('<pfif:author_made_contact>true</pfif:author_made_contact>');
    expect(xml).toContain('<pfif:status>believed_alive</pfif:status>');
  });

  it('never writes a contact, whatever the objects carry', () => {
    const xml = writePfif([row], site);
    expect(xml).not.toMatch(CONTACT_ELEMENTS);
    for (const value of ['559-555-0100', 'tomas@example.com', 'x@example.com', '>555<']) expect(xml).not.toContain(value);
  });

  it('reads its own file back to the same records, local ids and own photo included', () => {
    const { persons, dropped } = parse(writePfif([row], site));
    expect(dropped).toEqual({});
    expect(persons).toEqual([
      {
        ...person,
        // Dates to the second; a control character XML cannot carry is left out.
        description: 'Line one\r\nline two',
        sourceDate: '2026-11-20T08:15:30.000Z',
        entryDate: '2026-11-20T08:15:30.000Z',
        expiryDate: '2027-01-19T08:15:30.000Z',
      },
    ]);
  });

  it('refuses a domain or site address that would make broken ids or links', () => {
    expect(() => writePfif([person], { ...site, domain: 'evil.example/person.x' })).toThrow(/host name/);
    expect(() => writePfif([person], { ...site, baseUrl: 'javascript:alert(1)' })).toThrow(/http/);
  });
});

describe('a large export', () => {
  it('reads 2,000 persons whole, with their notes and names in every script', () => {
    const file = generatedPfif(2000);
    const { persons, notes, dropped } = parsePfif(file, site);
    expect(persons).toHaveLength(2000);
    expect(notes).toEqual([]);
    expect(persons.every((person, i) => person.fullName.endsWith(` ${i}`))).toBe(true);
    expect(new Set(persons.map((person) => person.fullName.replace(/ \d+$/, '')))).toEqual(
      new Set(['María José Hernández', 'Nguyễn Văn An', '王小明', 'Aroha Ngata', 'Олена Коваленко', 'محمد عبد الله', 'Siosaia Fifita']),
    );
    expect(persons.every((person) => person.notes.length === 2 && person.status === 'found')).toBe(true);
    expect(dropped).toMatchObject({ 'person.author_phone': 2000, 'note.author_email': 4000, 'person.photo_url': 2000 });
    expect(writePfif(persons, site)).not.toMatch(CONTACT_ELEMENTS);
  });

  it('keeps a character whole when it falls across two of the 64 KiB slices the file is read in', () => {
    const description = '王'.repeat(1000);
    const file = bytes(
      pfif(
        '1.4',
        Array.from(
          { length: 100 },
          (_, i) =>
            `<pfif:person><pfif:person_record_id>a.org/person.${i}</pfif:person_record_id><pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date><pfif:full_name>王小明 ${i}</pfif:full_name><pfif:description>${description}</pfif:description></pfif:person>`,
        ).join('\n'),
      ),
    );
    // A continuation byte (10xxxxxx) starts some slice.
    expect(Array.from({ length: Math.floor(file.byteLength / 65_536) }, (_, k) => file[(k + 1) * 65_536]! >> 6 === 0b10)).toContain(true);
    const { persons } = parsePfif(file, site);
    expect(persons).toHaveLength(100);
    expect(persons.every((person) => person.description === description)).toBe(true);
  });
});

describe('hostile files are refused, never expanded', () => {
  it('refuses a DOCTYPE with an internal entity', () => {
    const error = refusal(
      `<?xml version="1.0"?>\n<!DOCTYPE pfif [<!ENTITY name "Injected">]>\n<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4"><pfif:person><pfif:full_name>&name;</pfif:full_name></pfif:person></pfif:pfif>`,
    );
    expect(error.line).toBe(2);
    expect(error.reason).toMatch(/DOCTYPE is not allowed/);
  });

  it('refuses an external entity without reading it', () => {
    const error = refusal(
      `<?xml version="1.0"?>\n<!DOCTYPE pfif [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${pfif('1.4', '<pfif:person><pfif:full_name>&xxe;</pfif:full_name></pfif:person>').split('\n').slice(1).join('\n')}`,
    );
    expect(error.reason).toMatch(/DOCTYPE/);
    expect(error.message).not.toMatch(/root:/);
  });

  it('refuses a billion laughs at once, without expanding it', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<lolz>&lol9;</lolz>`;
    const started = performance.now();
    const error = refusal(xml);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.reason).toMatch(/DOCTYPE/);
  });

  it('refuses an entity that was never defined (only XML’s five are known)', () => {
    const error = refusal(pfif('1.4', '<pfif:person>\n<pfif:full_name>&xxe;</pfif:full_name>\n</pfif:person>'));
    expect(error.line).toBe(4);
    expect(error.reason).toMatch(/Not well-formed XML: undefined entity/);
  });

  it('refuses a 50 MB file by its size, before reading it', () => {
    // Not even XML: the size alone decides.
    const error = refusal(new Uint8Array(50 * 1024 * 1024).fill(0x3c));
    expect(error.line).toBeNull();
    expect(error.reason).toBe(`The file is larger than ${MAX_PFIF_BYTES / 1024 / 1024} MB`);
    expect(refusal(new Uint8Array(MAX_PFIF_BYTES + 1)).reason).toMatch(/larger than/);
  });

  it('refuses text that is not UTF-8, or declared in another encoding', () => {
    expect(refusal(new Uint8Array([0x3c, 0xff, 0xfe, 0x3e])).reason).toBe('The file is not UTF-8 text');
    // Ends in the first of a character's two bytes.
    expect(refusal(new Uint8Array([...bytes(pfif('1.4', '')), 0xc3])).reason).toBe('The file is not UTF-8 text');
    expect(refusal(pfif('1.4', '').replace('UTF-8', 'ISO-8859-1')).reason).toMatch(/encoding ISO-8859-1/);
  });
});

describe('a bad file is refused with its line and reason', () => {
  const person = (fields: string) => pfif('1.4', `  <pfif:person>\n    <pfif:person_record_id>a.org/person.1</pfif:person_record_id>\n${fields}\n  </pfif:person>`);
  const ok = `    <pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date>\n    <pfif:full_name>Ana</pfif:full_name>`;

  it.each([
    [
      'a date without its Z',
      `    <pfif:full_name>Ana</pfif:full_name>\n    <pfif:source_date>2026-01-31T14:05:00</pfif:source_date>`,
      6,
      /source_date "2026-01-31T14:05:00" is not a UTC date/,
    ],
    ['a date that does not exist', `    <pfif:full_name>Ana</pfif:full_name>\n    <pfif:source_date>2026-02-30T14:05:00Z</pfif:source_date>`, 6, /not a UTC date/],
    [
      'a name over its cap',
      `    <pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date>\n    <pfif:full_name>${'x'.repeat(LIMITS.name + 1)}</pfif:full_name>`,
      6,
      /full_name is 121 characters long; at most 120/,
    ],
    ['a city over its cap', `${ok}\n    <pfif:home_city>${'c'.repeat(LIMITS.city + 1)}</pfif:home_city>`, 7, /home_city is 101 characters long; at most 100/],
    ['a dropped field over the cap of any field', `${ok}\n    <pfif:home_street>${'s'.repeat(LIMITS.description + 1)}</pfif:home_street>`, 7, /home_street is 2001 characters/],
    [
      'a field named like an object property, over the cap of any field',
      `${ok}\n    <pfif:constructor>${'s'.repeat(LIMITS.description + 1)}</pfif:constructor>`,
      7,
      /constructor is 2001 characters/,
    ],
    ['a person without full_name', `    <pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date>`, 3, /A person must have a full_name/],
    ['a person without source_date', `    <pfif:full_name>Ana</pfif:full_name>`, 3, /A person must have a source_date/],
    ['a field twice', `${ok}\n    <pfif:full_name>Bea</pfif:full_name>`, 7, /full_name appears twice/],
    [
      'a note with an unknown status',
      `${ok}\n    <pfif:note>\n      <pfif:note_record_id>a.org/note.1</pfif:note_record_id>\n      <pfif:source_date>2026-01-31T15:00:00Z</pfif:source_date>\n      <pfif:text>Seen</pfif:text>\n      <pfif:status>safe</pfif:status>\n    </pfif:note>`,
      11,
      /status "safe" is not one of information_sought/,
    ],
    [
      'a note without text',
      `${ok}\n    <pfif:note>\n      <pfif:note_record_id>a.org/note.1</pfif:note_record_id>\n      <pfif:source_date>2026-01-31T15:00:00Z</pfif:source_date>\n    </pfif:note>`,
      7,
      /A note must have a text/,
    ],
    [
      'a note text over its cap',
      `${ok}\n    <pfif:note>\n      <pfif:note_record_id>a.org/note.1</pfif:note_record_id>\n      <pfif:source_date>2026-01-31T15:00:00Z</pfif:source_date>\n      <pfif:text>${'t'.repeat(LIMITS.description + 1)}</pfif:text>\n    </pfif:note>`,
      10,
      /text is 2001 characters long; at most 2000/,
    ],
    [
      'a note about another person than its own',
      `${ok}\n    <pfif:note>\n      <pfif:note_record_id>a.org/note.1</pfif:note_record_id>\n      <pfif:person_record_id>a.org/person.2</pfif:person_record_id>\n      <pfif:source_date>2026-01-31T15:00:00Z</pfif:source_date>\n      <pfif:text>Seen</pfif:text>\n    </pfif:note>`,
      9,
      /another person_record_id/,
    ],
    ['a field holding elements', `${ok}\n    <pfif:home_city><b>Fresno</b></pfif:home_city>`, 7, /<home_city> must hold text only/],
    [
      'a bad record id',
      `${ok}\n    <pfif:note>\n      <pfif:note_record_id>no-domain</pfif:note_record_id>\n    </pfif:note>`,
      8,
      /note_record_id "no-domain" is not a PFIF record id/,
    ],
    ['broken XML', `${ok}\n    <pfif:home_city>Fresno</pfif:home_town>`, 7, /Not well-formed XML: unexpected close tag/],
  ])('%s', (_, fields, line, reason) => {
    const error = refusal(person(fields));
    expect(error.reason).toMatch(reason);
    expect(error.line).toBe(line);
    expect(error.message).toBe(`Line ${line}: ${error.reason}`);
  });

  it('refuses a record id twice, and a file that is not PFIF', () => {
    const twice = pfif(
      '1.4',
      [1, 2]
        .map(
          () =>
            `<pfif:person><pfif:person_record_id>a.org/person.1</pfif:person_record_id><pfif:full_name>A</pfif:full_name><pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date></pfif:person>`,
        )
        .join('\n'),
    );
    expect(refusal(twice)).toMatchObject({ line: 4, reason: 'person_record_id a.org/person.1 appears twice' });
    expect(refusal('<?xml version="1.0"?>\n<pfif xmlns="http://zesty.ca/pfif/2.0"/>').reason).toMatch(/Not a PFIF file/);
    expect(refusal('<rss/>').reason).toMatch(/Not a PFIF file/);
    expect(refusal('').reason).toMatch(/Not well-formed XML/);
  });
});

describe('PFIF 1.1 to 1.3', () => {
  it('reads 1.1: first_name and last_name make the name, "other" the description, "found" the contact', () => {
    const { version, persons, dropped } = parse(
      pfif(
        '1.1',
        `<pfif:person>
  <pfif:person_record_id>old.example/person.7</pfif:person_record_id>
  <pfif:source_date>2005-09-01T12:00:00Z</pfif:source_date>
  <pfif:first_name>Lan</pfif:first_name>
  <pfif:last_name>Nguyễn</pfif:last_name>
  <pfif:home_city>New Orleans</pfif:home_city>
  <pfif:home_zip>70112</pfif:home_zip>
  <pfif:other>Wears glasses</pfif:other>
  <pfif:note>
    <pfif:note_record_id>old.example/note.9</pfif:note_record_id>
    <pfif:author_name>Minh</pfif:author_name>
    <pfif:source_date>2005-09-02T08:00:00Z</pfif:source_date>
    <pfif:found>true</pfif:found>
    <pfif:text>Talked to her by phone.</pfif:text>
  </pfif:note>
</pfif:person>`,
      ),
    );
    expect(version).toBe('1.1');
    expect(persons).toEqual([
      {
        id: 'old.example/person.7',
        fullName: 'Lan Nguyễn',
        lastSeenCity: 'New Orleans',
        description: 'Wears glasses',
        photoUrl: null,
        sourceDate: '2005-09-01T12:00:00.000Z',
        entryDate: null,
        expiryDate: null,
        status: 'missing',
        notes: [
          {
            id: 'old.example/note.9',
            authorName: 'Minh',
            text: 'Talked to her by phone.',
            status: null,
            authorMadeContact: true,
            lastKnownLocation: null,
            sourceDate: '2005-09-02T08:00:00.000Z',
            entryDate: null,
          },
        ],
      },
    ]);
    expect(dropped).toEqual({ 'person.home_zip': 1 });
  });

  it('reads 1.2: a note outside its person joins it, one about a person not in the file stays apart', () => {
    const { persons, notes } = parse(
      pfif(
        '1.2',
        `<pfif:note>
  <pfif:note_record_id>b.example/note.1</pfif:note_record_id>
  <pfif:person_record_id>b.example/person.1</pfif:person_record_id>
  <pfif:author_name>Ana</pfif:author_name>
  <pfif:source_date>2010-01-14T09:00:00Z</pfif:source_date>
  <pfif:status>believed_alive</pfif:status>
  <pfif:last_known_location>Port-au-Prince</pfif:last_known_location>
  <pfif:text>She is at the stadium.</pfif:text>
</pfif:note>
<pfif:person>
  <pfif:person_record_id>b.example/person.1</pfif:person_record_id>
  <pfif:source_date>2010-01-13T09:00:00Z</pfif:source_date>
  <pfif:first_name>Marie</pfif:first_name>
</pfif:person>
<pfif:note>
  <pfif:note_record_id>b.example/note.2</pfif:note_record_id>
  <pfif:person_record_id>b.example/person.404</pfif:person_record_id>
  <pfif:author_name>Jean</pfif:author_name>
  <pfif:source_date>2010-01-15T09:00:00Z</pfif:source_date>
  <pfif:text>Looking for him.</pfif:text>
</pfif:note>`,
      ),
    );
    expect(persons).toHaveLength(1);
    expect(persons[0]).toMatchObject({ fullName: 'Marie', status: 'found' });
    expect(persons[0]!.notes).toMatchObject([{ id: 'b.example/note.1', status: 'believed_alive', lastKnownLocation: 'Port-au-Prince' }]);
    expect(notes).toMatchObject([{ id: 'b.example/note.2', personId: 'b.example/person.404', text: 'Looking for him.' }]);
  });

  it('reads 1.3: full_name and expiry_date; a later note decides the status', () => {
    const note = (id: number, date: string, status: string) =>
      `<pfif:note><pfif:note_record_id>c.example/note.${id}</pfif:note_record_id><pfif:author_name>K</pfif:author_name><pfif:source_date>${date}</pfif:source_date><pfif:status>${status}</pfif:status><pfif:text>t</pfif:text></pfif:note>`;
    const { version, persons } = parse(
      pfif(
        '1.3',
        `<pfif:person>
  <pfif:person_record_id>c.example/person.1</pfif:person_record_id>
  <pfif:source_date>2011-03-11T06:00:00Z</pfif:source_date>
  <pfif:expiry_date>2012-03-11T06:00:00Z</pfif:expiry_date>
  <pfif:full_name>山田 花子</pfif:full_name>
  ${note(2, '2011-03-13T00:00:00Z', 'believed_missing')}
  ${note(1, '2011-03-12T00:00:00Z', 'believed_alive')}
</pfif:person>`,
      ),
    );
    expect(version).toBe('1.3');
    expect(persons[0]).toMatchObject({ fullName: '山田 花子', expiryDate: '2012-03-11T06:00:00.000Z', status: 'missing' });
  });

  it('needs a name in each version: first or last name before 1.3, full_name from 1.3', () => {
    const nameless = (version: string) =>
      pfif(version, `<pfif:person><pfif:person_record_id>a.org/person.1</pfif:person_record_id><pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date></pfif:person>`);
    expect(refusal(nameless('1.2')).reason).toBe('A person must have a first_name or last_name');
    expect(refusal(nameless('1.3')).reason).toBe('A person must have a full_name');
  });

  it('skips elements of other namespaces, as XML extensions are (an XInclude is never followed)', () => {
    const { persons, dropped } = parse(
      pfif(
        '1.4',
        `<pfif:person xmlns:x="urn:x"><pfif:person_record_id>a.org/person.1</pfif:person_record_id><pfif:source_date>2026-01-31T14:05:00Z</pfif:source_date><pfif:full_name>Ana</pfif:full_name><x:extra><x:deep>anything</x:deep></x:extra><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/></pfif:person>`,
      ),
    );
    expect(persons).toEqual([expect.objectContaining({ id: 'a.org/person.1', fullName: 'Ana', description: null, notes: [] })]);
    expect(JSON.stringify(persons)).not.toMatch(/root:|passwd/);
    expect(dropped).toEqual({});
  });
});
