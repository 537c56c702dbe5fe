/**
 * PFIF in and out of the missing-person board: `importPfif` stores a file's persons and notes,
 * `listedPersons` reads the listed records back for PFIF 1.4 (GET /api/pfif). Used by the admin route
 * POST /api/admin/pfif and by `npm run pfif:import -- FILE`.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lostFoundNotes, lostFoundPosts } from '../../db/schema.ts';
import { searchFields } from '../../db/search-fields.ts';
import { PFIF_DUPLICATE_CHECKS, type PfifImportSummary } from '../../src/common/contract/admin.ts';
import { toNote } from './mappers.ts';
import { search } from './person-search.ts';
import { placedLastSeen } from '../../src/common/contract/places.ts';
import { parsePfif, PfifError, pfifStatus, type PfifNote, type PfifPerson, type PfifSite } from './pfif.ts';
import { expiresAt, visibleRecord } from './lifetime.ts';
import { newestFirst, toMinute } from './time.ts';

/** Rows per statement: well under SQLite's limit on bound values, with a dozen columns a row. */
const CHUNK = 500;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

type PostRow = typeof lostFoundPosts.$inferInsert;
type NoteRow = typeof lostFoundNotes.$inferInsert;

/** The PFIF record id in full: this site's own records are read back as their bare id. */
const fullId = (site: PfifSite, id: string, type: 'person' | 'note') => (id.includes('/') ? id : `${site.domain}/${type}.${id}`);

/**
 * The stored rows a file's records are: matched by their PFIF id, or, for this site's own
 * records, by their id here.
 */
async function stored<T extends typeof lostFoundPosts | typeof lostFoundNotes>(db: Database, table: T, site: PfifSite, ids: string[], type: 'person' | 'note') {
  const found = new Map<string, { id: string; pfifId: string | null }>();
  for (const part of chunks(ids)) {
    const own = part.filter((id) => !id.includes('/'));
    const where: SQL[] = [
      inArray(
        table.pfifId,
        part.map((id) => fullId(site, id, type)),
      ),
    ];
    if (own.length) where.push(inArray(table.id, own));
    const rows = await db
      .select({ id: table.id, pfifId: table.pfifId })
      .from(table as typeof lostFoundPosts)
      .where(or(...where));
    for (const row of rows) found.set(row.pfifId ?? fullId(site, row.id, type), row);
  }
  return found;
}

/**
 * Reads a PFIF 1.1-1.4 file and stores what it holds, idempotently by record id: a person not
 * stored yet is added (living LOST_FOUND_DAYS from now, its source date kept), one stored is
 * updated where the file differs (a record of this site's own is left as it is), a note already stored is left as it is (PFIF notes never
 * change). A person whose expiry_date has passed is not added. Photos are never fetched, contacts
 * never read. The whole file is checked before anything is written, and written at once: a
 * PfifError (with its line and reason) leaves the database as it was. The persons added whose
 * name is close to a record already here are named with those records: nothing is merged.
 */
export async function importPfif(db: Database, file: Uint8Array, site: PfifSite, now: number): Promise<PfifImportSummary> {
  const pfif = parsePfif(file, site);
  const at = new Date(now).toISOString();
  const persons = pfif.persons.filter((person) => !person.expiryDate || person.expiryDate > at);
  const storedPersons = await stored(db, lostFoundPosts, site, [...persons.map((person) => person.id), ...pfif.notes.map((note) => note.personId)], 'person');
  for (const note of pfif.notes) {
    if (!storedPersons.has(fullId(site, note.personId, 'person'))) {
      throw new PfifError(note.line, `This note is about ${fullId(site, note.personId, 'person')}, who is neither in this file nor stored here`);
    }
  }
  const allNotes = [...persons.flatMap((person) => person.notes.map((note) => ({ ...note, personId: person.id }))), ...pfif.notes];
  const storedNotes = await stored(
    db,
    lostFoundNotes,
    site,
    allNotes.map((note) => note.id),
    'note',
  );

  const fields = (person: PfifPerson) => ({
    name: person.fullName,
    ...placedLastSeen(person.lastSeenCity),
    description: person.description,
    photoUrl: person.photoUrl,
    status: person.status,
    sourceDate: person.sourceDate,
  });
  const current = new Map<string, Record<string, unknown>>();
  for (const part of chunks([...storedPersons.values()].map((row) => row.id))) {
    for (const row of await db.select().from(lostFoundPosts).where(inArray(lostFoundPosts.id, part))) current.set(row.id, row);
  }
  const postIds = new Map([...storedPersons].map(([pfifId, row]) => [pfifId, row.id]));
  const added: PostRow[] = [];
  const changed: { id: string; fields: ReturnType<typeof fields> }[] = [];
  let unchanged = 0;
  for (const person of persons) {
    const pfifId = fullId(site, person.id, 'person');
    const row = storedPersons.get(pfifId);
    const next = fields(person);
    if (!row) {
      const id = crypto.randomUUID();
      postIds.set(pfifId, id);
      added.push({
        ...next,
        ...searchFields(next),
        id,
        pfifId,
        lastSeenDate: null,
        contact: null,
        manageHash: null,
        hidden: false,
        isSample: false,
        createdAt: toMinute(now),
        renewedAt: null,
      });
    } else if (!person.id.includes('/')) {
      // A record of this site's own is kept as its owner left it: a file read back holds less of
      // it (no status, no contact, a photo only at the address it was exported from).
      unchanged++;
    } else if (Object.entries(next).some(([key, value]) => current.get(row.id)?.[key] !== value)) {
      changed.push({ id: row.id, fields: next });
    } else unchanged++;
  }

  const notes: NoteRow[] = [];
  for (const note of allNotes) {
    const pfifId = fullId(site, note.id, 'note');
    if (storedNotes.has(pfifId)) continue;
    notes.push({
      id: crypto.randomUUID(),
      pfifId,
      postId: postIds.get(fullId(site, note.personId, 'person'))!,
      // PFIF requires an author and allows no status; Person Finder's own files have notes without either.
      authorName: note.authorName ?? '',
      text: note.text,
      status: note.status ?? '',
      lastKnownLocation: note.lastKnownLocation,
      authorMadeContact: note.authorMadeContact,
      contact: null,
      hidden: false,
      // When it was written (never later than now), so a record's notes keep their order.
      createdAt: note.sourceDate < at ? note.sourceDate : at,
    });
  }

  const writes = [
    ...chunks(added).map((part) => db.insert(lostFoundPosts).values(part)),
    ...changed.map(({ id, fields: next }) =>
      db
        .update(lostFoundPosts)
        .set({ ...next, ...searchFields(next) })
        .where(eq(lostFoundPosts.id, id)),
    ),
    ...chunks(notes).map((part) => db.insert(lostFoundNotes).values(part)),
  ];
  // Read before the file is written, so only records already here are found.
  const maybeSame = await recordsAlike(db, added.slice(0, PFIF_DUPLICATE_CHECKS), now);
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return {
    persons: { added: added.length, updated: changed.length, unchanged, expired: pfif.persons.length - persons.length },
    notes: { added: notes.length, skipped: allNotes.length - notes.length },
    dropped: pfif.dropped,
    maybeSame,
  };
}

/** Each person with the listed records whose name the board's search finds close to theirs (at most 3), those with any. */
async function recordsAlike(db: Database, persons: PostRow[], now: number): Promise<PfifImportSummary['maybeSame']> {
  const alike = [];
  for (const person of persons) {
    const found = (await search(db, person.name, now, { before: undefined, county: null }, 3)).filter((one) => one.close);
    if (found.length) alike.push({ id: person.id, name: person.name, like: found.map(({ post }) => ({ id: post.id, name: post.name })) });
  }
  return alike;
}

/**
 * The listed records (not hidden, not expired), newest first, with their visible notes, as PFIF
 * persons: a record imported from elsewhere keeps its PFIF ids. Never a contact. A full page names
 * where the next starts (`before`, `beforeId`: the last record's time and id).
 */
export async function listedPersons(db: Database, now: number, limit: number, before?: SQL): Promise<{ persons: PfifPerson[]; next?: { before: string; beforeId: string } }> {
  const rows = await db
    .select()
    .from(lostFoundPosts)
    .where(and(visibleRecord(now), before))
    .orderBy(...newestFirst(lostFoundPosts))
    .limit(limit);
  const notes = rows.length
    ? await db
        .select()
        .from(lostFoundNotes)
        .where(
          and(
            inArray(
              lostFoundNotes.postId,
              rows.map((row) => row.id),
            ),
            eq(lostFoundNotes.hidden, false),
          ),
        )
        .orderBy(lostFoundNotes.createdAt, lostFoundNotes.id)
    : [];
  const byPost = Map.groupBy(notes, (note) => note.postId);
  const last = rows.at(-1);
  const persons = rows.map((row) => ({
    id: row.pfifId ?? row.id,
    fullName: row.name,
    lastSeenCity: row.lastSeenCity,
    description: row.description,
    photoUrl: row.photoUrl,
    sourceDate: row.sourceDate ?? row.createdAt,
    entryDate: row.createdAt,
    expiryDate: expiresAt(row),
    status: row.status as PfifPerson['status'],
    notes: (byPost.get(row.id) ?? []).map((note): PfifNote => {
      // As anyone reads it (toNote: never its contact), with its PFIF id.
      const { id: _id, createdAt, status, text, ...shown } = toNote(note);
      return { ...shown, ...pfifStatus(status, text), id: note.pfifId ?? note.id, sourceDate: createdAt, entryDate: createdAt };
    }),
  }));
  return { persons, next: last && rows.length === limit ? { before: last.createdAt, beforeId: last.id } : undefined };
}
