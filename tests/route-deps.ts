import type { Context } from 'hono';
import type { RouteDeps } from '../functions/deps.ts';
import { keyring } from '../functions/domain/keys.ts';
import { dataKey, newDataKey, sealer } from '../functions/domain/sealed.ts';
import { tempDatabase } from './temp-db.ts';

/**
 * The parts of RouteDeps a middleware reads (a real libSQL file, the real keyring and sealing, a
 * clock the test moves, and the client address a request names in `x-test-client-address`), for
 * testing a middleware in a small app of its own. What a middleware does not read is left out.
 */
export async function routeDeps() {
  const store = await tempDatabase();
  const clock = { now: Date.parse('2026-11-22T18:00:00.000Z') };
  const sealed = sealer(store.db, dataKey(newDataKey()));
  const deps = {
    db: store.db,
    now: () => clock.now,
    sealed,
    keys: keyring(sealed),
    clientAddress: (c: Context) => c.req.header('x-test-client-address') ?? '203.0.113.7',
  } as Partial<RouteDeps> as RouteDeps;
  return { deps, store, clock, close: () => store.close() };
}
