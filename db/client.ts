import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { ConnectionPool } from '@libsql/client/sqlite3';
import { eq, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { storageFailure } from './failures.ts';
import * as schema from './schema.ts';
import { searchFields } from './search-fields.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the libSQL database: a local file (`file:./data/app.db`, the embedded default) or a
 * Turso/libSQL server (`libsql://`, `https://` with an auth token), and brings its tables up to
 * date with the committed migrations.
 */
export async function openDatabase(url: string, authToken?: string) {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  let client = createClient({ url, authToken });
  if (url.startsWith('file:')) {
    // WAL lets readers go on while a post is written (kept in the file: every connection has it).
    await client.execute('PRAGMA journal_mode = WAL');
    client = waitWhenBusy(client);
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  await fillSearchKeys(db);
  return { client, db };
}

/**
 * Gives the rows stored before names had sound keys (migration 0025) theirs, a few hundred at a
 * time; the update trigger indexes each. Nothing to do on every later start.
 */
async function fillSearchKeys(db: Database) {
  const posts = schema.lostFoundPosts;
  for (;;) {
    const rows = await db.select({ id: posts.id, name: posts.name }).from(posts).where(isNull(posts.searchKeys)).limit(500);
    if (!rows.length) return;
    const [first, ...rest] = rows.map((row) =>
      db
        .update(posts)
        .set({ searchKeys: searchFields(row).searchKeys })
        .where(eq(posts.id, row.id)),
    );
    await db.batch([first!, ...rest]);
  }
}

/**
 * What every connection to a local file must have, set on each as the driver opens it:
 * `secure_delete` overwrites what a row held before an update or delete instead of leaving it in
 * free space (a contact stored in clear before sealing, a report's text once it ended), and
 * `journal_size_limit` cuts the write-ahead log back to nothing when it restarts, so old pages do
 * not wait there to be overwritten. Both are per connection, and @libsql/client 0.18 opens a
 * connection whenever its pool has none idle (beside a transaction holding one, after
 * `reconnect()`), in ConnectionPool.acquireSync, with no hook of its own: so that method is
 * wrapped, once, for every local client of this process.
 */
const CONNECTION_PRAGMAS = 'PRAGMA secure_delete = ON; PRAGMA journal_size_limit = 0;';
const prepared = new WeakSet<object>();
const acquireSync = ConnectionPool.prototype.acquireSync;
ConnectionPool.prototype.acquireSync = function (this: ConnectionPool, forTransaction?: boolean) {
  const connection = acquireSync.call(this, forTransaction);
  if (!prepared.has(connection)) {
    try {
      connection.exec(CONNECTION_PRAGMAS);
    } catch (error) {
      this.release(connection);
      throw error;
    }
    prepared.add(connection);
  }
  return connection;
};

/** How long a write waits for another process's lock on the file before the API answers 503. */
const BUSY_WAIT_MS = 5000;

/**
 * The embedded driver runs each statement synchronously on the server's one thread, so SQLite's
 * own busy_timeout would freeze every page and socket while another process (a backup, a
 * migration, `npm run admin:create`) holds the write lock. Instead SQLite answers BUSY at once
 * (its default) and the statement is tried again here, with the thread free, for up to
 * BUSY_WAIT_MS. A statement or batch that got BUSY changed nothing, so trying again is safe.
 *
 * A connection that met BUSY must not be used again: libsql then leaves its later writes in a
 * transaction that never commits (acknowledged, invisible to others, holding the lock, lost on a
 * restart; the faults test caught this). So every BUSY reopens the pool's connections, and a call
 * whose connection that reopening closed before it ran (CLIENT_CLOSED) is simply run again.
 */
function waitWhenBusy(client: Client): Client {
  let reopened = 0;
  const retried =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      for (let waited = 0, pause = 5; ; waited += pause, pause = Math.min(pause * 2, 200)) {
        const seen = reopened;
        try {
          return await call(...args);
        } catch (error) {
          const busy = storageFailure(error) === 'busy';
          if (busy) {
            reopened++;
            await client.reconnect();
          }
          const closedUnder = (error as { code?: unknown }).code === 'CLIENT_CLOSED' && reopened !== seen;
          if (!(busy || closedUnder) || waited >= BUSY_WAIT_MS) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    };
  const execute = retried(client.execute.bind(client) as Client['execute']);
  const batch = retried(client.batch.bind(client));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute') return execute;
      if (property === 'batch') return batch;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
