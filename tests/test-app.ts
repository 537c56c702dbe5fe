import { join } from 'node:path';
import { createApp } from '../functions/app.ts';
import type { Deps } from '../functions/deps.ts';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { dataKey, newDataKey, open } from '../functions/domain/sealed.ts';
import { fileMediaStore } from '../functions/hosts/node/file-store.ts';
import type { LiveEvent } from '../src/common/contract/events.ts';
import { TEST_PUSH_SERVICE_HOSTS } from './push-service.ts';
import { tempDatabase } from './temp-db.ts';

/**
 * The real API over a real libSQL file and a real media folder in a temp folder, with a clock
 * the test moves, a client address it sets, and the live events it published. Its push services
 * are the real ones and one no network can reach, unless `config.push` says otherwise.
 */
export async function testApp(config: Deps['config'] = {}, key = newDataKey()) {
  const store = await tempDatabase();
  const published: LiveEvent[] = [];
  const deferred: Promise<unknown>[] = [];
  const clock = { now: Date.parse('2026-11-22T18:00:00.000Z') };
  const client = { address: '203.0.113.7' };
  const media = fileMediaStore(join(store.folder, 'media'));
  const app = createApp({
    db: store.db,
    dataKey: dataKey(key),
    media,
    publish: (event) => published.push(event),
    watching: () => 7,
    // A request may name its own address (load tests post from many at once); otherwise `client.address`.
    clientAddress: (c) => c.req.header('x-test-client-address') ?? client.address,
    defer: (work) => deferred.push(work),
    now: () => clock.now,
    config: { ...config, push: { serviceHosts: TEST_PUSH_SERVICE_HOSTS, ...config.push } },
  });

  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  return {
    app,
    store,
    /** The data key (base64url) personal data is sealed with. */
    key,
    media,
    published,
    clock,
    client,
    post: (path: string, body: unknown, headers?: Record<string, string>) => json('POST', path, body, headers),
    del: (path: string, body: unknown) => json('DELETE', path, body),
    get: async <T>(path: string) => (await (await app.request(path)).json()) as T,
    /** A value of `column` as stored (sealed), opened with the app's key. */
    openStored: async (column: SQLiteColumn, value: unknown) => open(await dataKey(key), column, String(value)),
    /** Waits for the work handed to `defer` (texts being sent). */
    settle: () => Promise.all(deferred.splice(0)),
    count: async (table: string) => Number((await store.client.execute(`select count(*) as n from ${table}`)).rows[0]!.n),
    close: () => store.close(),
  };
}
export type TestApp = Awaited<ReturnType<typeof testApp>>;
