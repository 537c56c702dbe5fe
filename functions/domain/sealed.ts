/**
 * Personal data encrypted at rest: the phone numbers and emails people leave are stored sealed
 * (AES-256-GCM, a random 96-bit IV per value, the column's name bound as additional data so a
 * value copied into another column does not open), as `v1:KEYID:BASE64URL(IV + CIPHERTEXT)`. The
 * key id tells keys apart, so a wrong key is refused by name and a rotation knows what it has done.
 * Where a row is found by its value (unsubscribe by number), a keyed hash is stored beside it,
 * under a key derived from the data key.
 *
 * The server's own secrets kept in `meta` (the keyed-hash secret, the Web Push private key) are
 * sealed the same way under a key of their own, derived from the data key by HKDF: a copy of the
 * database alone holds none of them, so none of its keyed hashes can be matched with an address
 * or a number. They stay random values, only sealed: sealing one made by an earlier release in
 * place keeps every hash made with it (rate-limit records, marks' device hashes, senders'
 * numbers: their inputs are never stored, so they could not be made again), and a rotation
 * re-seals them as it does every contact.
 *
 * Every table's rows are sealed on the way in (`sealRow`) and opened on the way out (`openRows`)
 * with the columns listed here; nothing else in the app knows the format.
 */
import { and, eq, getTableColumns, getTableName, inArray, isNotNull, isNull, like, not, or, type Table } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Database } from '../../db/client.ts';
import { keptOnce } from '../../db/meta.ts';
import {
  alerts,
  alertSubscriptions,
  assistanceRequests,
  assistanceResponses,
  postMessages,
  dropVolunteers,
  lostFoundNotes,
  lostFoundPosts,
  meta,
  smsOutbox,
  sosRequests,
  surplusOffers,
  textReminders,
} from '../../db/schema.ts';

/** Every column holding a person's phone number or email. Jobs' and resources' contacts are public on purpose. */
export const SEALED_COLUMNS: readonly SQLiteColumn[] = [
  lostFoundPosts.contact,
  // What only the owner keeps for a detention search: as personal as a contact.
  lostFoundPosts.birthCountry,
  lostFoundPosts.birthDate,
  lostFoundPosts.aNumber,
  // "Found: detained" or "released": the owner's word, not the public's (the board says only found).
  lostFoundPosts.foundAs,
  lostFoundNotes.contact,
  alerts.contact,
  alerts.replyTo,
  alertSubscriptions.phone,
  textReminders.phone,
  smsOutbox.phone,
  // A text may hold a code that starts or stops a number's alerts.
  smsOutbox.body,
  dropVolunteers.contact,
  sosRequests.contact,
  assistanceRequests.contactMethod,
  surplusOffers.contactMethod,
  assistanceResponses.responderContact,
  // A message to a family: who wrote, what, and how to reach them, read only by the family.
  postMessages.name,
  postMessages.message,
  postMessages.reach,
];

/** Which data key sealed what the database holds (its id, never the key). */
export const SEALED_WITH = 'sealed_with';

/** The server's secrets kept in `meta`, under these keys, only sealed. */
export const SEALED_SECRETS = ['hash_secret', 'vapid_keys'] as const;
export type SecretName = (typeof SEALED_SECRETS)[number];

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const where = (column: SQLiteColumn) => `${getTableName(column.table)}.${column.name}`;

/** A new data key: 32 random bytes in base64url, the form DATA_KEY and the key file hold. */
export const newDataKey = () => toBase64url(crypto.getRandomValues(new Uint8Array(32)));

/** Whether a stored value is sealed (a value stored before sealing is not, until the start-up pass). */
export const isSealed = (value: string) => value.startsWith(`${VERSION}:`);

/** The data key ready for use: its id, the AES key, and the lookup hashes' own key. */
export async function dataKey(encoded: string) {
  const raw = /^[A-Za-z0-9_-]{43}$/.test(encoded.trim()) ? fromBase64url(encoded.trim()) : new Uint8Array();
  if (raw.length !== 32) throw new Error('The data key must be 32 bytes in base64url (43 characters), as `npm run rotate-key` writes it.');
  const base = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derive = (purpose: string) => crypto.subtle.sign('HMAC', base, encoder.encode(purpose));
  const hkdf = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
  const expand = <K extends AesKeyGenParams | HmacImportParams>(info: string, algorithm: K, usages: KeyUsage[]) =>
    crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(info) }, hkdf, algorithm, false, usages);
  return {
    id: toBase64url(new Uint8Array(await derive('find-help-reunite data key id'))).slice(0, 8),
    aes: await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']),
    lookup: await crypto.subtle.importKey('raw', await derive('find-help-reunite lookup hash'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    /** Seals the server's secrets in `meta` (SEALED_SECRETS). */
    secrets: await expand('find-help-reunite server secrets', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']),
    /** Signs a backup's manifest (scripts/backup.ts): only a holder of the data key can make one restore accepts. */
    backup: await expand('find-help-reunite backup manifest', { name: 'HMAC', hash: 'SHA-256', length: 256 }, ['sign', 'verify']),
  };
}
export type DataKey = Awaited<ReturnType<typeof dataKey>>;

/**
 * AES-256-GCM under `aes` with a random IV, `bound` bound to it as additional data (so a value
 * does not open as another column's or secret's), written `v1:KEYID:base64url(iv + sealed)`.
 */
async function sealBound(key: DataKey, aes: CryptoKey, bound: string, value: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(bound) }, aes, encoder.encode(value)));
  const bytes = new Uint8Array(iv.length + sealed.length);
  bytes.set(iv);
  bytes.set(sealed, iv.length);
  return `${VERSION}:${key.id}:${toBase64url(bytes)}`;
}

/** Opens what sealBound wrote; a value stored before sealing comes back as it is, one sealed with another key says so (`what` names it). */
async function openBound(key: DataKey, aes: CryptoKey, bound: string, value: string, what: string): Promise<string> {
  if (!isSealed(value)) return value;
  const [, id, payload = ''] = value.split(':');
  if (id !== key.id) throw new Error(`${what} was sealed with data key ${id}, but the key in use is ${key.id}: restore the key it was sealed with.`);
  const bytes = fromBase64url(payload);
  return decoder.decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: encoder.encode(bound) }, aes, bytes.subarray(12)));
}

/** Seals one value of `column`. */
export const seal = (key: DataKey, column: SQLiteColumn, value: string) => sealBound(key, key.aes, where(column), value);

/** Opens one stored value of `column`; a value stored before sealing comes back as it is. */
export const open = (key: DataKey, column: SQLiteColumn, value: string) => openBound(key, key.aes, where(column), value, where(column));

/** Seals the secret kept as `name` in `meta`; its name is bound to it, so it does not open as another. */
export const sealSecret = (key: DataKey, name: SecretName, value: string) => sealBound(key, key.secrets, `meta:${name}`, value);

/** Opens the secret kept as `name`; one kept in clear by an earlier release comes back as it is. */
export const openSecret = (key: DataKey, name: SecretName, value: string) => openBound(key, key.secrets, `meta:${name}`, value, `The server's ${name}`);

/** The keyed hash a row is found by (e.g. a subscriber's normalized phone number). */
export async function lookupHash(key: DataKey, value: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', key.lookup, encoder.encode(value)));
}

/** The JS keys of a table's sealed columns, as its rows name them. */
function sealedKeys(table: Table): [string, SQLiteColumn][] {
  return Object.entries(getTableColumns(table)).filter(([, column]) => SEALED_COLUMNS.includes(column as SQLiteColumn)) as [string, SQLiteColumn][];
}

type Rowish = Record<string, unknown>;

async function mapSealed<R extends Rowish>(table: Table, row: R, change: (column: SQLiteColumn, value: string) => Promise<string>): Promise<R> {
  const out: Rowish = { ...row };
  for (const [name, column] of sealedKeys(table)) {
    const value = out[name];
    if (typeof value === 'string') out[name] = await change(column, value);
  }
  return out as R;
}

/**
 * The sealing bound to the app's data key, as the routes use it. The key is checked against the
 * database before its first use (the worker cannot stop at start as Node does): with a wrong one
 * nothing personal is read or written.
 */
export function sealer(db: Database, key: DataKey | Promise<DataKey>) {
  let checked: Promise<DataKey> | undefined;
  const ready = () =>
    (checked ??= (async () => {
      const resolved = await key;
      await checkDataKey(db, resolved, 'DATA_KEY');
      return resolved;
    })().catch((error: Error) => {
      checked = undefined;
      throw error;
    }));
  return {
    /** Seals what was stored in clear (sealStored), once per database: the worker's first maintenance after an upgrade. */
    sealOnce: async () => ((await holdsSealedData(db)) ? 0 : sealStored(db, await ready())),
    lookupHash: async (value: string) => lookupHash(await ready(), value),
    /**
     * The secret kept as `name` in `meta`, made by `make` the first time and kept sealed. One an
     * earlier release kept in clear is sealed in place (when no other process did it first) and
     * stays the same secret: every hash made with it still matches.
     */
    keptSecret: async (name: SecretName, make: () => string | Promise<string>) => {
      const current = await ready();
      const kept = await keptOnce(db, name, async () => sealSecret(current, name, await make()));
      if (!isSealed(kept))
        await db
          .update(meta)
          .set({ value: await sealSecret(current, name, kept) })
          .where(and(eq(meta.key, name), eq(meta.value, kept)));
      return openSecret(current, name, kept);
    },
    /** A row to insert or set, with its sealed columns sealed. */
    sealRow: async <R extends Rowish>(table: Table, row: R) => {
      const current = await ready();
      return mapSealed(table, row, (column, value) => seal(current, column, value));
    },
    /** One stored value of a sealed `column`, opened (a contact shown on request). */
    openValue: async (column: SQLiteColumn, value: string) => open(await ready(), column, value),
    /** Rows as selected (whole rows of `table`), with their sealed columns opened. */
    openRows: async <R extends Rowish>(table: Table, rows: readonly R[]) => {
      const current = await ready();
      return Promise.all(rows.map((row) => mapSealed(table, row, (column, value) => open(current, column, value))));
    },
  };
}
export type Sealer = ReturnType<typeof sealer>;

/**
 * Refuses a key that is not the one the database's personal data was sealed with, before
 * anything is read or written with it.
 */
export async function checkDataKey(db: Database, key: DataKey, where: string) {
  const [kept] = await db.select().from(meta).where(eq(meta.key, SEALED_WITH));
  if (kept && kept.value !== key.id)
    throw new Error(
      `The data key (${where}, id ${key.id}) is not the one this database's phone numbers and emails were encrypted with (id ${kept.value}). ` +
        'Restore the key file (or DATA_KEY) you kept apart from the backups; without it they cannot be read.',
    );
}

/** Whether the database holds personal data sealed with some key. */
export async function holdsSealedData(db: Database) {
  const [kept] = await db.select().from(meta).where(eq(meta.key, SEALED_WITH));
  return Boolean(kept);
}

/**
 * Seals what was stored in clear (rows from before sealing, sample content, a PFIF import, the
 * server's secrets an earlier release kept in clear) and gives subscriptions their lookup hash;
 * values already sealed are left alone, so running it again changes nothing. With `from`, every
 * sealed value is opened with that key and sealed anew with `key` (rotation). Runs in one
 * transaction: all or nothing.
 */
export async function sealStored(db: Database, key: DataKey, from?: DataKey): Promise<number> {
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const table of new Set(SEALED_COLUMNS.map((column) => column.table as Table))) {
      const columns = sealedKeys(table);
      const id = getTableColumns(table).id ?? alertSubscriptions.phone;
      const hashed = table === alertSubscriptions;
      const due = or(
        ...columns.map(([, column]) => (from ? isNotNull(column) : and(isNotNull(column), not(like(column, `${VERSION}:%`))))),
        hashed ? isNull(alertSubscriptions.phoneHash) : undefined,
      );
      const rows = (await tx
        .select()
        .from(table as typeof alerts)
        .where(due)) as Rowish[];
      for (const row of rows) {
        const change: Rowish = {};
        for (const [name, column] of columns) {
          const value = row[name];
          if (typeof value !== 'string' || (!from && isSealed(value))) continue;
          change[name] = await seal(key, column, await open(from ?? key, column, value));
        }
        if (hashed) change.phoneHash = await lookupHash(key, await open(from ?? key, alertSubscriptions.phone, row.phone as string));
        await tx
          .update(table as typeof alerts)
          .set(change)
          .where(eq(id as typeof alerts.id, row[hashed ? 'phone' : 'id'] as string));
        changed++;
      }
    }
    for (const row of await tx
      .select()
      .from(meta)
      .where(inArray(meta.key, [...SEALED_SECRETS]))) {
      if (!from && isSealed(row.value)) continue;
      const name = row.key as SecretName;
      await tx
        .update(meta)
        .set({ value: await sealSecret(key, name, await openSecret(from ?? key, name, row.value)) })
        .where(eq(meta.key, name));
      changed++;
    }
    await tx
      .insert(meta)
      .values({ key: SEALED_WITH, value: key.id })
      .onConflictDoUpdate({ target: meta.key, set: { value: key.id } });
  });
  return changed;
}
