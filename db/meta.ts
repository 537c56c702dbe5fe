import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { meta } from './schema.ts';

/**
 * The value kept under `key` in the database, made by `make` the first time it is asked for. Two
 * processes starting at once both make one; the first stored is the one both keep. A secret is
 * kept through the sealer (`keptSecret`), never in clear.
 */
export async function keptOnce(db: Database, key: string, make: () => string | Promise<string>): Promise<string> {
  const [kept] = await db.select().from(meta).where(eq(meta.key, key));
  if (kept) return kept.value;
  await db
    .insert(meta)
    .values({ key, value: await make() })
    .onConflictDoNothing();
  const [row] = await db.select().from(meta).where(eq(meta.key, key));
  return row!.value;
}
