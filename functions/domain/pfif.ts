/**
 * PFIF, the People Finder Interchange Format (https://zesty.ca/pfif/), as this product can hold
 * it: a person is a missing-person record, a note is what someone says about that person. Reads
 * PFIF 1.1 to 1.4 and writes 1.4. No database here: the importer and GET /api/pfif map rows to
 * and from these types.
 *
 * Only what the product can show is kept. Above all, no author email, phone or other contact ever
 * crosses: they are neither read nor written.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { OWN_MEDIA_PATH } from '../../src/common/contract/fields.ts';
import { LIMITS, MAX_PFIF_BYTES, type NoteStatus } from '../../src/common/contract/limits.ts';
import type { LostFoundPost } from '../../src/common/contract/lost-found.ts';
import { escapeXml } from './xml.ts';
import type { Context } from 'hono';
import type { RouteDeps } from '../deps.ts';

export const PFIF_NAMESPACES = {
  'http://zesty.ca/pfif/1.1': '1.1',
  'http://zesty.ca/pfif/1.2': '1.2',
  'http://zesty.ca/pfif/1.3': '1.3',
  'http://zesty.ca/pfif/1.4': '1.4',
} as const;
export type PfifVersion = (typeof PFIF_NAMESPACES)[keyof typeof PFIF_NAMESPACES];
export const PFIF_1_4 = 'http://zesty.ca/pfif/1.4';

/** What a note says of the person, in PFIF's words (the page words them gently). */
export const PFIF_NOTE_STATUSES = ['information_sought', 'is_note_author', 'believed_alive', 'believed_missing', 'believed_dead'] as const;
export type PfifNoteStatus = (typeof PFIF_NOTE_STATUSES)[number];

/** This site's note statuses that PFIF has no word for: each is a kind of believed_alive, said in the note's text. */
const PFIF_ALIVE_AS: Record<Exclude<NoteStatus, PfifNoteStatus>, string> = {
  in_custody: 'In custody (detained).',
  released: 'Released from custody.',
};

/**
 * A note's status and text as PFIF says them. The words go before the text within the text's cap,
 * the note's end cut to make room: a note of the longest text must not make the file one no
 * importer (this site's included) takes.
 */
export function pfifStatus(status: NoteStatus | null, text: string): { status: PfifNoteStatus | null; text: string } {
  if (status === null || (PFIF_NOTE_STATUSES as readonly string[]).includes(status)) return { status: status as PfifNoteStatus | null, text };
  const words = `${PFIF_ALIVE_AS[status as keyof typeof PFIF_ALIVE_AS]} `;
  return { status: 'believed_alive', text: words + [...text].slice(0, LIMITS.description - words.length).join('') };
}

/** Where this site's records live: ids are `domain/person.ID`, photos `baseUrl/images/...`. */
export interface PfifSite {
  /** PFIF_DOMAIN, e.g. `findhelpreunite.org`. */
  domain: string;
  /** The site's public address, e.g. `https://findhelpreunite.org`. */
  baseUrl: string;
}

/** Dates are ISO 8601 in UTC as toISOString() writes them. */
export interface PfifNote {
  /** This site's id, or the full PFIF record id (`domain/note.x`) of a note from elsewhere. */
  id: string;
  /** PFIF requires it, yet Person Finder's own files have notes without one. */
  authorName: string | null;
  text: string;
  status: PfifNoteStatus | null;
  /** "I made contact": the author has heard from the person since the disaster. */
  authorMadeContact: boolean;
  /** A place as written, never coordinates. */
  lastKnownLocation: string | null;
  sourceDate: string;
  entryDate: string | null;
}

export interface PfifPerson {
  /** This site's id, or the full PFIF record id (`domain/person.x`) of a person from elsewhere. */
  id: string;
  fullName: string;
  /** PFIF's home_city. */
  lastSeenCity: string | null;
  description: string | null;
  /** A photo uploaded to this site (`/images/...`); written as an absolute address. */
  photoUrl: string | null;
  /** When the record was first written, in its original system. */
  sourceDate: string;
  /** When the record entered this system. */
  entryDate: string | null;
  expiryDate: string | null;
  /**
   * PFIF has no status on a person: readers take it from the notes. Read as 'found' when the latest
   * note with a status says believed_alive; never written.
   */
  status: LostFoundPost['status'];
  notes: PfifNote[];
}

export interface PfifFile {
  version: PfifVersion;
  persons: PfifPerson[];
  /** Notes outside any person, about a person not in this file: for a record already stored. `line` is where each begins. */
  notes: (PfifNote & { personId: string; line: number })[];
  /** Filled fields this product does not keep, as `person.sex` or `note.author_email`, and how often. */
  dropped: Record<string, number>;
}

/** A file refused, with the line (null when the whole file is at fault) and the reason. */
export class PfifError extends Error {
  readonly line: number | null;
  readonly reason: string;
  constructor(line: number | null, reason: string) {
    super(line === null ? reason : `Line ${line}: ${reason}`);
    this.name = 'PfifError';
    this.line = line;
    this.reason = reason;
  }
}

/** Fields the product keeps are capped as the product's own forms cap them. */
const CAPS: Record<string, number> = {
  person_record_id: LIMITS.pfifRecordId,
  note_record_id: LIMITS.pfifRecordId,
  full_name: LIMITS.name,
  first_name: LIMITS.name,
  last_name: LIMITS.name,
  given_name: LIMITS.name,
  family_name: LIMITS.name,
  author_name: LIMITS.name,
  home_city: LIMITS.city,
  last_known_location: LIMITS.city,
  photo_url: LIMITS.url,
};
/** Any other field: long enough for any real value, short enough that no field is a payload. */
const OTHER_FIELD_CAP = LIMITS.description;

const DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?Z$/;
const RECORD_ID = /^[^\s/]+\/\S+$/;
/** "19.1659 -71.9384", "34.05,-118.24": a position, which this product never stores. */
const COORDINATES = /^[-+]?\d{1,3}(\.\d+)?\s*[,;\s]\s*[-+]?\d{1,3}(\.\d+)?$/;

interface Field {
  value: string;
  line: number;
}
interface RawRecord {
  line: number;
  fields: Map<string, Field>;
  notes: RawRecord[];
}
type Frame = { kind: 'root' } | { kind: 'person' | 'note'; record: RawRecord } | { kind: 'field'; name: string; line: number; text: string; record: RawRecord };

/**
 * Reads a PFIF 1.1 to 1.4 file. Refuses, with a PfifError naming the line and the reason, a file
 * over MAX_PFIF_BYTES (before reading it), one that is not UTF-8 or not well-formed XML, any
 * DOCTYPE (so no entity, internal or external, is ever defined, let alone expanded), a record
 * without its required fields, a bad date or record id, a field over its cap, a record id twice.
 * Ids of this site's own records (`site.domain/person.ID`) come back as `ID`.
 */
export function parsePfif(file: Uint8Array, site: PfifSite): PfifFile {
  if (file.byteLength > MAX_PFIF_BYTES) throw new PfifError(null, `The file is larger than ${MAX_PFIF_BYTES / 1024 / 1024} MB`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const fail = (reason: string): never => refuse(parser.line, reason);
  let namespace = '';
  let version: PfifVersion | undefined;
  const stack: Frame[] = [];
  /** Depth inside an element of another namespace, skipped whole as XML extensions are. */
  let foreign = 0;
  const rawPersons: RawRecord[] = [];
  const rawNotes: RawRecord[] = [];

  parser.on('xmldecl', ({ encoding }) => {
    if (encoding && !/^utf-8$/i.test(encoding)) fail(`The file declares encoding ${encoding}; only UTF-8 is read`);
  });
  parser.on('doctype', () => fail('A DOCTYPE is not allowed in a PFIF file (no entity is ever expanded)'));
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack.at(-1);
    if (foreign > 0 || (parent && tag.uri !== namespace && parent.kind !== 'field')) {
      foreign++;
      return;
    }
    const record = (): RawRecord => ({ line: parser.line, fields: new Map(), notes: [] });
    if (!parent) {
      version = PFIF_NAMESPACES[tag.uri as keyof typeof PFIF_NAMESPACES];
      if (tag.local !== 'pfif' || !version) fail(`Not a PFIF file: the root must be <pfif> in one of the namespaces ${Object.keys(PFIF_NAMESPACES).join(', ')}`);
      namespace = tag.uri;
      stack.push({ kind: 'root' });
    } else if (parent.kind === 'root') {
      if (tag.local === 'person') stack.push({ kind: 'person', record: record() });
      else if (tag.local === 'note') stack.push({ kind: 'note', record: record() });
      else fail(`<${tag.local}> cannot stand here: a PFIF file holds only <person> and <note>`);
    } else if (parent.kind === 'field') {
      fail(`<${parent.name}> must hold text only, not <${tag.local}>`);
    } else if (tag.local === 'note' && parent.kind === 'person') {
      stack.push({ kind: 'note', record: record() });
    } else if (tag.local === 'note' || tag.local === 'person') {
      fail(`A note cannot hold a <${tag.local}>`);
    } else {
      stack.push({ kind: 'field', name: tag.local, line: parser.line, text: '', record: parent.record });
    }
  });
  const addText = (text: string) => {
    const top = stack.at(-1);
    if (foreign === 0 && top?.kind === 'field') top.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (foreign > 0) {
      foreign--;
      return;
    }
    const frame = stack.pop()!;
    if (frame.kind === 'field') {
      const value = frame.text.trim();
      // Own keys only: a field named "constructor" must not find Object's.
      const cap = Object.hasOwn(CAPS, frame.name) ? CAPS[frame.name]! : OTHER_FIELD_CAP;
      if (value.length > cap) refuse(frame.line, `${frame.name} is ${value.length} characters long; at most ${cap} are allowed`);
      if (frame.record.fields.has(frame.name)) refuse(frame.line, `${frame.name} appears twice in one record`);
      if (value) frame.record.fields.set(frame.name, { value, line: frame.line });
    } else if (frame.kind === 'person') {
      rawPersons.push(frame.record);
    } else if (frame.kind === 'note') {
      const parent = stack.at(-1);
      if (parent?.kind === 'person') parent.record.notes.push(frame.record);
      else rawNotes.push(frame.record);
    }
  });

  // Decoded and parsed a slice at a time, so the whole file is never held a second time as text.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const SLICE = 1 << 16;
  try {
    for (let start = 0; start < file.byteLength; start += SLICE) parser.write(decode(decoder, file.subarray(start, start + SLICE)));
    parser.write(decode(decoder)).close();
  } catch (error) {
    if (error instanceof PfifError) throw error;
    // saxes writes "line:column: reason."; the line is ours to give.
    throw new PfifError(parser.line, `Not well-formed XML: ${String((error as Error).message).replace(/^\d+:\d+:\s*/, '')}`);
  }
  if (!version) throw new PfifError(null, 'The file is empty');
  return build(version, rawPersons, rawNotes, site);
}

function build(version: PfifVersion, rawPersons: RawRecord[], rawNotes: RawRecord[], site: PfifSite): PfifFile {
  const dropped: Record<string, number> = {};
  const ownPrefix = `${site.domain}/`;
  const photoPrefix = siteAddress(site);

  /** Reads a record's fields: each one read is kept, the rest are counted as dropped. */
  const reader = (kind: 'person' | 'note', record: RawRecord) => {
    const used = new Set<string>();
    const get = (name: string) => {
      used.add(name);
      return record.fields.get(name);
    };
    const text = (name: string) => get(name)?.value ?? null;
    const required = (name: string) => get(name)?.value ?? refuse(record.line, `A ${kind} must have a ${name}`);
    const date = (name: string, need = false) => {
      const field = get(name);
      if (!field) return need ? refuse(record.line, `A ${kind} must have a ${name}`) : null;
      return utcDate(field.value) ?? refuse(field.line, `${name} "${field.value}" is not a UTC date and time like 2026-01-31T14:05:00Z`);
    };
    const recordId = (name: string, type: 'person' | 'note') => {
      const field = get(name);
      if (!field) return null;
      if (!RECORD_ID.test(field.value)) refuse(field.line, `${name} "${field.value}" is not a PFIF record id like example.org/${type}.42`);
      const own = `${ownPrefix}${type}.`;
      return field.value.startsWith(own) ? field.value.slice(own.length) : field.value;
    };
    const done = () => {
      for (const name of record.fields.keys()) if (!used.has(name)) dropped[`${kind}.${name}`] = (dropped[`${kind}.${name}`] ?? 0) + 1;
    };
    return { get, text, required, date, recordId, done };
  };

  const noteOf = (record: RawRecord, personId: string | null): PfifNote & { personId: string } => {
    const r = reader('note', record);
    const id = r.recordId('note_record_id', 'note') ?? refuse(record.line, 'A note must have a note_record_id');
    const statedPerson = r.recordId('person_record_id', 'person');
    if (personId !== null && statedPerson !== null && statedPerson !== personId) {
      refuse(r.get('person_record_id')!.line, 'This note names another person_record_id than the person it is inside');
    }
    const status = r.get('status');
    if (status && !(PFIF_NOTE_STATUSES as readonly string[]).includes(status.value)) {
      refuse(status.line, `status "${status.value}" is not one of ${PFIF_NOTE_STATUSES.join(', ')}`);
    }
    // PFIF 1.4 renamed 1.1-1.3's "found" to author_made_contact.
    const contact = r.get(version === '1.4' ? 'author_made_contact' : 'found');
    if (contact && !['true', 'false', '1', '0'].includes(contact.value)) refuse(contact.line, `${version === '1.4' ? 'author_made_contact' : 'found'} must be true or false`);
    const location = r.get('last_known_location');
    const note = {
      id,
      personId: personId ?? statedPerson ?? refuse(record.line, 'A note outside a person must have a person_record_id'),
      authorName: r.text('author_name'),
      text: r.required('text'),
      status: (status?.value as PfifNoteStatus | undefined) ?? null,
      authorMadeContact: contact?.value === 'true' || contact?.value === '1',
      lastKnownLocation: location && !COORDINATES.test(location.value) ? location.value : null,
      sourceDate: r.date('source_date', true)!,
      entryDate: r.date('entry_date'),
    };
    if (location && note.lastKnownLocation === null) dropped['note.last_known_location'] = (dropped['note.last_known_location'] ?? 0) + 1;
    r.done();
    return note;
  };

  const noteIds = new Set<string>();
  const unique = (note: PfifNote, record: RawRecord) => {
    if (noteIds.has(note.id)) refuse(record.fields.get('note_record_id')!.line, `note_record_id ${note.id} appears twice`);
    noteIds.add(note.id);
  };

  const persons = new Map<string, PfifPerson>();
  for (const record of rawPersons) {
    const r = reader('person', record);
    const id = r.recordId('person_record_id', 'person') ?? refuse(record.line, 'A person must have a person_record_id');
    if (persons.has(id)) refuse(r.get('person_record_id')!.line, `person_record_id ${id} appears twice`);
    const name = (first: string, last: string) => [r.text(first), r.text(last)].filter(Boolean).join(' ');
    // Before 1.3 a person had only first_name and last_name.
    const fullName = r.text('full_name') ?? (version < '1.3' ? name('first_name', 'last_name') : '');
    if (!fullName) refuse(record.line, version < '1.3' ? 'A person must have a first_name or last_name' : 'A person must have a full_name');
    if (fullName.length > LIMITS.name) refuse(record.line, `The person's name is ${fullName.length} characters long; at most ${LIMITS.name} are allowed`);
    const photo = r.get('photo_url');
    // Photos are never fetched: only one of this site's own comes back.
    const ownPhoto = photo?.value.startsWith(`${photoPrefix}/`) ? photo.value.slice(photoPrefix.length) : null;
    const photoUrl = ownPhoto && OWN_MEDIA_PATH.test(ownPhoto) && !ownPhoto.includes('..') ? ownPhoto : null;
    if (photo && !photoUrl) dropped['person.photo_url'] = (dropped['person.photo_url'] ?? 0) + 1;
    const person: PfifPerson = {
      id,
      fullName,
      lastSeenCity: r.text('home_city'),
      // 1.4 renamed "other" to description.
      description: r.text(version === '1.4' ? 'description' : 'other'),
      photoUrl,
      sourceDate: r.date('source_date', true)!,
      entryDate: r.date('entry_date'),
      expiryDate: r.date('expiry_date'),
      status: 'missing',
      notes: record.notes.map((raw) => {
        const { personId: _person, ...note } = noteOf(raw, id);
        unique(note, raw);
        return note;
      }),
    };
    r.done();
    persons.set(id, person);
  }

  const loose: PfifFile['notes'] = [];
  for (const raw of rawNotes) {
    const note = noteOf(raw, null);
    unique(note, raw);
    const person = persons.get(note.personId);
    if (!person) loose.push({ ...note, line: raw.line });
    else {
      const { personId: _person, ...kept } = note;
      person.notes.push(kept);
    }
  }
  for (const person of persons.values()) person.status = statusOf(person.notes);
  return { version, persons: [...persons.values()], notes: loose, dropped };
}

/** The text of the next slice; with no slice, the end of the file, where no character may be left half. */
function decode(decoder: TextDecoder, slice?: Uint8Array): string {
  try {
    return slice ? decoder.decode(slice, { stream: true }) : decoder.decode();
  } catch {
    throw new PfifError(null, 'The file is not UTF-8 text');
  }
}

function refuse(line: number, reason: string): never {
  throw new PfifError(line, reason);
}

/** The latest note that says anything of the person decides; a later one on the same date wins. */
function statusOf(notes: PfifNote[]): PfifPerson['status'] {
  let latest: PfifNote | undefined;
  for (const note of notes) if (note.status && (!latest || note.sourceDate >= latest.sourceDate)) latest = note;
  return latest?.status === 'believed_alive' ? 'found' : 'missing';
}

/** A PFIF date (UTC, trailing Z) as toISOString() writes it, or null when it is not a real one. */
function utcDate(value: string): string | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute;
  return real && second! < 60 ? date.toISOString() : null;
}

/**
 * Writes persons with their notes as PFIF 1.4. Only the fields named here are written, whatever
 * else the objects carry: a note's contact can never slip in.
 */
export function writePfif(persons: Iterable<PfifPerson>, site: PfifSite): string {
  if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(site.domain)) throw new Error(`PFIF domain "${site.domain}" must be a host name such as example.org`);
  const base = siteAddress(site);
  const id = (value: string, type: 'person' | 'note') => (value.includes('/') ? value : `${site.domain}/${type}.${value}`);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<pfif:pfif xmlns:pfif="${PFIF_1_4}">`];
  const field = (indent: string, name: string, value: string | null) => {
    if (value) lines.push(`${indent}<pfif:${name}>${escapeXml(value)}</pfif:${name}>`);
  };
  for (const person of persons) {
    const personId = id(person.id, 'person');
    lines.push('  <pfif:person>');
    field('    ', 'person_record_id', personId);
    field('    ', 'entry_date', pfifDate(person.entryDate));
    field('    ', 'expiry_date', pfifDate(person.expiryDate));
    field('    ', 'source_date', pfifDate(person.sourceDate));
    field('    ', 'full_name', person.fullName);
    field('    ', 'description', person.description);
    field('    ', 'home_city', person.lastSeenCity);
    field('    ', 'photo_url', person.photoUrl && `${base}${person.photoUrl}`);
    for (const note of person.notes) {
      lines.push('    <pfif:note>');
      field('      ', 'note_record_id', id(note.id, 'note'));
      field('      ', 'person_record_id', personId);
      field('      ', 'entry_date', pfifDate(note.entryDate));
      field('      ', 'author_name', note.authorName);
      field('      ', 'source_date', pfifDate(note.sourceDate));
      field('      ', 'author_made_contact', note.authorMadeContact ? 'true' : null);
      field('      ', 'status', note.status);
      field('      ', 'last_known_location', note.lastKnownLocation);
      field('      ', 'text', note.text);
      lines.push('    </pfif:note>');
    }
    lines.push('  </pfif:person>');
  }
  lines.push('</pfif:pfif>', '');
  return lines.join('\n');
}

/** The site's address without a trailing slash, to which a photo's own path is appended. */
function siteAddress(site: PfifSite): string {
  if (!/^https?:\/\/[^\s/]+/.test(site.baseUrl)) throw new Error(`The site address "${site.baseUrl}" must start with http:// or https://`);
  return site.baseUrl.replace(/\/+$/, '');
}

/** PFIF's form of a date: UTC to the second, ending in Z. */
const pfifDate = (iso: string | null) => iso && `${new Date(iso).toISOString().slice(0, 19)}Z`;

/** Where this site's records live: PFIF_DOMAIN (else the host asked), and the address asked for photos. */
export const pfifSite = (deps: RouteDeps, c: Context): PfifSite => {
  const url = new URL(c.req.url);
  return { domain: deps.pfifDomain ?? url.host, baseUrl: url.origin };
};
