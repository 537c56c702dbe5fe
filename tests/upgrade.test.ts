/**
 * A data folder made by an older release starts on this code with nothing lost: the server runs
 * the migrations on start (db/client.ts), and every row the old release stored is still there,
 * every column it had holding the same value.
 *
 * tests/fixtures/release-2026-11-24/app.db was made by the code of 2026-11-24 (commit c2c0f49):
 * a fresh database with the sample content, one call of every write endpoint in
 * tests/write-endpoints.ts (the unsubscribes left out, so subscribers stay), a missing person
 * with an uploaded photo, and an alert that queued a text; then `VACUUM INTO` that file. Add a
 * fixture the same way at each release and run this on each.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'libsql';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { toMinute } from '../functions/domain/time.ts';
import { apiOn } from './api-on.ts';

const RELEASES = ['release-2026-11-24'];

type Row = Record<string, unknown>;

/** The search index's own keys and the names' sound keys: rebuilt by their triggers whenever a record's searched columns change. */
const DERIVED = new Set(['lost_found_search_keys', 'lost_found_name_words']);

/** Times the public left, kept to the minute since 0022_minute_times: an older row's time may be rounded down. */
const MINUTE_TIMES = new Set(['created_at', 'expires_at', 'renewed_at']);
const keptValue = (column: string, old: unknown) =>
  MINUTE_TIMES.has(column) && typeof old === 'string' ? expect.toSatisfy((now) => now === old || now === toMinute(Date.parse(old))) : old;

/** Every row of every plain table (full-text indexes are rebuilt from them), by table and rowid. */
function everyRow(file: string): Map<string, Map<unknown, Row>> {
  const db = new Sqlite(file, { readonly: true });
  try {
    const tables = (db.prepare('PRAGMA table_list').all() as { name: string; type: string; schema: string }[]).filter(
      ({ name, type, schema }) => schema === 'main' && type === 'table' && !name.startsWith('sqlite_') && name !== '__drizzle_migrations' && !DERIVED.has(name),
    );
    return new Map(tables.map(({ name }) => [name, new Map((db.prepare(`select rowid as "rowid:", * from "${name}"`).all() as Row[]).map((row) => [row['rowid:'], row]))]));
  } finally {
    db.close();
  }
}

it.each(RELEASES)('a data folder made by %s starts on this code with every row kept', async (release) => {
  const folder = mkdtempSync(join(tmpdir(), 'fhr-upgrade-'));
  const file = join(folder, 'app.db');
  copyFileSync(join(import.meta.dirname, 'fixtures', release, 'app.db'), file);
  try {
    const before = everyRow(file);
    expect([...before.values()].reduce((sum, rows) => sum + rows.size, 0)).toBeGreaterThan(100);
    expect(before.get('alert_subscriptions')?.size).toBeGreaterThan(0);

    const { client, db } = await openDatabase(`file:${file}`);
    try {
      const api = apiOn(db, join(folder, 'media'));
      const listed = (await (await api.request('/api/lost-found')).json()) as { name: string }[];
      expect(listed.map(({ name }) => name)).toContain('Photo kept');
      // Records stored before names had sound keys got theirs on start: 'foto' sounds as 'Photo'.
      const found = (await (await api.request('/api/lost-found?q=foto%20kept')).json()) as { name: string }[];
      expect(found.map(({ name }) => name)).toEqual(['Photo kept']);
    } finally {
      client.close();
    }

    const after = everyRow(file);
    for (const [table, rows] of before) {
      const kept = after.get(table);
      expect(kept, `table ${table}`).toBeDefined();
      for (const [rowid, row] of rows) {
        const now = kept!.get(rowid);
        expect(now, `${table} row ${rowid}`).toBeDefined();
        // New columns may have come; the old ones keep their values.
        expect(Object.fromEntries(Object.keys(row).map((column) => [column, now![column]])), `${table} row ${rowid}`).toEqual(
          Object.fromEntries(Object.entries(row).map(([column, old]) => [column, keptValue(column, old)])),
        );
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
