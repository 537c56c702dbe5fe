import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'libsql';
import { afterEach, beforeEach, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { remoteRoom } from '../../party/remote-room.ts';
import { apiOn } from '../../tests/api-on.ts';
import { tempDatabase } from '../../tests/temp-db.ts';
import type { HealthReport } from './health.ts';

let store: Awaited<ReturnType<typeof tempDatabase>>;
let mediaDir: string;
const now = Date.parse('2026-11-22T18:00:00.000Z');
beforeEach(async () => {
  store = await tempDatabase();
  mediaDir = join(store.folder, 'media');
});
afterEach(() => store.close());

/** The real API over the temp database and media folder, with the live room given. */
const api = (watching: () => number | Promise<number> = () => 3) => apiOn(store.db, mediaDir, { watching, now: () => now });

async function health(app = api()) {
  const response = await app.request('/api/health');
  return { status: response.status, cache: response.headers.get('cache-control'), report: (await response.json()) as HealthReport };
}

it('answers 200 when every part works, with the outbox age and the version, and stores nothing', async () => {
  expect(await health()).toEqual({ status: 200, cache: 'no-store', report: { status: 'ok', failing: [], outboxAgeSeconds: null, version: packageJson.version } });
  await store.client.execute({
    sql: "insert into sms_outbox (id, phone, body, status, attempts, created_at) values ('t1', '+15595550100', 'hi', 'queued', 1, ?), ('t2', '+15595550101', 'old but sent', 'sent', 1, ?)",
    args: [new Date(now - 90_000).toISOString(), new Date(now - 900_000).toISOString()],
  });
  const { report } = await health();
  expect(report.outboxAgeSeconds).toBe(90);
  // The database check's row was deleted in the same batch; the media check's file is gone.
  expect((await store.client.execute("select count(*) as n from meta where key = 'health-check'")).rows[0]!.n).toBe(0);
  expect(readdirSync(join(mediaDir, 'health'))).toEqual([]);
  expect(JSON.stringify(report)).not.toContain('+1559');
});

it('answers 503 naming the database while another process holds its write lock, and 200 after', { timeout: 15_000 }, async () => {
  // Another connection, as a backup tool or a second process would open it.
  const other = new Sqlite(store.file, { timeout: 5000 });
  try {
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    expect(await health()).toMatchObject({ status: 503, report: { status: 'failing', failing: ['database'] } });
    // As long as a post would wait for the lock (db/client.ts), no longer.
    expect(performance.now() - started).toBeLessThan(6500);
    other.exec('ROLLBACK');
    expect(await health()).toMatchObject({ status: 200, report: { failing: [] } });
    // Writes still land after the failed check.
    const app = api();
    expect((await app.request('/api/lost-found', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Rosa"}' })).status).toBe(201);
    expect((other.prepare('select count(*) as n from lost_found_posts').get() as { n: number }).n).toBe(1);
  } finally {
    other.close();
  }
});

it('answers 503 naming the media store when its folder cannot be written, and 200 after', async () => {
  // Root ignores a read-only mode, so a plain file takes the folder's place: every write fails as on a read-only disk.
  mkdirSync(mediaDir, { recursive: true });
  renameSync(mediaDir, `${mediaDir}.aside`);
  writeFileSync(mediaDir, 'not a folder');
  expect(await health()).toMatchObject({ status: 503, report: { failing: ['media'] } });
  rmSync(mediaDir);
  renameSync(`${mediaDir}.aside`, mediaDir);
  expect(await health()).toMatchObject({ status: 200, report: { failing: [] } });
});

it('answers 503 naming the live room when it cannot be reached', async () => {
  const unreachable = remoteRoom('http://127.0.0.1:9', 'a-secret-of-sixteen-or-more');
  expect(await health(api(unreachable.watching))).toMatchObject({ status: 503, report: { failing: ['liveRoom'] } });
});
