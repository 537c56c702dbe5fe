import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tempDatabase } from '../tests/temp-db.ts';
import { packedRows } from './packed-rows.ts';
import { lostFoundPosts } from './schema.ts';

let store: Awaited<ReturnType<typeof tempDatabase>>;
beforeEach(async () => {
  store = await tempDatabase();
});
afterEach(() => store.close());

it('reads rows packed in one JSON value as drizzle reads them: booleans, nulls, text as written', async () => {
  const rows = [
    { id: 'a', name: 'María "Lupe" O\'Brien, 王小明 \\ ਕੌਰ', isSample: true, hidden: false, createdAt: '2026-11-28T10:00:00.000Z' },
    { id: 'b', name: '123', lastSeenCity: 'Fresno', isSample: false, hidden: true, createdAt: '2026-11-28T11:00:00.000Z' },
  ];
  await store.db.insert(lostFoundPosts).values(rows);
  const packed = await packedRows(store.db, { ...getTableColumns(lostFoundPosts), twice: sql<number>`length(${lostFoundPosts.id}) * 2` }, sql`FROM ${lostFoundPosts}`);
  const selected = await store.db.select({ ...getTableColumns(lostFoundPosts), twice: sql<number>`length(${lostFoundPosts.id}) * 2` }).from(lostFoundPosts);
  const byId = (list: { id: string }[]) => [...list].sort((x, y) => x.id.localeCompare(y.id));
  expect(byId(packed)).toEqual(byId(selected));
  expect(byId(packed)[0]).toMatchObject({ name: rows[0]!.name, isSample: true, hidden: false, lastSeenCity: null, twice: 2 });
  expect(byId(packed)[1]).toMatchObject({ name: '123', isSample: false, hidden: true });
  expect(await packedRows(store.db, { id: lostFoundPosts.id }, sql`FROM ${lostFoundPosts} WHERE ${eq(lostFoundPosts.id, 'none')}`)).toEqual([]);
});
