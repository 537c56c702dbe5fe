import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { createApp } from '../functions/app.ts';
import { dataKey, newDataKey } from '../functions/domain/sealed.ts';
import { fileMediaStore } from '../functions/hosts/node/file-store.ts';
import { startLibsqlHttpServer } from './libsql-http-server.ts';

// The worker test leans on this server; here the same web client the worker uses talks to it.
let folder: string;
let server: Awaited<ReturnType<typeof startLibsqlHttpServer>>;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'fhr-hrana-'));
  const file = join(folder, 'app.db');
  (await openDatabase(`file:${file}`)).client.close();
  server = await startLibsqlHttpServer(file);
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

it('answers the libSQL web client: statements, arguments, batches and transactions', async () => {
  const client = createClient({ url: server.url });
  await client.execute({ sql: 'create table t (a integer, b text, c real, d blob)', args: [] });
  await client.execute({ sql: 'insert into t values (?, ?, ?, ?)', args: [1, 'x', 1.5, new Uint8Array([1, 2])] });
  await client.batch([{ sql: 'insert into t values (:a, :b, null, null)', args: { a: 2, b: 'y' } }, 'insert into t (a) values (3)'], 'write');
  const result = await client.execute('select a, b, c from t order by a');
  expect(result.rows.map((row) => [row.a, row.b, row.c])).toEqual([
    [1, 'x', 1.5],
    [2, 'y', null],
    [3, null, null],
  ]);
  await expect(client.batch(['insert into t (a) values (4)', 'insert into nope values (1)'], 'write')).rejects.toThrow();
  expect((await client.execute('select count(*) as n from t')).rows[0]!.n).toBe(3);
  client.close();
});

it('carries the API: a post stored through it is listed through it', async () => {
  const client = createClient({ url: server.url });
  const app = createApp({
    db: drizzle(client, { schema }),
    dataKey: dataKey(newDataKey()),
    media: fileMediaStore(join(folder, 'media')),
    publish: () => undefined,
    watching: () => 0,
    clientAddress: () => undefined,
  });
  const created = await app.request('/api/lost-found', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Over HTTP', lastSeenCity: 'Visalia' }),
  });
  expect(created.status).toBe(201);
  const list = (await (await app.request('/api/lost-found')).json()) as { name: string }[];
  expect(list.map((post) => post.name)).toContain('Over HTTP');
  client.close();
});
